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

