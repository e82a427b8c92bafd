"""collide's loops written out answer as the plain readings they stand for: ``_tiled`` (do two marks' outlines share
an edge? a corner of one counted when any corner of the other lies within the tolerance on both axes, two such
corners an edge), on outlines sharing corners exactly, nearly (within and just past the tolerance) and not at all,
with repeated points and odd values; and ``free_marks`` (the marks no other of their group holds) on a face's
few marks, nested, touching, across the cells it files them in."""

from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from printgen.preflight.collide import BULK, _cells, _holds, _shared_groups, _tiled, free_marks, is_mark
from printgen.preflight.scene import Ink
from tests.conftest import examples


def _plain(a, b, tol: float = 0.05) -> bool:
    """The reading _tiled stands for (as it was written before its loops were written out)."""
    common = 0
    for p in a:
        if any(abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol for q in b):
            common += 1
            if common >= 2:
                return True
    return False


# coordinates on a coarse grid, so that corners often coincide, or lie a tolerance or so apart
_near = st.sampled_from([0.0, -0.0, 0.02, 0.049, 0.05, 0.051, 0.1, -0.05, 1e-12])
_coord = st.builds(lambda base, off: base * 2.5 + off, st.integers(-3, 3), _near)
_odd = st.sampled_from([math.nan, math.inf, -math.inf, 1e300])
_point = st.one_of(st.tuples(_coord, _coord), st.tuples(_coord, _odd), st.tuples(_odd, _coord))
_outline = st.lists(_point, max_size=8).map(tuple)


@settings(max_examples=examples(300), deadline=None)
@given(_outline, _outline, st.sampled_from([0.05, 0.01, 0.2]))
def test_tiled_is_the_plain_reading(a, b, tol):
    assert _tiled(a, b, tol) == _plain(a, b, tol)
    assert _tiled(b, a, tol) == _plain(b, a, tol)


def test_two_hexes_edge_to_edge_are_tiled_and_a_pip_beside_them_is_not():
    r = 5.0
    hexagon = tuple((r * math.cos(math.pi / 3 * k), r * math.sin(math.pi / 3 * k)) for k in range(6))
    dx = 1.5 * r
    dy = r * math.sqrt(3) / 2
    neighbour = tuple((x + dx, y + dy) for x, y in hexagon)  # shares the edge from corner 0 to corner 1
    assert _tiled(hexagon, neighbour) and _tiled(neighbour, hexagon)
    shifted = tuple((x + dx + 0.06, y + dy) for x, y in hexagon)  # just past the tolerance
    assert not _tiled(hexagon, shifted)
    pip = tuple((r + 0.01 + 0.3 * math.cos(k), 0.3 * math.sin(k)) for k in range(16))  # one corner's neighbourhood
    assert not _tiled(hexagon, pip)


def _plain_free(inks):
    """free_marks below BULK as it was written before its loop was written out."""
    marks = [i for i in inks if is_mark(i)]
    if len(marks) < 2:
        return marks
    shared = _shared_groups(marks)
    if not shared:
        return marks
    crowd = [m for m in marks if m.group in shared]
    assert len(crowd) < BULK
    cells = _cells([m.box for m in crowd], 8.0)
    held = set()
    for i, m in enumerate(crowd):
        box, group = m.box, m.group
        x0, y0, x1, y1 = cells[i]
        if any(j != i and c[0] <= x1 and x0 <= c[2] and c[1] <= y1 and y0 <= c[3] and crowd[j].group == group
               and _holds(crowd[j].box, box) and not _holds(box, crowd[j].box) for j, c in enumerate(cells)):
            held.add(id(m))
    return [m for m in marks if id(m) not in held]


# boxes near cell borders (8 mm), nested, equal, and a tolerance apart
_edge = st.builds(lambda k, off: k * 8.0 + off, st.integers(0, 3), st.sampled_from([0.0, 0.03, -0.03, 0.05, 2.0, 5.5]))
_size = st.sampled_from([0.0, 0.04, 1.0, 3.0, 8.0, 12.0])


@st.composite
def _mark(draw):
    x, y, w, h = draw(_edge), draw(_edge), draw(_size), draw(_size)
    box = (x, y, x + w, y + h)
    return Ink("shape", box, draw(st.sampled_from(["", "icon", "hex", "badge"])), filled=True,
               group=draw(st.integers(0, 2)), colour=draw(st.sampled_from(["#aa0000", "#0000aa"])),
               outline=((x, y), (x + w, y), (x + w, y + h)) if draw(st.booleans()) else ())


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_mark(), max_size=BULK - 1))
def test_free_marks_is_the_plain_reading(inks):
    assert [id(m) for m in free_marks(inks)] == [id(m) for m in _plain_free(inks)]


@settings(max_examples=50, deadline=None)
@given(st.lists(_mark(), min_size=1, max_size=30), st.lists(_mark(), min_size=1, max_size=30))
def test_holding_asked_again_of_the_very_marks_gives_what_it_works_out_afresh(first, other):
    """bulk.holding keeps what it gave for the last marks it read (free_marks, then mark_pairs, read the same): the
    very marks again give the same; other marks, even as many, are read afresh."""
    import numpy as np

    from printgen.preflight import bulk

    def fresh(marks):
        bulk._HOLDING[:] = [[], None, None]
        return bulk.holding(marks)

    for marks in (first, other, list(first), first[::-1]):
        expected = fresh(marks)
        bulk.holding(other if marks is not other else first)  # (another reading in between)
        bulk.holding(marks)
        got = bulk.holding(marks)  # (kept)
        assert got is bulk._HOLDING[2]
        assert all(np.array_equal(a, b) for a, b in zip(got, expected))
