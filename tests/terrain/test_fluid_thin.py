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
