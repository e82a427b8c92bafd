"""Template mistakes in a designer's words, at their true line and column.

Jinja reports an undefined attribute as ``'printgen.model.kinds._Units_80a3f131dfc2 object' has no
attribute 'cots'`` and an unclosed ``{% for %}`` at the end of the file. A designer needs the kind and item
(``'u' (a unit, Ember Warden) has no field 'cots'; did you mean 'cost'?``), the line and column of the
expression that reads it, and the line of the block that was never closed. The sandbox's undefined values
carry the object they were read from (``FieldUndefined``); the helpers here turn that, and the template's
source line, into words and a column. Used by rulebook chapters and layouts alike.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import jinja2
from pydantic import BaseModel

from ..findings import did_you_mean

_MODEL_NAME = re.compile(r"^_(\w+?)_[0-9a-f]{12}$")  # a declared kind's model class (model.kinds)


class UndefinedField(jinja2.UndefinedError):
    """An undefined name or attribute, with the object it was read from (``obj``; missing for a name)."""

    def __init__(self, message: str | None = None, *, obj: Any = jinja2.utils.missing, name: str | None = None):
        super().__init__(message)
        self.obj = obj
        self.field = name  # the undefined name or attribute


class FieldUndefined(jinja2.StrictUndefined):
    """StrictUndefined whose error remembers what was read, so a finding can name the kind and item."""

    __slots__ = ()

    def __init__(self, hint=None, obj=jinja2.utils.missing, name=None, exc=jinja2.UndefinedError):
        super().__init__(hint, obj, name, exc)
        if exc is jinja2.UndefinedError:  # a sandbox refusal (SecurityError) stays what it is
            self._undefined_exception = lambda message: UndefinedField(message, obj=obj, name=name)


def _singular(word: str) -> str:
    w = word.lower().replace("_", " ")
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if re.search(r"(ches|shes|sses|xes|oes)$", w):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def kind_word(obj: Any) -> str | None:
    """What a data object is, as a designer names it ("unit", "hero"), or None for a plain value."""
    if not isinstance(obj, BaseModel):
        return None
    name = type(obj).__name__
    m = _MODEL_NAME.match(name)
    base = m.group(1) if m else name
    base = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", base)  # HeroClass -> Hero Class
    return _singular(base) if m else base.lower()


def describe(obj: Any, item: bool = True) -> str:
    """``a unit, Ember Warden`` / ``a list`` / ``a number``: the object a template read a field of."""
    word = kind_word(obj)
    if word is not None:
        article = "an" if word[:1] in "aeio" else "a"
        name = getattr(obj, "name", None) if item else None
        return f"{article} {word}, {name}" if isinstance(name, str) and name else f"{article} {word}"
    plain = {str: "a text", int: "a number", float: "a number", bool: "yes/no", list: "a list", tuple: "a list",
             dict: "a mapping", type(None): "nothing"}
    for t, words in plain.items():
        if isinstance(obj, t):
            return words
    return "a value"


def field_names(obj: Any) -> list[str]:
    """The fields a template may read on ``obj`` (their YAML names)."""
    if isinstance(obj, BaseModel):
        return [f.alias or n for n, f in type(obj).model_fields.items()]
    if isinstance(obj, dict):
        return [str(k) for k in obj]
    return []


def attribute_at(line: str, name: str, start: int = 0) -> tuple[int, str] | None:
    """Where ``<something>.name`` (or ``<something>['name']``) is read on ``line`` at or after ``start``
    (0-based): (its 0-based column, the something as written), or None."""
    pat = re.compile(r"([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*|\[[^\]\n]*\])*)\s*(?:\.\s*" + re.escape(name)
                     + r"\b|\[\s*['\"]" + re.escape(name) + r"['\"]\s*\])")
    m = pat.search(line, start)
    return (m.start(), re.sub(r"\s+", "", m.group(1))) if m else None


def name_at(line: str, name: str, start: int = 0) -> int | None:
    """The 0-based column of the bare name ``name`` (not a field, not a quoted word) on ``line``, or None."""
    m = re.compile(r"(?<![\w.'\"])" + re.escape(name) + r"(?![\w'\"])").search(line, start)
    return m.start() if m else None


def explain(exc: Exception, names: Iterable[str], var: str | None = None, item: bool = True) -> str:
    """An undefined error in designer words: the kind (and, with ``item``, the item's name) read from, and a
    'did you mean'. A layout leaves the item out: one mistake is one finding however many cards show it."""
    obj = getattr(exc, "obj", jinja2.utils.missing)
    name = getattr(exc, "field", None)
    if isinstance(exc, UndefinedField) and name is not None and obj is not jinja2.utils.missing:
        d = describe(obj, item)
        what = f"'{var}' ({d})" if var else d[:1].upper() + d[1:]
        fields = field_names(obj)
        hint = did_you_mean(str(name), fields)
        tail = (f"; did you mean '{hint}'?" if hint else
                f"; its fields are {', '.join(fields)}" if fields and len(fields) <= 20 else "")
        return f"{what} has no field '{name}'{tail}"
    msg = str(getattr(exc, "message", None) or exc)
    m = re.search(r"'(\w+)' is undefined", msg)
    if isinstance(exc, UndefinedField) and name is not None:
        m = m or re.match(r"(\w+)", str(name))
    if m:
        hint = did_you_mean(m.group(1), [n for n in names if not n.startswith("_")])
        return f"unknown name '{m.group(1)}'" + (f"; did you mean '{hint}'?" if hint else "")
    m = re.search(r"'(?:[\w.]+ object|\w+)' has no attribute '(\w+)'", msg)
    if m:
        return f"unknown field '{m.group(1)}'"
    return re.sub(r"printgen\.[\w.]+\._(\w+?)_[0-9a-f]{12}", r"\1", msg)


def column_of(exc: Exception, line: str, start: int = 0) -> tuple[int | None, str | None]:
    """(0-based column, the variable read from) of an undefined error's expression on ``line``."""
    name = getattr(exc, "field", None)
    obj = getattr(exc, "obj", jinja2.utils.missing)
    if name is None:
        m = re.search(r"'(\w+)' is undefined", str(getattr(exc, "message", None) or exc))
        name = m.group(1) if m else None
        obj = jinja2.utils.missing
    if name is None:
        return None, None
    if obj is not jinja2.utils.missing:
        at = attribute_at(line, str(name), start)
        return (at[0], at[1]) if at else (None, None)
    return name_at(line, str(name), start), None


# Jinja's block tags that need an end tag ({% set x %}...{% endset %} only without '=').
_OPENERS = {"for", "if", "macro", "call", "filter", "block", "with", "autoescape", "set", "trans"}


def unclosed_block(env: jinja2.Environment, source: str) -> tuple[int, int, str] | None:
    """The innermost block left open in ``source``: (line from 1, column from 1, its tag), or None."""
    stack: list[tuple[int, str]] = []
    try:
        tokens = list(env.lex(source))
    except jinja2.TemplateSyntaxError:
        return None
    i = 0
    while i < len(tokens):
        lineno, kind, value = tokens[i]
        if kind == "block_begin":
            j = i + 1
            while j < len(tokens) and tokens[j][1] == "whitespace":
                j += 1
            if j < len(tokens) and tokens[j][1] == "name":
                tag = tokens[j][2]
                k, assign = j + 1, False
                while k < len(tokens) and tokens[k][1] != "block_end":
                    assign |= tokens[k][1] == "assign"
                    k += 1
                if tag in _OPENERS and not (tag == "set" and assign):
                    stack.append((tokens[j][0], tag))
                elif tag.startswith("end") and stack and stack[-1][1] == tag[3:]:
                    stack.pop()
                i = k
        i += 1
    if not stack:
        return None
    lineno, tag = stack[-1]
    lines = source.splitlines()
    text = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    m = re.search(r"\{%[-+]?\s*" + tag + r"\b", text)
    return lineno, (m.start() + 1) if m else 1, tag


_UNEXPECTED_CHAR = re.compile(r"unexpected char (?:'.+?'|\".+?\") at (?P<offset>\d+)$")
_EXPECTED_END = re.compile(r"expected token 'end of (?:statement block|print statement)'")
TAG_CLOSERS = {"{%": "%}", "{{": "}}"}


def unclosed_tag(message: str, source: str, lineno: int | None) -> tuple[int, int, str] | None:
    """Where Jinja's complaint comes from when a tag was left without its closer (``{% endfor`` with no
    ``%}``): Jinja reads on as if still in the tag and stops later, often lines later, at a character no
    tag holds ("unexpected char '!' at N", N an offset) or at a word that cannot follow ("expected token
    'end of statement block', got 'More'", on line ``lineno``). The last ``{%`` or ``{{`` before that
    place with no closer after it is the mistake: (line from 1, column from 1, the opener), or None."""
    m = _UNEXPECTED_CHAR.search(message)
    if m is not None:
        before = source[:int(m.group("offset"))]
    elif _EXPECTED_END.search(message) and lineno:
        before = "".join(source.splitlines(keepends=True)[:lineno - 1])  # an opener on that line is not it
    else:
        return None
    at = max(before.rfind("{%"), before.rfind("{{"))
    if at < 0 or TAG_CLOSERS[before[at:at + 2]] in before[at + 2:]:
        return None
    line = before.count("\n", 0, at) + 1
    return line, at - (before.rfind("\n", 0, at) + 1) + 1, before[at:at + 2]
