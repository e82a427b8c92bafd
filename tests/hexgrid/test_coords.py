"""Property tests for axial/cube coordinates (Red Blob Games conventions)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from printgen.hexgrid import (
    DIRECTIONS, Hex, add, distance, hexagon, line, neighbour, neighbours, rectangle, ring, rotate_left,
    rotate_right, spiral, subtract,
)
from printgen.hexgrid.coords import components, is_connected

coord = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coord, coord)
radius = st.integers(min_value=0, max_value=12)


@given(hexes)
def test_cube_coordinates_sum_to_zero(h):
    assert h.q + h.r + h.s == 0


@given(hexes, hexes)
def test_add_subtract_round_trip(a, b):
    assert subtract(add(a, b), b) == a


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbours_are_six_distinct_at_distance_one(h):
    ns = neighbours(h)
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)
    assert all(neighbour(neighbour(h, i), i + 3) == h for i in range(6))


@given(hexes)
def test_six_rotations_are_identity(h):
    r = h
    for _ in range(6):
        r = rotate_left(r)
    assert r == h
    assert rotate_right(rotate_left(h)) == h
    assert distance(Hex(0, 0), rotate_left(h)) == distance(Hex(0, 0), h)


@given(hexes, radius)
def test_ring_has_6r_hexes_all_at_distance_r(center, r):
    hs = ring(center, r)
    assert len(hs) == len(set(hs)) == max(1, 6 * r)
    assert all(distance(center, h) == r for h in hs)
    # consecutive hexes in a ring are neighbours (it walks round)
    if r > 0:
        assert all(distance(a, b) == 1 for a, b in zip(hs, hs[1:] + hs[:1]))


@given(hexes, radius)
def test_spiral_and_hexagon_hold_3r_r_plus_1_plus_1_hexes(center, r):
    sp = spiral(center, r)
    assert len(sp) == len(set(sp)) == 3 * r * (r + 1) + 1
    assert sp[0] == center
    assert set(hexagon(r, center)) == set(sp)


@given(hexes, hexes)
def test_line_is_contiguous_and_shortest(a, b):
    hs = line(a, b)
    assert hs[0] == a and hs[-1] == b
    assert len(hs) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(hs, hs[1:]))


@given(st.integers(1, 20), st.integers(1, 20), st.sampled_from(["flat", "pointy"]))
def test_rectangle_size_and_connected(w, h, orientation):
    hs = rectangle(w, h, orientation)
    assert len(set(hs)) == w * h
    assert is_connected(hs)


def test_directions_follow_red_blob_order():
    assert DIRECTIONS[0] == Hex(1, 0) and DIRECTIONS[1] == Hex(1, -1) and DIRECTIONS[2] == Hex(0, -1)


def test_components_split_disconnected_sets():
    parts = components([Hex(0, 0), Hex(1, 0), Hex(5, 5)])
    assert [len(p) for p in parts] == [2, 1]
    assert not is_connected([Hex(0, 0), Hex(5, 5)])
