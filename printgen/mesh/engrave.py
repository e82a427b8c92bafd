"""An engraved hex grid on a tile's top: a V-groove along every hex side.

Each hex's top is its hexagon shrunk about its centre so that every side moves in by half the
groove width, at full height. Between two hexes of the tile the shrunk sides slope down to the
shared lattice side at the groove's depth: a V of the full width. At the tile's outer side the
slope runs on down to the side wall (moved in by the clearance) as half a V, so two tiles laid
side by side show the same groove across their seam as inside a tile: the grid looks the same
over the whole map. Where a groove between two of the tile's hexes meets the side, the side's
top edge dips to the groove's full depth. Built on the same shared lattice corners as the plain top, so the mesh
stays watertight and one body by construction.
"""

from __future__ import annotations

from collections import Counter

from ..hexgrid import Hex, Layout
from .tile import MeshError, TileSpec, Vec, lattice_xy

Face = tuple[int, int, int]


def check_dot(spec: TileSpec) -> None:
    """Raise MeshError for a centre dot that cannot be cut in this tile."""
    across, depth = spec.dot
    if across <= 0 or depth <= 0:
        raise MeshError("a centre dot needs a positive size and depth")
    room = spec.size * 2 / 3 ** 0.5 - (2 * spec.groove[0] if spec.groove else 0.0)
    if across > room / 2:
        raise MeshError(f"a {across:g} mm centre dot is too wide for {spec.size:g} mm hexes (at most {room / 2:.1f} mm)")
    floor = spec.pocket[1] + 0.8 if spec.pocket else 0.8
    if depth > spec.height - floor:
        raise MeshError(f"a {depth:g} mm centre dot is too deep for a {spec.height:g} mm tile "
                        f"(at most {spec.height - floor:g} mm keeps 0.8 mm of material under it)")


def hex_top(centre: tuple[float, float], ring: list[int], spec: TileSpec, vertices: list[Vec],
            corners: list[tuple[float, float]] | None = None) -> list[Face]:
    """The flat top of one hex inside ``ring`` (its six top vertices, counter-clockwise): a fan, or with
    ``spec.dot`` a band round a hexagonal pit at the centre (its corners towards the hex's lattice
    ``corners``, so each band quad joins matching vertices), the pit's walls and its floor. Faces
    face up/out. All in mm."""
    if not spec.dot:
        return [(ring[0], ring[a], ring[b]) for a, b in ((1, 2), (2, 3), (3, 4), (4, 5))]
    check_dot(spec)
    across, depth = spec.dot
    cx, cy = centre
    z = vertices[ring[0]][2]
    # Towards the lattice corners, not the ring's: an outer corner moved in by the clearance is
    # slightly off the hex's own diagonal, and the pit must be a regular hexagon.
    corners = corners or [vertices[i][:2] for i in ring]
    rim = len(vertices)
    for x, y in corners:
        d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
        vertices.append((cx + (x - cx) * across / 2 / d, cy + (y - cy) * across / 2 / d, z))
    floor = len(vertices)
    vertices += [(x, y, z - depth) for x, y, _ in vertices[rim:rim + 6]]
    faces: list[Face] = []
    for k in range(6):
        k1 = (k + 1) % 6
        faces += [(ring[k], ring[k1], rim + k1), (ring[k], rim + k1, rim + k)]  # the band, facing up
        faces += [(rim + k, rim + k1, floor + k1), (rim + k, floor + k1, floor + k)]  # walls, facing the axis
    faces += [(floor, floor + a, floor + b) for a, b in ((1, 2), (2, 3), (3, 4), (4, 5))]  # floor, facing up
    return faces


def check_groove(spec: TileSpec) -> None:
    """Raise MeshError for a groove that cannot be cut in this tile."""
    width, depth = spec.groove
    if width <= 0 or depth <= 0:
        raise MeshError("the grid groove needs a positive width and depth")
    if spec.chamfer:
        raise MeshError("an engraved grid already bevels the top edge: use a chamfer or a grid, not both")
    if width / 2 <= spec.clearance + 0.05:
        raise MeshError(f"a {width:g} mm grid groove is too narrow for a {spec.clearance:g} mm clearance: "
                        f"make it wider than {2 * spec.clearance + 0.1:g} mm")
    if width > spec.size / 3:
        raise MeshError(f"a {width:g} mm grid groove is too wide for {spec.size:g} mm hexes "
                        f"(at most {spec.size / 3:.1f} mm)")
    floor = spec.pocket[1] + 0.8 if spec.pocket else 0.8
    if depth > spec.height - floor:
        raise MeshError(f"a {depth:g} mm grid groove is too deep for a {spec.height:g} mm tile "
                        f"(at most {spec.height - floor:g} mm keeps 0.8 mm of material under it)")


def grooved_top(hexes: list[Hex], hex_idx: list[tuple[int, ...]], boundary: set, keys: dict, lay: Layout,
                spec: TileSpec, vertices: list[Vec]) -> list[Face]:
    """Lower the top lattice corners into the groove (``vertices`` edited in place; the top ring
    starts at index len(keys)), add each hex's shrunk top, and return the top faces (facing up,
    counter-clockwise: ``hex_idx`` lists each hex's corners counter-clockwise)."""
    width, depth = spec.groove
    K = len(keys)
    h_top = spec.height
    # The V's sides are straight: at the clearance line the groove is that much less deep.
    # Where a groove between two of the tile's hexes reaches the side, it keeps its full depth.
    z_edge = h_top - depth * (1 - 2 * spec.clearance / width)
    shared = {i for i, n in Counter(i for c in hex_idx for i in c).items() if n > 1}
    at = {}
    for v, i in keys.items():
        x, y, _ = vertices[K + i]
        vertices[K + i] = (x, y, z_edge if v in boundary and i not in shared else h_top - depth)
        at[i] = lattice_xy(lay, v)
    shrink = 1 - width / spec.size  # moves every side of a hexagon in by width / 2
    faces: list[Face] = []
    for h, c in zip(hexes, hex_idx):
        cx, cy = lay.hex_to_point(h)
        cy = -cy
        inner = len(vertices)
        vertices += [(cx + (at[i][0] - cx) * shrink, cy + (at[i][1] - cy) * shrink, h_top) for i in c]
        faces += hex_top((cx, cy), list(range(inner, inner + 6)), spec, vertices, [at[i] for i in c])
        for k in range(6):
            k1 = (k + 1) % 6
            a, b = K + c[k], K + c[k1]
            faces += [(a, b, inner + k1), (a, inner + k1, inner + k)]
    return faces
