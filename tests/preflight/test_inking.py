"""A page's loose ops read by their own short paths (inking._plain_poly, _plain_path, _plain_text: a map page is
thousands of them) give exactly the inks the general reading (inking._ink through the identity) gives, box for box
down to the sign of a zero; and the grid's near_index, looking through the cells that hold something when a box
covers more cells than those, gives what walking every covered cell gives."""

from __future__ import annotations

import os

from hypothesis import example, given, settings, strategies as st

from printgen.draw.document import IDENTITY, Circle, Image, Path, Poly, Rect, Style, Text
from printgen.preflight.scene import Grid, _ink, flatten_ops, loose_inks

EXAMPLES = 2000 if os.environ.get("PRINTGEN_NIGHTLY") else 150

# few values, so that ends coincide (a zero-length line, an edge along an axis), and both zeros
coord = st.sampled_from([0.0, -0.0, 1.0, 2.5, -3.0, 10.0, 10.000000001, 40.0])
colour = st.sampled_from(["", "#000000", "#AABBCC", "#c9c2a8", "none"])
style = st.builds(Style, fill=colour, stroke=colour, width=st.sampled_from([0.0, 0.25, 0.3, 1.0]))
text = st.sampled_from(["", " ", "A", "WW", "Tile A1", "12 +", "  x  "])
op = st.one_of(
    st.builds(Poly, st.lists(st.tuples(coord, coord), min_size=2, max_size=7).map(tuple), style,
              closed=st.booleans(), role=st.sampled_from(["", "hex", "iso", "align"])),
    st.builds(Text, coord, coord, text, st.sampled_from(["sans", "sans-bold", "serif"]),
              st.sampled_from([0.0, 1.0, 2.8]), colour, st.sampled_from(["start", "middle", "end"])),
    st.builds(Circle, coord, coord, st.sampled_from([0.0, 0.5, 3.0]), style),
    st.builds(Path, st.lists(st.lists(st.tuples(coord, coord), max_size=5).map(tuple), min_size=1, max_size=3)
              .map(tuple), style, role=st.sampled_from(["", "tile", "background"])),
    st.builds(Rect, coord, coord, coord, coord, style),
    st.builds(Image, coord, coord, st.sampled_from([0.0, 5.0]), st.sampled_from([0.0, 5.0]), st.just(b"")),
)


def _general(ops, start: int = 0) -> list:
    """Each loose op read as the general path reads one (the matrix's branches), with flatten's filter."""
    out = []
    for k, o in enumerate(ops, start):
        ink = _ink(o, IDENTITY, 0, k)
        if ink is not None and (ink.box[2] - ink.box[0] > 0 or ink.box[3] - ink.box[1] > 0 or ink.kind == "shape"):
            out.append(ink)
    return out


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(op, max_size=12))
@example([Poly(((0.0, 0.0), (-0.0, -0.0)), Style(fill="#000000"), closed=True),  # both zeros: max() keeps the first
          Poly(((-0.0, 2.0), (0.0, 1.0)), Style(fill="#000000"), closed=True)])
def test_loose_ops_read_by_their_short_paths_are_the_general_readings_inks(ops):
    want = _general(ops)
    for got in (flatten_ops(ops), loose_inks(ops, 0)):
        assert got == want
        # (== takes -0.0 for 0.0: the boxes' and sizes' own figures are compared too)
        assert [repr((i.box, i.size, i.outline)) for i in got] == [repr((i.box, i.size, i.outline)) for i in want]
        assert [i.segments for i in got] == [i.segments for i in want]
    assert loose_inks(ops, 5) == _general(ops, 5)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(st.tuples(st.floats(-20, 300), st.floats(-20, 300), st.floats(0, 40), st.floats(0, 40)), max_size=12),
       st.tuples(st.floats(-50, 300), st.floats(-50, 300), st.floats(0, 400), st.floats(0, 400)))
def test_a_box_over_more_cells_than_hold_anything_is_given_the_boxes_of_its_cells(boxes, query):
    boxes = [(x, y, x + w, y + h) for x, y, w, h in boxes]  # few boxes, most of them small: few cells filled
    q = (query[0], query[1], query[0] + query[2], query[1] + query[3])  # a query up to a page across
    grid = Grid(list(range(len(boxes))), cell=12.0, boxes=boxes)

    def cells(b):
        return {(gx, gy) for gx in range(int(b[0] // 12), int(b[2] // 12) + 1)
                for gy in range(int(b[1] // 12), int(b[3] // 12) + 1)}

    assert grid.near_index(q) == [i for i, b in enumerate(boxes) if cells(b) & cells(q)]


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(op, min_size=1, max_size=6), st.tuples(coord, coord, coord, coord))
# a point repeated inside the box (no segment, so no crossing), on an open and a closed stroke
@example([Poly(((2.5, 2.5), (2.5, 2.5), (40.0, 40.0)), Style(stroke="#000000", width=0.3), closed=True),
          Poly(((2.5, 2.5), (2.5, 2.5)), Style(stroke="#000000", width=0.3), closed=False)], (0.0, 0.0, 10.0, 10.0))
def test_a_stroke_tested_on_its_points_crosses_what_its_segments_cross(ops, corners):
    """scene.crosses_ink reads a stroke's points pair by pair where its segments are not worked out yet: the
    same answer as crosses_any on its segments, for every ink (its segments read first, or not) and box."""
    from printgen.preflight.scene import crosses_any, crosses_ink

    x0, y0, x1, y1 = corners
    box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    for ink in flatten_ops(ops):  # (fresh inks: their segments not yet worked out)
        got = crosses_ink(ink, box)
        assert got == crosses_any(ink.segments, box) == crosses_ink(ink, box)
