"""JSON Schema for a game's files: ``game.yaml`` and its content files (declared kinds included).

Editors that speak the YAML language server complete and check keys from these; put
``# yaml-language-server: $schema=schema/content.schema.json`` at the top of a content file. Values
printgen reads from text (lengths such as "25.4mm", ranges such as "1-3", costs) are described by what
may be written, not by what they become; the validator stays the judge of their meaning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

DRAFT = "https://json-schema.org/draft/2020-12/schema"


class _Written(GenerateJsonSchema):
    """Fields parsed from text by a validator describe what the YAML holds: its declared input type, or
    anything when it declares none (the validator's findings then say what is wrong)."""

    def function_before_schema(self, schema) -> dict:
        if schema.get("json_schema_input_schema") is not None:
            return super().function_before_schema(schema)
        return {}

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


def content_schema(pack) -> dict:
    """The schema of a content file: any of the game's kinds, each a list of items (game.yaml's
    ``kinds:`` included when ``pack`` is the game's own copy)."""
    model = pack.data_model
    full = _model_schema(model)
    props = {k: v for k, v in full.get("properties", {}).items() if k != "game"}
    return {"$schema": DRAFT, "title": f"content file of a {pack.title} game", "type": "object",
            "properties": props, "additionalProperties": False, "$defs": full.get("$defs", {})}


def schemas_for(folder: Path) -> tuple[dict[str, dict], list]:
    """{file name: schema} for the game in ``folder``, and the findings that stop it (a game.yaml that
    cannot be read or names no system)."""
    from .check import check_game

    game = check_game(Path(folder))
    if game.pack is None:
        return {}, [f for f in game.findings if f.is_error]
    return {"game.schema.json": game_schema(game.pack), "content.schema.json": content_schema(game.pack)}, []


def write_schemas(*, folder: Path, out: Path) -> list[Path]:
    """Write the game's schemas into ``out``; returns the files (none when the game cannot be read)."""
    schemas, findings = schemas_for(folder)
    if findings:
        return []
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas.items():
        path = out / name
        path.write_text(json.dumps(schema, indent=1, sort_keys=True, default=_jsonable) + "\n")
        written.append(path)
    return written


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)
