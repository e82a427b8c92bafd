"""What a layout element reads, so validation checks each distinct element only once.

Validating a deck draws every face, but most of a card's elements show values many cards share:
a thousand class cards have ten stat lines and ten sets of actions. An element's findings depend
only on its own arguments (the same for every face), the face's size, and the values its
expressions read; the names a game gives every face (``data``, ``rules``, the kinds) are the same
throughout. So a top-level element drawn without a finding is recorded with the values it read,
and on a later face with the same values it is not drawn again (printgen.layout.face's
``render_face``).

Pack elements follow the same contract: they read a face's values through their arguments, or
game-wide names (``data``, ``looks``) straight from the scope, never ``item`` behind the layout's back.
"""

from __future__ import annotations

from typing import Any, Iterator

import jinja2
from jinja2 import nodes
from pydantic import BaseModel

BARE = ("when", "over")  # keys whose value is an expression written without braces
_ABSENT = object()


def _strings(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, str):
        if "{{" in value or "{%" in value:
            yield value
        elif key in BARE:
            yield "{{ " + value + " }}"
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v, key)


def _paths(node: nodes.Node, out: set) -> None:
    if isinstance(node, nodes.Getattr):
        chain, n = [], node
        while isinstance(n, nodes.Getattr):
            chain.append(n.attr)
            n = n.node
        if isinstance(n, nodes.Name):
            out.add((n.name, *reversed(chain)))
            return
        _paths(n, out)
        return
    if isinstance(node, nodes.Name):
        out.add((node.name,))  # read whole: by index, as a filter's argument, passed to a function
        return
    for child in node.iter_child_nodes():
        _paths(child, out)


def element_reads(el, env: jinja2.Environment) -> tuple[tuple[str, ...], ...] | None:
    """The dotted names ``el`` and its children read (``('item', 'stats', 'vit')``), shortest first;
    None when its result depends on other faces too (a text ``group`` shares one size) or a value
    cannot be parsed (drawing reports that)."""
    out: set = set()
    todo = [el]
    while todo:
        e = todo.pop()
        if "group" in e.args:
            return None
        for text in _strings(e.args):
            paths = text_paths(env, text)
            if paths is None:
                return None  # drawing the element reports it
            out |= paths
        todo.extend(e.children)
    return tuple(sorted(out, key=lambda p: (len(p), p)))


# text -> the dotted names it reads, per kind of parser: every face maker of a build (validation, each paper,
# each export) asks about the same few hundred texts, and parsing them again was most of what it cost
_TEXT_PATHS: dict[tuple, frozenset | None] = {}
_TEXT_PATHS_MAX = 20_000  # past this (a long watch of many edits), start again


def _parser_key(env: jinja2.Environment) -> tuple:
    """What decides how ``env`` parses a text: its class, its syntax settings and its extensions."""
    return (type(env), env.block_start_string, env.block_end_string, env.variable_start_string,
            env.variable_end_string, env.comment_start_string, env.comment_end_string,
            env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks,
            env.newline_sequence, env.keep_trailing_newline, tuple(sorted(env.extensions)))


PATHS = "layout-paths"  # ValidatedGame.shared: the dotted names of the layout values validation parsed, by text
_HANDED_PATHS = 5_000  # texts a game carries at most (the bundled games' layouts: some 100-300)
_TAKEN: list = [None]  # the last dict handed to this process (taken once, not per face drawn)


def paths_handed_on(env: jinja2.Environment) -> dict[str, frozenset | None]:
    """What ``text_paths`` found in this process for texts as ``env`` parses them (the latest first, as many
    as a game carries), to go along with a validated game to a build's workers (``shared[PATHS]``), which
    take them (``take_paths``) instead of parsing every layout value again. Plain data: no code."""
    parser, out = _parser_key(env), {}
    for (key, text), got in reversed(_TEXT_PATHS.items()):
        if key == parser:
            out[text] = got
            if len(out) >= _HANDED_PATHS:
                break
    return out


def take_paths(env: jinja2.Environment, handed: Any) -> None:
    """A validated game's ``shared[PATHS]`` (``paths_handed_on``) as this process's, for texts ``env`` parses
    alike; anything but a text's dotted names (tuples of names) or None is left out."""
    if not isinstance(handed, dict) or _TAKEN[0] is handed:
        return
    _TAKEN[0] = handed
    parser = _parser_key(env)
    if len(_TEXT_PATHS) + len(handed) >= _TEXT_PATHS_MAX:
        _TEXT_PATHS.clear()
    for text, got in handed.items():
        if isinstance(text, str) and (got is None or isinstance(got, frozenset) and all(
                isinstance(p, tuple) and all(isinstance(a, str) for a in p) for p in got)):
            _TEXT_PATHS.setdefault((parser, text), got)


# Statements that hand a template the whole context: what the other template reads is in no name of this text's
_CONTEXT_NODES = (nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)


def reads_context(ast: nodes.Node) -> bool:
    """Does the parsed text include, extend or import another template (``{% include 'x.j2' %}`` shows the
    item's name without naming ``item``)? Its result then depends on more than the names it reads."""
    return any(True for _ in ast.find_all(_CONTEXT_NODES))


def text_paths(env: jinja2.Environment, text: str) -> frozenset | None:
    """The dotted names (tuples) ``text`` reads as ``env`` parses it; None when it does not parse, or when
    it hands its context to another template (what that reads cannot be told from here)."""
    key = (_parser_key(env), text)
    got = _TEXT_PATHS.get(key, _ABSENT)
    if got is _ABSENT:
        out: set = set()
        try:
            ast = env.parse(text)
            _paths(ast, out)
            got = None if reads_context(ast) else frozenset(out)
        except RecursionError:
            return None  # deep nesting: depends on the stack at the time, so not remembered
        except jinja2.TemplateSyntaxError:
            got = None
        if len(_TEXT_PATHS) >= _TEXT_PATHS_MAX:
            _TEXT_PATHS.clear()
        _TEXT_PATHS[key] = got
    return got


def _value(scope: dict, path: tuple[str, ...], env: jinja2.Environment) -> Any:
    if path[0] not in scope:
        return _ABSENT  # bound inside the element (a repeat's ``as``): follows from what it repeats over
    v = scope[path[0]]
    for attr in path[1:]:
        try:
            v = env.getattr(v, attr)
        except Exception:  # noqa: BLE001 - whatever it is, drawing meets it too; the key just differs
            return ("unreadable", attr)
        if isinstance(v, jinja2.Undefined):
            return _ABSENT
    return v


def fingerprint(reads: tuple[tuple[str, ...], ...], scope: dict, fixed: frozenset[str],
                env: jinja2.Environment) -> tuple | None:
    """The values ``reads`` find in ``scope``, as a hashable key (names in ``fixed`` are the game's, the
    same for every face, and left out); None when a value cannot be told apart from another."""
    key = []
    for path in reads:
        if path[0] in fixed:
            continue
        v = _value(scope, path, env)
        if v is _ABSENT:
            key.append((path, None, "absent"))
        else:
            frozen = _freeze(v)
            if frozen is None:
                return None
            key.append((path, type(v), frozen))
    return tuple(key)


_SCALARS = (str, int, float, bool, type(None))


def _freeze(v: Any) -> Any:
    """``v`` as a hashable value that is equal exactly when ``v`` is (a model: its class and fields in
    order; a list, tuple or mapping: its items); None for an object known only by its address."""
    t = type(v)
    if t in _SCALARS:
        return (t, v)  # the type too: 1, 1.0 and True are equal as values
    if isinstance(v, BaseModel):
        parts = []
        for x in v.__dict__.values():
            f = _freeze(x)
            if f is None:
                return None
            parts.append(f)
        return (t, tuple(parts))
    if t in (list, tuple) or t is dict:
        items = v.items() if t is dict else enumerate(v)
        parts = []
        for k, x in items:
            f = _freeze(x)
            if f is None:
                return None
            parts.append((k, f))
        return (t, tuple(parts))
    text = repr(v)
    return None if " at 0x" in text else (t, text)
