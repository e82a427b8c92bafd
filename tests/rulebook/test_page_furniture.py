"""The bundled rulebooks' page furniture, read back from the PDFs: the running head's and foot's rules keep
clear of the body whatever the theme's margins, and the closing Notes panel stands a paragraph's gap under
the last line, down to the text area's foot."""

from __future__ import annotations

import pymupdf
import pytest

from printgen.rulebook.theme import game_theme
from printgen.project import validate_game
from tests.conftest import REPO

GAMES = ("heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint")
MM = 72 / 25.4


def _margins(name: str) -> tuple[float, float]:
    theme = game_theme(validate_game(REPO / "data" / name))[0]
    return theme.page.margin_top * MM, theme.page.margin_bottom * MM


def _rules(drawings, width: float) -> list[pymupdf.Rect]:
    """The page's lines across most of its text area's width: the head's and foot's rules (and a table's)."""
    return [d["rect"] for d in drawings if d["rect"].height < 1 and d["rect"].width >= 0.8 * width]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", GAMES)
def test_the_head_and_foot_rules_keep_clear_of_the_body(bundled_build, name, paper):
    """High Ground's theme narrows the margins (17 and 15 mm) to turn a battlefield on its page: its foot's
    rule, placed for the default's 20 mm, stood 0.8 mm under the body (a table's last row on it)."""
    top, bottom = _margins(name)
    doc = pymupdf.open(bundled_build / name / paper / "rulebook.pdf")
    for page in list(doc)[1:]:
        h = page.rect.height
        width = page.rect.width - 2 * 40  # (the narrowest text area of the bundled themes is wider than this)
        drawings = page.get_drawings()
        rules = _rules(drawings, width)
        head = max((r for r in rules if r.y1 < top), key=lambda r: r.y1)
        foot = min((r for r in rules if r.y0 > h - bottom), key=lambda r: r.y0)
        inside = [b for b in [d["rect"] for d in drawings] + [pymupdf.Rect(w[:4]) for w in page.get_text("words")]
                  if b.y0 >= top - 0.5 and b.y1 <= h - bottom + 0.5]
        assert inside, page.number
        assert min(b.y0 for b in inside) - head.y1 >= 2.5 * MM, (page.number, head)
        assert foot.y0 - max(b.y1 for b in inside) >= 2.5 * MM, (page.number, foot)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", GAMES)
def test_the_notes_panel_stands_a_gap_under_the_last_line(bundled_build, name, paper):
    """The Notes panel's 6 mm gap fell under it, not over it: it stood 1.3 mm under the last line."""
    _, bottom = _margins(name)
    doc = pymupdf.open(bundled_build / name / paper / "rulebook.pdf")
    page = doc[-1]
    frame = [d["rect"] for d in page.get_drawings()
             if d.get("color") and "#%02x%02x%02x" % tuple(round(c * 255) for c in d["color"]) == "#b9b4a8"]
    if not frame:
        pytest.skip("this book's last page is full: no Notes panel")
    panel = pymupdf.Rect(min(r.x0 for r in frame), min(r.y0 for r in frame), max(r.x1 for r in frame),
                         max(r.y1 for r in frame))
    above = [pymupdf.Rect(w[:4]) for w in page.get_text("words") if w[3] <= panel.y0 + 1 and w[1] > 60]
    assert panel.y0 - max(r.y1 for r in above) >= 6 * MM
    assert abs(panel.y1 - (page.rect.height - bottom)) < 1.0  # down to the text area's foot
