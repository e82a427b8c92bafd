"""printgen terrain --set heroscape: a map's tiles printed to the real set's geometry (measured with
trimesh), a tile larger than the bed in parts that fit it; the options the set decides refused."""

import io

import pytest
import trimesh
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mesh.piece_set import piece_set
from printgen.terrain.api import make_terrain
from printgen.terrain.plates import EDGE

from .conftest import FIXTURE

REAL = piece_set()


def test_tiles_follow_the_real_set_and_big_ones_come_in_parts(mini_terrain):
    bed = (100.0, 100.0)
    res = make_terrain(data=mini_terrain, map_name="Cellar", previews=False, bed=bed, piece_set="heroscape")
    tiles = {k: trimesh.load(io.BytesIO(v), file_type="stl") for k, v in res.files.items() if k.startswith("tiles/")}
    assert tiles
    room = bed[0] - 2 * EDGE
    for name, mesh in tiles.items():
        assert mesh.is_watertight, name
        assert max(mesh.extents[:2]) <= room + 1e-6 or sorted(mesh.extents[:2])[1] <= room + 1e-6, name
        # a land tile is a level and its raised tops; a fluid one the real fluid tile
        assert mesh.extents[2] == pytest.approx(REAL.level + REAL.cap[1], abs=0.01) or \
            mesh.extents[2] == pytest.approx(REAL.fluid, abs=0.01), name
    parts = [k for k in tiles if "-part" in k]
    whole = [k for k in tiles if "-part" not in k]
    assert parts, "a 100 mm bed takes no real 3-hex: it comes in parts"
    labels = {s["shape"] for s in res.bill["shapes"]}
    assert any(" part 1 of " in label for label in labels)
    one = next((tiles[k] for k in whole if k.endswith("-1hex.stl")), None)
    if one is not None:  # a single hex measures the real hex less the clearance each side
        assert abs(min(one.extents[:2]) - REAL.across_flats) <= 0.2


def test_the_set_refuses_the_grid_options(tmp_path):
    r = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--set", "heroscape", "--grid", "groove",
                                 "--out", str(tmp_path / "t")])
    assert r.exit_code == 2 and "drop --grid" in r.output and not (tmp_path / "t").exists()
    r = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--set", "lego", "--out", str(tmp_path / "t")])
    assert r.exit_code == 2 and "piece sets: heroscape" in r.output
