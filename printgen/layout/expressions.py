"""Layout values as compiled expressions in a game's sandbox: each text compiled once, a dotted name
read through the sandbox's own look-ups, and an expression over plain values evaluated once per
distinct set of values (a deck's cards share their colours). What validation compiled goes along with the game
to a build's workers (``handed_on``, layout/hand_on.py), which build each template from its code."""

from __future__ import annotations

import hashlib
import hmac
import marshal
import os
import re
from types import CodeType
from typing import Any, Callable

import jinja2
from jinja2 import meta, nodes
from jinja2.environment import TemplateExpression
from jinja2.parser import Parser
from markupsafe import Markup
from pydantic import BaseModel

from ..draw.colour import ink_on, legible, mix, readable
from ..limits import limit
from ..safety.budget import BUDGET, TemplateLimitError
from .reads import reads_context

_EXPR = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)
_PATH = re.compile(r"^\s*([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)\s*$")
_SCALARS = (str, int, float, bool, type(None))
# What a value may read by identity, and give as a kept result: the game's data (models), lists, tuples and
# maps, which nothing changes while faces are drawn (the immutable sandbox changes none, elements only read
# them). A face drawn again (at another bleed, for its stamp) or another face of the same item then takes its
# values as evaluated before; a value of any other kind (an iterator, a namespace) is evaluated every time.
_HELD = (list, tuple, dict, Markup)
_NONE = object()
CONTEXT = " context"  # a name no scope or global holds: a text with it among its names is evaluated every time


# Compiled values shared by the Expressions of one kind of environment in this process (a build's
# worker draws a game's faces for several targets; a watch, round after round): environment key ->
# (text -> compiled function, text -> its free names). Compiling is most of a small target's Jinja time.
_SHARED: dict[tuple, tuple[dict, dict]] = {}
_SHARED_TEXTS = 20_000

# What this process compiled itself, to be handed on (``handed_on``): environment key -> text -> (kind, Python
# code, free names). A build's worker that validates a game compiles its layout values while drawing faces for
# their findings; the game carries the code (``ValidatedGame.shared[CODE]``, pickled with it) to the workers
# that render its targets, which build each template from the code instead of compiling the text again.
_OWN: dict[tuple, dict[str, tuple[str, CodeType, frozenset[str]]]] = {}
# Handed to this process: environment key -> text -> a sealed entry (``_entry``), unmarshalled when first used.
_HANDED: dict[tuple, dict[str, tuple[bytes, bytes]]] = {}
_TAKEN: dict[tuple, dict] = {}  # key -> the last dict of entries taken for it (taken once, not per face)
CODE = "layout-code"  # ValidatedGame.shared: environment key -> the layout values' sealed code, by text
# Only code sealed in this process tree is run: the seal is an HMAC under a key made once per process and
# inherited by the workers forked from it. A handed-on entry made anywhere else (or edited on the way, or
# given for another text or environment) fails the check and its text is compiled afresh.
_SEAL = os.urandom(32)
_HANDED_BYTES = 4 * 2**20  # what a game carries at most (the bundled games' layouts: some 100-400 kB)
_STEPS, _SECONDS = limit("layout-steps"), limit("layout-seconds")  # one layout value's budget  # per environment: past this, start again (a long watch of many edits)


class Expressions:
    """Compiled layout values of one sandbox environment (each string compiled once). Environments
    made alike (``key``: the same template folders and settings) share what is compiled: a compiled
    value depends only on its text and those."""

    def __init__(self, env: jinja2.Environment, key: tuple | None = None, handed: dict | None = None) -> None:
        """``handed``: a validated game's ``shared[CODE]`` (see ``handed_on``), its entries for ``key`` taken."""
        self.env = env
        self.key = key
        env.globals.update(mix=mix, ink_on=ink_on, readable=readable, legible=legible)
        if key is None:
            self.cache: dict[str, Callable[[dict], Any]] = {}
            self.names: dict[str, frozenset[str]] = {}  # a compiled expression's free names (not dotted paths)
            self.own: dict[str, tuple[str, CodeType, frozenset[str]]] = {}
            self.handed: dict[str, tuple[bytes, bytes]] = {}
        else:
            if len(_SHARED) > 16:
                for d in (_SHARED, _OWN, _HANDED, _TAKEN):
                    d.clear()
            self.cache, self.names = _SHARED.setdefault(key, ({}, {}))
            self.own, self.handed = _OWN.setdefault(key, {}), _HANDED.setdefault(key, {})
            if len(self.cache) > _SHARED_TEXTS:
                for d in (self.cache, self.names, self.own):
                    d.clear()
            _take(key, self.handed, handed)
        # (text, its names' scalar values, or the identity of the data, lists and maps they hold) -> (result,
        # those objects: held, so that no other object takes their ids while the entry is kept)
        self.results: dict[tuple, tuple] = {}
        # text -> why its budget ran out: it fails at once for every later face (a deck's hundred cards
        # must not each spend a budget on one runaway expression)
        self.spent: dict[str, str] = {}

    def evaluate(self, text: str, scope: dict) -> Any:
        """``text`` evaluated in ``scope``. An expression whose names are all plain values (a colour in
        ``vars``, an index) or helpers gives the same result for the same values: a deck's cards share
        it, and the sandbox runs it once (``{{ mix(accent, '#fff', 0.3) }}`` per accent colour)."""
        fn = self.compile(text)
        if text in self.spent:
            raise TemplateLimitError(self.spent[text])
        names = self.names.get(text)
        if names is None:
            return self._run(text, fn, scope)
        key: list = [text]
        held = None  # the objects the key names by identity
        for n in names:
            if n in scope:
                v = scope[n]
                if type(v) is float:  # -0.0 == 0.0 (and hashes alike) but prints "-0.0": keyed by its digits
                    key.append((n, float, v.hex()))
                elif type(v) in _SCALARS:
                    key.append((n, type(v), v))
                elif type(v) in _HELD or isinstance(v, BaseModel):
                    key.append((n, id(v)))
                    held = (held or ()) + (v,)
                else:
                    return self._run(text, fn, scope)
            elif n not in self.env.globals:
                return self._run(text, fn, scope)  # undefined: the evaluation says so
        k = tuple(key)
        got = self.results.get(k, _NONE)
        if got is not _NONE:
            return got[0]
        v = self._run(text, fn, scope)
        if type(v) in _SCALARS or (held is not None and (type(v) in _HELD or isinstance(v, BaseModel))):
            if len(self.results) > 50_000:
                self.results.clear()
            self.results[k] = (v, held)
        return v

    def _run(self, text: str, fn: Callable[[dict], Any], scope: dict) -> Any:
        """``fn(scope)`` on a budget of its own (safety/budget.py); the outer one, if any, after it. A text
        that spends its budget is remembered, so the next face fails at once."""
        saved = BUDGET.ops, BUDGET.cap, BUDGET.deadline, BUDGET.what
        BUDGET.start(_STEPS, _SECONDS, "this layout value")
        try:
            return fn(scope)
        except TemplateLimitError as exc:
            self.spent[text] = exc.message or str(exc)
            raise
        finally:
            BUDGET.ops, BUDGET.cap, BUDGET.deadline, BUDGET.what = saved

    def compile(self, text: str) -> Callable[[dict], Any]:
        fn = self.cache.get(text)
        if fn is None:
            try:
                fn = self._compile(text)
            except (RecursionError, SyntaxError):  # Jinja's parser and Python's compiler recurse per level
                raise jinja2.TemplateSyntaxError("it is nested too deeply; write it in simpler steps (vars:)",
                                                 1) from None
            self.cache[text] = fn
        return fn

    def _compile(self, text: str) -> Callable[[dict], Any]:
        m = _EXPR.match(text)
        path = _PATH.match(m.group(1)) if m else None
        if path:  # ``{{ item.stats.vit }}``: the sandbox's own look-ups, without a Jinja context per card
            self.names[text] = frozenset((path.group(1),))  # what it reads, as evaluate keys a result by
            return self._path(path.group(1), tuple(a for a in path.group(2).split(".") if a))
        got = self._handed(text)
        if got is not None:
            kind, code, names = got
        elif m and "{{" not in m.group(1) and "}}" not in m.group(1):
            kind, code = "expression", self._expression_code(m.group(1))
            names = expression_names(self.env.parse(text), self.env.globals)
        else:
            kind, code = "template", self.env.compile(text)
            ast = self.env.parse(text)
            names = frozenset(meta.find_undeclared_variables(ast))
            if reads_context(ast):  # an included template reads the whole scope: its result is never kept
                names |= {CONTEXT}
        if got is None:
            self.own[text] = (kind, code, names)
        self.names[text] = names
        # as Environment.from_string builds a template from the code it compiles
        tpl = self.env.template_class.from_code(self.env, code, self.env.make_globals(None), None)
        if kind == "expression":  # as Environment.compile_expression(..., undefined_to_none=False) makes it
            return lambda scope, e=TemplateExpression(tpl, False): _defined(e(**scope))
        return lambda scope, t=tpl: t.render(**scope)

    def _expression_code(self, source: str) -> CodeType:
        """The code of ``source`` (a lone expression, the text between ``{{ }}``) as compile_expression compiles
        it (jinja2.Environment.compile_expression: the same parse, errors and template), the code kept."""
        env = self.env
        parser = Parser(env, source, state="variable")
        try:
            expr = parser.parse_expression()
            if not parser.stream.eos:
                raise jinja2.TemplateSyntaxError("chunk after expression", parser.stream.current.lineno, None, None)
            expr.set_environment(env)
        except jinja2.TemplateSyntaxError:
            env.handle_exception(source=source)
        return env.compile(nodes.Template([nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)], lineno=1))

    def _handed(self, text: str) -> tuple[str, CodeType, frozenset[str]] | None:
        """The code of ``text`` handed to this process for this environment, if its seal holds (else None: the
        text is compiled here)."""
        entry = self.handed.pop(text, None)  # used once: after that the template is in the cache
        if entry is None or self.key is None:
            return None
        blob, seal = entry
        if not hmac.compare_digest(seal, _sealed(self.key, text, blob)):
            return None
        kind, code, names = marshal.loads(blob)
        return kind, marshal.loads(code), frozenset(names)

    def _path(self, first: str, attrs: tuple[str, ...]) -> Callable[[dict], Any]:
        """A dotted name evaluated as Jinja would (the same undefined errors and sandbox checks)."""
        env = self.env

        def fn(scope: dict) -> Any:
            if first in scope:
                value = scope[first]
            elif first in env.globals:
                value = env.globals[first]
            else:
                value = env.undefined(name=first)
            for a in attrs:
                if isinstance(value, jinja2.Undefined):
                    break
                value = env.getattr(value, a)
            return _defined(value)

        return fn


def handed_on(key: tuple) -> dict[tuple, dict[str, tuple[bytes, bytes]]]:
    """What this process compiled itself for the environment ``key`` (``Expressions``' key), to go along with
    a validated game (``ValidatedGame.shared[CODE]``): {key: {text: (code blob, seal)}}. Each entry is a text's
    kind, Python code (marshal) and free names, sealed for that key and text (``_SEAL``)."""
    out, size = {}, 0
    for text, (kind, code, names) in reversed(_OWN.get(key, {}).items()):  # the latest first (a watch's edits)
        try:
            blob = marshal.dumps((kind, marshal.dumps(code), tuple(sorted(names))))
        except ValueError:  # nested past marshal's depth: the workers compile it themselves
            continue
        size += len(blob) + len(text)
        if size > _HANDED_BYTES:
            break
        out[text] = (blob, _sealed(key, text, blob))
    return {key: out} if out else {}


def _sealed(key: tuple, text: str, blob: bytes) -> bytes:
    return hmac.new(_SEAL, marshal.dumps((key, text, blob)), hashlib.sha256).digest()


def _take(key: tuple, into: dict, handed: dict | None) -> None:
    """``handed``'s entries for ``key`` put ``into`` this process's (each checked when its text is first used),
    as many as a cache holds; a text compiled here already is not taken again."""
    entries = handed.get(key) if isinstance(handed, dict) else None
    if not isinstance(entries, dict) or _TAKEN.get(key) is entries:
        return
    _TAKEN[key] = entries
    cache = _SHARED[key][0]
    if len(into) + len(entries) > _SHARED_TEXTS:
        into.clear()
    for text, entry in entries.items():
        if text not in cache and isinstance(text, str) and isinstance(entry, tuple) and len(entry) == 2:
            into[text] = entry


def expression_names(ast: nodes.Template, globals_: dict) -> frozenset[str]:
    """The free names of a parsed lone expression (``{{ ... }}``, no statements): every name it reads that
    is not one of the environment's ``globals_``, as jinja2.meta.find_undeclared_variables finds them (an
    expression binds none), without generating the template's code to track them (most of what
    compiling a layout value cost besides compiling it)."""
    return frozenset(n.name for n in ast.find_all(nodes.Name) if n.ctx == "load" and n.name not in globals_)


def _defined(value: Any) -> Any:
    if isinstance(value, jinja2.Undefined):
        str(value)  # StrictUndefined raises here, with the name
    return value
