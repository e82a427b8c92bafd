"""A segment clipped to a box (Liang-Barsky): the one test of a stroke against a text's box that every reading of
strokes shares (scene.crosses_any and crosses_ink, and through them the card sheets' and pictures' readings).
Written as geometry.box_span's sums in the same order, each side's step spelt out: a map page asks it of
thousands of edges, and a loop over four (p, q) pairs made those pairs afresh for every one."""

from __future__ import annotations


def clipped(x0: float, y0: float, x1: float, y1: float, bx0: float, by0: float, bx1: float, by1: float) -> bool:
    """Does the segment (x0, y0)-(x1, y1) keep a piece inside the box (bx0, by0)-(bx1, by1) once clipped to it
    (Liang-Barsky, geometry.box_span's sums in the same order)? Asked only of segments the cheap test (both ends
    beyond one side of the box) has not set aside: scene.crosses_any, crosses_ink."""
    # (the four sides' steps written out, in box_span's order: no tuple of (p, q) pairs made per segment)
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    # the left side: p = -dx, q = x0 - bx0
    p, q = -dx, x0 - bx0
    if p == 0:
        if q <= 0:
            return False
    else:
        t = q / p
        if p < 0:
            if t > t0:  # (max(t0, t))
                t0 = t
        elif t < t1:  # (min(t1, t))
            t1 = t
        if t0 >= t1:
            return False
    # the right side: p = dx, q = bx1 - x0
    p, q = dx, bx1 - x0
    if p == 0:
        if q <= 0:
            return False
    else:
        t = q / p
        if p < 0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t0 >= t1:
            return False
    # the top: p = -dy, q = y0 - by0
    p, q = -dy, y0 - by0
    if p == 0:
        if q <= 0:
            return False
    else:
        t = q / p
        if p < 0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t0 >= t1:
            return False
    # the bottom: p = dy, q = by1 - y0
    p, q = dy, by1 - y0
    if p == 0:
        return not q <= 0  # (as the loop read it: a NaN is not <= 0)
    t = q / p
    if p < 0:
        if t > t0:
            t0 = t
    elif t < t1:
        t1 = t
    return not t0 >= t1
