"""Print fidelity, measured in the produced PDFs with pymupdf.

Hex flat-to-flat, token diameters, card trim, page sizes, safe margins,
embedded fonts, tiled overlaps, duplex alignment: all read from the files.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from printgen.build import build
from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.units import PAPER_SIZES
from tests.conftest import FIXTURES, REPO, bundled_subset
from tests.pdfmeasure import (
    circles, colour, drawings, flat_to_flat, ink_box, neighbour_pitch, open_pdf, page_size_mm, regular_hexagons,
    centre,
)

HOH = REPO / "data" / "heroes-of-hex"


@pytest.fixture(scope="module")
def out(tmp_path_factory, bundled_build) -> Path:
    # four bundled games as the session built them (conftest.bundled_build), and the big-map fixture
    out = bundled_subset(bundled_build, ["heroes-of-hex", "hex-dice", "hexatech", "heroscape-style"],
                         tmp_path_factory.mktemp("out"))
    result = build(folders=[FIXTURES / "big-map"], out=out, papers=["a4", "letter"], previews=False, jobs=2)
    assert result.ok and result.built
    return out


def pdfs(out: Path) -> list[Path]:
    """The printables (<game>/<paper>/<asset>.pdf), not the kits that gather them."""
    return sorted(p for p in out.rglob("*.pdf") if p.parent.name in PAPER_SIZES)


def test_every_asset_is_built_for_both_papers(out):
    names = {p.relative_to(out).as_posix() for p in pdfs(out)}
    for paper in ("a4", "letter"):
        for stem in ("class-cards", "tokens", "hex-track", "map-base-skirmish-team-match", "map-fools-gold-ambush",
                     "map-the-arachnes-lair", "scenario-fools-gold", "scenario-the-arachnes-lair"):
            assert f"heroes-of-hex/{paper}/{stem}.pdf" in names


def test_page_sizes_are_exactly_a4_and_letter(out):
    for path in pdfs(out):
        paper = path.parent.name
        w, h = PAPER_SIZES[paper]
        for page in open_pdf(path):
            pw, ph = page_size_mm(page)
            if pw > ph:  # a page turned landscape (a map's tiles, when that takes fewer sheets): the same paper
                pw, ph = ph, pw
            assert abs(pw - w) < 0.01 and abs(ph - h) < 0.01, (path, pw, ph)


@functools.cache
def _drawn(path: Path) -> list[tuple]:
    """(page, its drawings) for each page of one of the module's PDFs: read once for the tests below."""
    return [(page, drawings(page)) for page in open_pdf(path)]


@pytest.fixture(scope="module", autouse=True)
def _forget_drawn():
    yield
    _drawn.cache_clear()  # a worker goes on to other modules: their pages' drawings need not stay


def test_nothing_is_inked_inside_the_safe_margin(out):
    margin = 5.0
    for path in pdfs(out):
        for page, drawn in _drawn(path):
            w, h = page_size_mm(page)  # upright or landscape
            x0, y0, x1, y1 = ink_box(page, drawn)
            assert x0 >= margin - 0.01 and y0 >= margin - 0.01, (path, page.number, x0, y0)
            assert x1 <= w - margin + 0.01 and y1 <= h - margin + 0.01, (path, page.number, x1, y1)


def test_every_font_is_embedded_and_subset(out):
    for path in pdfs(out):
        doc = open_pdf(path)
        for i in range(len(doc)):
            for xref, ext, kind, name, *_ in doc.get_page_fonts(i):
                assert ext == "ttf" and kind == "TrueType", (path, name)
                assert "+" in name, f"{name} is not a subset"
                assert name.split("+")[1].startswith("Noto")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_inch_hexes_measure_25_40_mm_flat_to_flat(out, paper):
    doc = open_pdf(out / "heroes-of-hex" / paper / "map-base-skirmish-team-match.pdf")
    assert len(doc) == 1  # the Base Skirmish map prints on one page
    whole = regular_hexagons(doc[0])
    assert len(whole) == 72
    for d in whole:
        assert abs(flat_to_flat(d, "flat") - 25.40) <= 0.02
    assert all(abs(p - 25.40) <= 0.02 for p in neighbour_pitch(whole))


def test_a_1_25_inch_game_measures_31_75_mm(out):
    doc = open_pdf(out / "big-map" / "a4" / "map-great-plain.pdf")
    tiles = list(doc)[1:]
    sizes = [flat_to_flat(d, "pointy") for page in tiles for d in regular_hexagons(page)]
    assert len(sizes) > 50
    assert all(abs(s - 31.75) <= 0.02 for s in sizes)
    for page in tiles:
        assert all(abs(p - 31.75) <= 0.02 for p in neighbour_pitch(regular_hexagons(page)))


def test_tokens_are_16_mm_across_their_cut_line(out):
    for paper in ("a4", "letter"):
        doc = open_pdf(out / "heroes-of-hex" / paper / "tokens.pdf")
        cuts = [c for page in doc for c in circles(page, stroke="#000000")]
        assert len(cuts) == sum(t.count for t in validate_game(REPO / "data" / "heroes-of-hex").data.tokens)
        assert len(cuts) == 20 + 6 + 6 + 12 + 1 + 4  # the counts in tokens: of the data
        for c in cuts:
            x0, y0, x1, y1 = c["mm"]
            assert abs((x1 - x0) - 16.0) <= 0.02 and abs((y1 - y0) - 16.0) <= 0.02


def _crop_lines(page) -> tuple[list[float], list[float]]:
    """x of vertical crop marks and y of horizontal ones (mm), deduplicated."""
    xs, ys = set(), set()
    for d in drawings(page):
        if colour(d, "color") == "#000000" and d.get("fill") is None and len(d["pts"]) == 2:
            (ax, ay), (bx, by) = d["pts"]
            if abs(ax - bx) < 1e-6 and abs(ay - by) > 2:
                xs.add(round(ax, 3))
            elif abs(ay - by) < 1e-6 and abs(ax - bx) > 2:
                ys.add(round(ay, 3))
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_trim_is_poker_size_between_crop_marks(out, paper):
    doc = open_pdf(out / "heroes-of-hex" / paper / "class-cards.pdf")
    xs, ys = _crop_lines(doc[0])
    gaps = sorted({round(b - a, 2) for a, b in zip(xs, xs[1:])} | {round(b - a, 2) for a, b in zip(ys, ys[1:])})
    # trim sizes and the 2 x 3 mm bleed between neighbours
    assert 63.5 in gaps and 88.9 in gaps
    assert set(gaps) <= {63.5, 88.9, 6.0}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_mirror_fronts_for_long_edge_duplex(out, paper):
    doc = open_pdf(out / "heroes-of-hex" / paper / "class-cards.pdf")
    w = PAPER_SIZES[paper][0]
    bleed_box = {(94.9, 69.5), (69.5, 94.9)}

    def boxes(page, fill):
        return sorted((d["mm"] for d in drawings(page) if colour(d) == fill
                       and (round(d["mm"][2] - d["mm"][0], 1), round(d["mm"][3] - d["mm"][1], 1)) in bleed_box),
                      key=lambda b: (round(b[1], 1), b[0]))

    fronts = boxes(doc[0], "#f4ecd8")
    backs = boxes(doc[1], "#3b2f4a")
    assert len(fronts) == len(backs) == 6
    for f in fronts:
        mirror = (w - f[2], f[1], w - f[0], f[3])
        assert any(all(abs(a - b) < 0.01 for a, b in zip(mirror, bk)) for bk in backs), f


def test_tiled_map_pages_overlap_by_the_stated_amount(out):
    doc = open_pdf(out / "big-map" / "a4" / "map-great-plain.pdf")
    assert len(doc) == 5  # guide + 2 x 2 tiles
    a1, a2 = doc[1], doc[2]
    assert "overlapping by 10 mm" in a1.get_text()

    def crosses(page):
        return sorted((round((c["mm"][0] + c["mm"][2]) / 2, 3), round((c["mm"][1] + c["mm"][3]) / 2, 3))
                      for c in circles(page, stroke="#c0392b"))

    c1, c2 = crosses(a1), crosses(a2)
    x0, _, x1, _ = PageSpec.for_paper("a4", 5.0).content
    right_of_a1 = [c for c in c1 if c[0] > x1 - 10.0]  # crosses in A1's right-hand overlap band
    left_of_a2 = [c for c in c2 if c[0] < x0 + 10.0]
    assert len(right_of_a1) == len(left_of_a2) >= 2
    # The same alignment cross sits one window step further left on A2 (and at the same height).
    steps = {round(p[0] - q[0], 3) for p, q in zip(right_of_a1, left_of_a2)}
    assert len(steps) == 1 and all(abs(p[1] - q[1]) < 1e-3 for p, q in zip(right_of_a1, left_of_a2))
    step = steps.pop()
    # The hex lattice agrees: every hex row on A2 continues a hex row of A1 at the same height.
    rows1 = {round(centre(d)[1], 2) for d in regular_hexagons(a1)}
    rows2 = {round(centre(d)[1], 2) for d in regular_hexagons(a2)}
    assert rows2 <= rows1
    overlap = (x1 - x0) - step
    assert abs(overlap - 10.0) < 0.02
    # the dashed overlap line on A1 stands exactly one step right of the window's left edge
    dashed = [d for d in drawings(a1) if d.get("dashes") and "[] 0" not in str(d.get("dashes"))
              and colour(d, "color") == "#c0392b" and len(d["pts"]) == 2 and abs(d["pts"][0][0] - d["pts"][1][0]) < 1e-6]
    assert any(abs(d["pts"][0][0] - (x0 + step)) < 0.02 for d in dashed)


def test_every_page_carries_the_calibration_ruler_and_page_numbers(out):
    # Every printable at scale carries the ruler; the rulebook is for reading (its art is scaled).
    for path in [p for p in pdfs(out) if p.stem != "rulebook"]:
        pages = _drawn(path)
        for page, drawn in pages:
            text = page.get_text()
            assert "PRINT AT 100%" in text and "50 mm" in text and "2 in" in text
            assert f"page {page.number + 1} of {len(pages)}" in text
            lines = [d for d in drawn if len(d["pts"]) == 2 and abs(d["pts"][0][1] - d["pts"][1][1]) < 1e-6]
            lengths = [abs(d["pts"][1][0] - d["pts"][0][0]) for d in lines]
            assert any(abs(x - 50.0) < 0.01 for x in lengths)
            assert any(abs(x - 50.8) < 0.01 for x in lengths)


def test_two_sided_tokens_get_a_mirrored_backs_page(out):
    doc = open_pdf(out / "big-map" / "a4" / "tokens.pdf")
    assert len(doc) == 2
    fronts = [c["mm"] for c in circles(doc[0], stroke="#000000")]
    backs = [c["mm"] for c in circles(doc[1], stroke="#000000")]
    assert len(fronts) == len(backs) == 5
    for f in fronts:
        assert any(abs((210.0 - f[2]) - b[0]) < 0.01 and abs(f[1] - b[1]) < 0.01 for b in backs)
    assert "GOAL" in doc[1].get_text()
