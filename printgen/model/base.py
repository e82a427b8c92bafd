"""The base of every model, shared field types, and pydantic errors as findings."""

# Annotations evaluated as written, not postponed (no ``from __future__ import annotations`` here, in the other
# model modules and the packs' models.py): pydantic would evaluate every field's annotation from its text when
# the class is built, about 14 ms over printgen's models in a build's serial start, before its workers fork
# (issue 41). tests/model/test_annotations.py checks the models are the same either way.

import re
import types
import typing
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError
from pydantic_core import PydanticCustomError

from ..findings import Finding, did_you_mean, error
from ..units import CARD_SIZES, UnitError, parse_length, parse_size


class Model(BaseModel):
    """Strict about keys (a typo must never be silently ignored), immutable once built."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _length(value: Any) -> float:
    try:
        return parse_length(value)
    except UnitError as exc:
        raise PydanticCustomError("length", str(exc)) from None


def _positive_length(value: Any) -> float:
    try:
        return parse_length(value, allow_zero=False)
    except UnitError as exc:
        raise PydanticCustomError("length", str(exc)) from None


def _card_size(value: Any) -> tuple[float, float]:
    try:
        return parse_size(value, CARD_SIZES)
    except UnitError as exc:
        raise PydanticCustomError("size", str(exc)) from None


def _colour(value: Any) -> str:
    if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value.strip()):
        return value.strip().lower()
    if value is None:  # `colour: #3a7d44` unquoted: YAML reads a comment, so the value is empty
        raise PydanticCustomError("colour", "a colour is written '#rrggbb', e.g. '#3a7d44' (quote it: # starts a "
                                  "YAML comment)")
    raise PydanticCustomError("colour", "{value} is not a colour: write '#rrggbb' (six hex digits), e.g. '#3a7d44'",
                              {"value": repr(value)})


def _text(value: Any) -> str:
    if isinstance(value, str):
        text = " ".join(value.split())
        if text:
            return text
        raise PydanticCustomError("text", "text must not be empty")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise PydanticCustomError("text", "expected text, got {kind}", {"kind": _kind(value)})


def _raw_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise PydanticCustomError("text", "expected text, got {kind}", {"kind": _kind(value)})


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (an empty value)"
    return {dict: "a mapping", list: "a list", bool: "true/false", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__)


Length = Annotated[float, BeforeValidator(_length)]  # mm
PositiveLength = Annotated[float, BeforeValidator(_positive_length)]  # mm, > 0
CardSize = Annotated[tuple[float, float], BeforeValidator(_card_size)]  # (w, h) mm
Colour = Annotated[str, BeforeValidator(_colour)]
Text = Annotated[str, BeforeValidator(_text)]  # whitespace folded, non-empty
RawText = Annotated[str, BeforeValidator(_raw_text)]  # kept verbatim (text maps)


# --- pydantic errors -> findings -------------------------------------------------

def _models_in(annotation: Any) -> list[type[BaseModel]]:
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    if origin is Annotated:
        return _models_in(get_args(annotation)[0])
    if origin in (Union, types.UnionType) or origin in (list, tuple, dict, typing.Literal):
        out = []
        for arg in get_args(annotation):
            out += _models_in(arg)
        return out
    return []


def model_at(root: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    """The model class that validates the mapping at ``path`` (None if not a model)."""
    current: list[type[BaseModel]] = [root]
    for part in path:
        if isinstance(part, int):
            continue
        nxt = []
        for cls in current:
            field = cls.model_fields.get(part) or next(
                (f for f in cls.model_fields.values() if f.alias == part), None)
            if field is not None:
                nxt += _models_in(field.annotation)
        if not nxt:
            return None
        current = nxt
    return current[0] if current else None


def field_names(cls: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in cls.model_fields.items()]


# Field patterns in a designer's words.
_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9-]*$": "lowercase letters, digits and hyphens, e.g. 'my-game'",
}

_MESSAGES = {
    "missing": "missing required key '{field}'",
    "string_type": "expected text, got {got}",
    "int_type": "expected a whole number, got {got}",
    "int_parsing": "expected a whole number, got {got}",
    "int_from_float": "expected a whole number, got {got}",
    "float_type": "expected a number, got {got}",
    "float_parsing": "expected a number, got {got}",
    "bool_type": "expected true or false, got {got}",
    "bool_parsing": "expected true or false, got {got}",
    "list_type": "expected a list (one '- item' per line), got {got}",
    "dict_type": "expected a mapping (key: value lines), got {got}",
    "model_type": "expected a mapping (key: value lines), got {got}",
    "model_attributes_type": "expected a mapping (key: value lines), got {got}",
}


_BOUNDS = {"less_than_equal": "more than the most allowed,", "greater_than_equal": "less than the least allowed,",
           "less_than": "not less than", "greater_than": "not more than"}


def _describe(value: Any) -> str:
    if isinstance(value, (dict, list)) or value is None:
        return _kind(value)
    return f"{_kind(value)} {value!r}"


def findings_from_validation(exc: ValidationError, *, root: type[BaseModel], prefix: tuple, locate) -> list[Finding]:
    """Turn pydantic's errors into located findings.

    ``locate(path, key=...)`` maps a data path to a Location; ``prefix`` is the
    data path of the object that ``root`` validated.
    """
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        kind = err["type"]
        path = prefix + loc
        got = _describe(err.get("input"))
        if kind == "extra_forbidden":
            key = loc[-1]
            cls = model_at(root, loc[:-1])
            names = field_names(cls) if cls else []
            hint = did_you_mean(str(key), names)
            msg = f"unknown key '{key}'"
            msg += f"; did you mean '{hint}'?" if hint else (f"; expected one of: {', '.join(names)}" if names else "")
            out.append((path[:-1], hint or "", error("unknown-key", msg, locate(path, key=True))))
            continue
        if kind == "missing":
            out.append((path[:-1], str(loc[-1]),
                        error("missing-key", _MESSAGES["missing"].format(field=loc[-1]), locate(path[:-1], key=True))))
            continue
        if kind == "literal_error":
            expected = err.get("ctx", {}).get("expected", "")
            out.append(((), "", error("bad-value", f"{err.get('input')!r} is not allowed here; expected {expected}",
                                      locate(path))))
            continue
        if kind == "string_pattern_mismatch":
            pattern = err.get("ctx", {}).get("pattern", "")
            form = _PATTERN_WORDS.get(pattern, f"text of the form {pattern}")
            out.append(((), "", error("schema", f"{err.get('input')!r} is not allowed here: write {form}",
                                      locate(path))))
            continue
        if kind in _BOUNDS:
            ctx = err.get("ctx", {})
            bound = next((v for k, v in ctx.items() if k in ("le", "ge", "lt", "gt")), "")
            out.append(((), "", error("schema", f"{got} is {_BOUNDS[kind]} {bound}", locate(path))))
            continue
        if kind in _MESSAGES:
            msg = _MESSAGES[kind].format(got=got, field=loc[-1] if loc else "")
        else:
            msg = err["msg"]
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, "):]
        # Unions report one error per branch; the tagged branch name is noise to a designer.
        out.append(((), "", error("schema", msg, locate(path))))
    return _one_per_mistake(out)


def _one_per_mistake(found: list[tuple[tuple, str, Finding]]) -> list[Finding]:
    """`color:` for `colour:` is one mistake: keep "unknown key 'color'; did you mean 'colour'?" and drop
    the "missing required key 'colour'" the same item gets. Entries are (item path, key, finding)."""
    meant = {(item, key) for item, key, f in found if f.code == "unknown-key"}
    return [f for item, key, f in found if not (f.code == "missing-key" and (item, key) in meant)]