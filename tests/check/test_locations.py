"""Every finding names a place, file and line, even when what it is about is missing (issue 25)."""

from __future__ import annotations

import shutil

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES, REPO


def unplaced(findings) -> list[str]:
    """The findings (formatted) that lack a file, a line or a column. A finding about a binary file (a font,
    a picture) names the file alone: it has no lines, and its message says the byte where it breaks."""
    from tests.fuzz.harness import BINARY

    return [f.format() for f in findings if f.loc is None or not f.loc.file
            or ((f.loc.line < 1 or f.loc.col < 1) and not f.loc.file.lower().endswith(BINARY))]


def test_a_missing_dice_list_is_reported_where_the_units_that_need_it_are(tmp_path):
    game = tmp_path / "mini-heroscape"
    shutil.copytree(FIXTURES / "mini-heroscape", game)
    world = game / "world.yaml"
    lines = world.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("dice:"))
    world.write_text("".join(lines[:at] + lines[at + 2:]))  # dice: and its one die gone
    result = validate_game(game)
    (f,) = [f for f in result.findings if f.code == "die-faces"]
    assert f.loc.file.endswith("mini-heroscape/units.yaml") and (f.loc.line, f.loc.col) == (1, 1), f.format()
    assert "add a dice: list" in f.message
    assert f.to_dict()["file"] and f.to_dict()["line"] == 1


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file()))
def test_every_finding_of_every_bundled_game_has_a_place(game):
    assert unplaced(validate_game(REPO / "data" / game).findings) == []
