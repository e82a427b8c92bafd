"""A map region's parts print once per distinct shape, with how many to print in the name."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
import trimesh

from printgen.build import build
from printgen.hexgrid import Hex
from printgen.hexgrid.coords import components
from printgen.mesh.shapes import parse_shape, region_levels
from printgen.names import slug
from printgen.project import validate_game
from printgen.mesh.pieces import stacked
from printgen.mesh.polyhex import TileSpec
from tests.conftest import REPO

SPEC = TileSpec(25.4, "flat", 5.0)


def _tm(mesh) -> trimesh.Trimesh:
    return trimesh.Trimesh(np.asarray(mesh[0]), np.asarray(mesh[1]))


def test_repeated_parts_are_built_once_with_their_count():
    singles = [Hex(0, 0), Hex(4, 0), Hex(8, 0)]
    pair = [Hex(0, 4), Hex(1, 4)]
    turned = [Hex(6, 4), Hex(6, 5)]  # the same two hexes, turned 60 degrees and moved
    out = stacked({h: 1 for h in singles + pair + turned}, SPEC)
    counts = sorted(int(m.group(1)) if (m := re.search(r"-x(\d+)$", name)) else 1 for name, _ in out)
    assert counts == [2, 3]
    volumes = sorted(_tm(mesh).volume for _, mesh in out)
    assert volumes[1] / volumes[0] == pytest.approx(2.0, rel=0.03)  # a pair holds two single hexes
    assert all(_tm(mesh).is_watertight for _, mesh in out)


def test_levels_of_the_same_shape_are_one_tile():
    # a 3-level tower of single hexes: every level is the same one-hex tile, one level high
    out = stacked({Hex(0, 0): 3}, SPEC)
    assert [name for name, _ in out] == ["level1-1-x3"]
    assert _tm(out[0][1]).extents[2] == pytest.approx(5.0, abs=0.01)


def test_the_heroes_of_hex_build_writes_no_part_twice(tmp_path):
    build(folders=[REPO / "data" / "heroes-of-hex"], out=tmp_path, papers=["a4"], previews=False)
    stls = sorted((tmp_path / "heroes-of-hex" / "stl").glob("*.stl"))
    shapes = {}
    for p in stls:
        tm = trimesh.load(io.BytesIO(p.read_bytes()), file_type="stl")
        assert tm.is_watertight, p.name
        # within one piece (a terrain's region); two pieces may share a shape, they differ in colour
        key = (p.stem.split("-")[0], round(tm.volume), tuple(sorted(np.round(tm.extents, 1))))
        assert key not in shapes, f"{p.name} prints the same as {shapes.get(key)}"
        shapes[key] = p.name
    # the counts in the names add up to the connected parts of each piece's region, level by level
    game = validate_game(REPO / "data" / "heroes-of-hex")
    for piece in game.data.pieces:
        if not piece.shape.startswith("map:"):
            continue
        hexes = parse_shape(piece.shape, orientation=game.data.game.hex.orientation, data=game.data)
        levels = region_levels(piece.shape[4:], game.data)
        top = max([levels.get(h, 1) for h in hexes])
        parts = sum(len(components([h for h in hexes if levels.get(h, 1) >= lv])) for lv in range(1, top + 1))
        mine = [p for p in stls if re.fullmatch(re.escape(slug(piece.name)) + r"(-.*)?", p.stem)]
        printed = sum(int(m.group(1)) if (m := re.search(r"-x(\d+)$", p.stem)) else 1 for p in mine)
        assert printed == parts and len(mine) < parts, piece.name
