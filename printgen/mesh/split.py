"""A piece larger than the print bed, cut into parts that each fit it and pin together (issue 39).

A real-size 24-hex tile is about 267 x 244 mm: no 256 mm bed takes it. The cuts run along lattice
lines (all hexes with q, r or s below a value on one side), so every part is whole hexes and every
cut follows hex sides. The fewest parallel strips that each fit the bed win (then the most even hex
counts, then the fewest cut sides, then the axis order q, r, s). Across each cut, sides of one
direction carry pin-and-socket joints (mesh.joint): one direction only, so the parts slide together
along the pins, every other side of the zig-zag closing at the same moment. All lengths in mm.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import NamedTuple

from ..hexgrid import Hex
from ..hexgrid.coords import components
from ..hexgrid.outline import outline_loops
from .joint import PIN, SOCKET, JointSpec
from .tile import Mesh, MeshError, TileSpec

MOST_PARTS = 6
PIN_HALF = 2.2          # mm: the pin's diamond, centre to corner (4.4 mm across)
PIN_LENGTH = 6.0        # mm the pin stands out of its side
PIN_CLEARANCE = 0.2     # mm between each flank of the pin and its socket
PIN_END_ROOM = 0.3      # mm the socket goes deeper than the pin reaches (beyond the parts' side gap)


class Part(NamedTuple):
    hexes: tuple[Hex, ...]
    joints: dict        # frozenset of a side's two lattice corners -> (PIN or SOCKET, JointSpec)
    mesh: Mesh          # built in the piece's own coordinates: the parts sit where they join


def joint_spec(spec: TileSpec) -> JointSpec:
    """The pin for a piece of this spec: centred between the top of the recess under a hex (or the
    bottom) and the crack floor (or the top)."""
    low = spec.socket[1] if spec.socket else 0.0
    high = spec.height - (spec.cap[1] if spec.cap else 0.0)
    half = min(PIN_HALF, (high - low) / 2 - 0.8 - PIN_CLEARANCE * math.sqrt(2))
    if half < 1.0:
        raise MeshError(f"a {spec.height:g} mm piece is too thin for a pin joint: print it on a larger bed")
    return JointSpec(half=half, length=PIN_LENGTH, z=(low + high) / 2, clearance=PIN_CLEARANCE,
                     depth=PIN_LENGTH + PIN_END_ROOM)


def _corners(hexes, spec: TileSpec) -> Mesh:
    """The hexes' corners as a mesh of points only (what ``fits`` reads): the tile's box without building it."""
    from ..hexgrid import Layout

    lay = Layout(spec.orientation, spec.size)
    return Mesh([(x, -y, 0.0) for h in hexes for x, y in lay.corners(h)], [])


def fit_angle(mesh: Mesh, room: tuple[float, float]) -> float | None:
    """The turn about z (degrees, a 15-degree step) with the smallest box (wider than deep) that fits
    ``room`` (mm) either way round, or None when no turn fits."""
    pts = [(x, y) for x, y, _ in mesh.vertices]
    best = None
    for step in range(12):
        c, s = math.cos(math.radians(15 * step)), math.sin(math.radians(15 * step))
        xs = [c * x - s * y for x, y in pts]
        ys = [s * x + c * y for x, y in pts]
        w, d = max(xs) - min(xs), max(ys) - min(ys)
        key = (round(w * d, 3), -round(w, 3), step)  # as terrain.plates.lay_flat: smallest box, wider than deep
        if ((w <= room[0] and d <= room[1]) or (d <= room[0] and w <= room[1])) and (best is None or key < best):
            best = key
    return None if best is None else 15.0 * best[2]


def fits(mesh: Mesh, room: tuple[float, float]) -> bool:
    """Whether the mesh, turned in 15-degree steps about z, fits ``room`` (mm) either way round."""
    return fit_angle(mesh, room) is not None


def _edges(hexes) -> set[frozenset]:
    return {frozenset((a, b)) for loop in outline_loops(list(hexes)) for a, b in zip(loop, loop[1:] + loop[:1])}


def _joints(groups: list[list[Hex]], js: JointSpec) -> tuple[list[dict], int]:
    """Each group's joints, and how many sides the cuts run along. Between neighbouring groups, the
    shared sides of the direction most of them have carry joints, evenly spaced: one for up to two
    such sides, two up to five, three beyond; the pin on the earlier group."""
    joints: list[dict] = [{} for _ in groups]
    edges = [_edges(g) for g in groups]
    cut = 0
    for i, j in combinations(range(len(groups)), 2):
        shared = edges[i] & edges[j]
        cut += len(shared)
        if not shared:
            continue
        families: dict[tuple[int, int], list] = {}
        for e in shared:
            (ax, ay), (bx, by) = sorted(e)
            families.setdefault((bx - ax, by - ay), []).append(e)
        family = max(sorted(families), key=lambda k: len(families[k]))
        sides = sorted(families[family], key=lambda e: sorted(e))
        n = 1 if len(sides) <= 2 else 2 if len(sides) <= 5 else 3
        for k in range(n):
            e = sides[min(len(sides) - 1, int((k + 0.5) * len(sides) / n))]
            joints[i][e] = (PIN, js)
            joints[j][e] = (SOCKET, js)
    return joints, cut


def split_piece(hexes, spec: TileSpec, room: tuple[float, float]) -> list[Part]:
    """``hexes`` as one part when its tile fits ``room`` (mm), else the fewest strips cut along a lattice
    line that each fit, with their joints. Raises MeshError when no cut into up to MOST_PARTS fits."""
    from .polyhex import build_tile

    hexes = sorted(set(hexes), key=lambda h: (h.r, h.q))
    whole = build_tile(hexes, spec)
    if fits(whole, room):
        return [Part(tuple(hexes), {}, whole)]
    js = joint_spec(spec)
    axes = (lambda h: h.q, lambda h: h.r, lambda h: -h.q - h.r)
    for n in range(2, MOST_PARTS + 1):
        best = None
        for a, axis in enumerate(axes):
            values = sorted({axis(h) for h in hexes})
            for cuts in combinations(values[1:], n - 1):
                bounds = (-math.inf, *cuts, math.inf)
                groups = [[h for h in hexes if bounds[k] <= axis(h) < bounds[k + 1]] for k in range(n)]
                if any(len(components(g)) != 1 for g in groups):
                    continue
                if not all(fits(_corners(g, spec), room) for g in groups):  # pins only add: no mesh needed yet
                    continue
                joints, cut = _joints(groups, js)
                key = (max(len(g) for g in groups), cut, a, cuts)
                if best is not None and key >= best[0]:
                    continue
                meshes = [build_tile(g, spec, jt) for g, jt in zip(groups, joints)]
                if all(fits(m, room) for m in meshes):
                    best = (key, [Part(tuple(g), jt, m) for g, jt, m in zip(groups, joints, meshes)])
        if best is not None:
            return best[1]
    # no strips fit (a bed narrower than a row of the piece): halve along any lattice line, again and
    # again, each half as few parts as fit; the parts' joints then as for strips
    groups = _halves(tuple(hexes), spec, room, MOST_PARTS, {})
    if groups is not None:
        joints, _ = _joints([list(g) for g in groups], js)
        meshes = [build_tile(list(g), spec, jt) for g, jt in zip(groups, joints)]
        if all(fits(m, room) for m in meshes):
            return [Part(tuple(g), jt, m) for g, jt, m in zip(groups, joints, meshes)]
    raise MeshError(f"a piece of {len(hexes)} hexes does not fit a {room[0]:g} x {room[1]:g} mm bed area "
                    f"even in {MOST_PARTS} parts: use a larger bed")


def _halves(hexes: tuple[Hex, ...], spec: TileSpec, room: tuple[float, float], most: int, seen: dict):
    """The fewest parts (at most ``most``) that halving ``hexes`` along lattice lines gives, each
    fitting ``room`` with a pin's length to spare on every side; None when there are none."""
    key = (hexes, most)
    if key in seen:
        return seen[key]
    spare = (room[0] - 2 * PIN_LENGTH, room[1] - 2 * PIN_LENGTH)
    if fits(_corners(hexes, spec), spare):
        seen[key] = (hexes,)
        return seen[key]
    best = None
    if most >= 2:
        for axis in (lambda h: h.q, lambda h: h.r, lambda h: -h.q - h.r):
            for cut in sorted({axis(h) for h in hexes})[1:]:
                a = tuple(h for h in hexes if axis(h) < cut)
                b = tuple(h for h in hexes if axis(h) >= cut)
                if len(components(list(a))) != 1 or len(components(list(b))) != 1:
                    continue
                left = _halves(a, spec, room, most - 1, seen)
                if left is None:
                    continue
                right = _halves(b, spec, room, most - len(left), seen)
                if right is None:
                    continue
                parts = left + right
                if best is None or (len(parts), max(map(len, parts))) < (len(best), max(map(len, best))):
                    best = parts
    seen[key] = best
    return best
