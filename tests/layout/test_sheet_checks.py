"""Sheets that print wrong or nowhere, each a finding in game.yaml: a label: giving 99,999 characters (it names
the card's export file: the build stopped at the write, targets half done), and two sheets of one name (the
second replaced the first without a word)."""

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


def test_two_sheets_of_one_name_are_a_finding_at_the_second(tmp_path):
    """The second replaced the first without a word: the battle cards printed nowhere."""
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("name: battle-cards", "name: unit-cards"))
    lines = text.splitlines()
    first = next(n for n, ln in enumerate(lines, 1) if "name: unit-cards" in ln)
    second = next(n for n, ln in enumerate(lines, 1) if "name: battle-cards" in ln)
    found = [f for f in validate_game(game).findings if f.code == "duplicate-sheet"]
    assert len(found) == 1 and f"already at line {first}" in found[0].message, found
    assert found[0].loc.file.endswith("game.yaml") and found[0].loc.line == second, found[0].format()
