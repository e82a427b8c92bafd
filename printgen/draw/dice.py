"""A six-sided die face, drawn as a rounded square with pips (a number past 6), in mm."""

from __future__ import annotations

from .colour import INK
from .document import Circle, Op, Rect, Style, Text

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(x: float, y: float, size: float, value: int, colour: str = "#ffffff", *, ink: str = INK,
        role: str = "") -> list[Op]:
    """The face showing ``value``, its top-left corner at (x, y), ``size`` mm square."""
    ops: list[Op] = [Rect(x, y, size, size, Style(fill=colour, stroke=ink, width=0.4), radius=size * 0.18, role=role)]
    for px, py in PIPS.get(value, []):
        ops.append(Circle(x + size / 2 + px * size * 0.27, y + size / 2 + py * size * 0.27, size * 0.085,
                          Style(fill=ink)))
    if value not in PIPS:
        ops.append(Text(x + size / 2, y + size * 0.68, str(value), "sans-bold", size * 0.5, ink, "middle"))
    return ops
