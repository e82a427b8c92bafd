"""A map's geometry, computed once from its text layout and level layers: which hex holds which
legend entry (the top one where levels stack), how high each hex stands, where each hex lies in mm,
and how large the map is. Shared by the renderer, the validator and the mesh step."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import cached_property

from ..hexgrid import Hex, Layout, read_stack
from .content import LegendEntry, MapDef

# From this many hexes a map's page windows are found with numpy; below it a plain loop is as quick
# and a build that draws only small maps (a rulebook's pictures, at validation) never imports numpy.
NUMPY_FROM = 2048


@dataclass(frozen=True)
class MapGeom:
    mapdef: MapDef
    layout: Layout  # origin chosen so the map's bounding box starts at (0, 0)
    cells: dict[Hex, tuple[str, LegendEntry]]  # the top hex's character and legend entry
    width: float  # mm
    height: float  # mm
    levels: dict[Hex, int] = field(default_factory=dict)  # height of each hex in cells, in levels (>= 1)
    # where each hex's top character is written: (layer, 0-based line, 0-based column); layer 0 is the
    # layout, k the k-th of ``layers`` (a finding about what a hex shows points there)
    places: dict[Hex, tuple[int, int, int]] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def drawing_order(self) -> tuple[list[Hex], object]:
        """The map's hexes row by row, and their centres (mm; N x 2: a list of pairs, or from NUMPY_FROM
        hexes a numpy array): computed once per map, so each page of a tiled map finds its own hexes by
        bounding box (``hexes_near``)."""
        order = sorted(self.cells, key=lambda h: (h.r, h.q))
        centres = [self.layout.hex_to_point(h) for h in order]
        if len(order) < NUMPY_FROM:
            return order, centres
        import numpy as np

        return order, np.array(centres, dtype=float).reshape(-1, 2)

    def hexes_near(self, window: tuple[float, float, float, float], pad: float) -> list[Hex]:
        """The hexes (row by row) whose centre lies within ``pad`` mm of ``window`` (x0, y0, x1, y1 mm)."""
        order, c = self.drawing_order
        x0, y0, x1, y1 = window
        pad += 1e-6  # a hair more: the caller's exact test decides at the edge
        if isinstance(c, list):
            return [h for h, (x, y) in zip(order, c) if x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad]
        hit = (c[:, 0] >= x0 - pad) & (c[:, 0] <= x1 + pad) & (c[:, 1] >= y0 - pad) & (c[:, 1] <= y1 + pad)
        return [order[i] for i in hit.nonzero()[0]]

    @property
    def top_level(self) -> int:
        """The highest level on the map (1: a flat map)."""
        return max(self.levels.values(), default=1)


def hex_levels(stack, mapdef: MapDef) -> dict[Hex, int]:
    """Each hex's height in levels: its top layer, or its top character's legend ``level`` when
    higher; at least 1. Hexes whose top character is not in the legend are left out."""
    out = {}
    for h in stack.tiles[0]:
        top = stack.top(h)
        entry = mapdef.legend.get(stack.tiles[top - 1][h].char)
        if entry is not None:
            out[h] = max(1, top, entry.level)
    return out


# Geometries made in this process, by their map (the very MapDef: a MapGeom holds it and its legend entries)
# and the text and settings they were read from. A build draws a map many times over (its pages on each paper,
# the rulebook's pictures and key, the tabletop exports, the meshes): each reads it once.
_GEOMS: dict[tuple, MapGeom] = {}
_KEEP = 64  # maps: a watch or the studio sees new MapDefs at every save
_LOCK = threading.Lock()  # the studio may draw from more than one thread


def map_geometry(mapdef: MapDef, game) -> MapGeom:
    """The geometry of a map that validated (read errors are the checker's to report). Made once per map
    and process (the same MapGeom again: treat it as read-only)."""
    orientation = mapdef.orientation or game.hex.orientation
    size = game.hex.size
    key = (id(mapdef), mapdef.layout, tuple(mapdef.layers), orientation, mapdef.empty, mapdef.notation, size,
           tuple((char, id(entry)) for char, entry in mapdef.legend.items()))
    with _LOCK:
        geom = _GEOMS.get(key)
    if geom is not None and geom.mapdef is mapdef:  # (a MapDef it holds cannot be freed, nor its id reused)
        return geom
    geom = _map_geometry(mapdef, orientation, size)
    with _LOCK:
        while len(_GEOMS) >= _KEEP:
            del _GEOMS[next(iter(_GEOMS))]
        _GEOMS[key] = geom
    return geom


def _map_geometry(mapdef: MapDef, orientation: str, size: float) -> MapGeom:
    stack = read_stack(mapdef.layout, mapdef.layers, orientation, mapdef.empty, mapdef.notation)
    ground = stack.tiles[0]
    lay0 = Layout(orientation, size)
    x0, y0, x1, y1 = lay0.bounds(ground)
    lay = Layout(orientation, size, origin=(-x0, -y0))
    cells, places = {}, {}
    for h in ground:
        top = stack.top(h)
        c = stack.tiles[top - 1][h]
        if c.char in mapdef.legend:
            cells[h] = (c.char, mapdef.legend[c.char])
            places[h] = (top - 1, c.line, c.col)
    return MapGeom(mapdef, lay, cells, x1 - x0, y1 - y0, hex_levels(stack, mapdef), places)
