"""Solids lofted through horizontal rings: a closed body from a stack of convex outlines.

Every ring is a convex polygon around one shared centre, resampled to the same number of points
along the same rays from that centre, so consecutive rings join by quads that never cross, two
rings at one height make a flat step (a ledge, an overhang, an open bottom), and the first and last
rings close with fans. The result is one watertight body (a sphere's topology) whatever the rings,
so a hollow cover (walls, roof, open underneath) is one loft too: up the outside, across the top,
down the inside. Pure maths; lengths in mm.
"""

from __future__ import annotations

import math

from .tile import Mesh, MeshError, Vec

Ring = tuple[list[tuple[float, float]], float]  # a convex outline (x, y) and its height z


def _ray_hit(poly: list[tuple[float, float]], cx: float, cy: float, angle: float) -> tuple[float, float]:
    """Where the ray from (cx, cy) at ``angle`` leaves the convex polygon ``poly``."""
    dx, dy = math.cos(angle), math.sin(angle)
    best = None
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((ax - cx) * ey - (ay - cy) * ex) / den
        u = ((ax - cx) * dy - (ay - cy) * dx) / den
        if t > 1e-9 and -1e-9 <= u <= 1 + 1e-9 and (best is None or t < best):
            best = t
    if best is None:
        raise MeshError("a ring of a lofted piece does not surround its centre")
    return cx + best * dx, cy + best * dy


def loft(rings: list[Ring], *, centre: tuple[float, float] = (0.0, 0.0), samples: int = 48) -> Mesh:
    """One closed body through ``rings`` in order (each a convex outline containing ``centre``).
    The first ring's cap faces down when the second lies above it, else up; likewise the last."""
    if len(rings) < 2:
        raise MeshError("a loft needs two rings")
    cx, cy = centre
    # the rays: every polygon corner of every ring (so straight edges stay straight) plus even steps
    angles = {round(2 * math.pi * k / samples, 12) for k in range(samples)}
    for poly, _ in rings:
        for x, y in poly:
            angles.add(round(math.atan2(y - cy, x - cx) % (2 * math.pi), 12))
    rays = []
    for a in sorted(angles):  # rays a hair apart make sliver faces: keep one
        if not rays or a - rays[-1] > 1e-4:
            rays.append(a)
    if len(rays) > 1 and rays[0] + 2 * math.pi - rays[-1] <= 1e-4:
        rays.pop()
    n = len(rays)
    vertices: list[Vec] = []
    for poly, z in rings:
        vertices += [(*_ray_hit(poly, cx, cy, a), z) for a in rays]
    faces: list[tuple[int, int, int]] = []
    for r in range(len(rings) - 1):
        a0, b0 = r * n, (r + 1) * n
        for i in range(n):
            j = (i + 1) % n
            faces += [(a0 + i, a0 + j, b0 + j), (a0 + i, b0 + j, b0 + i)]
    # caps: fans around a centre vertex of their own (the rays run counter-clockwise seen from above)
    first, last = len(vertices), len(vertices) + 1
    vertices += [(cx, cy, rings[0][1]), (cx, cy, rings[-1][1])]
    top0 = (len(rings) - 1) * n
    for i in range(n):
        j = (i + 1) % n
        faces.append((first, j, i))                  # down-facing bottom cap
        faces.append((last, top0 + i, top0 + j))     # up-facing top cap
    mesh = Mesh(vertices, faces)
    if mesh.volume < 0:  # rings that run down first (a cover's inside): the other winding is outward
        mesh = Mesh(vertices, [(a, c, b) for a, b, c in faces])
    return mesh
