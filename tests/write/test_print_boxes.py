"""TrimBox and BleedBox on every page that carries faces, read back from the PDF and measured against what
is drawn: the TrimBox runs along the crop marks (cards) or round the cut lines (tokens, hex tiles), and
the BleedBox reaches the faces' bleed. A page without faces has neither. Font subsets are named after
their own glyphs, so no two different subsets share a name."""

from __future__ import annotations

import hashlib
import io

import pikepdf
import pymupdf
import pytest

from printgen.draw.page import FOOTER_H, PageSpec
from printgen.draw.subsets import subset_fonts
from printgen.plan import plan_build
from printgen.project import validate_game
from printgen.write.pdf import to_pdf
from tests.conftest import FIXTURES
from tests.pdfmeasure import PT, drawings

TOL = 0.01  # mm: the boxes are written to 1/10,000 pt


def _pdf(game_dir: str, asset: str, stem: str | None = None, paper: str = "a4") -> bytes:
    """The PDF of ``asset``'s document ``stem`` (default: the asset's name) of a fixture game."""
    game = validate_game(FIXTURES / game_dir)
    target = next(t for t in plan_build([game], papers=[paper]) if t.key == f"{asset}@{paper}")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    return to_pdf(target.asset.render(game, spec)[stem or asset])


def _boxes_mm(page: pikepdf.Page) -> dict[str, tuple[float, ...] | None]:
    """Each box of a page as (x0, y0, x1, y1) mm with y down from the top (pymupdf's drawings' frame)."""
    h = float(page.MediaBox[3])
    out = {}
    for key in ("/MediaBox", "/TrimBox", "/BleedBox"):
        box = page.obj.get(key)
        out[key] = None if box is None else (float(box[0]) * PT, (h - float(box[3])) * PT,
                                             float(box[2]) * PT, (h - float(box[1])) * PT)
    return out


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - TOL and inner[1] >= outer[1] - TOL and inner[2] <= outer[2] + TOL
            and inner[3] <= outer[3] + TOL)


def _is_crop(d: dict) -> bool:
    """A crop mark: a 3 mm hairline 0.15 mm wide, upright or level."""
    x0, y0, x1, y1 = d["mm"]
    if d.get("color") is None or abs((d.get("width") or 0) * PT - 0.15) > 0.01:
        return False
    return (abs(x1 - x0) < 0.01 and abs(y1 - y0 - 3.0) < 0.01) or (abs(y1 - y0) < 0.01 and abs(x1 - x0 - 3.0) < 0.01)


def _crop_lines(page) -> tuple[list[float], list[float]]:
    """The x of every upright and the y of every level crop mark."""
    marks = [d["mm"] for d in drawings(page) if _is_crop(d)]
    return [m[0] for m in marks if m[2] - m[0] < 0.01], [m[1] for m in marks if m[3] - m[1] < 0.01]


@pytest.mark.parametrize("game,asset", [("mini-hoh", "class-cards"), ("mini-dice", "unit-cards")])
def test_card_sheets_trim_along_their_crop_marks_and_bleed_3mm_beyond(game, asset):
    data = _pdf(game, asset)
    pdf, doc = pikepdf.open(io.BytesIO(data)), pymupdf.open(stream=data)
    assert len(pdf.pages) >= 2
    for page, fz in zip(pdf.pages, doc):
        boxes = _boxes_mm(page)
        trim, bleed = boxes["/TrimBox"], boxes["/BleedBox"]
        assert trim and bleed, f"page {fz.number + 1} has no TrimBox/BleedBox"
        assert _inside(trim, bleed) and _inside(bleed, boxes["/MediaBox"])
        xs, ys = _crop_lines(fz)
        # the trim's edges are trim lines the crop marks extend (a part-filled last sheet: its own faces)
        assert any(abs(trim[0] - x) < TOL for x in xs) and any(abs(trim[2] - x) < TOL for x in xs)
        assert any(abs(trim[1] - y) < TOL for y in ys) and any(abs(trim[3] - y) < TOL for y in ys)
        for inner, outer in zip(trim, bleed):  # the game's 3 mm bleed on every side
            assert abs(inner - outer) == pytest.approx(3.0, abs=TOL)
        # every face's ink is inside the BleedBox: all but the crop marks and the furniture at the foot
        foot = boxes["/MediaBox"][3] - 5.0 - FOOTER_H
        art = [d["mm"] for d in drawings(fz) if d["mm"][1] < foot and not _is_crop(d)]
        assert art and all(_inside(r, bleed) for r in art)


def test_token_sheet_trims_round_the_cut_circles():
    data = _pdf("mini-hoh", "tokens")
    pdf, doc = pikepdf.open(io.BytesIO(data)), pymupdf.open(stream=data)
    for page, fz in zip(pdf.pages, doc):
        trim = _boxes_mm(page)["/TrimBox"]
        # the cut circles: closed stroked curves the token's diameter (16 mm) across
        cuts = [d["mm"] for d in drawings(fz) if d.get("color") is not None and d["items"][0][0] == "c"
                and abs(d["mm"][2] - d["mm"][0] - 16.0) < 0.3 and abs(d["mm"][3] - d["mm"][1] - 16.0) < 0.3]
        assert cuts and trim
        union = (min(c[0] for c in cuts), min(c[1] for c in cuts), max(c[2] for c in cuts), max(c[3] for c in cuts))
        assert trim == pytest.approx(union, abs=0.15)  # the cut line's own width


def test_hex_tile_sheets_have_boxes_and_pages_without_faces_have_none():
    tiles = pikepdf.open(io.BytesIO(_pdf("mini-tech", "decks", "deck-starter")))
    faced = [_boxes_mm(page) for page in tiles.pages if "/TrimBox" in page.obj]
    assert len(faced) == len(tiles.pages)  # fronts and backs; the deck's summary prints below the last tiles
    for boxes in faced:
        assert _inside(boxes["/TrimBox"], boxes["/BleedBox"]) and boxes["/BleedBox"] != boxes["/TrimBox"]
    aid = pikepdf.open(io.BytesIO(_pdf("mini-dice", "player-aid")))
    assert all("/TrimBox" not in p.obj and "/BleedBox" not in p.obj for p in aid.pages)


def test_subset_names_are_unique_per_font_program_and_deterministic():
    data = _pdf("mini-hoh", "class-cards")
    assert data == _pdf("mini-hoh", "class-cards")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        fonts = subset_fonts(pdf)
    assert fonts and not any(name.startswith("AAAAA") for name in fonts), sorted(fonts)
    with pikepdf.open(io.BytesIO(_pdf("mini-hoh", "tokens"))) as pdf:
        other = subset_fonts(pdf)
    seen: dict[str, str] = {}
    for name, program in [*fonts.items(), *other.items()]:
        digest = hashlib.sha256(program).hexdigest()
        assert seen.setdefault(name, digest) == digest, f"{name} names two different subsets"
