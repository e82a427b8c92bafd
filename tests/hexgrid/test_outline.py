"""Outlines of hex sets traced exactly on the lattice."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from printgen.hexgrid import Hex, Layout, hexagon, outline_loops, outline_points, ring
from printgen.hexgrid.outline import loop_area_sign

small = st.sets(st.builds(Hex, st.integers(-4, 4), st.integers(-4, 4)), min_size=1, max_size=40)


def _area(pts):
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))


@given(small, st.sampled_from(["flat", "pointy"]))
def test_outline_encloses_exactly_the_hexes_area(hs, orientation):
    lay = Layout(orientation, 10.0)
    hex_area = 3 * math.sqrt(3) / 2 * lay.radius ** 2
    total = sum(_area(loop) for loop in outline_points(hs, lay))
    assert abs(total) == pytest.approx(len(hs) * hex_area, rel=1e-9)


@given(small)
def test_outline_edges_count_matches_exposed_sides(hs):
    exposed = sum(1 for h in hs for d in range(6)
                  if Hex(h.q + [1, 1, 0, -1, -1, 0][d], h.r + [0, -1, -1, 0, 1, 1][d]) not in hs)
    assert sum(len(loop) for loop in outline_loops(hs)) == exposed


def test_single_hex_outline_is_its_six_corners():
    (loop,) = outline_points([Hex(0, 0)], Layout("flat", 25.4))
    assert len(loop) == 6
    assert all(math.hypot(x, y) == pytest.approx(25.4 / math.sqrt(3)) for x, y in loop)


def test_ring_has_an_outer_loop_and_a_hole_winding_the_other_way():
    loops = outline_loops(ring(Hex(0, 0), 1))
    assert [len(lp) for lp in loops] == [18, 6]
    assert loop_area_sign(loops[0]) == -loop_area_sign(loops[1])


def test_seven_hex_flower_outline():
    (loop,) = outline_loops(hexagon(1))
    assert len(loop) == 18


@given(small)
def test_outlines_worked_out_once_are_the_ones_worked_out_afresh_and_each_callers_own(hs):
    from printgen.hexgrid.outline import _outline_loops

    fresh = [list(loop) for loop in _outline_loops.__wrapped__(frozenset(hs))]
    first = outline_loops(hs)
    assert first == fresh
    first[0].append((99, 99))  # a caller changing its lists changes no one else's
    assert outline_loops(list(hs)) == fresh
