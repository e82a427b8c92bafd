"""Polyhex terrain tiles, built directly as triangle meshes (no floating-point booleans).

The outline comes from the hex lattice (hexgrid.outline): exact, with no
slivers. Its edges are moved inward by the print clearance, so neighbouring
tiles sit side by side at exactly the grid pitch. The top and bottom faces
are triangulated hex by hex on shared lattice corners, so the mesh is
conforming by construction; a magnet pocket is a cylinder cut up into the
bottom of its hex, joined to the hex's corners by a fixed "zipper" pattern.
All per-hex work is index arithmetic on patterns computed once. It is plain
Python on purpose: no numpy import, so `printgen stl` starts in a few tens of
milliseconds, and a 1,261-hex tile with 1,261 pockets still meshes in well
under 200 ms.

Coordinates: mm, x to the right, y up (the page's y flipped), z up; the
bottom face at z = 0.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..hexgrid import Hex, Layout
from ..hexgrid.coords import components
from ..hexgrid.outline import corner_vertex, outline_loops
# what a tile is, in its own module so that engrave.py (imported from build_tile) needs nothing of this one
from .tile import Mesh, MeshError, TileSpec, Vec, lattice_xy as _xy  # noqa: F401 (re-exported)

MIN_ROOF = 0.8  # mm of material kept above a magnet pocket
MIN_WALL = 0.8  # mm of material kept between a pocket and the tile's side


def _validate(hexes: list[Hex], spec: TileSpec) -> None:
    if not hexes:
        raise MeshError("the tile has no hexes")
    if len(set(hexes)) != len(hexes):
        raise MeshError("the tile names a hex twice")
    parts = components(hexes)
    if len(parts) > 1:
        raise MeshError(f"the hexes are not connected: they form {len(parts)} separate pieces "
                        f"({', '.join(str(len(p)) for p in parts)} hexes); print them as separate tiles")
    if spec.height <= 0:
        raise MeshError("the tile height must be positive")
    if spec.clearance < 0:
        raise MeshError("the clearance cannot be negative")
    if spec.clearance + spec.chamfer >= spec.size * 0.2:
        raise MeshError(f"a clearance of {spec.clearance:g} mm (plus a {spec.chamfer:g} mm chamfer) eats the tile: "
                        f"keep it well under {spec.size * 0.2:.1f} mm for {spec.size:g} mm hexes")
    if spec.chamfer < 0 or spec.chamfer >= spec.height / 2:
        raise MeshError(f"the chamfer must be between 0 and half the height ({spec.height / 2:g} mm)")
    if spec.pocket:
        r, depth = spec.pocket
        if depth > spec.height - MIN_ROOF:
            raise MeshError(f"the magnet pocket ({depth:g} mm deep with clearance) is deeper than the tile allows: "
                            f"a {spec.height:g} mm tile keeps {MIN_ROOF:g} mm above it, so pockets go at most "
                            f"{spec.height - MIN_ROOF:g} mm deep")
        inner = spec.size - 2 * spec.clearance - 2 * MIN_WALL
        if 2 * r > inner:
            raise MeshError(f"the magnet pocket ({2 * r:g} mm across with clearance) is wider than a hex allows "
                            f"({inner:.2f} mm inside {MIN_WALL:g} mm walls); use smaller magnets")
        if spec.magnet_every < 1:
            raise MeshError("magnet_every must be 1 or more")


@lru_cache(maxsize=8)
def _corner_order(orientation: str) -> tuple[int, ...]:
    """Lattice corner indices of a hex in counter-clockwise order (y up)."""
    lay = Layout(orientation, 1.0)
    pts = [_xy(lay, corner_vertex(Hex(0, 0), i)) for i in range(6)]
    return tuple(sorted(range(6), key=lambda i: math.atan2(pts[i][1], pts[i][0])))


@lru_cache(maxsize=32)
def _pocket_pattern(orientation: str, n: int) -> tuple[tuple[int, int, int], ...]:
    """Triangles (local indices: 0-5 hex corners CCW, 6.. circle CCW) filling a hex minus a circle,
    wound clockwise seen from above (they are bottom faces, facing down)."""
    lay = Layout(orientation, 1.0)
    order = _corner_order(orientation)
    outer = [_xy(lay, corner_vertex(Hex(0, 0), i)) for i in order]
    oang = [math.atan2(y, x) % (2 * math.pi) for x, y in outer]
    iang = [2 * math.pi * k / n for k in range(n)]
    # unwrap both rings to start at outer corner 0
    start = oang[0]
    o = [(a - start) % (2 * math.pi) for a in oang]
    i_rel = [(a - start) % (2 * math.pi) for a in iang]
    j0 = min(range(n), key=lambda k: i_rel[k])
    inner = [(j0 + k) % n for k in range(n)]
    ia = [i_rel[k] for k in inner]
    tris = []
    oi, ii = 0, 0
    while oi < 6 or ii < n:
        next_o = o[oi + 1] if oi + 1 < 6 else 2 * math.pi
        next_i = ia[ii + 1] if ii + 1 < n else 2 * math.pi + ia[0]
        a, b = oi % 6, 6 + inner[ii % n]
        if (oi < 6 and next_o <= next_i) or ii >= n:
            tris.append((a, (oi + 1) % 6, b))  # advance along the hex
            oi += 1
        else:
            tris.append((a, 6 + inner[(ii + 1) % n], b))  # advance along the circle
            ii += 1
    # make every triangle clockwise seen from above (normal -z) on the reference geometry
    ref = outer + [(0.3 * math.cos(a), 0.3 * math.sin(a)) for a in iang]
    out = []
    for t in tris:
        p0, p1, p2 = ref[t[0]], ref[t[1]], ref[t[2]]
        cross = (p1[0] - p0[0]) * (p2[1] - p0[1]) - (p1[1] - p0[1]) * (p2[0] - p0[0])
        if abs(cross) < 1e-12:
            continue
        out.append(t if cross < 0 else (t[0], t[2], t[1]))
    return tuple(out)


def _offset_positions(loops, layout: Layout, amount: float) -> dict[tuple[int, int], tuple[float, float]]:
    """Boundary corners moved ``amount`` mm into the material along both adjacent edges."""
    out = {}
    pts0 = [_xy(layout, v) for v in loops[0]]
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts0, pts0[1:] + pts0[:1]))
    left = area > 0  # material lies left of every loop's direction
    for loop in loops:
        pts = [_xy(layout, v) for v in loop]
        m = len(pts)
        for k, v in enumerate(loop):
            px, py = pts[k - 1]
            vx, vy = pts[k]
            nx_, ny_ = pts[(k + 1) % m]
            l1 = math.hypot(vx - px, vy - py)
            l2 = math.hypot(nx_ - vx, ny_ - vy)
            sign = 1.0 if left else -1.0
            n1 = (-(vy - py) / l1 * sign, (vx - px) / l1 * sign)
            n2 = (-(ny_ - vy) / l2 * sign, (nx_ - vx) / l2 * sign)
            k = amount / (1.0 + n1[0] * n2[0] + n1[1] * n2[1])
            out[v] = (vx + k * (n1[0] + n2[0]), vy + k * (n1[1] + n2[1]))
    return out


def build_tile(hexes: list[Hex], spec: TileSpec, joints: dict | None = None) -> Mesh:
    """A watertight tile covering ``hexes``. ``joints``: {frozenset of a boundary edge's two lattice
    corners: (kind, JointSpec)} puts a pin or a socket on those sides (mesh.joint), for the parts of a
    piece split to fit the bed. Raises MeshError for tiles that cannot be built."""
    hexes = sorted(set(hexes), key=lambda h: (h.r, h.q))
    _validate(hexes, spec)
    if spec.cap or spec.socket:
        from .cap import check_cap

        check_cap(spec)
    lay = Layout(spec.orientation, spec.size)
    loops = outline_loops(hexes)
    keys, hex_idx, vertices = _corners(hexes, loops, lay, spec)
    pocket_hexes = list(range(0, len(hexes), spec.magnet_every)) if spec.pocket else []
    # hexes whose bottom is not a plain fan: a magnet pocket's zipper, or a recess for the cap below
    no_fan = set(range(len(hexes))) if spec.socket else set(pocket_hexes)
    if spec.cap:
        from .cap import cap_top

        faces = _caps(hex_idx, len(keys), no_fan, top=False)
        faces += cap_top(hexes, hex_idx, keys, lay, spec, vertices)
    elif spec.groove:
        from .engrave import check_groove, grooved_top

        check_groove(spec)
        faces = _caps(hex_idx, len(keys), no_fan, top=False)
        boundary = {v for loop in loops for v in loop}
        faces += grooved_top(hexes, hex_idx, boundary, keys, lay, spec, vertices)
    elif spec.dot:
        from .engrave import hex_top

        faces = _caps(hex_idx, len(keys), no_fan, top=False)
        K = len(keys)
        lattice = {i: _xy(lay, v) for v, i in keys.items()}
        for h, c in zip(hexes, hex_idx):
            cx, cy = lay.hex_to_point(h)
            faces += hex_top((cx, -cy), [K + i for i in c], spec, vertices, [lattice[i] for i in c])
    else:
        faces = _caps(hex_idx, len(keys), no_fan)
    if spec.socket:
        from .cap import socket_bottom

        faces += socket_bottom(hexes, hex_idx, keys, lay, spec, vertices)
    ring = _chamfer_ring(loops, lay, spec, vertices)
    faces += _pockets([hexes[i] for i in pocket_hexes], [hex_idx[i] for i in pocket_hexes], lay, spec, vertices)
    faces += _sides(loops, keys, ring, lay, vertices, joints or {})
    return Mesh(vertices=vertices, faces=faces, pockets=len(pocket_hexes))


def _corners(hexes: list[Hex], loops, lay: Layout, spec: TileSpec):
    """Every lattice corner once: its index, each hex's six corner indices (counter-clockwise), and the
    vertices: the bottom ring at z = 0, then the top at full height (outer corners moved in by the
    clearance, and by the chamfer on top)."""
    order = _corner_order(spec.orientation)
    side = _offset_positions(loops, lay, spec.clearance)
    top = _offset_positions(loops, lay, spec.clearance + spec.chamfer) if spec.chamfer else side
    keys: dict[tuple[int, int], int] = {}
    hex_idx: list[tuple[int, ...]] = []
    for h in hexes:
        row = []
        for c in order:
            v = corner_vertex(h, c)
            idx = keys.get(v)
            if idx is None:
                idx = keys[v] = len(keys)
            row.append(idx)
        hex_idx.append(tuple(row))
    K = len(keys)
    bottom: list[Vec] = [(0.0, 0.0, 0.0)] * K
    upper: list[Vec] = [(0.0, 0.0, 0.0)] * K
    for v, i in keys.items():
        p = _xy(lay, v)
        bx, by = side.get(v, p)
        tx, ty = top.get(v, p)
        bottom[i] = (bx, by, 0.0)
        upper[i] = (tx, ty, spec.height)
    return keys, hex_idx, bottom + upper


_FAN = ((0, 1, 2), (0, 2, 3), (0, 3, 4), (0, 4, 5))


def _caps(hex_idx: list[tuple[int, ...]], K: int, pocketed: set[int], top: bool = True) -> list[tuple[int, int, int]]:
    """Top faces of every hex (counter-clockwise, facing up; unless ``top`` is False) and bottom faces
    of the hexes without a pocket (clockwise, facing down); a pocketed hex's bottom comes with its pocket."""
    faces: list[tuple[int, int, int]] = []
    for hi, c in enumerate(hex_idx):
        if top:
            faces += [(c[a] + K, c[b] + K, c[d] + K) for a, b, d in _FAN]
        if hi not in pocketed:
            faces += [(c[a], c[d], c[b]) for a, b, d in _FAN]
    return faces


def _chamfer_ring(loops, lay: Layout, spec: TileSpec, vertices: list[Vec]) -> dict[tuple[int, int], int]:
    """With a chamfer, a ring of vertices where the side wall meets the chamfer (appended to
    ``vertices``); lattice corner -> its index."""
    ring: dict[tuple[int, int], int] = {}
    if spec.chamfer:
        side = _offset_positions(loops, lay, spec.clearance)
        z_side = spec.height - spec.chamfer
        for v in (v for loop in loops for v in loop):
            ring[v] = len(vertices)
            sx, sy = side[v]
            vertices.append((sx, sy, z_side))
    return ring


def _pockets(hexes: list[Hex], corners: list[tuple[int, ...]], lay: Layout, spec: TileSpec,
             vertices: list[Vec]) -> list[tuple[int, int, int]]:
    """A magnet pocket cut up into the bottom of each of ``hexes`` (their corner indices in
    ``corners``): its vertices appended to ``vertices``, its faces returned, the hex's bottom
    joined to the pocket's rim by the fixed zipper pattern."""
    if not hexes:
        return []
    faces: list[tuple[int, int, int]] = []
    r, depth = spec.pocket
    n = spec.segments
    circle = [(r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n)) for k in range(n)]
    pat = _pocket_pattern(spec.orientation, n)
    for h, c in zip(hexes, corners):
        cx, cy = lay.hex_to_point(h)
        cy = -cy
        low = len(vertices)
        vertices += [(cx + x, cy + y, 0.0) for x, y in circle]
        high = len(vertices)
        vertices += [(cx + x, cy + y, depth) for x, y in circle]
        local = c + tuple(range(low, low + n))
        faces += [(local[a], local[b], local[d]) for a, b, d in pat]
        for k in range(n):
            k1 = (k + 1) % n
            # walls face the pocket's axis; the ceiling faces down into the pocket
            faces.append((low + k, high + k, high + k1))
            faces.append((low + k, high + k1, low + k1))
        faces += [(high, high + k + 1, high + k) for k in range(1, n - 1)]
    return faces


def _sides(loops, keys: dict[tuple[int, int], int], ring: dict[tuple[int, int], int], lay: Layout,
           vertices: list[Vec], joints: dict) -> list[tuple[int, int, int]]:
    """Each boundary edge a quad (two with a chamfer), wound so its normal points out of the material;
    an edge in ``joints`` carries its pin or socket (mesh.joint)."""
    K = len(keys)
    faces: list[tuple[int, int, int]] = []
    pts0 = [_xy(lay, v) for v in loops[0]]
    left = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts0, pts0[1:] + pts0[:1])) > 0
    for loop in loops:
        for a, b in zip(loop, loop[1:] + loop[:1]):
            if not left:
                a, b = b, a
            ia, ib = keys[a], keys[b]
            joint = joints.get(frozenset((a, b)))
            if joint is not None:
                from .joint import joint_side

                if ring:
                    raise MeshError("a joint needs a side without a chamfer")
                (xa, ya), (xb, yb) = _xy(lay, a), _xy(lay, b)
                faces += joint_side(joint[0], (ia, ib, ib + K, ia + K), vertices, joint[1], ((xa + xb) / 2, (ya + yb) / 2))
            elif ring:
                sa, sb = ring[a], ring[b]
                faces += [(ia, ib, sb), (ia, sb, sa), (sa, sb, ib + K), (sa, ib + K, ia + K)]
            else:
                faces += [(ia, ib, ib + K), (ia, ib + K, ia + K)]
    return faces
