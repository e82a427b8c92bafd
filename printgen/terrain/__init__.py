"""3D terrain for a whole map: its tile set (printgen.tiling), distinct tiles, print-bed plates
and the bill of materials. ``make_terrain`` is the library call of `printgen terrain`."""

from .api import TerrainResult, make_terrain
from .bom import Material, bill
from .page import bom_pages, bom_section
from .plates import PlateError
from .tileset import TILE_MODES, TerrainError, TileSet, build_tileset, map_cells

__all__ = ["Material", "PlateError", "TILE_MODES", "TerrainError", "TerrainResult", "TileSet", "bill", "bom_pages",
           "bom_section", "build_tileset", "make_terrain", "map_cells"]
