"""The tiling solver: exact covers that respect terrain, levels and support; least tile counts."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.hexgrid import Hex, hexagon
from printgen.tiling import SHAPES, TilingError, cells_from_heights, merge_inventories, orientations, solve

from .brute import brute_best

TERRAINS = ("grass", "rock", "water")


@st.composite
def height_maps(draw, radius=4, max_hexes=60, max_height=4, terrains=TERRAINS):
    pool = hexagon(radius)
    hexes = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=max_hexes, unique=True))
    return {h: (draw(st.integers(1, max_height)), draw(st.sampled_from(terrains))) for h in hexes}


def assert_exact_cover(cells, tiling, cliffs=True):
    covered = Counter((h, t.level) for t in tiling.tiles for h in t.hexes)
    assert set(covered) == set(cells) and all(n == 1 for n in covered.values())
    top = {}
    for h, lv in cells:
        top[h] = max(top.get(h, 0), lv)
    for t in tiling.tiles:
        assert len(t.hexes) == int(t.shape)
        assert sorted(t.hexes, key=lambda h: (h.r, h.q)) == list(t.hexes)
        # the tile is its shape turned and moved: compare with the normalised orientation
        norms = {n for _, n in orientations(t.shape)}
        h0 = t.hexes[0]
        assert tuple(Hex(h.q - h0.q, h.r - h0.r) for h in t.hexes) in norms
        assert {cells[(h, t.level)] for h in t.hexes} == {t.terrain}           # one terrain
        if cliffs:
            assert len({top[h] for h in t.hexes}) == 1                        # no level change
        if t.level > 1:
            assert all((h, t.level - 1) in covered for h in t.hexes)          # rests on tiles


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(height_maps())
def test_random_maps_are_covered_exactly_once(tops):
    cells = cells_from_heights(tops)
    tiling = solve(cells)
    assert_exact_cover(cells, tiling)
    assert tiling.optimal and tiling.missing == {}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(height_maps(max_height=3), st.booleans())
def test_random_maps_with_filler_and_without_cliffs(tops, cliffs):
    cells = cells_from_heights(tops, under="rock")
    tiling = solve(cells, cliffs=cliffs)
    assert_exact_cover(cells, tiling, cliffs=cliffs)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(height_maps(radius=2, max_hexes=9, max_height=2, terrains=("grass", "rock")))
def test_least_tile_count_matches_brute_force(tops):
    cells = cells_from_heights(tops)
    tiling = solve(cells)
    assert (0, len(tiling.tiles)) == brute_best(cells)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(height_maps(radius=2, max_hexes=9, max_height=2, terrains=("grass", "rock")),
       st.dictionaries(st.tuples(st.sampled_from(tuple(SHAPES)), st.sampled_from(("grass", "rock"))),
                       st.integers(0, 3)))
def test_inventory_shortfall_and_count_match_brute_force(tops, inventory):
    cells = cells_from_heights(tops)
    tiling = solve(cells, inventory=inventory)
    assert_exact_cover(cells, tiling)
    used = tiling.counts()
    for key, n in used.items():
        assert n <= inventory.get(key, 0) + tiling.missing.get(key, 0)
    assert (sum(tiling.missing.values()), len(tiling.tiles)) == brute_best(cells, inventory)


def test_a_big_hexagon_takes_24_hex_tiles_and_says_it_is_optimal():
    cells = cells_from_heights({h: (1, "grass") for h in hexagon(6)})  # 127 hexes
    tiling = solve(cells)
    assert tiling.optimal and tiling.method == "exact"
    assert tiling.counts()[("24", "grass")] == 4
    assert len(tiling.tiles) == 18  # the real 24-hex tile (rows 2-3-3-5-5-6) leaves 31 hexes to 14 tiles


def test_a_sufficient_inventory_is_used_without_missing_tiles():
    tops = {h: (1, "grass") for h in hexagon(1)} | {Hex(3, 0): (2, "rock"), Hex(4, 0): (2, "rock")}
    inv = merge_inventories([{("7", "grass"): 1}, {("2", "rock"): 1, ("1", "rock"): 2}])
    tiling = solve(cells_from_heights(tops), inventory=inv)
    assert tiling.missing == {}
    assert tiling.counts() == {("7", "grass"): 1, ("2", "rock"): 1, ("1", "rock"): 2}
    assert tiling.counts(level=2) == {("2", "rock"): 1}


def test_an_inventory_too_small_says_exactly_what_is_missing():
    tops = {h: (1, "water") for h in (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))}
    tiling = solve(cells_from_heights(tops), inventory={("2", "water"): 1})
    assert tiling.missing == {("2", "water"): 1}
    assert tiling.counts() == {("2", "water"): 2}


def test_a_cell_standing_on_nothing_is_an_error():
    with pytest.raises(TilingError, match="stand on nothing.*0,0 level 3"):
        solve({(Hex(0, 0), 1): "rock", (Hex(0, 0), 3): "rock"})


def test_shapes_that_cannot_cover_a_part_say_so_without_an_inventory():
    # two hexes, only the 24-hex tile allowed: nothing to count missing tiles against
    with pytest.raises(TilingError, match="shapes 24 cannot cover the grass cells at level 1 around hex 0,0"):
        solve({(Hex(0, 0), 1): "grass", (Hex(1, 0), 1): "grass"}, shapes=("24",))


def test_same_map_same_tiling(monkeypatch):
    tops = {h: (1 + (h.q * 7 + h.r * 3) % 3, ("grass", "rock")[(h.q + h.r) % 2 == 0 and h.r > 0])
            for h in hexagon(5)}
    a = solve(cells_from_heights(tops))
    monkeypatch.setattr("printgen.tiling.solver._SOLVED", {})  # solved again, not taken from memory
    monkeypatch.setattr("printgen.tiling.solver._PARTS", {})
    b = solve(cells_from_heights(dict(reversed(list(tops.items())))))
    assert a == b
