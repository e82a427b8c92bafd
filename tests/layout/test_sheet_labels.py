"""A sheet's label: expression names each card's file in the exports: one giving 99,999 characters validated,
then the build stopped at the write (file name too long) with targets half done. It is a sheet-label finding at
game.yaml's label, and nothing is written."""

from __future__ import annotations

import shutil

from printgen.project import validate_game
from tests.conftest import FIXTURES


def test_a_label_longer_than_a_name_is_a_finding_at_the_label(tmp_path):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    text = (game / "game.yaml").read_text()
    old = "front: battle-card, copies: 1}"
    assert old in text
    (game / "game.yaml").write_text(text.replace(old, "front: battle-card, copies: 1, label: \"'x' * 99999\"}"))
    line = text[: text.index(old)].count("\n") + 1
    found = [f for f in validate_game(game).findings if f.code == "sheet-label"]
    assert found and "99,999 characters" in found[0].message, found
    assert found[0].loc.file.endswith("game.yaml") and found[0].loc.line == line, found[0].format()


def test_a_label_of_200_characters_is_fine(tmp_path):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("front: battle-card, copies: 1}",
                                                 "front: battle-card, copies: 1, label: \"'x' * 200\"}"))
    assert validate_game(game).ok()
