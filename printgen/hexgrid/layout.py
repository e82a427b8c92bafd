"""From hex coordinates to millimetres on the page, and back.

``size`` is the flat-to-flat width of one hex in mm (how designers and the
game.yaml think of hexes: "1-inch hexes" are 25.4 mm across the flats).
Screen convention: x to the right, y down.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .coords import Hex, round_hex

SQRT3 = math.sqrt(3.0)


def hex_corners(cx: float, cy: float, radius: float, orientation: str = "flat") -> list[tuple[float, float]]:
    """The six corners of a hexagon centred on (cx, cy) mm with centre-to-corner ``radius`` mm, going round
    clockwise on screen from the right (flat-top) or the lower right (pointy-top)."""
    (ax, ay), (bx, by), (cx_, cy_), (dx, dy), (ex, ey), (fx, fy) = _corner_offsets(radius, orientation)
    return [(cx + ax, cy + ay), (cx + bx, cy + by), (cx + cx_, cy + cy_), (cx + dx, cy + dy), (cx + ex, cy + ey),
            (cx + fx, cy + fy)]


@lru_cache(maxsize=256)
def _corner_offsets(radius: float, orientation: str) -> tuple[tuple[float, float], ...]:
    """The six corners' offsets from the centre (mm), the same products ``hex_corners`` adds to a centre:
    worked out once per hex size (a map page places tens of thousands of corners, each the same six
    offsets; adding a cached product gives the very float computing it again would)."""
    start = 0.0 if orientation == "flat" else 30.0
    return tuple((radius * math.cos(math.radians(start + 60 * i)), radius * math.sin(math.radians(start + 60 * i)))
                 for i in range(6))


@lru_cache(maxsize=256)
def corner_extent(radius: float, orientation: str) -> tuple[float, float, float, float]:
    """The least and greatest x and y of the six corners' offsets from the centre (mm): a corner is its centre
    plus its offset, and rounding a sum never reverses an order, so a hex's corners' extent is its centre plus
    this, to the last bit (as ``Layout.bounds`` reads it)."""
    offsets = _corner_offsets(radius, orientation)
    xs, ys = [o[0] for o in offsets], [o[1] for o in offsets]
    return (min(xs), min(ys), max(xs), max(ys))


def honeycomb(width: float, height: float, radius: float):
    """Centres (mm) of flat-top hexes of centre-to-corner ``radius`` tiling a ``width`` x ``height`` box from
    (0, 0) and a hex beyond each edge, column by column (odd columns half a hex lower)."""
    dx, dy = 1.5 * radius, SQRT3 * radius
    for c in range(int(width / dx) + 2):
        for row in range(int(height / dy) + 2):
            yield c * dx, row * dy + (dy / 2 if c % 2 else 0)


class Layout:
    """``orientation`` "flat" or "pointy"; ``size`` flat-to-flat in mm; ``origin`` where Hex(0, 0)'s
    centre lands, mm. (A plain class, not a dataclass: `printgen stl` starts faster without them.)"""

    __slots__ = ("orientation", "size", "origin")

    def __init__(self, orientation: str, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> None:
        if orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
        if not size > 0:
            raise ValueError("hex size must be positive")
        self.orientation = orientation
        self.size = size
        self.origin = origin

    def __repr__(self) -> str:
        return f"Layout({self.orientation!r}, {self.size!r}, origin={self.origin!r})"

    @property
    def radius(self) -> float:
        """Centre-to-corner distance, mm."""
        return self.size / SQRT3

    @property
    def corner_to_corner(self) -> float:
        return 2.0 * self.radius

    def frac_to_point(self, q: float, r: float) -> tuple[float, float]:
        """Fractional axial coordinates to (x, y) mm."""
        R = self.radius
        if self.orientation == "flat":
            x = R * 1.5 * q
            y = R * (SQRT3 / 2.0 * q + SQRT3 * r)
        else:
            x = R * (SQRT3 * q + SQRT3 / 2.0 * r)
            y = R * 1.5 * r
        return (x + self.origin[0], y + self.origin[1])

    def hex_to_point(self, h: Hex) -> tuple[float, float]:
        """Centre of hex ``h`` in mm."""
        return self.frac_to_point(h.q, h.r)

    def point_to_frac(self, x: float, y: float) -> tuple[float, float]:
        R = self.radius
        x, y = x - self.origin[0], y - self.origin[1]
        if self.orientation == "flat":
            q = (2.0 / 3.0 * x) / R
            r = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / R
        else:
            q = (SQRT3 / 3.0 * x - 1.0 / 3.0 * y) / R
            r = (2.0 / 3.0 * y) / R
        return q, r

    def point_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing point (x, y) mm."""
        return round_hex(*self.point_to_frac(x, y))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in mm, going round the hex (clockwise on screen)."""
        cx, cy = self.hex_to_point(h)
        return hex_corners(cx, cy, self.radius, self.orientation)

    def bounds(self, hexes) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) mm of the hexes' corners."""
        centres = [self.hex_to_point(h) for h in hexes]
        if not centres:
            return (0.0, 0.0, 0.0, 0.0)
        # A corner is its centre plus one of six fixed offsets, and rounding a sum never reverses an order:
        # the extreme centre plus the extreme offset is the extreme corner, to the last bit (no corner made)
        offsets = _corner_offsets(self.radius, self.orientation)
        oxs, oys = [o[0] for o in offsets], [o[1] for o in offsets]
        cxs, cys = [c[0] for c in centres], [c[1] for c in centres]
        return (min(cxs) + min(oxs), min(cys) + min(oys), max(cxs) + max(oxs), max(cys) + max(oys))
