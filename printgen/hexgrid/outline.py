"""The outline of any set of hexes, computed exactly on the hex lattice.

Hex corners are the centroids of the three hexes that meet there, so
3 x (corner in axial coordinates) is an integer pair. Working on those
integer keys, the outline has no floating-point slivers: a boundary edge is a
hex side whose neighbour is not in the set, and because exactly three hexes
meet at every corner, each boundary corner has exactly one boundary edge in
and one out, so the loops trace without ambiguity.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from .coords import DIRECTIONS, Hex
from .layout import Layout

Vertex = tuple[int, int]  # 3 x axial coordinates of a hex corner

# Corner offsets (x3, axial), in rotational order around the hex.
CORNER_OFFSETS: tuple[Vertex, ...] = ((2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2))


def _cube_dot(a: tuple[int, int], b: tuple[int, int]) -> int:
    return a[0] * b[0] + a[1] * b[1] + (-a[0] - a[1]) * (-b[0] - b[1])


def _edge_corners() -> dict[int, tuple[int, int]]:
    """For each direction, the pair (i, i+1) of corner indices on the side facing it."""
    out = {}
    for d, step in enumerate(DIRECTIONS):
        dots = [_cube_dot(off, step) for off in CORNER_OFFSETS]
        best = max(dots)
        i, j = [k for k, v in enumerate(dots) if v == best]
        out[d] = (j, i) if (i, j) == (0, 5) else (i, j)
    return out


EDGE_CORNERS = _edge_corners()


def corner_vertex(h: Hex, i: int) -> Vertex:
    off = CORNER_OFFSETS[i % 6]
    return (3 * h.q + off[0], 3 * h.r + off[1])


def _signed_area(loop: list[Vertex]) -> float:
    # Shoelace in the (skewed) axial lattice: the sign is what matters, and it
    # is preserved by the linear map to the page (up to the map's handedness).
    a = 0
    for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]):
        a += x0 * y1 - x1 * y0
    return a / 2.0


def outline_loops(hexes: Iterable[Hex]) -> list[list[Vertex]]:
    """Closed boundary loops of a hex set, as integer lattice vertices.

    The first loop is the largest outer boundary; holes wind the other way.
    Every loop starts at its smallest vertex, so the output is deterministic.
    """
    return [list(loop) for loop in _outline_loops(frozenset(hexes))]


@lru_cache(maxsize=1024)  # a tile's hexes, mostly: a map's whole outline now and then
def _outline_loops(pool: frozenset) -> tuple[tuple[Vertex, ...], ...]:
    """``outline_loops`` of a set, worked out once: a build guide outlines each tile on several pages, and
    on both papers."""
    nxt: dict[Vertex, Vertex] = {}
    for h in pool:
        for d, step in enumerate(DIRECTIONS):
            if Hex(h.q + step.q, h.r + step.r) in pool:
                continue
            i, j = EDGE_CORNERS[d]
            nxt[corner_vertex(h, i)] = corner_vertex(h, j)
    loops = []
    while nxt:
        start = min(nxt)
        loop = [start]
        v = nxt.pop(start)
        while v != start:
            loop.append(v)
            v = nxt.pop(v)
        loops.append(loop)
    loops.sort(key=lambda lp: (-abs(_signed_area(lp)), lp[0]))
    return tuple(tuple(loop) for loop in loops)


def loop_area_sign(loop: list[Vertex]) -> int:
    a = _signed_area(loop)
    return (a > 0) - (a < 0)


def vertex_to_point(v: Vertex, layout: Layout) -> tuple[float, float]:
    return layout.frac_to_point(v[0] / 3.0, v[1] / 3.0)


def outline_points(hexes: Iterable[Hex], layout: Layout) -> list[list[tuple[float, float]]]:
    """Outline loops in mm (see ``outline_loops``)."""
    return [[vertex_to_point(v, layout) for v in loop] for loop in outline_loops(hexes)]
