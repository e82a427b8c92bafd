"""The bundled rulebooks, as the shared build printed them, read back: their tables as general text. (That every book comes out
of the preflight with no finding, on A4 and US Letter, is the shared build's test: test_bundled_sheets.py.)"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from printgen.project import validate_game

DATA = Path(__file__).resolve().parents[2] / "data"


def test_high_ground_powers_table_reads_as_general_text(bundled_build):
    game = validate_game(DATA / "heroscape-style")
    doc = pymupdf.open(bundled_build / "heroscape-style" / "a4" / "rulebook.pdf")
    rows, cards = [], []  # the table's rows on every page it runs over (its header repeated on each)
    for page in doc:
        text = page.get_text()
        if "Power" not in text or "Kind" not in text:  # no header here (finding tables is the slow part)
            continue
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
