"""Where a text prints: ``text_box`` against the corners worked out one by one."""

from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Text
from printgen.draw.fonts import FONTS, text_width
from printgen.draw.geometry import ASCENT, DESCENT, clip_polygon, text_box
from tests.conftest import examples

coord = st.floats(-500.0, 500.0)
matrices = st.one_of(
    st.just((1.0, 0.0, 0.0, 1.0, 0.0, 0.0)),
    st.tuples(st.floats(-math.pi, math.pi), coord, coord).map(
        lambda t: (math.cos(t[0]), math.sin(t[0]), -math.sin(t[0]), math.cos(t[0]), t[1], t[2])),
    st.tuples(*[st.floats(-3.0, 3.0)] * 4, coord, coord))


def _reference(op, m, pad):
    w = text_width(op.text, op.font, op.size)
    x0 = op.x - {"middle": w / 2, "end": w}.get(op.anchor, 0.0) - pad
    x1, y0, y1 = x0 + w + 2 * pad, op.y - ASCENT * op.size - pad, op.y + DESCENT * op.size + pad
    a, b, c, d, e, f = m
    pts = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


@given(coord, coord, st.text(max_size=12), st.sampled_from(sorted(FONTS)), st.floats(0.5, 20.0),
       st.sampled_from(["start", "middle", "end"]), matrices, st.sampled_from([0.0, 0.4, 1.5]))
def test_text_box_equals_its_corners_one_by_one(x, y, text, font, size, anchor, m, pad):
    op = Text(x, y, text, font=font, size=size, anchor=anchor)
    box = text_box(op, m, pad)
    assert box == _reference(op, m, pad)
    assert box[0] <= box[2] and box[1] <= box[3]


def test_text_box_of_a_middle_anchored_word_is_centred():
    op = Text(50.0, 20.0, "Attack", font="sans", size=4.0, anchor="middle")
    x0, y0, x1, y1 = text_box(op)
    w = text_width("Attack", "sans", 4.0)
    assert math.isclose(x1 - x0, w) and math.isclose((x0 + x1) / 2, 50.0)
    assert math.isclose(y0, 20.0 - ASCENT * 4.0) and math.isclose(y1, 20.0 + DESCENT * 4.0)


def _plain_clip_polygon(points, x0, y0, x1, y1):
    """clip_polygon as it was written before (a closure per edge): the reference."""
    def clip(pts, inside, cross):
        out = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        return out

    def at_x(x):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    pts = list(points)
    for inside, cross in ((lambda p: p[0] >= x0, at_x(x0)), (lambda p: p[0] <= x1, at_x(x1)),
                          (lambda p: p[1] >= y0, at_y(y0)), (lambda p: p[1] <= y1, at_y(y1))):
        if not pts:
            break
        pts = clip(pts, inside, cross)
    return pts


_coord = st.one_of(st.floats(-50, 150, allow_nan=False), st.sampled_from([0.0, 10.0, 100.0, 25.4]))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(_coord, _coord), min_size=0, max_size=9), _coord, _coord, st.floats(0, 120), st.floats(0, 120))
def test_clipping_a_polygon_gives_the_points_the_plain_clip_gives(points, x0, y0, w, h):
    # the same points, to the last bit (a tile's cut hexes are written as they were)
    assert clip_polygon(points, x0, y0, x0 + w, y0 + h) == _plain_clip_polygon(points, x0, y0, x0 + w, y0 + h)
