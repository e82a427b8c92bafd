"""Default settings as plain numbers (mm), read by the models and by `printgen stl`'s help, which
shows them without importing pydantic (the CLI starts fast)."""

from typing import Literal

MeshFormat = Literal["stl", "3mf"]  # the mesh writers' formats (mesh.export.EXPORTERS has one for each)

HEX_SIZE = 25.4  # flat-to-flat: 1-inch hexes for 28 mm miniatures
ORIENTATION = "flat"
LEVEL_HEIGHT = 6.0  # one terrain level
CLEARANCE = 0.2  # taken off every outer side of a tile
