"""The tiling solver: a map's cells as the fewest 1/2/3/7/24-hex tiles an inventory allows.

    from printgen.tiling import solve, cells_from_heights
    cells = cells_from_heights({Hex(0, 0): (2, "rock"), Hex(1, 0): (1, "grass")})
    tiling = solve(cells, inventory={("1", "rock"): 4, ("1", "grass"): 2})
    tiling.tiles, tiling.counts(), tiling.counts(level=1), tiling.missing, tiling.optimal
"""

from .model import Cells, Inventory, Tile, Tiling, TilingError, cells_from_heights, check_cells, merge_inventories
from .shapes import SHAPES, orientations, placements
from .solver import solve

__all__ = ["Cells", "Inventory", "SHAPES", "Tile", "Tiling", "TilingError", "cells_from_heights", "check_cells",
           "merge_inventories", "orientations", "placements", "solve"]
