"""The one-page quick references of Hex Dice and Hexatech: turn structure, actions and winning,
every word from the game's data, on one page of either paper, inside the safe margin."""

from __future__ import annotations

import pytest

from printgen.project import validate_game
from printgen.units import PAPER_SIZES
from tests.conftest import REPO
from tests.pdfmeasure import ink_box, open_pdf

GAMES = {"hex-dice": ("Turn order", "Your turn", "Winning"),
         "hexatech": ("How to win", "Your turn: 2 actions", "The actions", "Links and matches", "Faction abilities")}


@pytest.fixture(scope="module")
def out(bundled_build):
    return bundled_build  # built once for the test run (conftest.bundled_build)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("gid", list(GAMES))
def test_player_aid_is_one_page_drawn_from_the_data(out, gid, paper):
    doc = open_pdf(out / gid / paper / "player-aid.pdf")
    assert len(doc) == 1
    text = _flat(doc[0].get_text())
    for heading in GAMES[gid]:
        assert heading in text, heading
    data = validate_game(REPO / "data" / gid).data
    rules = [*data.actions, *data.turn, *data.winning]
    assert data.turn and data.actions and data.winning
    for rule in rules:
        assert _flat(f"{rule.name}: {rule.text}")[:60] in text, rule.name
    w, h = PAPER_SIZES[paper]
    x0, y0, x1, y1 = ink_box(doc[0])
    assert x0 >= 5 - 0.01 and y0 >= 5 - 0.01 and x1 <= w - 5 + 0.01 and y1 <= h - 5 + 0.01


def test_hexatech_aid_lists_every_faction_ability(out):
    text = _flat(open_pdf(out / "hexatech" / "a4" / "player-aid.pdf")[0].get_text())
    for f in validate_game(REPO / "data" / "hexatech").data.factions:
        assert f.name in text and f.ability in text


def test_the_kit_puts_the_player_aid_first_after_the_rules(out):
    kit = open_pdf(out / "hexatech" / "hexatech-a4-kit.pdf")
    toc = [t for t in kit.get_toc(simple=True) if t[0] == 1]
    titles = [t[1] for t in toc]
    rules = next(i for i, t in enumerate(titles) if t.startswith("Rulebook"))  # the rules come first
    assert titles[rules + 1].startswith("Player aid (p. ")  # then the player aid
    assert "player aid" in kit[toc[rules + 1][2] - 1].get_text()
