"""What a map's hexes are drawn with that is the same on every page, paper and pass that draws them (a tiled
map's hexes are drawn by its whole-map pass, its tile pages and their overlaps, on both papers; its pictures
in the rulebook and the scenarios again): each hex's centre and corners, and its labels' source, worked out
once per map (render/maps/hexes.py map_ops, tiling.py's assembly guide)."""

from __future__ import annotations

import threading
from collections import OrderedDict

from ...hexgrid import Hex
from ...model.maps import MapGeom

# id(geom) -> (geom, {hex: (centre, corners, extent)}, {source drawn from: {hex: its labels' source}}). The entry holds
# the geometry, so no other can take its id while it is kept.
_HEXES: OrderedDict[int, tuple] = OrderedDict()
KEPT_GEOMS = 16
KEPT_SOURCES = 16  # per map: what it is drawn for
_HEXES_LOCK = threading.Lock()  # the studio may draw from more than one thread


def kept_hexes(geom: MapGeom, base) -> tuple[dict, dict | None]:
    """The kept centres and corners of ``geom``'s hexes, and its hexes' sources when drawn from ``base``
    (None: a source that cannot be a key is not kept)."""
    with _HEXES_LOCK:
        kept = _HEXES.get(id(geom))
        if kept is None or kept[0] is not geom:
            kept = _HEXES[id(geom)] = (geom, {}, {})
            while len(_HEXES) > KEPT_GEOMS:
                _HEXES.popitem(last=False)
        else:
            _HEXES.move_to_end(id(geom))
        try:
            sources = kept[2].get(base)
            if sources is None:
                if len(kept[2]) >= KEPT_SOURCES:  # a map drawn for many things (pages, pictures, scenarios)
                    kept[2].clear()
                sources = kept[2][base] = {}
        except TypeError:  # unhashable
            sources = None
    return kept[1], sources


def hex_place(layout, h: Hex) -> tuple[tuple[float, float], tuple, tuple[float, float, float, float]]:
    """Hex ``h``'s centre and corners (mm) in ``layout``, as Layout works them out, and the corners' extent
    (x0, y0, x1, y1: their least and greatest x and y, mm)."""
    corners = tuple(layout.corners(h))
    xs, ys = zip(*corners)
    return layout.hex_to_point(h), corners, (min(xs), min(ys), max(xs), max(ys))


BOX = "_box"  # the attribute a shape op carries its known box in (preflight/inking.py reads it)


def boxed(op, box: tuple[float, float, float, float]):
    """``op`` (a Poly) carrying ``box``, the least and greatest x and y of its points (page mm), for the
    preflight, which would otherwise work them out again point by point (a map page draws hundreds of hexes,
    a build guide's picture a thousand faces). The drawer knows it at the cost of four sums: its points are a
    kept polygon moved (and scaled) by sums that keep the order of x and of y, so the moved extent is the
    extent of the moved points, float for float. Only a box of positive, finite figures, in order, is handed
    over (the sign of a zero min() picks is not the sum's; a scale turned over would swap the ends). The op's
    value, equality and drawing are unchanged."""
    x0, y0, x1, y1 = box
    if 0.0 < x0 <= x1 < 1e9 and 0.0 < y0 <= y1 < 1e9:
        op.__dict__[BOX] = box  # (a frozen op's own dict: no field of its value)
    return op


def hex_points(geom: MapGeom) -> dict:
    """{hex: (centre, corners, extent)} kept for ``geom``, filled by ``points.get(h) or points.setdefault(h,
    hex_place(geom.layout, h))``."""
    return kept_hexes(geom, None)[0]


CELL = "_cell"  # the attribute a hex and a label carry the hex grid they were drawn in (preflight/inking.py reads it)
CLEAR = 1e-4  # mm: how far inside its hexagon a label's box must lie for the grid's edges to be known clear of it


class Grid:
    """The hexes one ``map_ops`` call draws (cells of one tiling, moved onto the page by the same sums, so no two
    share a point inside; each as much of it as the window shows), with the strokes drawn within each (its zone
    rim, its hatching); and the labels each drawn clear inside its hex (CLEAR mm from every edge of what is
    drawn of it) and clear of the strokes drawn within it. No stroke of the grid crosses a label of it: a stroke
    of another hex lies on or inside that hex, which the label's does not enter. The preflight tests none of
    those pairs (preflight/scene.py ``crosses_ink``'s callers)."""

    __slots__ = ()


HOME = "_home"  # the attribute a hex and each label clear inside it carry that hex's own token in


def at_home(op, home: object):
    """``op`` (a map's hex, filled, or a label clear inside it: marked ``in_grid`` too) marked as that hex's (``home``:
    a token of the hex's own): a label's centre lies in its home hex and in no other of the grid, so the preflight
    takes its home for its ground among the grid's hexes without testing them. Value, equality, drawing unchanged."""
    op.__dict__[HOME] = home
    return op


def in_grid(op, grid: Grid):
    """``op`` marked as drawn in ``grid`` (a whole hex's Poly, a stroke within it, or a label clear inside it and
    of them: ``clear_inside``, ``clear_of``). The op's value, equality and drawing are unchanged."""
    op.__dict__[CELL] = grid
    return op


def clear_inside(corners: tuple, box: tuple[float, float, float, float]) -> bool:
    """Does ``box`` (x0, y0, x1, y1, mm) lie inside the convex polygon ``corners`` (mm, in order), at least CLEAR
    mm from each edge's line? (Each of its corners on the inner side of every edge, by the edge's cross product
    over its length: a distance.) Kept per hex and label box: the same on every page and paper."""
    return _kept(corners, box, True)


def clear_of(corners: tuple, box: tuple[float, float, float, float]) -> bool:
    """Does ``box`` keep CLEAR mm from the outline of the convex polygon ``corners`` (mm, in order): inside it
    (``clear_inside``), or beyond one of its edges' lines, or beside its extent along x or y?"""
    return _kept(corners, box, True) or _kept(corners, box, False)


def _kept(corners: tuple, box: tuple, inside: bool) -> bool:
    key = (corners, box, inside)
    got = _CLEAR.get(key)
    if got is None:
        if len(_CLEAR) >= KEPT_CLEAR:
            _CLEAR.clear()
        got = _CLEAR[key] = _clear_inside(corners, box) if inside else _clear_outside(corners, box)
    return got


_CLEAR: dict = {}
KEPT_CLEAR = 16384


def _edges(corners: tuple):
    """(a point, the edge's direction over its length, the inner side's sign) of each edge of the convex polygon
    ``corners``; None for one of no area or an edge of no length."""
    n = len(corners)
    if n < 3 or not all(-1e9 < v < 1e9 for p in corners for v in p):
        return None
    area = sum(corners[i][0] * corners[i - 1][1] - corners[i - 1][0] * corners[i][1] for i in range(n))
    if not area:
        return None
    sign = -1.0 if area > 0 else 1.0  # (the inner side's sign of the cross products below)
    out = []
    for i in range(n):
        (ax, ay), (bx, by) = corners[i - 1], corners[i]
        ex, ey = bx - ax, by - ay
        length = (ex * ex + ey * ey) ** 0.5
        if not length > 0:
            return None
        out.append((ax, ay, ex / length, ey / length, sign))
    return out


def _corners_of(box: tuple) -> tuple | None:
    if not all(-1e9 < v < 1e9 for v in box):
        return None
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _clear_inside(corners: tuple, box: tuple) -> bool:
    edges, points = _edges(corners), _corners_of(box)
    if edges is None or points is None:
        return False
    return all(sign * (ex * (py - ay) - ey * (px - ax)) > CLEAR
               for ax, ay, ex, ey, sign in edges for px, py in points)


def _clear_outside(corners: tuple, box: tuple) -> bool:
    edges, points = _edges(corners), _corners_of(box)
    if edges is None or points is None:
        return False
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    x0, y0, x1, y1 = box
    if x1 < min(xs) - CLEAR or x0 > max(xs) + CLEAR or y1 < min(ys) - CLEAR or y0 > max(ys) + CLEAR:
        return True
    return any(all(sign * (ex * (py - ay) - ey * (px - ax)) < -CLEAR for px, py in points)
               for ax, ay, ex, ey, sign in edges)
