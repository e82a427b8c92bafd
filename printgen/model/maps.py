"""A map's geometry, computed once from its text layout: which hex holds which legend entry, where
each hex lies in mm, and how large the map is. Shared by the renderer, the validator and the mesh step."""

from __future__ import annotations

from dataclasses import dataclass

from ..hexgrid import Hex, Layout, parse_textmap
from .content import LegendEntry, MapDef


@dataclass(frozen=True)
class MapGeom:
    mapdef: MapDef
    layout: Layout  # origin chosen so the map's bounding box starts at (0, 0)
    cells: dict[Hex, tuple[str, LegendEntry]]
    width: float  # mm
    height: float  # mm


def map_geometry(mapdef: MapDef, game) -> MapGeom:
    orientation = mapdef.orientation or game.hex.orientation
    tm = parse_textmap(mapdef.layout, orientation)
    lay0 = Layout(orientation, game.hex.size)
    x0, y0, x1, y1 = lay0.bounds(tm.cells)
    lay = Layout(orientation, game.hex.size, origin=(-x0, -y0))
    cells = {h: (c.char, mapdef.legend[c.char]) for h, c in tm.cells.items() if c.char in mapdef.legend}
    return MapGeom(mapdef, lay, cells, x1 - x0, y1 - y0)
