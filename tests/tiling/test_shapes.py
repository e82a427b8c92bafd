"""Placements and the greedy cover, against their plain definitions: the solver's model (and so its answer)
is made of exactly these lists, so they must not change in content, order or type."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.hexgrid import Hex, hexagon
from printgen.tiling.shapes import SHAPES, orientations, placements
from printgen.tiling.solver import _greedy
from tests.conftest import examples

POOL = hexagon(6)
SHAPE_SETS = st.sampled_from([tuple(SHAPES), ("7", "3", "2", "1"), ("3", "2", "1"), ("2", "1"), ("24",), ("3", "1")])


def plain_placements(cells, shapes):
    """Every turn of every shape at every anchor, the hexes made first and then looked up."""
    out = []
    for anchor in sorted(cells, key=lambda h: (h.r, h.q)):
        for shape in shapes:
            for turn, norm in orientations(shape):
                hexes = tuple(Hex(anchor.q + h.q, anchor.r + h.r) for h in norm)
                if all(h in cells for h in hexes):
                    out.append((shape, turn, hexes))
    return out


def plain_greedy(hexes, shapes, left):
    free, chosen = set(hexes), []
    for cell in sorted(hexes, key=lambda h: (h.r, h.q)):
        if cell not in free:
            continue
        for shape in shapes:
            if left is not None and left.get(shape, 0) <= 0:
                continue
            fit = next(((rot, cov) for rot, norm in orientations(shape)
                        for cov in [tuple(Hex(cell.q + n.q, cell.r + n.r) for n in norm)]
                        if all(h in free for h in cov)), None)
            if fit is not None:
                break
        else:
            return None
        if left is not None and shape in left:
            left[shape] -= 1
        free.difference_update(fit[1])
        chosen.append((shape, *fit))
    return chosen


@settings(max_examples=examples(150), deadline=None)
@given(st.sets(st.sampled_from(POOL), min_size=1, max_size=len(POOL)), SHAPE_SETS)
def test_placements_are_the_plain_definition(cells, shapes):
    got = placements(cells, shapes)
    assert got == plain_placements(cells, shapes)
    assert all(type(h) is Hex for _, _, hexes in got for h in hexes)


@settings(max_examples=examples(150), deadline=None)
@given(st.sets(st.sampled_from(POOL), min_size=1, max_size=len(POOL)), SHAPE_SETS,
       st.none() | st.dictionaries(st.sampled_from(tuple(SHAPES)), st.integers(0, 4)))
def test_the_greedy_cover_is_the_plain_definition(cells, shapes, left):
    got = _greedy(cells, shapes, dict(left) if left is not None else None)
    assert got == plain_greedy(cells, shapes, dict(left) if left is not None else None)
    assert got is None or all(type(h) is Hex for _, _, hexes in got for h in hexes)


def test_a_whole_hexagon_has_every_turn_of_every_shape_that_fits():
    cells = set(hexagon(3))  # 37 hexes: the 24-hex tile fits in none of its turns
    got = placements(cells, tuple(SHAPES))
    assert got == plain_placements(cells, tuple(SHAPES))
    count = {s: sum(1 for shape, _, _ in got if shape == s) for s in SHAPES}
    # a 7-hex tile round each hex at most two steps from the middle, a 2-hex one on each pair of neighbours
    assert count == {"24": 0, "7": 19, "3": 54, "2": 90, "1": 37}
    assert 90 == sum(1 for a in cells for b in cells if (a.q - b.q, a.r - b.r) in ((1, 0), (0, 1), (1, -1)))
