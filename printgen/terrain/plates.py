"""Print-bed plates: every tile of a tile set laid flat on beds of a given size, a gap apart.

Each distinct tile is turned once (in 15-degree steps) to the turn with the smallest bounding
box, then copies are packed as boxes by MaxRects (best short side fit, largest first, either
box side along x): boxes grown by the gap never overlap, so the tiles keep at least the gap
between them, and a 7 mm margin keeps them, and the skirt a slicer lays around them (PrusaSlicer's
default: one loop 6 mm out), on the bed (issue 39: at 1 mm the skirt reached X = -5.6). A plate is full when no free
rectangle takes the next box; then a new plate starts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..mesh.polyhex import Mesh

EDGE = 7.0  # mm kept clear along the bed's edges: room for a skirt 6 mm out


class PlateError(ValueError):
    """A tile that cannot go on the bed; the message says by how much it is too big."""


@dataclass(frozen=True)
class Placed:
    """One tile on a plate: ``kind`` and ``copy`` index it, ``angle`` (degrees, about z) turns the
    kind's centred mesh, then it moves to (x, y) mm; ``size`` is its box there (mm)."""

    kind: int
    copy: int
    angle: float
    x: float
    y: float
    size: tuple[float, float]


def centred(mesh: Mesh) -> Mesh:
    """The mesh moved so its bounding box's centre is over the origin, its bottom at z = 0."""
    xs, ys, zs = zip(*mesh.vertices)
    cx, cy, z0 = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, min(zs)
    return mesh._replace(vertices=[(x - cx, y - cy, z - z0) for x, y, z in mesh.vertices])


def turned(mesh: Mesh, angle: float, dx: float = 0.0, dy: float = 0.0) -> Mesh:
    """The mesh turned ``angle`` degrees about z, then moved by (dx, dy) mm."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return mesh._replace(vertices=[(c * x - s * y + dx, s * x + c * y + dy, z) for x, y, z in mesh.vertices])


def lay_flat(mesh: Mesh) -> Mesh:
    """The mesh turned (in 15-degree steps about z) to its smallest box, wider than deep, then
    centred: the form a tile is written in and placed on plates."""
    best = None
    pts = [(x, y) for x, y, _ in mesh.vertices]
    for step in range(12):
        a = math.radians(15 * step)
        c, s = math.cos(a), math.sin(a)
        xs = [c * x - s * y for x, y in pts]
        ys = [s * x + c * y for x, y in pts]
        w, d = max(xs) - min(xs), max(ys) - min(ys)
        key = (round(w * d, 3), -round(w, 3), step)
        if best is None or key < best[0]:
            best = (key, 15.0 * step)
    return centred(turned(mesh, best[1]))


def pack(sizes: list[tuple[int, int, float, float, float]], bed: tuple[float, float], gap: float) -> list[list[Placed]]:
    """Pack (kind, copy, angle, width, depth) boxes (each centred on its tile) on as few beds as MaxRects manages.
    Raises PlateError for a box that fits no empty bed."""
    bw, bd = bed[0] - 2 * EDGE + gap, bed[1] - 2 * EDGE + gap
    for kind, copy, angle, w, d in sizes:
        if not ((w + gap <= bw and d + gap <= bd) or (d + gap <= bw and w + gap <= bd)):
            over_w, over_d = min(w, d) - (bed[0] - 2 * EDGE), max(w, d) - (bed[1] - 2 * EDGE)
            raise PlateError(f"a tile of {w:.1f} x {d:.1f} mm does not fit a {bed[0]:g} x {bed[1]:g} mm bed "
                             f"(with {EDGE:g} mm kept clear at each edge): it is {max(over_w, over_d, 0.05):.1f} mm "
                             "too big; use a larger --bed or smaller tiles")
    order = sorted(sizes, key=lambda s: (-(s[3] * s[4]), -max(s[3], s[4]), s[0], s[1]))
    bins: list[_MaxRects] = []
    plates: list[list[Placed]] = []
    for kind, copy, angle, w, d in order:
        for b, plate in zip(bins, plates):
            spot = b.insert(w + gap, d + gap)
            if spot:
                break
        else:
            bins.append(_MaxRects(bw, bd))
            plates.append([])
            b, plate = bins[-1], plates[-1]
            spot = b.insert(w + gap, d + gap)
        x, y, swapped = spot
        pw, pd = (d, w) if swapped else (w, d)
        plate.append(Placed(kind, copy, angle + (90.0 if swapped else 0.0), EDGE + x + pw / 2, EDGE + y + pd / 2,
                            (pw, pd)))
    return plates


class _MaxRects:
    """The free space of one bed as maximal free rectangles (x, y, w, h)."""

    def __init__(self, w: float, h: float):
        self.free = [(0.0, 0.0, w, h)]

    def insert(self, w: float, h: float) -> tuple[float, float, bool] | None:
        best = None
        for fx, fy, fw, fh in self.free:
            for rw, rh, swapped in ((w, h, False), (h, w, True)):
                if rw <= fw + 1e-9 and rh <= fh + 1e-9:
                    key = (min(fw - rw, fh - rh), max(fw - rw, fh - rh), fy, fx)
                    if best is None or key < best[0]:
                        best = (key, fx, fy, rw, rh, swapped)
        if best is None:
            return None
        _, x, y, rw, rh, swapped = best
        self._split((x, y, rw, rh))
        return x, y, swapped

    def _split(self, used: tuple[float, float, float, float]) -> None:
        ux, uy, uw, uh = used
        out = []
        for fx, fy, fw, fh in self.free:
            if ux >= fx + fw or ux + uw <= fx or uy >= fy + fh or uy + uh <= fy:
                out.append((fx, fy, fw, fh))
                continue
            if ux > fx:
                out.append((fx, fy, ux - fx, fh))
            if ux + uw < fx + fw:
                out.append((ux + uw, fy, fx + fw - ux - uw, fh))
            if uy > fy:
                out.append((fx, fy, fw, uy - fy))
            if uy + uh < fy + fh:
                out.append((fx, uy + uh, fw, fy + fh - uy - uh))
        # drop rectangles contained in another
        keep = []
        for i, a in enumerate(out):
            if not any(j != i and _inside(a, b) and (not _inside(b, a) or j < i) for j, b in enumerate(out)):
                keep.append(a)
        self.free = keep


def plate_kinds(kinds, meshes: list[Mesh], bed: tuple[float, float], gap: float
                ) -> tuple[list[list[Placed]], list[dict[int, set[int]]]]:
    """Every copy of every tile kind packed on print beds (``bed`` mm, ``gap`` mm between tiles), and, per
    kind, which plates hold its copies of each level ({level: {plate number from 1}}), for the bill.
    ``kinds``: tile kinds with ``count`` and ``placed`` (their ``level``), in the order of ``meshes``."""
    boxes = [(k, c, 0.0, m.extents[0], m.extents[1]) for k, (kind, m) in enumerate(zip(kinds, meshes))
             for c in range(kind.count)]
    plates = pack(boxes, bed, gap) if boxes else []
    plate_of = {(p.kind, p.copy): n for n, plate in enumerate(plates, start=1) for p in plate}
    plates_of = []
    for k, kind in enumerate(kinds):
        by_level: dict[int, set[int]] = {}
        for c, tile in enumerate(kind.placed):
            by_level.setdefault(tile.level, set()).add(plate_of[(k, c)])
        plates_of.append(by_level)
    return plates, plates_of


def _inside(a, b) -> bool:
    return a[0] >= b[0] - 1e-9 and a[1] >= b[1] - 1e-9 and a[0] + a[2] <= b[0] + b[2] + 1e-9 \
        and a[1] + a[3] <= b[1] + b[3] + 1e-9
