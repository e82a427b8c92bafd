"""game.yaml's ``sources:`` naming a file outside the game or a folder: a finding that says so, at the
entry (one outside by '..' was called 'a symlink leading out', a folder 'no file ...; did you mean' itself)."""

from __future__ import annotations

import shutil

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES


@pytest.mark.parametrize("named, said", [
    ("../outside.csv", "must be a plain path inside the game folder"),
    ("/tmp/outside.csv", "must be a plain path inside the game folder"),
    ("sub/../units.csv", "must be a plain path inside the game folder"),
    ("units.csv", "is a folder, not a spreadsheet file"),
])
def test_a_source_outside_the_game_or_a_folder_is_said_as_such(tmp_path, named, said):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    (tmp_path / "outside.csv").write_text("name\nx\n")
    (game / "units.csv").mkdir()
    with (game / "game.yaml").open("a") as fh:
        fh.write(f"sources:\n  - {{file: '{named}', kind: units}}\n")
    lines = (game / "game.yaml").read_text().splitlines()
    found = [f for f in validate_game(game).findings if f.code == "sheet-file"]
    assert len(found) == 1 and said in found[0].message, [f.format() for f in found]
    assert found[0].loc.file.endswith("game.yaml") and found[0].loc.line == len(lines), found[0].format()
