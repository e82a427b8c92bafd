"""A shaded picture of a mesh, drawn with the page model (so it becomes SVG or PNG like any sheet).

Orthographic view from above and from below, faces sorted back to front,
flat-shaded by their normal: enough to see a tile's outline, chamfer and
magnet pockets without an OpenGL context.
"""

from __future__ import annotations

import math

import numpy as np

from ..draw.colour import mix
from ..draw.document import Page, Poly, Style, Text, pt
from .polyhex import Mesh

BASE = "#b9a27a"


def _view(azimuth: float, tilt: float) -> np.ndarray:
    """Turn the mesh by ``azimuth`` about z, then tip it by ``tilt`` about x; the camera looks down -z."""
    a, t = math.radians(azimuth), math.radians(tilt)
    rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    return rx @ rz


def _draw(mesh: Mesh, rot: np.ndarray, scale: float, ox: float, oy: float) -> list:
    verts = np.asarray(mesh.vertices)
    v = (verts - verts.mean(axis=0)) @ rot.T
    tri = v[np.asarray(mesh.faces)]
    normals = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    keep = (normals[:, 2] > 0) & (lengths > 1e-12)  # facing the camera
    depth = tri[:, :, 2].mean(axis=1)
    light = np.array([-0.4, 0.5, 0.77])
    light /= np.linalg.norm(light)
    ops = []
    for i in np.argsort(depth):  # farthest first
        if not keep[i]:
            continue
        n = normals[i] / lengths[i]
        shade = 0.3 + 0.7 * max(0.0, float(n @ light))
        colour = mix("#000000", BASE, shade)
        pts = tuple((ox + x * scale, oy - y * scale) for x, y in tri[i, :, :2])
        ops.append(Poly(pts, Style(fill=colour, stroke=colour, width=0.05)))
    return ops


def preview_page(mesh: Mesh, title: str) -> Page:
    """A page (mm) with the tile seen from above and from below, side by side."""
    extent = float(np.linalg.norm(np.asarray(mesh.extents)))
    box = 90.0
    scale = box / extent
    page = Page(2 * box + 30, box + 22)
    page.add(Text(8, 8, title, "sans-bold", pt(10), "#1d1d1b"))
    x, y, z = mesh.extents
    page.add(Text(8, 13, f"{x:.2f} x {y:.2f} x {z:.2f} mm, {mesh.pockets} magnet pockets", "sans", pt(7.5),
                  "#4a4a4a"))
    page.add(Text(10 + box / 2, box + 18, "top", "sans", pt(7), "#4a4a4a", "middle"))
    page.add(Text(20 + 1.5 * box, box + 18, "underside", "sans", pt(7), "#4a4a4a", "middle"))
    page.add(*_draw(mesh, _view(-25, -55), scale, 10 + box / 2, 16 + box / 2))
    page.add(*_draw(mesh, _view(-25, 125), scale, 20 + 1.5 * box, 16 + box / 2))
    return page
