"""The tile shapes the solver places: the 1, 2, 3, 7 and 24 hex polyhexes of `printgen stl`.

A placement is a shape turned by a multiple of 60 degrees and moved on the hex lattice.
Shapes are never mirrored (a tile's top is not its bottom); the five shapes are mirror
symmetric anyway, so no tiling is lost.
"""

from __future__ import annotations

from functools import lru_cache

from ..hexgrid import Hex, rotate_left
from ..hexgrid.coords import normalise
from ..mesh.shapes import NAMED

# Largest first: the greedy fallback tries big tiles before small ones.
SHAPES: dict[str, tuple[Hex, ...]] = {name: tuple(NAMED[name]) for name in ("24", "7", "3", "2", "1")}


@lru_cache(maxsize=None)
def orientations(shape: str) -> tuple[tuple[int, tuple[Hex, ...]], ...]:
    """(rotation in 60-degree steps, normalised hexes) for each distinct turn of ``shape``.

    Normalised means the first hex in (r, q) order is the origin, so a placement anchored
    at a cell covers that cell as its first hex."""
    out, seen = [], set()
    cells = list(SHAPES[shape])
    for turn in range(6):
        norm = normalise(cells)
        if norm not in seen:
            seen.add(norm)
            out.append((turn, norm))
        cells = [rotate_left(h) for h in cells]
    return tuple(out)


@lru_cache(maxsize=None)
def turn_offsets(shape: str) -> tuple[tuple[int, tuple[Hex, ...], tuple[tuple[int, int], ...]], ...]:
    """``orientations`` with each turn's hexes also as plain (q, r) offsets."""
    return tuple((turn, norm, tuple((h.q, h.r) for h in norm)) for turn, norm in orientations(shape))


def placements(cells: set[Hex], shapes=tuple(SHAPES)) -> list[tuple[str, int, tuple[Hex, ...]]]:
    """Every (shape, rotation, hexes) lying wholly inside ``cells``, each listed once
    (anchored at its first hex in (r, q) order), in a deterministic order."""
    # A Hex is a tuple: a plain (q, r) finds it in ``cells``, so a turn that does not fit (most of the
    # 24-hex tile's, on a map) is turned down at its first missing hex without making a Hex; only the
    # placements that fit are made (tuple.__new__: the NamedTuple's own constructor is a Python call)
    new = tuple.__new__
    out = []
    for anchor in sorted(cells, key=lambda h: (h.r, h.q)):
        aq, ar = anchor
        for shape in shapes:
            for turn, _, offsets in turn_offsets(shape):
                for dq, dr in offsets:
                    if (aq + dq, ar + dr) not in cells:
                        break
                else:
                    out.append((shape, turn, tuple([new(Hex, (aq + dq, ar + dr)) for dq, dr in offsets])))
    return out
