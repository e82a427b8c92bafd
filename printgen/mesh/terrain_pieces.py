"""Terrain pieces that stand on one hex: HexPrint's bunker, watchtower, rock overhang, low wall,
rubble and water, at the game's scale (hex size flat to flat, level height), each one watertight
body lofted through horizontal outlines (mesh.loft), centred on its hex, bottom at z = 0.

    water          a thin overlay of FLUID_THICKNESS laid on the tile under it
    rubble         a land tile, one level, with a mound of broken stone on top
    low-wall       a base plate and a wall across the hex, one level high in all
    bunker         a roofed cover two levels high, open underneath, that a 25 mm base fits inside
    watchtower     a square tower three levels high with a flat roof wider than the tower
    rock-overhang  a rock wall along one side of the hex carrying a ledge over the hex, two levels high

A bunker's cavity is at least BASE_ROOM across (a 25 mm base and room to lift the cover over it);
on a hex smaller than that plus its walls, the walls overhang the hex edge, and the cavity stays
centred on the hex.
"""

from __future__ import annotations

import math

from .loft import loft
from .tile import Mesh, MeshError

FLUID_THICKNESS = 2.0  # mm: a water or lava overlay (printgen.mapio.lack prints fluid tiles the same)
BASE_PLATE = 1.2       # mm: the plate a wall or tower stands on
WALL = 1.6             # mm: a bunker's walls
ROOF = 2.0             # mm: a bunker's or tower's roof
BASE_ROOM = 25.6       # mm: a 25 mm base with 0.3 mm all round


def hex_outline(flat_to_flat: float, orientation: str) -> list[tuple[float, float]]:
    """A hexagon with the given flat-to-flat size, centred, corners counter-clockwise."""
    r = flat_to_flat / math.sqrt(3)
    start = 0.0 if orientation == "flat" else math.pi / 6
    return [(r * math.cos(start + k * math.pi / 3), r * math.sin(start + k * math.pi / 3)) for k in range(6)]


def _rect(w: float, d: float, cx: float = 0.0, cy: float = 0.0) -> list[tuple[float, float]]:
    return [(cx - w / 2, cy - d / 2), (cx + w / 2, cy - d / 2), (cx + w / 2, cy + d / 2), (cx - w / 2, cy + d / 2)]


def _scaled(poly, k: float):
    return [(x * k, y * k) for x, y in poly]


def water(size: float, height: float, orientation: str, clearance: float) -> Mesh:
    hx = hex_outline(size - 2 * clearance, orientation)
    return loft([(hx, 0.0), (hx, FLUID_THICKNESS)])


def rubble(size: float, height: float, orientation: str, clearance: float) -> Mesh:
    hx = hex_outline(size - 2 * clearance, orientation)
    # an uneven heap: a heptagon turned off the hex's axes, narrowing in two steps
    heap = [(0.33 * size * math.cos(a) * (1.0 if k % 2 else 0.82), 0.33 * size * math.sin(a) * (1.0 if k % 2 else 0.82))
            for k, a in enumerate(2 * math.pi * k / 7 + 0.3 for k in range(7))]
    return loft([(hx, 0.0), (hx, height), (heap, height), (_scaled(heap, 0.7), height + 1.8),
                 (_scaled(heap, 0.35), height + 3.2)])


def low_wall(size: float, height: float, orientation: str, clearance: float) -> Mesh:
    hx = hex_outline(size - 2 * clearance, orientation)
    wall = _rect(0.8 * size, 4.0)
    return loft([(hx, 0.0), (hx, BASE_PLATE), (wall, BASE_PLATE), (wall, height)])


def bunker(size: float, height: float, orientation: str, clearance: float) -> Mesh:
    cavity = max(size - 2 * clearance - 2 * WALL, BASE_ROOM)
    inner = hex_outline(cavity, orientation)
    outer = hex_outline(cavity + 2 * WALL, orientation)
    top = 2 * height
    # down the inside from the ceiling, across the open bottom, up the outside, over the roof
    return loft([(inner, top - ROOF), (inner, 0.0), (outer, 0.0), (outer, top)])


def watchtower(size: float, height: float, orientation: str, clearance: float) -> Mesh:
    hx = hex_outline(size - 2 * clearance, orientation)
    tower, roof = _rect(0.55 * size, 0.55 * size), _rect(0.72 * size, 0.72 * size)
    top = 3 * height
    return loft([(hx, 0.0), (hx, BASE_PLATE), (tower, BASE_PLATE), (tower, top - ROOF), (roof, top - ROOF),
                 (roof, top)])


def rock_overhang(size: float, height: float, orientation: str, clearance: float) -> Mesh:
    flat = size - 2 * clearance
    hx = hex_outline(flat, orientation)
    # the wall: the hex cut by a line parallel to its lowest side (pointy: the lowest corners' chord)
    depth = 0.22 * size
    y0 = min(y for _, y in hx)
    cut = y0 + depth
    # the wall stands 0.6 mm inside the ledge's edge: a wall flush with it would meet the ledge in
    # coincident faces (no solid a slicer can read)
    wall = _clip_below(hex_outline(flat - 1.2, orientation), cut)
    cx = sum(x for x, _ in wall) / len(wall)
    cy = sum(y for _, y in wall) / len(wall)
    top = 2 * height
    return loft([(wall, 0.0), (wall, top - 2.5), (hx, top - 2.5), (hx, top)], centre=(cx, cy))


def _clip_below(poly, y_cut: float):
    """The part of a convex polygon below the line y = y_cut."""
    out = []
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if ay <= y_cut:
            out.append((ax, ay))
        if (ay - y_cut) * (by - y_cut) < 0:
            t = (y_cut - ay) / (by - ay)
            out.append((ax + t * (bx - ax), y_cut))
    return out


PIECES = {"water": water, "rubble": rubble, "low-wall": low_wall, "bunker": bunker, "watchtower": watchtower,
          "rock-overhang": rock_overhang}
# levels each stands above the tile under it (HexPrint's terrain heights; water lies on the tile)
LEVELS = {"water": 0, "rubble": 1, "low-wall": 1, "bunker": 2, "watchtower": 3, "rock-overhang": 2}


def build_piece(name: str, *, size: float, height: float, orientation: str, clearance: float = 0.2) -> Mesh:
    """The named piece at this scale. Raises MeshError for an unknown name."""
    if name not in PIECES:
        raise MeshError(f"no terrain piece {name!r}; pieces: {', '.join(PIECES)}")
    return PIECES[name](size, height, orientation, clearance)
