"""`printgen schema` helps an editor (issue 27 item 6): references are enums of the names the game defines,
text is a string, titles read as the kind, layout files have a schema from the element registry, and the
command prints the editor settings that map each file to its schema. Checked with jsonschema."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from printgen.cli import app
from printgen.layout.game_layouts import BUILTIN
from printgen.packs import PACKS
from tests.conftest import FIXTURES, REPO

runner = CliRunner()


def _schemas(game: Path, out: Path) -> tuple[dict[str, dict], str]:
    res = runner.invoke(app, ["schema", str(game), "--out", str(out)])
    assert res.exit_code == 0, res.output
    return {p.name: json.loads(p.read_text()) for p in out.glob("*.json")}, res.output


@pytest.fixture(scope="module")
def custom(tmp_path_factory) -> tuple[dict[str, dict], str]:
    return _schemas(FIXTURES / "custom-game", tmp_path_factory.mktemp("schema"))


def _unit(faction: str) -> dict:
    return {"units": [{"name": "Scout", "faction": faction, "cost": 2, "move": 4, "attack": "1-2", "save": "5+",
                       "role": "scout", "abilities": []}]}


def test_a_reference_is_an_enum_of_the_names_the_game_defines(custom):
    content = custom[0]["content.schema.json"]
    v = jsonschema.Draft202012Validator(content)
    assert not list(v.iter_errors(_unit("Ashen Guard")))
    bad = list(v.iter_errors(_unit("Ashen Gaurd")))
    assert bad and any("Ashen Gaurd" in e.message for e in bad)
    # a list of references too (a battle's sides), and a reference to a shared kind (its map)
    battle = {"battles": [{"name": "B", "map": "Watchtower", "sides": ["Lantern Folk", "Nobody"], "goal": "Win"}]}
    assert [e.instance for e in v.iter_errors(battle)] == ["Nobody"]
    battle["battles"][0]["map"] = "Nowhere"
    assert "Nowhere" in [e.instance for e in v.iter_errors(battle)]
    # a map legend's terrain (a kind every game shares)
    legend = {"maps": [{"name": "M", "layout": ". .", "legend": {".": {"terrain": "Feild"}}}]}
    assert "Feild" in [e.instance for e in v.iter_errors(legend)]


def test_text_fields_are_strings_and_titles_read_as_the_kind(custom):
    content = custom[0]["content.schema.json"]
    text = json.dumps(content)
    assert not re.search(r"_[A-Z]\w*_[0-9a-f]{12}", text)  # no Python class names anywhere
    unit = content["$defs"]["Units"]
    assert unit["title"] == "Unit"
    assert "string" in unit["properties"]["name"]["type"]
    assert "string" in content["$defs"]["Abilities"]["properties"]["text"]["type"]
    v = jsonschema.Draft202012Validator(content)
    assert not list(v.iter_errors({"factions": [{"name": "F", "colour": "#000000", "motto": "Onward"}]}))
    assert [e.instance for e in v.iter_errors({"factions": [{"name": "F", "colour": "#000000",
                                                            "motto": ["not", "text"]}]})] == [["not", "text"]]


def _bundled_layouts() -> list[tuple[Path, Path]]:
    """(game folder, layout file) for every layout a bundled game uses: printgen's own, its pack's, its own."""
    out = []
    games = sorted(p for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
    for game in games + [FIXTURES / "custom-game"]:
        system = yaml.safe_load((game / "game.yaml").read_text())["system"]
        pack = PACKS[system]
        folders = [BUILTIN, pack.layouts, REPO / "templates" / game.name / "layouts", game / "templates" / "layouts"]
        for folder in folders:
            if folder is not None and folder.is_dir():
                out += [(game, p) for p in sorted(folder.glob("*.yaml"))]
    return out


def test_the_layout_schema_validates_every_bundled_layout(tmp_path):
    layouts = _bundled_layouts()
    assert len(layouts) >= 20
    seen = {}
    for game, path in layouts:
        if game not in seen:
            seen[game] = _schemas(game, tmp_path / game.name)[0]["layout.schema.json"]
            jsonschema.Draft202012Validator.check_schema(seen[game])
        errors = [e.message for e in jsonschema.Draft202012Validator(seen[game]).iter_errors(
            yaml.safe_load(path.read_text()))]
        assert not errors, (path, errors[:3])


def test_the_layout_schema_rejects_an_unknown_element_type_and_key(custom):
    schema = custom[0]["layout.schema.json"]
    v = jsonschema.Draft202012Validator(schema)
    ok = {"size": "card", "elements": [{"type": "text", "text": "{{ item.name }}", "x": 0, "y": 0}]}
    assert not list(v.iter_errors(ok))
    assert any("'txet'" in e.message for e in v.iter_errors({"elements": [{"type": "txet", "text": "x"}]}))
    assert list(v.iter_errors({"elements": [{"type": "rect", "radius": 1, "sizee": 3}]}))
    assert list(v.iter_errors({"elemnets": []}))
    # inside a repeat too; and an element changed by id (extends) needs no type
    assert list(v.iter_errors({"elements": [{"type": "repeat", "elements": [{"type": "cirlce"}]}]}))
    assert not list(v.iter_errors({"extends": "base-card", "elements": [{"id": "band", "fill": "#000000"}]}))
    assert "stats" in schema["$defs"]["element"]["properties"]["type"]["enum"]


def test_the_command_prints_the_editor_settings_for_each_file(custom, tmp_path):
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "custom-game", game)
    _, output = _schemas(game, game / "schema")
    settings = json.loads(output[output.index("{"):output.rindex("}") + 1])["yaml.schemas"]
    assert settings == {"./schema/game.schema.json": ["game.yaml"],
                        "./schema/content.schema.json": ["content.yaml"],
                        "./schema/layout.schema.json": ["templates/layouts/*.yaml"],
                        "./schema/theme.schema.json": ["templates/rulebook/theme.yaml"]}
    for schema_file in settings:
        assert (game / schema_file).is_file()
    assert "templates/layouts/*.yaml: # yaml-language-server: $schema=../../schema/layout.schema.json" in output
    assert "content.yaml: # yaml-language-server: $schema=schema/content.schema.json" in output


def test_a_rule_pack_s_references_are_enums_too(tmp_path):
    schemas, _ = _schemas(REPO / "data" / "hexatech", tmp_path)
    content = schemas["content.schema.json"]
    v = jsonschema.Draft202012Validator(content)
    tiles = yaml.safe_load((REPO / "data" / "hexatech" / "tiles.yaml").read_text())
    assert not list(v.iter_errors(tiles))
    tiles["tiles"][0]["faction"] = "BLOOOD"
    assert [e.instance for e in v.iter_errors(tiles)] == ["BLOOOD"]
    assert "BLOOD" in content["$defs"]["Tile"]["properties"]["faction"]["enum"]


def test_the_theme_schema_takes_every_bundled_theme_and_names_the_game_s_fonts(custom, tmp_path):
    schema = custom[0]["theme.schema.json"]
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    themes = sorted((REPO / "templates").glob("*/rulebook/theme.yaml")) + sorted(
        (REPO / "printgen" / "scaffold").glob("*/templates/rulebook/theme.yaml"))
    assert len(themes) >= 10
    for path in themes:
        errors = [e.message for e in v.iter_errors(yaml.safe_load(path.read_text()) or {})]
        assert not errors, (path, errors[:3])
    fonts = schema["$defs"]["Fonts"]["properties"]["body"]["enum"]
    assert {"sans", "serif-bold", "Ember Hand italic", "hand"} <= set(fonts)  # bundled, own face, alias
    assert not list(v.iter_errors({"extends": "default", "fonts": {"headings": "Ember Hand italic"}}))
    bad = {"extends": "defualt", "fonts": {"body": "sanss"}, "colours": {"accnt": "#000000"}, "page": {"columns": 3}}
    messages = " | ".join(e.message for e in v.iter_errors(bad))
    for word in ("'defualt'", "'sanss'", "'accnt'", "3 is not one of"):
        assert word in messages, messages
