"""Plane geometry helpers in mm: clipping polygons to windows, insets."""

from __future__ import annotations

from typing import Sequence

from .fonts import text_width  # stdlib only at import: geometry stays light

Point = tuple[float, float]


def clip_polygon(points: Sequence[Point], x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """Sutherland-Hodgman: the part of a polygon inside the rectangle [x0, x1] x [y0, y1] (clipped by the
    left, right, top and bottom edges in turn; a map's tiles clip every hex their edges cross)."""
    pts = list(points)
    if pts:
        pts = _clip_x(pts, x0, True)
    if pts:
        pts = _clip_x(pts, x1, False)
    if pts:
        pts = _clip_y(pts, y0, True)
    if pts:
        pts = _clip_y(pts, y1, False)
    return pts


def _clip_x(pts: list[Point], x: float, keep_right: bool) -> list[Point]:
    """The part of a polygon right of (``keep_right``) or left of the line at ``x``."""
    out: list[Point] = []
    prev = pts[-1]
    was_in = prev[0] >= x if keep_right else prev[0] <= x
    for cur in pts:
        is_in = cur[0] >= x if keep_right else cur[0] <= x
        if is_in != was_in:  # the edge prev -> cur crosses the line: where
            out.append((x, prev[1] + (cur[1] - prev[1]) * (x - prev[0]) / (cur[0] - prev[0])))
        if is_in:
            out.append(cur)
        prev, was_in = cur, is_in
    return out


def _clip_y(pts: list[Point], y: float, keep_below: bool) -> list[Point]:
    """The part of a polygon below (``keep_below``, y down) or above the line at ``y``."""
    out: list[Point] = []
    prev = pts[-1]
    was_in = prev[1] >= y if keep_below else prev[1] <= y
    for cur in pts:
        is_in = cur[1] >= y if keep_below else cur[1] <= y
        if is_in != was_in:
            out.append((prev[0] + (cur[0] - prev[0]) * (y - prev[1]) / (cur[1] - prev[1]), y))
        if is_in:
            out.append(cur)
        prev, was_in = cur, is_in
    return out


def scale_about(points: Sequence[Point], centre: Point, k: float) -> list[Point]:
    cx, cy = centre
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points]


def clip_segment(p: Point, q: Point, poly: Sequence[Point]) -> tuple[Point, Point] | None:
    """Cyrus-Beck: the part of segment p-q inside a convex polygon (any winding), or None."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        # inward normal of edge a->b
        nx, ny = -(b[1] - a[1]) * sign, (b[0] - a[0]) * sign
        num = nx * (p[0] - a[0]) + ny * (p[1] - a[1])
        den = nx * dx + ny * dy
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return ((p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy))


# A glyph's ink, as a share of the font size around the baseline: caps and ascenders reach about 0.72 em
# above it, descenders about 0.22 em below (Noto's metrics, which every built-in face shares).
ASCENT, DESCENT = 0.72, 0.22


def text_box(op, m=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), pad: float = 0.0) -> tuple[float, float, float, float]:
    """Where a Text op's glyphs print (x0, y0, x1, y1 mm, after the matrix ``m``): its advance width by the
    font's metrics, the em's ink height, ``pad`` mm round."""
    w = text_width(op.text, op.font, op.size)
    anchor = op.anchor
    x0 = op.x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0) - pad
    x1, y0, y1 = x0 + w + 2 * pad, op.y - ASCENT * op.size - pad, op.y + DESCENT * op.size + pad
    return quad_box(m, x0, y0, x1, y1)


def quad_box(m, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1 mm) of the rectangle x0..x1 by y0..y1 through the matrix ``m``: its four corners
    (x0, y0), (x1, y0), (x1, y1), (x0, y1) each a * x + c * y + e, b * x + d * y + f, each product worked out
    once (no lists, no generators: the preflight boxes every text and card of every page this way)."""
    a, b, c, d, e, f = m
    ax0, ax1, cy0, cy1 = a * x0, a * x1, c * y0, c * y1
    bx0, bx1, dy0, dy1 = b * x0, b * x1, d * y0, d * y1
    xs = (ax0 + cy0 + e, ax1 + cy0 + e, ax1 + cy1 + e, ax0 + cy1 + e)
    ys = (bx0 + dy0 + f, bx1 + dy0 + f, bx1 + dy1 + f, bx0 + dy1 + f)
    return (min(xs), min(ys), max(xs), max(ys))


def box_span(seg: tuple[Point, Point], box: tuple[float, float, float, float]) -> tuple[float, float] | None:
    """The part (t0, t1) of segment ``seg`` (0 at its start, 1 at its end) strictly inside ``box``
    (x0, y0, x1, y1), or None when it only touches or misses it (Liang-Barsky)."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q <= 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return None
    return (t0, t1)
