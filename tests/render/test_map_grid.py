"""A map's hexes, the strokes within them and the labels clear of those carry the grid they were drawn in
(render/maps/clear.Grid), and the preflight tests no label against a stroke of its own grid, and takes a label's
own hex for its ground among the grid's hexes: the claims must hold on every page the maps draw (no marked label
is crossed by any marked stroke of its grid, measured as the preflight measures it), and the shortcuts must
change no hit and no ground."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from printgen.build import PageSpec
from printgen.deps import ReadLog
from printgen.preflight.bulk import first_crossings, grounds_bulk
from printgen.preflight.collide import _inside
from printgen.preflight.inking import Ink
from printgen.preflight.scene import crossed, crosses_any, crosses_ink, flatten
from printgen.preflight.sheet import Sheet
from printgen.project import validate_game
from printgen.render.maps import render_maps
from printgen.render.maps.clear import Grid, clear_inside, clear_of
from tests.conftest import examples

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def _tight(ink: Ink, share: float = 0.25):
    d = ink.size * 25.4 / 72.0 * share
    b = ink.box
    return (b[0] + d, b[1] + d, b[2] - d, b[3] - d)


def _pages_hold_the_claim(pages) -> tuple[int, int]:
    """Assert on each of ``pages`` that no marked label is crossed by a marked stroke of its grid, and that the
    overlap check's crossings come out the same with the marks read as testing every pair; (marked labels,
    marked strokes) seen."""
    labels = strokes = 0
    for page in pages:
        inks = flatten(page)
        texts = [i for i in inks if i.kind == "text"]
        marked = [i for i in inks if i.kind == "shape" and i.cell is not None and i.stroked]
        labels += sum(t.cell is not None for t in texts)
        strokes += len(marked)
        for t in texts:
            if t.cell is None:
                continue
            # its whole box, not only the shrunk one the overlap check reads
            assert not any(crosses_ink(s, t.box) for s in marked if s.cell is t.cell), t.text
        live = [(k, _tight(t)) for k, t in enumerate(texts)]
        live = [(k, b) for k, b in live if b[2] > b[0] and b[3] > b[1]]
        shapes = [i for i in inks if i.kind == "shape" and i.stroked]
        cells = [texts[k].cell for k, _ in live]
        if live and shapes:
            assert first_crossings(shapes, live, None, cells) == first_crossings(shapes, live)
            assert crossed(shapes, live, cells) == crossed(shapes, live) == first_crossings(shapes, live)
        # each text's ground is the one found testing every hex's outline
        _, centred, grounds = Sheet("maps", None, 1, 1, page, inks).classes()
        if centred and grounds:
            found = {k: id(g) for k, g in grounds_bulk(grounds, centred, _inside).items()}
            homes = [i.home for i in inks]
            for i in inks:
                i.home = None
            assert {k: id(g) for k, g in grounds_bulk(grounds, centred, _inside).items()} == found
            for i, h in zip(inks, homes):
                i.home = h
    return labels, strokes


@pytest.mark.parametrize("folder", [ROOT / "data" / "heroscape-style", ROOT / "data" / "hexprint",
                                    FIXTURES / "big-map", FIXTURES / "preflight-corpus",
                                    FIXTURES / "mini-hexprint"])
def test_no_marked_label_is_crossed_by_a_stroke_of_its_grid_and_the_skip_changes_no_hit(folder):
    game = validate_game(folder)
    assert game.ok()
    labels = strokes = 0
    for paper in ("a4", "letter"):
        docs = render_maps(ReadLog(game), PageSpec.for_paper(paper, game.data.game.print.margin))
        for doc in docs.values():
            got = _pages_hold_the_claim(doc.pages)
            labels, strokes = labels + got[0], strokes + got[1]
    assert labels and strokes  # (the maps drawn mark what they draw)


def test_the_build_guides_tile_numbers_are_crossed_by_none_of_their_plans_strokes():
    """packs/heroscape_style/guide.py marks each level's plan (hexes, tiles' outlines) and the tiles' numbers clear
    inside their hexes in one grid."""
    from printgen.packs.heroscape_style.guide import guide_pages

    game = validate_game(ROOT / "data" / "heroscape-style")
    labels = strokes = 0
    for paper in ("a4", "letter"):
        spec = PageSpec.for_paper(paper, game.data.game.print.margin)
        for m in game.data.maps:
            got = _pages_hold_the_claim(guide_pages(m, game.data, spec))
            labels, strokes = labels + got[0], strokes + got[1]
    assert labels and strokes


def test_a_stroke_of_the_labels_grid_is_not_tested_and_one_of_another_grid_is():
    mine, other = Grid(), Grid()
    text = Ink("text", (10.0, 10.0, 20.0, 14.0), text="GW", size=10.0, cell=mine)
    live = [(0, _tight(text))]
    for cell, found in ((mine, {}), (other, {0: "rim"}), (None, {0: "rim"})):
        line = Ink("shape", (5.0, 11.9, 25.0, 12.1), role="rim", segments=(((5.0, 12.0), (25.0, 12.0)),),
                   stroke_width=0.2, cell=cell)
        assert first_crossings([line], live, None, [mine]) == found
        assert crossed([line], live, [mine]) == found
        assert first_crossings([line], live) == crossed([line], live) == {0: "rim"}  # (without the marks: tested)


def _hexagon(cx, cy, r, turn):
    return tuple((cx + r * math.cos(turn + k * math.pi / 3), cy + r * math.sin(turn + k * math.pi / 3))
                 for k in range(6))


def _edges(poly):
    return tuple(zip(poly, poly[1:] + poly[:1]))


boxes = st.tuples(st.floats(-30, 30), st.floats(-30, 30), st.floats(0.01, 25), st.floats(0.01, 25))


@settings(max_examples=examples(400), deadline=None)
@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(1, 30), st.floats(0, math.pi), st.booleans(), boxes)
def test_a_box_clear_inside_or_of_a_hexagon_is_crossed_by_none_of_its_edges(cx, cy, r, turn, backwards, box):
    poly = _hexagon(cx, cy, r, turn)
    poly = poly[::-1] if backwards else poly
    x, y, w, h = box
    b = (cx + x, cy + y, cx + x + w, cy + y + h)
    inside, of = clear_inside(poly, b), clear_of(poly, b)
    if inside:
        assert of
        # every corner of the box inside the hexagon, farther than its edges' lines by clear.CLEAR
        apothem = r * math.cos(math.pi / 6)
        for px, py in ((b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])):
            assert math.hypot(px - cx, py - cy) < r
        assert max(abs(b[0] - cx), abs(b[2] - cx), abs(b[1] - cy), abs(b[3] - cy)) < r
        assert apothem > 0
    if of:
        assert not crosses_any(_edges(poly), b)


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(1, 30), st.floats(0, math.pi),
       st.floats(0.0, 1.0), st.floats(0.0, 2 * math.pi), st.floats(0.05, 3))
def test_a_box_on_a_hexagons_edge_is_neither_clear_inside_nor_clear_of_it(cx, cy, r, turn, at, _, half):
    poly = _hexagon(cx, cy, r, turn)
    (ax, ay), (bx, by) = poly[0], poly[1]
    px, py = ax + (bx - ax) * at, ay + (by - ay) * at  # a point on an edge: the box round it straddles it
    b = (px - half, py - half, px + half, py + half)
    assert not clear_inside(poly, b) and not clear_of(poly, b)
