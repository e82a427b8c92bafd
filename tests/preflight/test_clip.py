"""preflight/clip.clipped, each side's step written out, answers as the loop over four (p, q) pairs it replaced
(kept here as the reference) for every segment and box: ends on a side, segments along an axis, empty boxes,
infinities and NaN among them; and as geometry.box_span says for finite ones."""

from __future__ import annotations

import math

from hypothesis import example, given, settings, strategies as st

from printgen.draw.geometry import box_span
from printgen.preflight.clip import clipped
from tests.conftest import examples


def _looped(x0, y0, x1, y1, bx0, by0, bx1, by1) -> bool:
    """The loop clipped was written out from (scene._clipped before)."""
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t0 >= t1:
            return False
    return True


# few values, so that ends fall on a box's sides and segments run along an axis; the odd floats too
value = st.one_of(st.sampled_from([0.0, -0.0, 1.0, 2.5, -3.0, 10.0, 10.000000001]),
                  st.sampled_from([math.inf, -math.inf, math.nan, 1e308, -1e308, 5e-324]))


@settings(max_examples=examples(600), deadline=None)
@given(*[value] * 8)
@example(2.5, 2.5, 2.5, 2.5, 0.0, 0.0, 10.0, 10.0)  # a point inside: along neither axis, the last side decides
@example(2.5, 2.5, 2.5, 2.5, 0.0, 0.0, math.nan, 10.0)  # a NaN q on a side along the segment: not <= 0
@example(2.5, 2.5, 2.5, 2.5, 0.0, 0.0, 10.0, math.nan)
def test_clipped_answers_as_the_loop_it_replaced(x0, y0, x1, y1, bx0, by0, bx1, by1):
    assert clipped(x0, y0, x1, y1, bx0, by0, bx1, by1) == _looped(x0, y0, x1, y1, bx0, by0, bx1, by1)


@settings(max_examples=examples(300), deadline=None)
@given(*[st.floats(-50, 50).map(lambda v: round(v, 1))] * 8)
def test_clipped_keeps_a_piece_where_box_span_finds_one(x0, y0, x1, y1, bx0, by0, bx1, by1):
    box = (min(bx0, bx1), min(by0, by1), max(bx0, bx1), max(by0, by1))
    seg = ((x0, y0), (x1, y1))
    assert clipped(x0, y0, x1, y1, *box) == (box_span(seg, box) is not None)
