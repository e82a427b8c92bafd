"""Every bundled game's rulebook, drawn in memory for A4 and US Letter, comes out of the preflight with no
finding (placeholders, small text in pictures, mostly empty pages, stranded headings and lines)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from printgen.build import render_target
from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.plan import plan_build

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = ("heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint")


def _rulebook(game, paper):
    return next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", GAMES)
def test_bundled_rulebook_has_no_preflight_finding(name, paper):
    game = validate_game(DATA / name)
    found = render_target(_rulebook(game, paper), previews=False, draw_only=True).findings
    assert not found, "\n".join(f.format() for f in found)


def test_high_ground_powers_table_reads_as_general_text():
    game = validate_game(DATA / "heroscape-style")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    pdf = _rulebook(game, "a4").asset.render(game, spec)["rulebook"]
    doc = pymupdf.open(stream=pdf.data)
    rows, cards = [], []  # the table's rows on every page it runs over (its header repeated on each)
    for page in doc:
        for tab in page.find_tables().tables:
            cells = tab.extract()
            if cells and cells[0][:2] == ["Power", "Kind"]:
                rows += cells[1:]
                # a Cards cell's lines in reading order (extract() runs a wrapped cell's words together)
                cards += [" ".join(page.get_textbox(pymupdf.Rect(r.cells[-1])).split())
                          for r in tab.rows[1:] if r.cells[-1]]
    assert len(rows) >= 10
    names = {p.name.replace(" ", "") for p in game.data.powers}  # the bold names come out without spaces
    assert {(r[0] or "").replace(" ", "") for r in rows if r[0]} <= names
    for row in rows:
        for cell in row:
            text = " ".join((cell or "").split())
            assert "{" not in text and "}" not in text, row
            assert not text.endswith(";"), row
    assert "Gravelmaw (range 1, attack 4)" in cards and "Oda Rell (N = 2)" in cards
