"""Declared content kinds: a game's own kinds of content, described in game.yaml ``kinds:``.

    kinds:
      factions:
        fields: {colour: colour, motto: "text?"}
      units:
        fields:
          faction: {type: ref, kind: factions}
          cost: {type: integer, min: 1, max: 12}
          attack: dice                    # "1-3" or 2
          hits: target                    # "4+"
          abilities: {type: list, of: {type: record, fields: {name: text, text: text}}}

Each declaration becomes a pydantic model built here, so a declared kind gets the same located
findings, "did you mean" hints and checks (unique names, keywords and tokens in its text, references)
as the kinds a rule pack defines in Python. Every kind has a ``name`` (text) and a ``count`` (copies
to print, 1 unless said) whether declared or not. Field types: see FIELD_TYPES.
"""

from __future__ import annotations

import copyreg
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Literal, Optional

from pydantic import BaseModel, Field, create_model
from typing_extensions import Annotated

from ..findings import Finding, did_you_mean, error
from .base import Colour, Length, Model, Text
from .notation import IntRange, Threshold

FIELD_TYPES: dict[str, str] = {
    "text": "text (whitespace folded)",
    "integer": "a whole number (min, max)",
    "number": "a number (min, max)",
    "length": "a length with a unit, e.g. '12mm'",
    "colour": "'#rrggbb'",
    "bool": "true or false",
    "enum": "one of the listed values (values: [...])",
    "dice": "a dice range such as '1-3' or a single number",
    "target": "a target number such as '4+'",
    "ref": "the name of an item of another kind (kind: ...)",
    "list": "a list of values of one type (of: ...)",
    "record": "a nested mapping with its own fields (fields: ...)",
}
_SPEC_KEYS = {"type", "min", "max", "values", "kind", "of", "fields", "required", "default", "text"}
_KIND_KEYS = {"fields", "text", "title"}
KIND_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass
class FieldSpec:
    type: str
    required: bool = True
    default: Any = None
    min: float | None = None
    max: float | None = None
    values: tuple[str, ...] = ()
    kind: str | None = None  # ref target
    of: "FieldSpec | None" = None  # list item
    fields: dict[str, "FieldSpec"] = field(default_factory=dict)  # record
    path: tuple = ()  # where it was declared in game.yaml (a data path)


@dataclass
class KindSpec:
    name: str
    fields: dict[str, FieldSpec]
    path: tuple
    text: str = ""


def _parse_field(raw: Any, path: tuple, loc, found: list[Finding]) -> FieldSpec | None:
    if isinstance(raw, str):
        optional = raw.endswith("?")
        raw = {"type": raw.rstrip("?"), "required": not optional}
    if not isinstance(raw, dict):
        found.append(error("kind-field", "a field is declared by its type ('text', 'integer'...) or a mapping "
                           "with 'type:'", loc(path)))
        return None
    for key in raw:
        if key not in _SPEC_KEYS:
            hint = did_you_mean(str(key), _SPEC_KEYS)
            found.append(error("unknown-key", f"unknown key '{key}' in a field declaration"
                               + (f"; did you mean '{hint}'?" if hint else f"; expected one of: {', '.join(sorted(_SPEC_KEYS))}"),
                               loc(path + (key,), key=True)))
    kind = raw.get("type")
    if kind not in FIELD_TYPES:
        hint = did_you_mean(str(kind), FIELD_TYPES)
        found.append(error("kind-field-type", f"unknown field type {kind!r}"
                           + (f"; did you mean '{hint}'?" if hint else "")
                           + f" (types: {', '.join(FIELD_TYPES)})", loc(path + ("type",))))
        return FieldSpec("any", required=False, path=path)  # the data is not checked against a broken type
    spec = FieldSpec(kind, path=path)
    spec.required = bool(raw.get("required", "default" not in raw))
    spec.default = raw.get("default")
    for bound in ("min", "max"):
        if bound in raw:
            if isinstance(raw[bound], bool) or not isinstance(raw[bound], (int, float)):
                found.append(error("kind-field", f"'{bound}' must be a number", loc(path + (bound,))))
            else:
                setattr(spec, bound, raw[bound])
    if kind == "enum":
        values = raw.get("values")
        if not isinstance(values, list) or not values:
            found.append(error("kind-field", "an enum field lists its values: values: [a, b, c]", loc(path, key=True)))
            return None
        spec.values = tuple(str(v) for v in values)
    if kind == "ref":
        if not isinstance(raw.get("kind"), str):
            found.append(error("kind-field", "a ref field names the kind it refers to: kind: units", loc(path, key=True)))
            return None
        spec.kind = raw["kind"]
    if kind == "list":
        if "of" not in raw:
            found.append(error("kind-field", "a list field says what it holds: of: text", loc(path, key=True)))
            return None
        spec.of = _parse_field(raw["of"], path + ("of",), loc, found)
        if spec.of is None:
            return None
    if kind == "record":
        spec.fields = _parse_fields(raw.get("fields"), path + ("fields",), loc, found)
    return spec


def _reserved(name: str) -> bool:
    """A field name the model class cannot take: pydantic's own (model_config stopped validate with a
    TypeError), a private _name (silently no field), or a method it would shadow (json, copy, dict)."""
    return name.startswith(("_", "model_")) or name == "Config" or hasattr(Model, name)


def _parse_fields(raw: Any, path: tuple, loc, found: list[Finding]) -> dict[str, FieldSpec]:
    if not isinstance(raw, dict):
        found.append(error("kind-field", "fields: is a mapping of field name to type", loc(path, key=True)))
        return {}
    out = {}
    for name, value in raw.items():
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            found.append(error("kind-field", f"field name {name!r} must be letters, digits and _", loc(path + (name,), key=True)))
            continue
        if _reserved(name):
            found.append(error("kind-field", f"field name '{name}' is reserved (the data model uses it: a name starting "
                               "with _ or model_, or one such as json, copy or dict); choose another",
                               loc(path + (name,), key=True)))
            continue
        spec = _parse_field(value, path + (name,), loc, found)
        if spec is not None:
            out[name] = spec
    return out


def parse_kinds(raw: Any, loc, taken: Iterable[str]) -> tuple[list[KindSpec], list[Finding]]:
    """Declarations from game.yaml ``kinds:`` (``loc(path, key=...)`` locates data paths); ``taken``: kinds
    the rule pack already has."""
    found: list[Finding] = []
    if not raw:
        return [], found
    base = ("game", "kinds")
    if not isinstance(raw, dict):
        return [], [error("kind", "kinds: is a mapping of kind name to its fields", loc(base))]
    taken = set(taken) | {"game"}
    kinds = []
    for name, body in raw.items():
        path = base + (name,)
        if not isinstance(name, str) or not KIND_NAME.match(name):
            found.append(error("kind", f"kind name {name!r} must be lower-case letters, digits and _", loc(path, key=True)))
            continue
        if name in taken:
            found.append(error("kind", f"'{name}' is already a kind of this game; choose another name", loc(path, key=True)))
            continue
        if not isinstance(body, dict):
            found.append(error("kind", "a kind is declared as a mapping with fields:", loc(path)))
            continue
        for key in body:
            if key not in _KIND_KEYS:
                hint = did_you_mean(str(key), _KIND_KEYS)
                found.append(error("unknown-key", f"unknown key '{key}' in kind '{name}'"
                                   + (f"; did you mean '{hint}'?" if hint else "; expected fields:"),
                                   loc(path + (key,), key=True)))
        fields = _parse_fields(body.get("fields", {}), path + ("fields",), loc, found)
        fields.setdefault("name", FieldSpec("text", path=path))
        fields.setdefault("count", FieldSpec("integer", required=False, default=1, min=0, max=1000, path=path))
        kinds.append(KindSpec(name, fields, path, str(body.get("text", ""))))
    known = {k.name for k in kinds} | taken
    for k in kinds:
        for spec in _walk(k.fields.values()):
            if spec.type == "ref" and spec.kind not in known:
                hint = did_you_mean(spec.kind, known)
                found.append(error("kind-ref", f"'{spec.kind}' is no kind of this game"
                                   + (f"; did you mean '{hint}'?" if hint else ""), loc(spec.path + ("kind",))))
    return kinds, found


def _walk(specs: Iterable[FieldSpec]) -> Iterator[FieldSpec]:
    for s in specs:
        yield s
        if s.of is not None:
            yield from _walk([s.of])
        yield from _walk(s.fields.values())


def _annotation(spec: FieldSpec, name: str) -> Any:
    bounds = {k: v for k, v in (("ge", spec.min), ("le", spec.max)) if v is not None}
    t = spec.type
    if t == "any":
        return Any
    if t == "text" or t == "ref":
        return Text
    if t == "integer":
        return Annotated[int, Field(strict=True, **bounds)]
    if t == "number":
        return Annotated[float, Field(**bounds)]
    if t == "length":
        return Length
    if t == "colour":
        return Colour
    if t == "bool":
        return Annotated[bool, Field(strict=True)]
    if t == "enum":
        return Literal[spec.values]  # type: ignore[valid-type]
    if t == "dice":
        return IntRange
    if t == "target":
        return Threshold
    if t == "list":
        return list[_annotation(spec.of, name)]  # type: ignore[misc]
    if t == "record":
        return record_model(name.title().replace("_", ""), spec.fields)
    raise ValueError(t)


def _registered(cls: type[BaseModel], name: str, key: str, recipe: tuple) -> type[BaseModel]:
    """Models built here are module attributes under a name unique to their declaration, and carry the
    call that builds them (``recipe``): a build worker forked before a game declared its kinds (a build of
    a bundled game, then a designer's) builds the class again when it unpickles an item of it."""
    import hashlib

    qual = f"_{name}_{hashlib.sha1(key.encode()).hexdigest()[:12]}"
    known = globals().get(qual)
    if known is not None:
        return known
    cls.__qualname__ = cls.__name__ = qual
    cls.__module__ = __name__
    type.__setattr__(cls, "__printgen_recipe__", recipe)
    globals()[qual] = cls
    return cls


def _reduce_class(cls: type) -> tuple | str:
    """How pickle names a pydantic model class: a declared kind's by the call that builds it, any other
    by its module and name, as pickle does by default."""
    recipe = cls.__dict__.get("__printgen_recipe__")
    return recipe if recipe is not None else cls.__qualname__


copyreg.pickle(type(BaseModel), _reduce_class)


def _key(fields: dict[str, FieldSpec]) -> str:
    return repr(sorted((n, _spec_key(s)) for n, s in fields.items()))


def _spec_key(s: FieldSpec) -> tuple:
    return (s.type, s.required, repr(s.default), s.min, s.max, s.values, s.kind,
            _spec_key(s.of) if s.of else None, _key(s.fields) if s.fields else None)


def record_model(name: str, fields: dict[str, FieldSpec]) -> type[BaseModel]:
    defs = {}
    for fname, spec in fields.items():
        ann = _annotation(spec, fname)
        if spec.required:
            defs[fname] = (ann, ...)
        else:
            defs[fname] = (Optional[ann], spec.default)
    return _registered(create_model(name, __base__=Model, **defs), name, _key(fields), (record_model, (name, fields)))


def data_model(base: type[BaseModel], kinds: list[KindSpec]) -> type[BaseModel]:
    """``base`` (a pack's data model) with one list field per declared kind."""
    if not kinds:
        return base
    extra = {k.name: (list[record_model(k.name.title().replace("_", ""), k.fields)], []) for k in kinds}
    key = f"{base.__module__}.{base.__qualname__}:" + repr([(k.name, _key(k.fields)) for k in kinds])
    return _registered(create_model(base.__name__, __base__=base, **extra), base.__name__, key,
                       (data_model, (base, kinds)))


def _values(value: Any, spec: FieldSpec, path: tuple) -> Iterator[tuple[FieldSpec, tuple, Any]]:
    if value is None:
        return
    yield spec, path, value
    if spec.type == "list" and isinstance(value, list):
        for i, v in enumerate(value):
            yield from _values(v, spec.of, path + (i,))
    if spec.type == "record" and value is not None:
        for fname, sub in spec.fields.items():
            yield from _values(getattr(value, fname, None), sub, path + (fname,))


def declared_values(data, kinds: list[KindSpec]) -> Iterator[tuple[FieldSpec, tuple, Any]]:
    """Every (field spec, data path, value) of every declared kind's items."""
    for k in kinds:
        for i, item in enumerate(getattr(data, k.name, [])):
            for fname, spec in k.fields.items():
                yield from _values(getattr(item, fname, None), spec, (k.name, i, fname))


def declared_texts(data, kinds: list[KindSpec]) -> Iterator[tuple[tuple, str]]:
    """Rules text of declared kinds, for the keyword and token checks (names are not rules text)."""
    for spec, path, value in declared_values(data, kinds):
        if spec.type == "text" and path[-1] != "name" and isinstance(value, str):
            yield path, value


def check_refs(data, kinds: list[KindSpec], loc) -> Iterator[Finding]:
    """Each ref names an item of its kind, with a "did you mean"."""
    from ..names import name_key

    for spec, path, value in declared_values(data, kinds):
        if spec.type != "ref" or not isinstance(value, str):
            continue
        names = [getattr(it, "name", "") for it in getattr(data, spec.kind, [])]
        if name_key(value) in {name_key(n) for n in names if isinstance(n, str)}:
            continue
        hint = did_you_mean(value, [n for n in names if isinstance(n, str)])
        yield error("unknown-ref", f"'{value}' names no item of {spec.kind}"
                    + (f"; did you mean '{hint}'?" if hint else f" (define it under {spec.kind}:)"), loc(path))


@dataclass(frozen=True)
class DeclaredTexts:
    """A pack's rules texts followed by the declared kinds' (a plain object: build workers get a copy)."""

    base: Any
    kinds: tuple[KindSpec, ...]

    def __call__(self, data) -> Iterator[tuple[tuple, str]]:
        yield from self.base(data)
        yield from declared_texts(data, list(self.kinds))


@dataclass(frozen=True)
class DeclaredRefs:
    """The check that every ref of a declared kind names an item."""

    kinds: tuple[KindSpec, ...]

    def __call__(self, ctx) -> Iterator[Finding]:
        return check_refs(ctx.data, list(self.kinds), ctx.loc)
