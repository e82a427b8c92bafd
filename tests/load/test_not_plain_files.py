"""A data file of a game folder that is not a plain file (a pipe, a link to a device, a link to nothing) is
named at itself, never skipped in silence: the loader reads plain files only, and such a units.yaml or
units.csv dropped out of the game with no word while the game validated ok."""

from __future__ import annotations

import os
import shutil

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES


def _entry(path, how: str) -> None:
    if how == "pipe":
        os.mkfifo(path)
    elif how == "device":
        path.symlink_to("/dev/null")
    else:
        path.symlink_to(path.parent / "gone.yaml")


@pytest.mark.parametrize("how", ["pipe", "device", "dangling"])
@pytest.mark.parametrize("name", ["scouts.yaml", "scouts.yml", "scouts.csv", "Scouts.XLSX"])
def test_a_data_file_that_is_not_a_plain_file_is_named_at_itself(tmp_path, name, how):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    _entry(game / name, how)
    result = validate_game(game)  # (a pipe read would block: returning at all says it was not opened)
    found = [f for f in result.findings if f.code == "file-unreadable"]
    assert len(found) == 1, [f.format() for f in result.findings]
    assert found[0].loc.file.endswith(name) and found[0].severity == "error"
    assert "not a plain file" in found[0].message and name in found[0].message


def test_a_declared_source_that_is_a_pipe_is_said_so_at_its_entry(tmp_path):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    os.mkfifo(game / "units.csv")
    with (game / "game.yaml").open("a") as fh:
        fh.write("sources:\n  - {file: units.csv, kind: units}\n")
    lines = (game / "game.yaml").read_text().splitlines()
    found = {f.code: f for f in validate_game(game).findings if f.code in ("sheet-file", "sheet-missing")}
    assert set(found) == {"sheet-file"}, [f.format() for f in found.values()]
    assert "not a plain file" in found["sheet-file"].message
    assert found["sheet-file"].loc.file.endswith("game.yaml") and found["sheet-file"].loc.line == len(lines)
