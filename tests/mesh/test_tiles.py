"""Terrain tiles, reloaded with trimesh and measured: watertight, one body, exact extents, pockets."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
import trimesh
from hypothesis import given, settings, strategies as st

from printgen.hexgrid import Hex, hexagon, neighbours
from printgen.mesh import MeshError, TileSpec, build_tile, parse_shape
from printgen.mesh.checks import inspect
from printgen.mesh.export import EXPORTERS, to_3mf, to_stl
from printgen.mesh.shapes import NAMED

INCH = 25.4


def reload(mesh, fmt="stl") -> trimesh.Trimesh:
    data = EXPORTERS[fmt](mesh)
    loaded = trimesh.load(io.BytesIO(data), file_type=fmt)
    if isinstance(loaded, trimesh.Scene):
        loaded = loaded.to_geometry()
    return loaded


def pockets(tm: trimesh.Trimesh) -> list[float]:
    """Depth (z) of each pocket ceiling: downward-facing faces above the bottom, grouped by connectivity."""
    down = np.where((tm.face_normals[:, 2] < -0.99) & (tm.triangles_center[:, 2] > 1e-6))[0]
    if not len(down):
        return []
    sub = tm.submesh([down], append=True)
    return [float(part.vertices[:, 2].mean()) for part in sub.split(only_watertight=False)]


@pytest.mark.parametrize("fmt", ["stl", "3mf"])
@pytest.mark.parametrize("shape,orientation", [("1", "flat"), ("2", "pointy"), ("3", "flat"), ("7", "flat"),
                                               ("24", "pointy"), ("hexagon:2", "flat"), ("rect:4x3", "pointy")])
def test_exported_tiles_are_watertight_single_bodies(shape, orientation, fmt):
    hexes = parse_shape(shape, orientation=orientation)
    mesh = build_tile(hexes, TileSpec(INCH, orientation, 6.0, magnet=(6.0, 2.0)))
    tm = reload(mesh, fmt)
    assert tm.is_watertight and tm.is_winding_consistent and tm.is_volume
    assert len(tm.split(only_watertight=False)) == 1
    assert tm.volume > 0
    assert len(pockets(tm)) == len(hexes)


def test_seven_hex_tile_is_three_hexes_across_flats_minus_two_clearances():
    tm = reload(build_tile(NAMED["7"], TileSpec(INCH, "flat", 6.0, clearance=0.2)))
    across_flats = tm.extents[1]  # flat-top hexes: the flats face +/- y
    assert abs(across_flats - (3 * INCH - 2 * 0.2)) < 0.01
    across_corners = tm.extents[0]  # 2 * corner radius + 1.5 * corner radius * 2 columns, less clearance
    r = INCH / math.sqrt(3)
    assert abs(across_corners - (2 * r + 3 * r - 2 * 0.2 / math.cos(math.radians(30)))) < 0.01
    assert abs(tm.extents[2] - 6.0) < 0.01


@pytest.mark.parametrize("clearance", [0.0, 0.2, 0.35])
def test_single_hex_volume_is_exact(clearance):
    flats = INCH - 2 * clearance
    area = math.sqrt(3) / 2 * flats ** 2
    tm = reload(build_tile([Hex(0, 0)], TileSpec(INCH, "pointy", 4.0, clearance=clearance)))
    assert abs(tm.volume - area * 4.0) < 0.01
    assert abs(tm.extents[0] - flats) < 0.01  # pointy-top: the flats face +/- x


def test_pocket_count_depth_and_volume():
    spec = TileSpec(INCH, "flat", 6.0, magnet=(6.0, 2.0), magnet_clearance=(0.15, 0.2), segments=64)
    tm = reload(build_tile(hexagon(1), spec))
    depths = pockets(tm)
    assert len(depths) == 7
    assert all(abs(d - 2.2) < 1e-4 for d in depths)
    solid = reload(build_tile(hexagon(1), TileSpec(INCH, "flat", 6.0)))
    per_pocket = (solid.volume - tm.volume) / 7
    polygon = 0.5 * 64 * 3.15 ** 2 * math.sin(2 * math.pi / 64)  # the 64-gon's area
    assert abs(per_pocket - polygon * 2.2) < 0.01


def test_pockets_under_every_nth_hex():
    tm = reload(build_tile(hexagon(2), TileSpec(INCH, "flat", 6.0, magnet=(6.0, 2.0), magnet_every=3)))
    assert len(pockets(tm)) == math.ceil(19 / 3)


def test_chamfer_keeps_the_footprint_and_narrows_the_top():
    spec = TileSpec(INCH, "flat", 6.0, chamfer=0.8)
    mesh = build_tile([Hex(0, 0)], spec)
    tm = reload(mesh)
    assert tm.is_watertight and tm.is_volume
    top = tm.vertices[np.isclose(tm.vertices[:, 2], 6.0)]
    assert abs((top[:, 1].max() - top[:, 1].min()) - (INCH - 0.4 - 1.6)) < 0.01
    assert abs(tm.extents[1] - (INCH - 0.4)) < 0.01


def test_holes_in_a_ring_tile_get_clearance_too():
    ring = [h for h in hexagon(2) if h not in hexagon(0)]
    tm = reload(build_tile(ring, TileSpec(INCH, "flat", 5.0, magnet=(5.0, 1.5))))
    assert tm.is_watertight and tm.is_volume and len(tm.split(only_watertight=False)) == 1
    assert tm.euler_number == 0  # a torus: one hole through it


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=25), st.sampled_from(["flat", "pointy"]),
       st.booleans(), st.floats(0.0, 0.4), st.booleans())
def test_random_polyhexes_are_always_slice_ready(steps, orientation, magnets, clearance, chamfer):
    """Grow a random connected set; every one meshes watertight with outward winding and no slivers."""
    hexes = [Hex(0, 0)]
    for d in steps:
        h = neighbours(hexes[-1])[d]
        if h not in hexes:
            hexes.append(h)
    spec = TileSpec(INCH, orientation, 6.0, clearance=clearance, magnet=(6.0, 2.0) if magnets else None,
                    chamfer=0.6 if chamfer else 0.0)
    mesh = build_tile(hexes, spec)
    report = inspect(mesh)
    assert report.ok, report
    hex_area = math.sqrt(3) / 2 * INCH ** 2
    assert mesh.volume <= len(hexes) * hex_area * 6.0 * (1 + 1e-9)


@pytest.mark.parametrize("hexes,spec,words", [
    ([Hex(0, 0), Hex(3, 3)], TileSpec(INCH, "flat", 6.0), "not connected"),
    ([Hex(0, 0)], TileSpec(INCH, "flat", 6.0, magnet=(6.0, 5.5)), "deeper than the tile"),
    ([Hex(0, 0)], TileSpec(INCH, "flat", 6.0, magnet=(24.0, 2.0)), "wider than a hex"),
    ([Hex(0, 0)], TileSpec(INCH, "flat", 6.0, clearance=6.0), "eats the tile"),
    ([], TileSpec(INCH, "flat", 6.0), "no hexes"),
    ([Hex(0, 0)], TileSpec(INCH, "flat", 6.0, chamfer=3.5), "chamfer"),
])
def test_impossible_tiles_are_clear_errors(hexes, spec, words):
    with pytest.raises(MeshError, match=words):
        build_tile(hexes, spec)


def test_exports_are_deterministic_and_stl_is_binary():
    mesh = build_tile(NAMED["7"], TileSpec(INCH, "flat", 6.0, magnet=(6.0, 2.0)))
    a, b = to_stl(mesh), to_stl(mesh)
    assert a == b and len(a) == 84 + 50 * len(mesh.faces)
    assert to_3mf(mesh) == to_3mf(mesh)


def test_named_shapes():
    assert {k: len(v) for k, v in NAMED.items()} == {"1": 1, "2": 2, "3": 3, "7": 7, "24": 24}
    assert len(parse_shape("hexagon:3")) == 37
    assert len(parse_shape("0,0;1,0;1,-1")) == 3
