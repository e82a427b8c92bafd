"""A blocked hex's hatching: the lines across each hexagon are worked out once (render/maps/hexes.py
``hatch_lines``) and must draw what working them out for every window drew."""

from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Poly, Style
from printgen.draw.geometry import clip_segment
from printgen.hexgrid import Hex, Layout
from printgen.render.maps.hexes import _hatch, cut_around


def _plain_hatch(corners, window, dx, dy, colour, *, inside=False, holes=()):
    """The hatching as it was drawn before its lines were kept per hexagon: the reference."""
    wx0, wy0, wx1, wy1 = window
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    span = (max(xs) - min(xs)) + (max(ys) - min(ys))
    rect = [(wx0, wy0), (wx1, wy0), (wx1, wy1), (wx0, wy1)]
    ops = []
    step = 2.2
    k = math.floor((min(xs) - max(ys)) / step)
    while k * step < max(xs) - min(ys):
        p = (min(ys) + k * step - 1, min(ys) - 1)
        q = (p[0] + span + 2, p[1] + span + 2)
        seg = clip_segment(p, q, corners)
        if seg and not inside:
            seg = clip_segment(seg[0], seg[1], rect)
        if seg:
            (ax, ay), (bx, by) = seg
            page_seg = ((ax - wx0 + dx, ay - wy0 + dy), (bx - wx0 + dx, by - wy0 + dy))
            for part in cut_around(page_seg, holes) if holes else [page_seg]:
                ops.append(Poly(part, Style(stroke=colour, width=0.35), closed=False))
        k += 1
    return ops


boxes = st.tuples(st.floats(-20, 120), st.floats(-20, 120), st.floats(1, 30), st.floats(1, 20)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3]))


@settings(max_examples=60, deadline=None)
@given(st.integers(-6, 6), st.integers(-6, 6), st.sampled_from([12.7, 19.05, 25.4, 31.75]),
       st.sampled_from(["flat", "pointy"]), boxes, st.floats(-5, 40), st.floats(-5, 40),
       st.lists(boxes, max_size=3))
def test_hatching_from_kept_lines_is_the_hatching_worked_out_afresh(q, r, size, orientation, window, dx, dy, holes):
    corners = Layout(orientation, size, origin=(40.0, 40.0)).corners(Hex(q, r))
    for inside in (False, True):
        for _ in range(2):  # worked out, then taken again
            assert _hatch(corners, window, dx, dy, "#553322", inside=inside, holes=holes) == _plain_hatch(
                corners, window, dx, dy, "#553322", inside=inside, holes=holes)


def test_a_hex_in_the_window_is_hatched_across_inside_its_outline():
    corners = Layout("flat", 25.4).corners(Hex(0, 0))
    ops = _hatch(corners, (-30.0, -30.0, 30.0, 30.0), 0.0, 0.0, "#000000", inside=True)  # map (0, 0) at page (30, 30)
    assert len(ops) >= 8  # a line every 2.2 mm across a hex some 29 mm corner to corner
    r = 25.4 / math.sqrt(3)
    for op in ops:
        for x, y in op.points:  # page mm: the hex's centre at (30, 30)
            assert math.hypot(x - 30.0, y - 30.0) <= r + 1e-9
        (ax, ay), (bx, by) = op.points
        assert abs((bx - ax) - (by - ay)) < 1e-9  # 45 degrees
