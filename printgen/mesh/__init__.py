"""The mesh step: polyhex terrain tiles as exact, watertight triangle meshes, and their exporters."""

from .polyhex import MeshError, TileSpec, build_tile
from .shapes import ShapeError, parse_shape

__all__ = ["MeshError", "ShapeError", "TileSpec", "build_tile", "parse_shape"]
