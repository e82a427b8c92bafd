"""JSON Schema for a game's files: ``game.yaml``, its content files (declared kinds included) and its
layout files (``templates/<game>/layouts/*.yaml``) and its rulebook theme
(``templates/<game>/rulebook/theme.yaml``).

Editors that speak the YAML language server complete and check keys from these: a reference field is an
``enum`` of the names the game defines (so the editor offers them and flags a name no item has), a text
field a string, each kind's items titled by the kind ("Unit"), a layout's elements by the element registry.
``editor_settings`` says how to map each file to its schema (VS Code's ``yaml.schemas``, or a
``# yaml-language-server: $schema=...`` line at the top of a file). Values
printgen reads from text (lengths such as "25.4mm", ranges such as "1-3", costs) are described by what
may be written, not by what they become; the validator stays the judge of their meaning.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

DRAFT = "https://json-schema.org/draft/2020-12/schema"


class _Written(GenerateJsonSchema):
    """Fields parsed from text by a validator describe what the YAML holds: its declared input type, or
    anything when it declares none (the validator's findings then say what is wrong)."""

    def function_before_schema(self, schema) -> dict:
        text = self.function_before_schema_text(schema)
        if text is not None:  # text (whitespace folded; a number reads as its digits)
            return text
        if schema.get("json_schema_input_schema") is not None:
            return super().function_before_schema(schema)
        return {}

    def function_before_schema_text(self, schema) -> dict | None:
        from .model.base import _text

        fn = (schema.get("function") or {}).get("function")
        return {"type": ["string", "number"]} if fn is _text else None

    def function_plain_schema(self, schema) -> dict:
        if schema.get("json_schema_input_schema") is not None:
            return super().function_plain_schema(schema)
        return {}


def _model_schema(model) -> dict:
    return model.model_json_schema(schema_generator=_Written, mode="validation")


def game_schema(pack) -> dict:
    """game.yaml's schema for a game of ``pack`` (its rule numbers under ``rules:``)."""
    from .model.game import GameConfig

    schema = _model_schema(GameConfig)
    rules = _model_schema(pack.rules_model)
    defs = schema.setdefault("$defs", {})
    defs.update(rules.pop("$defs", {}))
    schema["properties"]["rules"] = rules
    schema["$schema"] = DRAFT
    schema["title"] = f"game.yaml of a {pack.title} game"
    return schema


def content_schema(pack, names: dict[str, list[str]] | None = None) -> dict:
    """The schema of a content file: any of the game's kinds, each a list of items (game.yaml's
    ``kinds:`` included when ``pack`` is the game's own copy); ``names``: kind -> its items' names,
    which a declared reference to the kind may take."""
    model = pack.data_model
    full = _model_schema(model)
    props = {k: v for k, v in full.get("properties", {}).items() if k != "game"}
    defs = full.get("$defs", {})
    for kind in getattr(pack, "declared", ()):
        if kind.name in props:
            _declared(props[kind.name], {"type": "list", "of": {"type": "record", "fields": kind.fields}},
                      defs, names or {})
    for model, fname, kind in SHARED_REFS:
        node = defs.get(model, {}).get("properties", {}).get(fname)
        if node is not None and (names or {}).get(kind):
            ref = {"type": "ref", "kind": kind}
            _declared(node, {"type": "list", "of": ref} if node.get("type") == "array" else ref, defs, names or {})
    _titles(defs)
    return {"$schema": DRAFT, "title": f"content file of a {pack.title} game", "type": "object",
            "properties": props, "additionalProperties": False, "$defs": defs}


# References in the kinds every game shares (model.content) and in the rule packs' models (the packs'
# checks say which kind each names): (model, field, the kind it names). A list of names is followed.
SHARED_REFS = (
    ("LegendEntry", "terrain", "terrain"),
    ("Scenario", "map", "maps"),  # Heroes of Hex, High Ground
    ("EnemyCount", "enemy", "enemies"),  # Heroes of Hex
    ("Tile", "faction", "factions"),  # Hexatech
    ("Deck", "tiles", "tiles"),
    ("Mission", "map", "maps"),  # HexPrint
    ("Grant", "terrain", "terrain"),
    ("CardCount", "card", "units"),  # High Ground
    ("TileCount", "terrain", "terrain"),
)

_HASHED = re.compile(r"^_(\w+?)_[0-9a-f]{12}$")  # a declared kind's model class name (model.kinds)


def _titles(defs: dict) -> None:
    """Each model's title as the thing it is ("Unit"), never its Python class (``_Units_80a3f131dfc2``)."""
    from .safety.template_errors import _singular

    for node in defs.values():
        m = _HASHED.match(str(node.get("title", "")))
        if m:
            node["title"] = _singular(m.group(1)).capitalize()


def _declared(node: dict, spec, defs: dict, names: dict[str, list[str]]) -> None:
    """Sharpen the schema ``node`` of a declared field (``spec``: a FieldSpec or its dict form) in place:
    a ref becomes the enum of its kind's names, text a string; lists and records are followed."""
    get = (lambda k: spec.get(k)) if isinstance(spec, dict) else (lambda k: getattr(spec, k))
    if "anyOf" in node:  # optional (text?): the non-null branch
        for branch in node["anyOf"]:
            if branch.get("type") != "null":
                _declared(branch, spec, defs, names)
        return
    if "$ref" in node:
        node = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
    t = get("type")
    if t == "ref":
        known = names.get(get("kind"), [])
        node.update({"enum": known} if known else {"type": "string"})
    elif t == "text":
        node.update({"type": ["string", "number"]})
    elif t == "list" and isinstance(node.get("items"), dict):
        _declared(node["items"], get("of"), defs, names)
    elif t == "record":
        props = node.get("properties", {})
        if "name" in props and not props["name"].get("type"):
            props["name"].update({"type": ["string", "number"]})
        for fname, sub in (get("fields") or {}).items():
            key = sub.alias if getattr(sub, "alias", None) else fname
            if key in props:
                _declared(props[key], sub, defs, names)


def defined_names(source) -> dict[str, list[str]]:
    """Kind -> the names its items have in the game's data (as written, items that fail validation
    included: the editor should offer every name the designer wrote)."""
    out: dict[str, list[str]] = {}
    for kind, items in (source.data.items() if source is not None else ()):
        if kind != "game" and isinstance(items, list):
            got = [str(it["name"]) for it in items if isinstance(it, dict) and isinstance(it.get("name"), (str, int))]
            out[kind] = sorted(dict.fromkeys(got))
    return out


def layout_schema(types: dict[str, tuple]) -> dict:
    """The schema of a layout file: its top-level keys (layout.spec.LAYOUT_KEYS) and its elements, each
    ``type:`` one of the element registry's (``types``: element type -> (keys, draw), with a rule pack's
    own) taking that type's keys; an element with an ``id:`` and no ``type:`` changes the element of that
    id in the layout it extends."""
    from .layout.spec import LAYOUT_KEYS

    rules = []
    for name, (keys, _) in sorted(types.items()):
        props: dict[str, Any] = {k: {} for k in ("type", "id", "when", *keys)}
        if "elements" in keys:
            props["elements"] = {"$ref": "#/$defs/elements"}
        rules.append({"if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                      "then": {"properties": props, "additionalProperties": False}})
    element = {"type": "object", "title": "Element",
               "properties": {"type": {"enum": sorted(types), "description": "what the element draws"},
                              "id": {"type": "string"}, "when": {}},
               "anyOf": [{"required": ["type"]}, {"required": ["id"]}], "allOf": rules}
    props = {k: {} for k in LAYOUT_KEYS}
    props.update({"extends": {"type": "string"}, "vars": {"type": "object"}, "icons": {"type": "object"},
                  "elements": {"$ref": "#/$defs/elements"}})
    return {"$schema": DRAFT, "title": "layout file", "type": "object", "properties": props,
            "additionalProperties": False,
            "$defs": {"elements": {"type": "array", "items": {"$ref": "#/$defs/element"}}, "element": element}}


def theme_schema(fonts: list[str]) -> dict:
    """The schema of a rulebook theme file: the theme model's keys, none required (a theme names only what
    it changes of the theme it ``extends``), each font an enum of ``fonts`` (the bundled keys and the
    game's own names), ``extends`` an enum of the built-in themes."""
    from .rulebook.theme import THEMES, Fonts, Theme

    schema = _model_schema(Theme)

    def optional(node: Any) -> None:
        if isinstance(node, dict):
            node.pop("required", None)
            for v in node.values():
                optional(v)
        elif isinstance(node, list):
            for v in node:
                optional(v)

    optional(schema)
    defs = schema.get("$defs", {})
    font_def = defs.get(Fonts.__name__)
    if font_def is not None:
        for prop in font_def.get("properties", {}).values():
            title = prop.get("title")
            prop.clear()
            prop.update({"enum": sorted(dict.fromkeys(fonts)), **({"title": title} if title else {})})
    schema["properties"]["extends"] = {"enum": sorted(THEMES), "description": "the built-in theme this one changes"}
    schema.update({"$schema": DRAFT, "title": "rulebook theme", "additionalProperties": False})
    return schema


def schemas_for(folder: Path) -> tuple[dict[str, dict], list]:
    """{file name: schema} for the game in ``folder``, and the findings that stop it (a game.yaml that
    cannot be read or names no system)."""
    from .check import check_game
    from .draw.fonts import FONTS
    from .layout.elements import element_types
    from .layout.game_layouts import game_fonts

    game = check_game(Path(folder))
    if game.pack is None:
        return {}, [f for f in game.findings if f.is_error]
    return {"game.schema.json": game_schema(game.pack),
            "content.schema.json": content_schema(game.pack, defined_names(game.source)),
            "layout.schema.json": layout_schema(element_types(game.pack.elements)),
            "theme.schema.json": theme_schema(_font_names(game_fonts(game)[0], FONTS))}, []


def _font_names(table, builtin) -> list[str]:
    """The font names a theme may give, as ``printgen fonts`` shows them: the bundled keys, the game's own
    faces by family and style, and game.yaml's aliases (printgen compares them ignoring case; the schema's
    enum offers them as written)."""
    faces = [f.name for f in getattr(table, "faces", ())]
    return list(dict.fromkeys([*builtin, *faces, *getattr(table, "aliases", ())]))


def editor_settings(folder: Path, out: Path) -> str:
    """How to give an editor the schemas in ``out`` for the game in ``folder``: VS Code's YAML extension
    (``yaml.schemas`` in .vscode/settings.json of the game folder), or a modeline atop each file."""
    from .project import Project

    folder = Path(folder).resolve()
    out = Path(out).resolve()
    project = Project.of_game(folder)
    contents = sorted(p.name for p in folder.glob("*.yaml") if p.name != "game.yaml")
    templates = project.templates_for(folder, _game_id(folder)) or folder / "templates"

    def rel(path: Path) -> str:
        return os.path.relpath(path, folder).replace(os.sep, "/")

    layouts = rel(templates.resolve() / "layouts") + "/*.yaml"
    mapping = {"./" + rel(out / "game.schema.json"): ["game.yaml"],
               "./" + rel(out / "content.schema.json"): contents or ["content.yaml"],
               "./" + rel(out / "layout.schema.json"): [layouts],
               "./" + rel(out / "theme.schema.json"): [rel(templates.resolve() / "rulebook" / "theme.yaml")]}
    lines = ["Editor settings (VS Code with the YAML extension, redhat.vscode-yaml): open the game folder and",
             "put this in .vscode/settings.json:",
             json.dumps({"yaml.schemas": mapping}, indent=2),
             "Or put a line at the top of each file (any editor using the YAML language server):"]
    for schema_file, files in mapping.items():
        target = out / schema_file.rsplit("/", 1)[-1]
        for f in files:
            here = (folder / f).parent
            lines.append(f"  {f}: # yaml-language-server: $schema={os.path.relpath(target, here).replace(os.sep, '/')}")
    return "\n".join(lines)


def _game_id(folder: Path) -> str:
    import yaml

    try:
        raw = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
        ident = raw.get("id") if isinstance(raw, dict) else None
    except (OSError, yaml.YAMLError):
        ident = None
    return str(ident or folder.name)


def write_schemas(*, folder: Path, out: Path) -> list[Path]:
    """Write the game's schemas into ``out``; returns the files (none when the game cannot be read)."""
    schemas, findings = schemas_for(folder)
    if findings:
        return []
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas.items():
        path = out / name
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(schema, indent=1, sort_keys=True, default=_jsonable) + "\n")
        os.replace(tmp, path)  # whole or not at all: an editor may be reading the schema
        written.append(path)
    return written


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)
