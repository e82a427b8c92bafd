"""Axial / cube hex coordinates: neighbours, distance, rings, spirals, lines, shapes.

Pure integer maths with no orientation: the same hex set is a flat-top or a
pointy-top map depending only on the Layout used to draw it.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple


class Hex(NamedTuple):
    """An axial hex coordinate; ``s`` completes the cube coordinate (q + r + s = 0)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


# Red Blob order: direction i+1 is direction i turned 60 degrees counter-clockwise
# in cube space (on screen, with y down, that is clockwise for flat-top maps).
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def scale(a: Hex, k: int) -> Hex:
    return Hex(a.q * k, a.r * k)


def direction(i: int) -> Hex:
    return DIRECTIONS[i % 6]


def neighbour(h: Hex, i: int) -> Hex:
    return add(h, direction(i))


def neighbours(h: Hex) -> list[Hex]:
    return [neighbour(h, i) for i in range(6)]


def length(h: Hex) -> int:
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    return length(subtract(a, b))


def rotate_left(h: Hex) -> Hex:
    """Rotate 60 degrees about the origin, towards the next direction index."""
    return Hex(-h.r, -h.s)


def rotate_right(h: Hex) -> Hex:
    return Hex(-h.s, -h.q)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``center`` (6 * radius of them; [center] for 0)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    out = []
    h = add(center, scale(direction(4), radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Center first, then ring 1, ring 2, ... up to ``radius``: 3r(r+1)+1 hexes."""
    out = [center]
    for k in range(1, radius + 1):
        out += ring(center, k)
    return out


def hexagon(radius: int, center: Hex = Hex(0, 0)) -> list[Hex]:
    """A hexagon-shaped map of the given radius (same set as ``spiral``, row order)."""
    return sorted(spiral(center, radius), key=lambda h: (h.r, h.q))


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def round_hex(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinate (q, r)."""
    return _cube_round(q, r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b inclusive (distance + 1 of them).

    A tiny nudge keeps the line off hex edges, so ties break the same way every time.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eq, er = 1e-6, 2e-6
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(a.q + eq + (b.q - a.q) * t, a.r + er + (b.r - a.r) * t))
    return out


def parallelogram(q0: int, q1: int, r0: int, r1: int) -> list[Hex]:
    return [Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1)]


def rectangle(width: int, height: int, orientation: str = "flat") -> list[Hex]:
    """A ``width`` columns by ``height`` rows map, as drawn on paper.

    Flat-top: columns are straight, odd columns shifted down half a hex.
    Pointy-top: rows are straight, odd rows shifted right half a hex.
    """
    if width <= 0 or height <= 0:
        raise ValueError("width and height must be positive")
    out = []
    if orientation == "flat":
        for q in range(width):
            off = q // 2
            out += [Hex(q, r - off) for r in range(height)]
    elif orientation == "pointy":
        for r in range(height):
            off = r // 2
            out += [Hex(q - off, r) for q in range(width)]
    else:
        raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
    return out


def is_connected(hexes: Iterable[Hex]) -> bool:
    """True when every hex can be reached from every other through shared edges."""
    pool = set(hexes)
    if not pool:
        return False
    start = next(iter(pool))
    seen = {start}
    stack = [start]
    while stack:
        h = stack.pop()
        for n in neighbours(h):
            if n in pool and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(pool)


def components(hexes: Iterable[Hex]) -> list[set[Hex]]:
    """The connected pieces of a hex set, largest first."""
    pool = set(hexes)
    out = []
    while pool:
        start = pool.pop()
        part = {start}
        stack = [start]
        while stack:
            h = stack.pop()
            for n in neighbours(h):
                if n in pool:
                    pool.discard(n)
                    part.add(n)
                    stack.append(n)
        out.append(part)
    return sorted(out, key=len, reverse=True)



def normalise(hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    """The hexes moved so that the first in (r, q) order sits at the origin, sorted (r, q)."""
    cells = sorted(hexes, key=lambda h: (h.r, h.q))
    q0, r0 = cells[0].q, cells[0].r
    return tuple(Hex(h.q - q0, h.r - r0) for h in cells)


def canonical(hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    """The same hexes for every turn and move of a shape on the lattice: the least of its six turns,
    normalised. Two regions print as the same tile exactly when their canonical forms are equal."""
    cells = list(hexes)
    best = None
    for _ in range(6):
        norm = normalise(cells)
        if best is None or norm < best:
            best = norm
        cells = [rotate_left(h) for h in cells]
    return best
