"""Hex to point and back, corners and sizes in millimetres."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from printgen.hexgrid import Hex, Layout, neighbour

coord = st.integers(min_value=-200, max_value=200)
orient = st.sampled_from(["flat", "pointy"])
size = st.floats(min_value=1.0, max_value=100.0)


@given(coord, coord, orient, size)
def test_point_to_hex_round_trip(q, r, orientation, s):
    lay = Layout(orientation, s, origin=(12.5, -3.0))
    h = Hex(q, r)
    assert lay.point_to_hex(*lay.hex_to_point(h)) == h


@given(coord, coord, orient, size, st.integers(0, 5))
def test_neighbour_centres_are_one_flat_to_flat_apart(q, r, orientation, s, d):
    lay = Layout(orientation, s)
    a = lay.hex_to_point(Hex(q, r))
    b = lay.hex_to_point(neighbour(Hex(q, r), d))
    assert math.dist(a, b) == pytest.approx(s, rel=1e-9)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_one_inch_hex_measures_25_4_mm_across_flats(orientation):
    lay = Layout(orientation, 25.4)
    cs = lay.corners(Hex(0, 0))
    xs, ys = [c[0] for c in cs], [c[1] for c in cs]
    across_flats = (max(ys) - min(ys)) if orientation == "flat" else (max(xs) - min(xs))
    across_corners = (max(xs) - min(xs)) if orientation == "flat" else (max(ys) - min(ys))
    assert across_flats == pytest.approx(25.4, abs=1e-9)
    assert across_corners == pytest.approx(2 * 25.4 / math.sqrt(3), abs=1e-9)


@given(coord, coord, orient, size)
def test_corners_lie_on_the_circumradius(q, r, orientation, s):
    lay = Layout(orientation, s)
    c = lay.hex_to_point(Hex(q, r))
    for p in lay.corners(Hex(q, r)):
        assert math.dist(c, p) == pytest.approx(s / math.sqrt(3), rel=1e-9)


def test_bad_layouts_are_refused():
    with pytest.raises(ValueError):
        Layout("sideways", 10)
    with pytest.raises(ValueError):
        Layout("flat", 0)


@given(st.floats(-1e4, 1e4), st.floats(-1e4, 1e4), st.floats(min_value=1e-3, max_value=500.0), orient)
def test_hex_corners_from_cached_offsets_equal_the_trigonometry(cx, cy, radius, orientation):
    # the corners add a size's cached offsets to the centre: the very floats computing them afresh gives
    # (the PDFs' bytes depend on it)
    from printgen.hexgrid.layout import hex_corners

    start = 0.0 if orientation == "flat" else 30.0
    fresh = [(cx + radius * math.cos(math.radians(start + 60 * i)),
              cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]
    assert hex_corners(cx, cy, radius, orientation) == fresh
    assert hex_corners(cx, cy, radius, orientation) == fresh  # a second time, from the cache


@given(st.lists(st.tuples(coord, coord), max_size=30), orient, size,
       st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)))
def test_bounds_equal_the_extremes_of_every_corner(qrs, orientation, s, origin):
    # bounds come from the extreme centres and offsets: the very floats of the corner-by-corner extremes
    lay = Layout(orientation, s, origin=origin)
    hexes = [Hex(q, r) for q, r in qrs]
    corners = [p for h in hexes for p in lay.corners(h)]
    want = (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners),
            max(y for _, y in corners)) if corners else (0.0, 0.0, 0.0, 0.0)
    assert lay.bounds(hexes) == want
