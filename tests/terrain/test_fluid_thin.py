"""Fluid terrain (no height of its own in the rules) prints as a thin overlay, land as one level."""

import io
from pathlib import Path

import pytest
import trimesh

from printgen.mesh.terrain_pieces import FLUID_THICKNESS
from printgen.project import validate_game
from printgen.terrain.api import make_terrain

FIX = Path(__file__).parent.parent / "fixtures" / "mini-heroscape"


def test_water_prints_thin_and_land_one_level():
    data = validate_game(FIX).data
    res = make_terrain(data=data, map_name="Knoll", previews=False)
    heights = {}
    for path, blob in res.files.items():
        if path.startswith("tiles/"):
            m = trimesh.load(io.BytesIO(blob), file_type="stl")
            assert m.is_watertight and m.body_count == 1
            heights[path.split("/")[1].split("-")[0]] = m.extents[2]
    assert heights["water"] == pytest.approx(FLUID_THICKNESS)
    assert heights["grass"] == pytest.approx(data.game.mesh.height) and heights["rock"] == pytest.approx(6.0)
    assert "project.3mf" in res.files


def test_a_floating_hex_is_a_finding_not_a_traceback(tmp_path):
    import shutil

    from typer.testing import CliRunner

    from printgen.cli import app

    g = tmp_path / "g"
    shutil.copytree(FIX, g)
    world = (g / "world.yaml").read_text()
    # Knoll's level 3 gets a hex where level 2 has none
    world = world.replace("      - |\n        - - g - - -\n", "      - |\n        - - g - - g\n")
    (g / "world.yaml").write_text(world)
    # terrain made at validation (as High Ground asks): main stopped there with a KeyError
    with (g / "game.yaml").open("a") as fh:
        fh.write("mesh: {height: 6mm, terrain: {bed: 256x256mm, gap: 3mm}}\n")
    r = CliRunner().invoke(app, ["validate", str(g)])
    assert r.exit_code == 1 and "unsupported-level" in r.output and "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_hexprint_maps_get_their_standing_pieces():
    data = validate_game(Path(__file__).parents[2] / "data" / "hexprint").data
    res = make_terrain(data=data, map_name="Signal Ridge", previews=False)
    import json

    assert {p["piece"]: p["count"] for p in json.loads(res.files["bom.json"])["pieces"]} == {"bunker": 1,
                                                                                            "watchtower": 1}
    for name, levels in (("bunker", 2), ("watchtower", 3)):
        m = trimesh.load(io.BytesIO(res.files[f"pieces/{name}.stl"]), file_type="stl")
        assert m.is_watertight and m.body_count == 1
        assert m.extents[2] == pytest.approx(levels * data.game.mesh.height)
    assert "Standing on the tiles (pieces/): 1 x bunker, 1 x watchtower" in res.files["bom.md"].decode()
