"""Every paragraph of several fonts in the bundled books, broken the short way (safety/para_break.py) as the book
is set, gets reportlab's very answer for the same paragraph at the same width (Heroes of Hex, the largest book, on
both papers; every bundled book nightly)."""

from __future__ import annotations

import os

import pytest
from reportlab.platypus import Paragraph
from reportlab.platypus.paraparser import ParaFrag

from printgen.build import render_target
from printgen.plan import plan_build
from printgen.project import validate_game
from printgen.safety import para_break
from printgen.safety.markup import BookParagraph
from tests.conftest import REPO
from tests.safety.test_para_break import _dump

GAMES = (sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
         if os.environ.get("PRINTGEN_NIGHTLY") else ["heroes-of-hex"])


def _copy(para):
    """A paragraph as it is before its lines are broken: its own pieces (breaking sets their texts and kinds)."""
    twin = type(para).__new__(type(para))
    twin.__dict__.update(para.__dict__)
    twin.frags = [f.clone() for f in para.frags]
    return twin


@pytest.mark.parametrize("game", GAMES)
def test_every_mixed_paragraph_of_the_book_breaks_as_reportlab_breaks_it(game, monkeypatch):
    short = para_break.break_lines
    seen = {"short": 0, "reportlab": 0}

    def checked(para, width):
        plain = all(type(f) is ParaFrag for f in para.frags)
        twin = _copy(para) if plain else None
        got = short(para, width)
        if got is None:
            seen["reportlab"] += plain and len(para.frags) > 1  # (one piece: reportlab's simpler way)
            return None
        seen["short"] += 1
        want = Paragraph.breakLines(twin, width)
        assert _dump(got) == _dump(want), para.text
        assert _dump(para.__dict__) == _dump(twin.__dict__), para.text
        return got

    monkeypatch.setattr(para_break, "break_lines", checked)
    checked_game = validate_game(REPO / "data" / game)
    assert checked_game.ok()
    targets = [t for t in plan_build([checked_game], papers=["a4", "letter"]) if t.asset.name == "rulebook"]
    assert len(targets) == 2
    for target in targets:
        rendered = render_target(target, previews=False)
        assert any(name.endswith("rulebook.pdf") for name in rendered.files)
        assert not rendered.findings
    assert BookParagraph.breakLines is not Paragraph.breakLines
    assert seen["short"] > 100 and seen["short"] > 10 * seen["reportlab"], seen
