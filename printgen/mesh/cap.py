"""A real land tile's top and underside (issue 39): raised hex tops over flat cracks, and a recess
under each hex that takes the raised top of the piece below.

A real Heroscape land tile shows each hex as a slightly raised flat hexagon; the cracks between them
are where the walls of the tile stacked on it stand, its hollow underside taking the raised tops, so
levels stack at the body's height, not the body's plus the cap's. ``cap_top`` builds the top that way:
every lattice corner of the top drops to the crack floor, and each hex rises from it as its own
hexagon, its sides ``inset`` in from the lattice's. ``socket_bottom`` cuts under each hex a hexagonal
recess ``inset`` in from the lattice's sides and ``depth`` deep. Both are built on the tile's shared
lattice corners (polyhex.build_tile), so the mesh stays one watertight body by construction.
All lengths in mm.
"""

from __future__ import annotations

from ..hexgrid import Hex, Layout
from .tile import MeshError, TileSpec, Vec, lattice_xy

Face = tuple[int, int, int]
MIN_WALL = 0.6  # mm: the least wall a recess leaves at the tile's outer side (after the clearance)


def check_cap(spec: TileSpec) -> None:
    """Raise MeshError for a raised top or an underside recess this tile cannot have."""
    if spec.cap:
        inset, rise = spec.cap
        if inset <= spec.clearance or rise <= 0:
            raise MeshError(f"a raised hex top needs a positive height and an inset wider than the "
                            f"{spec.clearance:g} mm clearance")
        if inset > spec.size / 6:
            raise MeshError(f"a raised hex top inset {inset:g} mm is too wide for {spec.size:g} mm hexes")
        if spec.groove or spec.chamfer:
            raise MeshError("a raised hex top already marks each hex: no grid groove or chamfer with it")
    if spec.socket:
        inset, depth = spec.socket
        if inset - spec.clearance < MIN_WALL:
            raise MeshError(f"an underside recess {inset:g} mm in from the hex sides leaves less than "
                            f"{MIN_WALL:g} mm of wall after the {spec.clearance:g} mm clearance")
        body = spec.height - (spec.cap[1] if spec.cap else 0.0)
        if depth <= 0 or depth > body - 0.8:
            raise MeshError(f"an underside recess {depth:g} mm deep leaves less than 0.8 mm of roof in a "
                            f"{body:g} mm body")
        if spec.magnet:
            raise MeshError("magnet pockets and underside recesses both want the bottom of each hex: choose one")


def _shrunk(lay: Layout, h: Hex, corners: list[tuple[float, float]], inset: float, size: float):
    """The hexagon of ``h`` with every side moved ``inset`` mm towards its centre (corners in the order given)."""
    cx, cy = lay.hex_to_point(h)
    cy = -cy
    k = 1 - 2 * inset / size
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in corners]


def cap_top(hexes: list[Hex], hex_idx: list[tuple[int, ...]], keys: dict, lay: Layout, spec: TileSpec,
            vertices: list[Vec]) -> list[Face]:
    """Lower every top lattice corner to the crack floor (``vertices`` edited in place: the top ring
    starts at len(keys)) and raise each hex's hexagon to full height: its floor band, its upright
    sides (facing out) and its flat top (a fan, or the centre dot of engrave.hex_top). Faces face out
    of the material; ``hex_idx`` lists each hex's corners counter-clockwise."""
    from .engrave import hex_top

    inset, rise = spec.cap
    K = len(keys)
    floor = spec.height - rise
    at = {}
    for v, i in keys.items():
        x, y, _ = vertices[K + i]
        vertices[K + i] = (x, y, floor)
        at[i] = lattice_xy(lay, v)
    faces: list[Face] = []
    for h, c in zip(hexes, hex_idx):
        pts = _shrunk(lay, h, [at[i] for i in c], inset, spec.size)
        low = len(vertices)
        vertices += [(x, y, floor) for x, y in pts]
        high = len(vertices)
        vertices += [(x, y, spec.height) for x, y in pts]
        cx, cy = lay.hex_to_point(h)
        faces += hex_top((cx, -cy), list(range(high, high + 6)), spec, vertices, [at[i] for i in c])
        for k in range(6):
            k1 = (k + 1) % 6
            a, b = K + c[k], K + c[k1]
            faces += [(a, b, low + k1), (a, low + k1, low + k)]  # the crack floor, facing up
            faces += [(low + k, low + k1, high + k1), (low + k, high + k1, high + k)]  # the cap's side
    return faces


def socket_bottom(hexes: list[Hex], hex_idx: list[tuple[int, ...]], keys: dict, lay: Layout, spec: TileSpec,
                  vertices: list[Vec]) -> list[Face]:
    """The bottom of every hex as a rim round a hexagonal recess (its walls facing the recess's axis,
    its ceiling facing down): the faces, the recess's vertices appended to ``vertices``."""
    inset, depth = spec.socket
    at = {i: lattice_xy(lay, v) for v, i in keys.items()}
    faces: list[Face] = []
    for h, c in zip(hexes, hex_idx):
        pts = _shrunk(lay, h, [at[i] for i in c], inset, spec.size)
        low = len(vertices)
        vertices += [(x, y, 0.0) for x, y in pts]
        high = len(vertices)
        vertices += [(x, y, depth) for x, y in pts]
        for k in range(6):
            k1 = (k + 1) % 6
            a, b = c[k], c[k1]
            faces += [(a, low + k1, b), (a, low + k, low + k1)]  # the rim, facing down
            faces += [(low + k, high + k1, low + k1), (low + k, high + k, high + k1)]  # walls, facing in
        faces += [(high, high + b, high + a) for a, b in ((1, 2), (2, 3), (3, 4), (4, 5))]  # ceiling, down
    return faces
