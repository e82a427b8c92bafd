"""A piece's cut path: one closed loop of vertices with bulges, the way DXF's LWPOLYLINE holds lines and
arcs, in sheet mm (y down).

A vertex (x, y, bulge) starts the segment to the next vertex (the last closes back to the first): bulge
0 a straight line, else an arc of 4 atan(bulge) radians turning the way the angle grows in y-down
coordinates (clockwise as the sheet is seen). A circle is four quarter arcs, a rounded rectangle
four sides and four quarter arcs (bulge tan 22.5 degrees), a hexagon six lines.
"""

from __future__ import annotations

import math

from ..hexgrid import hex_corners

Vertex = tuple[float, float, float]  # x, y mm, bulge
QUARTER = math.tan(math.pi / 8)  # a quarter arc's bulge


def circle_loop(cx: float, cy: float, r: float) -> list[Vertex]:
    """Four quarter arcs: a half arc's centre would hang on its radius's last digit as written (an SVG
    arc whose radius rounds past half its chord swings its centre off the chord), a quarter's does not."""
    return [(cx + r, cy, QUARTER), (cx, cy + r, QUARTER), (cx - r, cy, QUARTER), (cx, cy - r, QUARTER)]


def rect_loop(x0: float, y0: float, x1: float, y1: float, r: float = 0.0) -> list[Vertex]:
    """Clockwise as seen from the top-left: along the top, down the right, back along the bottom."""
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    if r < 0.01:  # a corner under a hundredth of a millimetre is square: no file holds a finer arc
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    return [(x0 + r, y0, 0.0), (x1 - r, y0, QUARTER), (x1, y0 + r, 0.0), (x1, y1 - r, QUARTER),
            (x1 - r, y1, 0.0), (x0 + r, y1, QUARTER), (x0, y1 - r, 0.0), (x0, y0 + r, QUARTER)]


def hex_loop(cx: float, cy: float, flat: float) -> list[Vertex]:
    """A flat-top hexagon ``flat`` mm flat to flat centred on (cx, cy)."""
    return [(x, y, 0.0) for x, y in hex_corners(cx, cy, flat / math.sqrt(3))]


def piece_loop(shape: str, x: float, y: float, w: float, h: float, corner: float, offset: float) -> list[Vertex]:
    """The cut of a piece whose trim's bounding box is ``w`` x ``h`` mm at (x, y), moved ``offset`` mm
    outward (the kerf: every side parallel to the outline, a corner's radius grown alike)."""
    cx, cy = x + w / 2, y + h / 2
    if shape == "circle":
        return circle_loop(cx, cy, w / 2 + offset)
    if shape == "hex":
        return hex_loop(cx, cy, h + 2 * offset)
    return rect_loop(x - offset, y - offset, x + w + offset, y + h + offset, corner + offset if corner > 0 else 0.0)


def arc_of(p: Vertex, q: tuple[float, float]) -> tuple[float, float, float, float]:
    """The arc from vertex ``p`` to point ``q``: (centre x, centre y, radius, sweep radians; + clockwise
    as seen)."""
    theta = 4 * math.atan(p[2])
    (x1, y1), (x2, y2) = p[:2], q
    chord = math.dist((x1, y1), (x2, y2))
    r = chord / (2 * math.sin(abs(theta) / 2))
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    d = math.sqrt(max(r * r - (chord / 2) ** 2, 0.0))
    # the centre lies off the chord's midpoint, on the side the arc turns towards
    nx, ny = -(y2 - y1) / chord, (x2 - x1) / chord
    s = 1.0 if (theta > 0) == (abs(theta) < math.pi) else -1.0
    return mx + s * nx * d, my + s * ny * d, r, theta


def loop_points(loop: list[Vertex], step: float = 0.25) -> list[tuple[float, float]]:
    """The loop as points no more than ``step`` mm apart along its arcs (for measuring and drawing)."""
    pts = []
    for i, p in enumerate(loop):
        q = loop[(i + 1) % len(loop)]
        pts.append(p[:2])
        if p[2]:
            cx, cy, r, theta = arc_of(p, q[:2])
            a0 = math.atan2(p[1] - cy, p[0] - cx)
            n = max(2, int(abs(theta) * r / step))
            pts += [(cx + r * math.cos(a0 + theta * k / n), cy + r * math.sin(a0 + theta * k / n)) for k in range(1, n)]
    return pts


def bounds(loop: list[Vertex]) -> tuple[float, float, float, float]:
    pts = loop_points(loop, 0.02)
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
