"""HexPrint's terrain pieces (printgen stl --shape piece:NAME): each one watertight body standing
on its hex at the game's scale, measured: height, footprint, and the room inside where there is."""

import math

import numpy as np
import pytest
import trimesh
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mesh.checks import inspect
from printgen.mesh.terrain_pieces import BASE_ROOM, FLUID_THICKNESS, LEVELS, PIECES, ROOF, build_piece, hex_outline

HEX, LEVEL = 25.4, 6.0  # HexPrint: 1-inch hexes, 6 mm levels


def tm(mesh) -> trimesh.Trimesh:
    return trimesh.Trimesh(np.asarray(mesh.vertices), np.asarray(mesh.faces), process=True)


def inside(m: trimesh.Trimesh, x: float, y: float, z: float) -> bool:
    """Is (x, y, z) inside the solid: crossings of the ray +x in the section at z (odd: inside). The
    point moves a hair off the round numbers the pieces' vertices sit on, so no ray grazes a vertex."""
    x, y, z = x + 1.3e-4, y + 2.7e-4, z + 1.1e-4
    tri = m.triangles
    crossings = 0
    for a, b, c in tri:
        pts = []
        for p, q in ((a, b), (b, c), (c, a)):
            if (p[2] - z) * (q[2] - z) < 0:
                t = (z - p[2]) / (q[2] - p[2])
                pts.append(p[:2] + t * (q[:2] - p[:2]))
        if len(pts) == 2:
            (x1, y1), (x2, y2) = pts
            if (y1 - y) * (y2 - y) < 0:
                xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                crossings += xc > x
    return crossings % 2 == 1


def in_hex(x, y, flat, orientation) -> bool:
    poly = hex_outline(flat + 1e-6, orientation)
    edges = zip(poly, poly[1:] + poly[:1])
    return all((bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0 for (ax, ay), (bx, by) in edges)


@pytest.mark.parametrize("name", sorted(PIECES))
@pytest.mark.parametrize("orientation", ("pointy", "flat"))
def test_each_piece_is_one_watertight_body_on_its_hex(name, orientation):
    mesh = build_piece(name, size=HEX, height=LEVEL, orientation=orientation)
    assert inspect(mesh).ok
    m = tm(mesh)
    assert m.is_watertight and m.is_winding_consistent and m.body_count == 1 and m.volume > 0
    zmin, zmax = m.bounds[0][2], m.bounds[1][2]
    assert zmin == pytest.approx(0.0)
    want = FLUID_THICKNESS if name == "water" else LEVELS[name] * LEVEL + (3.2 if name == "rubble" else 0.0)
    assert zmax == pytest.approx(want)
    base = m.vertices[np.isclose(m.vertices[:, 2], 0.0)]
    if name == "bunker":  # its walls stand round a cavity that a 25 mm base fits in, centred on the hex
        assert np.allclose(base[:, :2].mean(axis=0), 0.0, atol=1e-6)
    else:  # everything it stands on lies on its hex
        assert all(in_hex(x, y, HEX, orientation) for x, y, _ in base)


def test_bunker_holds_a_25mm_base_under_its_roof():
    m = tm(build_piece("bunker", size=HEX, height=LEVEL, orientation="pointy"))
    top = 2 * LEVEL
    for a in range(0, 360, 30):  # a 25 mm base's rim, all round, is in the cavity
        x, y = 12.5 * math.cos(math.radians(a)), 12.5 * math.sin(math.radians(a))
        assert not inside(m, x, y, 1.0)
    assert not inside(m, 0, 0, top - ROOF - 0.5) and inside(m, 0, 0, top - ROOF / 2)
    assert inside(m, BASE_ROOM / 2 + 0.8, 0.0, 3.0)  # in the wall


def test_overhang_is_open_underneath_and_the_tower_has_its_roof():
    m = tm(build_piece("rock-overhang", size=HEX, height=LEVEL, orientation="pointy"))
    assert not inside(m, 0, 0, 3.0) and inside(m, 0, 0, 2 * LEVEL - 1.0)  # under the ledge: room
    assert inside(m, 0, -12.0, 3.0)  # the wall along the low side carries it
    t = tm(build_piece("watchtower", size=HEX, height=LEVEL, orientation="pointy"))
    roof_half, tower_half = 0.72 * HEX / 2, 0.55 * HEX / 2
    assert inside(t, roof_half - 0.5, 0, 3 * LEVEL - 1.0) and not inside(t, roof_half - 0.5, 0, LEVEL)
    assert inside(t, tower_half - 0.5, 0, LEVEL)


def test_pieces_through_printgen_stl(tmp_path):
    out = tmp_path / "tower.stl"
    r = CliRunner().invoke(app, ["stl", "--shape", "piece:watchtower", "--game", "data/hexprint", "--out", str(out)])
    assert r.exit_code == 0, r.output
    m = trimesh.load(out)
    assert m.is_watertight and m.extents[2] == pytest.approx(3 * LEVEL)
    r = CliRunner().invoke(app, ["stl", "--shape", "piece:castle", "--out", str(tmp_path / "x.stl")])
    assert r.exit_code == 2 and "no terrain piece 'castle'" in r.output and not (tmp_path / "x.stl").exists()
