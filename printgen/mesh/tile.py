"""What a polyhex tile is, shared by the mesh builder (polyhex.py) and the top engraving (engrave.py):
the build options, the mesh, its error, and where a lattice corner lies. Neither module imports the other
at load time: polyhex imports engrave only inside build_tile."""

from __future__ import annotations

from typing import NamedTuple

from ..hexgrid import Layout


class MeshError(ValueError):
    """A tile that cannot be built; the message says what to change."""


class TileSpec(NamedTuple):
    """How to build a tile. All lengths in mm."""

    size: float  # hex flat-to-flat
    orientation: str  # "flat" or "pointy"
    height: float
    clearance: float = 0.2  # taken off every outer side
    magnet: tuple[float, float] | None = None  # magnet (diameter, thickness)
    magnet_clearance: tuple[float, float] = (0.15, 0.2)  # added to the pocket's radius and depth
    magnet_every: int = 1  # a pocket under every Nth hex
    chamfer: float = 0.0  # 45-degree chamfer on the top edge
    segments: int = 32  # sides of a pocket's circle
    groove: tuple[float, float] | None = None  # engraved hex grid: V-groove (width, depth)
    dot: tuple[float, float] | None = None  # engraved hex-centre dot: a hexagonal pit (across corners, depth)
    # a real land tile's top (issue 39): each hex a raised flat hexagon, its sides ``inset`` in from the
    # lattice's, standing ``height`` proud of a flat crack floor (inset, height); the tile's height is the cap's top
    cap: tuple[float, float] | None = None
    # under each hex a hexagonal recess that takes the cap of the piece below (inset, depth), so
    # pieces stack at the level pitch, as a real tile's hollow underside does
    socket: tuple[float, float] | None = None

    @property
    def pocket(self) -> tuple[float, float] | None:
        """(radius, depth) of a magnet pocket, clearance included."""
        if not self.magnet:
            return None
        return (self.magnet[0] / 2 + self.magnet_clearance[0], self.magnet[1] + self.magnet_clearance[1])


Vec = tuple[float, float, float]


class Mesh(NamedTuple):
    vertices: list[Vec]  # mm
    faces: list[tuple[int, int, int]]  # vertex indices, counter-clockwise seen from outside
    pockets: int = 0

    @property
    def volume(self) -> float:
        """Signed volume (mm^3): positive when faces wind outward."""
        v = self.vertices
        total = 0.0
        for a, b, c in self.faces:
            (ax, ay, az), (bx, by, bz), (cx, cy, cz) = v[a], v[b], v[c]
            total += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)
        return total / 6.0

    @property
    def extents(self) -> tuple[float, float, float]:
        cols = list(zip(*self.vertices))
        return tuple(max(c) - min(c) for c in cols)


def lattice_xy(layout: Layout, v: tuple[int, int]) -> tuple[float, float]:
    """A lattice corner (in thirds of a hex) on the plane, y up."""
    x, y = layout.frac_to_point(v[0] / 3.0, v[1] / 3.0)
    return (x, -y)
