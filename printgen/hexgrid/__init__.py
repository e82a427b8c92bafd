"""Hex-grid maths, following the Red Blob Games hexagon guide.

Coordinates are axial (q, r) with s = -q - r implied (cube). Geometry is in
millimetres with y pointing down, as on a page or an SVG canvas.
"""

from .coords import (
    DIRECTIONS, Hex, add, direction, distance, hexagon, line, neighbour, neighbours,
    parallelogram, rectangle, ring, rotate_left, rotate_right, scale, spiral, subtract,
)
from .levels import LayerError, Stack, read_stack
from .layout import Layout, hex_corners, honeycomb
from .outline import outline_loops, outline_points
from .textmap import TextMap, TextMapError, format_textmap, parse_textmap

__all__ = [
    "DIRECTIONS", "Hex", "LayerError", "Layout", "Stack", "TextMap", "TextMapError", "add", "direction", "distance",
    "format_textmap", "hex_corners", "hexagon", "honeycomb", "line", "neighbour", "neighbours", "outline_loops", "outline_points",
    "parallelogram", "parse_textmap", "read_stack", "rectangle", "ring", "rotate_left", "rotate_right", "scale",
    "spiral", "subtract",
]
