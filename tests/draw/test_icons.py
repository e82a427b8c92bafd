"""Icons drawn once per place (draw/icons.py draw_icon keeps each icon's ops by name, centre, size and colour,
and the curved outlines' unit points are worked out once): the same ops, to the last bit and sign, as the
icon functions as they were, which this test keeps as its reference."""

from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from printgen.draw import icons
from printgen.draw.document import Circle, Poly, Rect, Style
from printgen.draw.icons import ICONS, draw_icon
from tests.conftest import examples


def _poly(cx, cy, s, pts, colour, closed=True, width=0.0):
    points = tuple((cx + x * s / 2, cy + y * s / 2) for x, y in pts)
    if closed and not width:
        return Poly(points, Style(fill=colour))
    return Poly(points, Style(stroke=colour, width=width * s / 2), closed=closed)


def _drop(cx, cy, s, colour):
    pts = []
    for i in range(41):
        t = math.pi * i / 40
        pts.append((0.62 * math.cos(t + math.pi), 0.28 + 0.62 * math.sin(t)))
    pts = [(0.0, -0.95)] + [(x, y) for x, y in reversed(pts)] + []
    return [_poly(cx, cy, s, pts, colour)]


def _eye(cx, cy, s, colour):
    top = [(math.cos(math.pi * i / 20) * 0.95, -math.sin(math.pi * i / 20) * 0.55) for i in range(21)]
    bottom = [(math.cos(math.pi * i / 20) * 0.95, math.sin(math.pi * i / 20) * 0.55) for i in range(20, -1, -1)]
    outline = _poly(cx, cy, s, top + bottom[1:-1], colour, closed=True, width=0.12)
    return [outline, Circle(cx, cy, 0.3 * s / 2, Style(fill=colour))]


def _shield(cx, cy, s, colour):
    pts = [(-0.75, -0.8), (0.75, -0.8), (0.75, 0.0)]
    pts += [(0.75 * math.cos(t), 0.95 * math.sin(t)) for t in (i * math.pi / 16 for i in range(1, 16))]
    pts += [(-0.75, 0.0)]
    return [_poly(cx, cy, s, pts, colour)]


def _star(cx, cy, s, colour):
    pts = []
    for i in range(10):
        r = 0.95 if i % 2 == 0 else 0.4
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((r * math.cos(a), r * math.sin(a) + 0.08))
    return [_poly(cx, cy, s, pts, colour)]


def _heart(cx, cy, s, colour):
    pts = []
    for i in range(60):
        t = 2 * math.pi * i / 60
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17.0, -y / 17.0 + 0.05))
    return [_poly(cx, cy, s, pts, colour)]


def _leaf(cx, cy, s, colour):
    pts = [(0.95 * math.sin(t) * 0.55, -0.95 * math.cos(t)) for t in (i * math.pi / 20 for i in range(0, 41))]
    return [_poly(cx, cy, s, pts, colour),
            _poly(cx, cy, s, [(0.0, -0.7), (0.0, 0.95)], "#ffffff", closed=False, width=0.08)]


# the icons whose outlines are now worked out once, as they were drawn before
BEFORE = {"drop": _drop, "wound": _drop, "eye": _eye, "focus": _eye, "shield": _shield, "guard": _shield,
          "star": _star, "heart": _heart, "leaf": _leaf}

numbers = st.one_of(st.floats(-300, 300, allow_nan=False), st.sampled_from([0.0, -0.0, 1.0, -1.0]),
                    st.integers(-50, 50))


def _exact(ops) -> str:
    """The ops written out with every number's type and sign (repr tells -0.0 from 0.0, 1 from 1.0)."""
    return repr(ops)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(sorted(ICONS)), numbers, numbers, numbers, st.sampled_from(["#1d1d1b", "#ffffff", "#c0392b"]))
def test_an_icon_drawn_again_is_the_icon_drawn_afresh(name, cx, cy, size, colour):
    want = BEFORE[name](cx, cy, size, colour) if name in BEFORE else ICONS[name](cx, cy, size, colour)
    first = draw_icon(name, cx, cy, size, colour)
    again = draw_icon(name, cx, cy, size, colour)
    assert _exact(first) == _exact(want) and _exact(again) == _exact(want)
    first.clear()  # each call has a list of its own
    assert _exact(draw_icon(name, cx, cy, size, colour)) == _exact(want)


def test_signed_zeros_and_whole_numbers_are_kept_apart():
    a = draw_icon("eye", 0.0, 0.0, 2.0, "#000000")
    b = draw_icon("eye", -0.0, 0.0, 2.0, "#000000")
    c = draw_icon("eye", 0, 0.0, 2.0, "#000000")
    assert repr(a[1].cx) == "0.0" and repr(b[1].cx) == "-0.0" and repr(c[1].cx) == "0"
    assert isinstance(draw_icon("skull", 1.0, 1.0, 1.0, "#000000")[1], Rect)


def test_the_kept_icons_are_bounded():
    icons._DRAWN.clear()
    for i in range(icons._DRAWN_MAX + 10):
        draw_icon("check", float(i), 0.0, 1.0, "#000000")
    assert len(icons._DRAWN) <= icons._DRAWN_MAX


def test_a_colour_that_is_no_text_is_drawn_as_before_not_kept():
    """A layout's ``icons:`` colour is whatever its YAML holds (a list too): drawn as the icon draws it, never
    a key of the kept ops (an unhashable one made draw_icon raise where the icon itself does not)."""
    from printgen.draw.icons import ICONS, draw_icon

    for colour in (["#ffffff"], {"a": 1}):
        assert draw_icon("heart", 1.0, 2.0, 3.0, colour) == ICONS["heart"](1.0, 2.0, 3.0, colour)


def test_kept_icons_tell_apart_what_prints_apart():
    """Keys that compare equal but draw differently (1 / 1.0 / True, 0.0 / -0.0) each get their own ops."""
    from printgen.draw.icons import ICONS, _DRAWN, draw_icon

    _DRAWN.clear()
    cases = [("star", 0.0, 1.0, 2.0, "#000000"), ("star", -0.0, 1.0, 2.0, "#000000"),
             ("star", 0.0, -0.0, 2.0, "#000000"), ("star", 1.0, 1.0, 2.0, "#000000"),
             ("star", 1, 1.0, 2.0, "#000000"), ("star", True, 1.0, 2.0, "#000000"),
             ("hex", 1.0, 1.0, 2.0, "#000000"), ("star", 1.0, 1.0, 2.0, "#000001")]
    for _ in range(2):  # the second round from the kept ops
        for name, cx, cy, s, colour in cases:
            got, want = draw_icon(name, cx, cy, s, colour), ICONS[name](cx, cy, s, colour)
            assert got == want and repr(got) == repr(want)  # repr: the sign of a zero and int/float too
