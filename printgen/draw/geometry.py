"""Plane geometry helpers in mm: clipping polygons to windows, insets."""

from __future__ import annotations

from typing import Sequence

from .fonts import text_width  # stdlib only at import: geometry stays light

Point = tuple[float, float]


def clip_polygon(points: Sequence[Point], x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """Sutherland-Hodgman: the part of a polygon inside the rectangle [x0, x1] x [y0, y1]."""
    def clip(pts, inside, cross):
        out = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        return out

    def at_x(x):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    pts = list(points)
    for inside, cross in (
        (lambda p: p[0] >= x0, at_x(x0)),
        (lambda p: p[0] <= x1, at_x(x1)),
        (lambda p: p[1] >= y0, at_y(y0)),
        (lambda p: p[1] <= y1, at_y(y1)),
    ):
        if not pts:
            break
        pts = clip(pts, inside, cross)
    return pts


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
    a, b, c, d, e, f = m
    # the four corners (x0, y0), (x1, y0), (x1, y1), (x0, y1) through the matrix, each product once: the
    # preflight boxes every text of every page (no lists, no generators: a third of the time)
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
