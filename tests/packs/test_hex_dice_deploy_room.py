"""Hex Dice's setup against its map (issue 37): a player deploys every die onto their base cell or the hexes
next to it, one unit a hex, so a setup that gives more dice than those hexes contradicts itself (the seed's
two-player setup deploys 6 or 8 dice around a corner base cell with three neighbours)."""

from __future__ import annotations

import shutil
from pathlib import Path

from printgen.project import validate_game
from tests.conftest import FIXTURES


def _game(tmp_path: Path, dice: str) -> Path:
    g = tmp_path / "mini-dice"
    shutil.copytree(FIXTURES / "mini-dice", g)
    (g / "setup.yaml").write_text("setups:\n  - {players: 2, dice: " + dice + ", rerolls: [1, 2], "
                                  "bases: [North, South]}\n", encoding="utf-8")
    return g


def test_more_dice_than_the_base_holds_is_a_warning_at_that_option(tmp_path):
    found = [f for f in validate_game(_game(tmp_path, "[4, 6]")).findings if f.code == "deploy-room"]
    assert len(found) == 1, [f.format() for f in found]
    f = found[0]
    assert f.loc.file.endswith("setup.yaml") and f.loc.line == 2 and f.loc.col == 28  # at the 6
    assert "deploy 6 dice" in f.message and "has 4 such hexes" in f.message


def test_dice_that_fit_are_quiet(tmp_path):
    assert not [f for f in validate_game(_game(tmp_path, "[3, 4]")).findings if f.code == "deploy-room"]
