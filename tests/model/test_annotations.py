"""The model modules evaluate their annotations as written (model/base.py says why): every model they define is the
model the same source gives with its annotations postponed (``from __future__ import annotations``, as they were
written before), field by field, in its JSON schemas and in what it accepts and refuses."""

from __future__ import annotations

import __future__
import importlib
import re
import sys
import types
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

MODULES = ["printgen.model.base", "printgen.model.content", "printgen.model.cutting", "printgen.model.duplex",
           "printgen.model.game", "printgen.model.notation"] + [
    f"printgen.packs.{p}.models" for p in ("heroes_of_hex", "heroscape_style", "hex_dice", "hexatech", "hexprint")]


def _postponed(name: str) -> types.ModuleType:
    """Module ``name`` executed afresh from its source with its annotations postponed, as a module of its own."""
    real = importlib.import_module(name)
    path = Path(real.__file__)
    twin = types.ModuleType(name + "_postponed")
    twin.__file__, twin.__package__ = str(path), real.__package__
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    sys.modules[twin.__name__] = twin  # pydantic reads a class's module to evaluate its annotations' text
    try:
        exec(code, twin.__dict__)
    finally:
        del sys.modules[twin.__name__]
    return twin


def _models(module: types.ModuleType) -> dict[str, type[BaseModel]]:
    return {k: v for k, v in vars(module).items() if isinstance(v, type) and issubclass(v, BaseModel)
            and v.__module__ == module.__name__}


def _plain(annotation) -> str:
    """An annotation's repr without the addresses of the functions it names (each copy has its own), the copy's
    classes named as the module's own."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr(annotation)).replace("_postponed.", ".")


def test_every_model_module_evaluates_its_annotations_as_written():
    for name in MODULES:  # ``from __future__ import annotations`` binds the name to its feature
        assert not isinstance(getattr(importlib.import_module(name), "annotations", None), __future__._Feature), name


@pytest.mark.parametrize("name", MODULES)
def test_each_model_is_the_one_its_source_gives_with_annotations_postponed(name):
    real, twin = importlib.import_module(name), _postponed(name)
    models, twins = _models(real), _models(twin)
    assert set(models) == set(twins) and (models or name.endswith(".base")), name
    for cls_name, cls in models.items():
        other = twins[cls_name]
        assert list(cls.model_fields) == list(other.model_fields), cls_name
        for field, info in cls.model_fields.items():
            got = other.model_fields[field]
            assert _plain(info.annotation) == _plain(got.annotation), (cls_name, field)
            assert _plain(info.metadata) == _plain(got.metadata), (cls_name, field)
            assert (info.alias, info.is_required(), repr(info.default)) == \
                (got.alias, got.is_required(), repr(got.default)), (cls_name, field)
        for mode in ("validation", "serialization"):
            assert cls.model_json_schema(mode=mode) == other.model_json_schema(mode=mode), (cls_name, mode)


def test_the_bundled_games_items_validate_alike_either_way():
    """Each game.yaml, its rules and each item of every bundled game, validated by its model and by the same model
    with its annotations postponed: the same values, or the same errors (a broken copy of each too, to compare
    refusals)."""
    from printgen.load.game_folder import load_game_folder
    from printgen.model.game import GameConfig
    from printgen.packs import PACKS

    root = Path(__file__).resolve().parents[2] / "data"
    twins = {name: _postponed(name) for name in MODULES}
    seen = 0
    for folder in sorted(p for p in root.iterdir() if (p / "game.yaml").is_file()):
        source, _ = load_game_folder(folder)
        pack = PACKS[source.data["game"]["system"]]
        kinds = [("game", [source.data["game"]], GameConfig),  # game.yaml, and its rules: by the pack's model
                 ("rules", [source.data["game"].get("rules", {})], pack.rules_model)]
        for kind, items in source.data.items():
            field = pack.data_model.model_fields.get(kind)
            annotation = getattr(field, "annotation", None)
            kinds.append((kind, items, getattr(annotation, "__args__", (None,))[0] if field is not None else None))
        for kind, items, item_model in kinds:
            if not (isinstance(item_model, type) and issubclass(item_model, BaseModel)) or not isinstance(items, list):
                continue
            twin_module = twins.get(item_model.__module__)
            if twin_module is None:
                continue
            other = _models(twin_module)[item_model.__name__]
            for item in items:
                broken = {**item, "name": ["not", "a", "name"]} if isinstance(item, dict) else item
                for raw in (item, broken):
                    outcomes = []
                    for model in (item_model, other):
                        try:
                            outcomes.append(("ok", model.model_validate(raw).model_dump()))
                        except ValidationError as exc:
                            outcomes.append(("error", [(e["loc"], e["type"], e["msg"]) for e in exc.errors()]))
                    assert outcomes[0] == outcomes[1], (folder.name, kind, raw)
                    seen += 1
    assert seen > 200
