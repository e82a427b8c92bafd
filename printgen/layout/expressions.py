"""Layout values as compiled expressions in a game's sandbox: each text compiled once, a dotted name
read through the sandbox's own look-ups, and an expression over plain values evaluated once per
distinct set of values (a deck's cards share their colours)."""

from __future__ import annotations

import re
from typing import Any, Callable

import jinja2
from jinja2 import meta, nodes

from ..draw.colour import ink_on, legible, mix, readable
from ..limits import limit
from ..safety.budget import BUDGET, TemplateLimitError

_EXPR = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)
_PATH = re.compile(r"^\s*([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)\s*$")
_SCALARS = (str, int, float, bool, type(None))


# Compiled values shared by the Expressions of one kind of environment in this process (a build's
# worker draws a game's faces for several targets; a watch, round after round): environment key ->
# (text -> compiled function, text -> its free names). Compiling is most of a small target's Jinja time.
_SHARED: dict[tuple, tuple[dict, dict]] = {}
_SHARED_TEXTS = 20_000
_STEPS, _SECONDS = limit("layout-steps"), limit("layout-seconds")  # one layout value's budget  # per environment: past this, start again (a long watch of many edits)


class Expressions:
    """Compiled layout values of one sandbox environment (each string compiled once). Environments
    made alike (``key``: the same template folders and settings) share what is compiled: a compiled
    value depends only on its text and those."""

    def __init__(self, env: jinja2.Environment, key: tuple | None = None) -> None:
        self.env = env
        env.globals.update(mix=mix, ink_on=ink_on, readable=readable, legible=legible)
        if key is None:
            self.cache: dict[str, Callable[[dict], Any]] = {}
            self.names: dict[str, frozenset[str]] = {}  # a compiled expression's free names (not dotted paths)
        else:
            if len(_SHARED) > 16:
                _SHARED.clear()
            self.cache, self.names = _SHARED.setdefault(key, ({}, {}))
            if len(self.cache) > _SHARED_TEXTS:
                self.cache.clear()
                self.names.clear()
        self.results: dict[tuple, Any] = {}  # (text, its names' scalar values) -> result
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
        for n in names:
            if n in scope:
                v = scope[n]
                if type(v) not in _SCALARS:
                    return self._run(text, fn, scope)
                key.append((n, type(v), v))
            elif n not in self.env.globals:
                return self._run(text, fn, scope)  # undefined: the evaluation says so
        k = tuple(key)
        if k in self.results:
            return self.results[k]
        v = self._run(text, fn, scope)
        if type(v) in _SCALARS:
            if len(self.results) > 50_000:
                self.results.clear()
            self.results[k] = v
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
            return self._path(path.group(1), tuple(a for a in path.group(2).split(".") if a))
        if m and "{{" not in m.group(1) and "}}" not in m.group(1):
            expr = self.env.compile_expression(m.group(1), undefined_to_none=False)
            fn = lambda scope, e=expr: _defined(e(**scope))  # noqa: E731
            self.names[text] = expression_names(self.env.parse(text), self.env.globals)
        else:
            tpl = self.env.from_string(text)
            fn = lambda scope, t=tpl: t.render(**scope)  # noqa: E731
            self.names[text] = frozenset(meta.find_undeclared_variables(self.env.parse(text)))
        return fn

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
