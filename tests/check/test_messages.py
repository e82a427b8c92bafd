"""One mistake, one finding, in a designer's words (no pydantic wording, no wrong hint)."""

from __future__ import annotations

import shutil

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES

WALL = '  - {name: Wall, colour: "#3b342c", blocked: true}'


@pytest.mark.parametrize("file, old, new, code, message", [
    ("maps.yaml", WALL, "  - {name: Wall, blocked: true}", "missing-key", "missing required key 'colour'"),
    ("maps.yaml", WALL, '  - {name: Wall, color: "#3b342c", blocked: true}', "unknown-key",
     "unknown key 'color'; did you mean 'colour'?"),
    ("game.yaml", "orientation: flat", "orientation: flat-top", "bad-value",
     "'flat-top' is not allowed here; expected 'flat' or 'pointy'"),
    ("maps.yaml", WALL, '  - {name: Wall, colour: "#3b342", blocked: true}', "schema",
     "'#3b342' is not a colour: write '#rrggbb' (six hex digits), e.g. '#3a7d44'"),
    ("game.yaml", "id: mini-hoh", "id: Mini HoH", "schema",
     "'Mini HoH' is not allowed here: write lowercase letters, digits and hyphens, e.g. 'my-game'"),
])
def test_one_mistake_is_one_clear_finding(tmp_path, file, old, new, code, message):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    text = (game / file).read_text()
    assert old in text
    (game / file).write_text(text.replace(old, new))
    errors = [f for f in validate_game(game).findings if f.is_error]
    assert [(f.code, f.message) for f in errors] == [(code, message)]
    assert errors[0].loc.file.endswith(file) and errors[0].loc.line > 0


def test_an_unquoted_colour_gets_the_quoting_hint(tmp_path):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    text = (game / "maps.yaml").read_text()
    (game / "maps.yaml").write_text(text.replace(WALL, "  - name: Wall\n    colour: #3b342c\n    blocked: true"))
    (f,) = [f for f in validate_game(game).findings if f.is_error]
    assert "quote it: # starts a YAML comment" in f.message and (f.loc.line, f.loc.col) == (4, 12)


def test_a_hex_typed_one_column_off_is_the_one_blamed(tmp_path):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    text = (game / "maps.yaml").read_text()
    assert "        .   .   B\n" in text
    (game / "maps.yaml").write_text(text.replace("        .   .   B\n", "        .   .    B\n"))
    (f,) = [f for f in validate_game(game).findings if f.is_error]
    assert f.code == "map-layout" and "'B' is not lined up" in f.message
    line = text.split("\n").index("        .   .   B") + 1
    assert (f.loc.line, f.loc.col) == (line, 18)
