"""A custom kind's field named as the data model's own (model_config stopped validate with pydantic's
TypeError; a _name was silently no field; json, copy and dict shadow its methods) is a kind-field finding at
the name, in a kind's fields and in a record's."""

from __future__ import annotations

import shutil

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES

COST = "      cost: {type: integer, min: 1, max: 10}\n"


@pytest.mark.parametrize("name", ["model_config", "model_fields", "_secret", "__class__", "__init__", "json", "copy",
                                  "dict", "Config"])
@pytest.mark.parametrize("where", ["kind", "record"])
def test_a_reserved_field_name_is_a_finding_at_the_name(tmp_path, name, where):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    text = (game / "game.yaml").read_text()
    assert COST in text
    added = (f"      {name}: integer\n" if where == "kind"
             else f"      extra: {{type: record, fields: {{{name}: integer}}}}\n")
    (game / "game.yaml").write_text(text.replace(COST, COST + added))
    line = text[: text.index(COST)].count("\n") + 2
    result = validate_game(game)
    found = [f for f in result.findings if f.code == "kind-field"]
    assert found and "is reserved" in found[0].message, [f.format() for f in result.findings]
    assert found[0].loc.file.endswith("game.yaml") and found[0].loc.line == line, found[0].format()
    assert found[0].loc.col == (7 if where == "kind" else 38), found[0].format()


def test_the_fixture_fields_are_not_reserved():
    assert validate_game(FIXTURES / "custom-game").ok()
