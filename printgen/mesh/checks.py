"""Mesh sanity, measured without trusting the builder: what a slicer needs."""

from __future__ import annotations

from typing import NamedTuple

from .polyhex import Mesh


class MeshReport(NamedTuple):
    edges_shared_by_two: bool  # every edge used by exactly two faces
    winding_consistent: bool  # every directed edge used once (neighbours agree on orientation)
    volume: float  # mm^3, positive when wound outward
    degenerate: int  # faces with (almost) zero area

    @property
    def ok(self) -> bool:
        return self.edges_shared_by_two and self.winding_consistent and self.volume > 0 and self.degenerate == 0


def inspect(mesh: Mesh, *, min_area: float = 1e-9) -> MeshReport:
    faces = mesh.faces
    directed = set()
    for a, b, c in faces:
        directed.update(((a, b), (b, c), (c, a)))
    # No directed edge twice, and every edge met once each way: each edge has exactly two faces
    # and the faces on either side agree on orientation.
    winding = len(directed) == 3 * len(faces)
    paired = all((b, a) in directed for a, b in directed)
    v = mesh.vertices
    degenerate = 0
    limit = (2 * min_area) ** 2
    for a, b, c in faces:
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = v[a], v[b], v[c]
        ux, uy, uz = bx - ax, by - ay, bz - az
        wx, wy, wz = cx - ax, cy - ay, cz - az
        degenerate += (uy * wz - uz * wy) ** 2 + (uz * wx - ux * wz) ** 2 + (ux * wy - uy * wx) ** 2 < limit
    return MeshReport(
        edges_shared_by_two=paired and winding,
        winding_consistent=winding,
        volume=mesh.volume,
        degenerate=degenerate,
    )
