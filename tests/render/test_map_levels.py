"""Map levels, a built-in map feature: a height per hex from the legend or from level layers,
drawn shaded with the level number, and stacked by the mesh step. Measured in the built files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import trimesh

from printgen.build import build
from printgen.draw.colour import mix
from printgen.hexgrid import Hex
from printgen.project import validate_game
from printgen.render.maps.hexes import level_fill, level_shade
from tests.conftest import FIXTURES
from tests.pdfmeasure import centre, colour, hexagons, open_pdf, text_spans

GRASS, STONE, WATER = "#9bbf6b", "#707070", "#6fa8dc"

# A keep on a mound, in level layers over the layout: level 2 is a ring of stone round a grass
# yard, level 3 one stone tower on the ring's west side, standing on it.
KEEP = """
  - name: Keep
    layout: |
      . . . . .
       . . . . .
      . . . . .
    layers:
      - |
        - # # # -
         - # . # -
        - # # # -
      - |
        - - - - -
         - # - - -
        - - - - -
    legend:
      ".": {terrain: Grass}
      "#": {terrain: Stone}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("levels")
    game = root / "big-map"
    shutil.copytree(FIXTURES / "big-map", game)
    with (game / "maps.yaml").open("a") as f:
        f.write(KEEP)
    with (game / "pieces.yaml").open("a") as f:
        f.write('  - {name: Keep, shape: "map:Keep"}\n')
    out = root / "out"
    result = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert result.ok, [f.format() for g in result.games for f in g.findings]
    return out / "big-map"


def _fills(page) -> dict[str, list]:
    out: dict[str, list] = {}
    for d in hexagons(page):
        out.setdefault(colour(d), []).append(d)
    return out


def test_shade_darkens_each_level_and_leaves_the_ground_alone():
    assert level_shade(GRASS, 1) == GRASS
    assert level_shade(GRASS, 2) == mix(GRASS, "#000000", 0.12)
    assert level_shade(GRASS, 50) == mix(GRASS, "#000000", 0.6)  # capped: the terrain still shows


def test_legend_levels_are_shaded_and_numbered_in_their_hexes(built):
    page = open_pdf(built / "a4" / "map-hill.pdf")[0]
    fills = _fills(page)
    # the Hill: 19 hexes, 12 at level 1, six of grass at level 2, one of stone at level 3
    assert len(fills[GRASS]) == 12
    assert len(fills[level_fill(GRASS, 2)]) == 6
    assert len(fills[level_fill(STONE, 3)]) == 1
    numbers = [s for s in text_spans(page) if s["text"] in ("1", "2", "3")]
    for level, hexes in ((1, fills[GRASS]), (2, fills[level_fill(GRASS, 2)]), (3, fills[level_fill(STONE, 3)])):
        for d in hexes:
            x0, y0, x1, y1 = d["mm"]
            inside = [s for s in numbers if x0 < (s["mm"][0] + s["mm"][2]) / 2 < x1 and y0 < (s["mm"][1] + s["mm"][3]) / 2 < y1]
            assert [s["text"] for s in inside] == [str(level)], (level, d["mm"])
            cx, _ = centre(d)
            assert (inside[0]["mm"][0] + inside[0]["mm"][2]) / 2 > cx  # right of the centre, clear of zone initials
    legend = {s["text"] for s in text_spans(page)}
    assert {"Level 1", "Level 2", "Level 3"} <= legend


def test_level_layers_give_each_hex_its_top_terrain_and_height(built):
    page = open_pdf(built / "a4" / "map-keep.pdf")[0]
    fills = _fills(page)
    assert len(fills[GRASS]) == 6  # the ground around the mound
    assert len(fills[level_fill(STONE, 2)]) == 7  # the ring, less the tower
    assert len(fills[level_fill(GRASS, 2)]) == 1  # the yard inside it
    assert len(fills[level_fill(STONE, 3)]) == 1  # the tower


def test_flat_maps_carry_no_level_marks(built):
    page = open_pdf(built / "a4" / "map-great-plain.pdf")[1]
    assert not [s for s in text_spans(page) if s["text"].startswith("Level")]
    assert {colour(d) for d in hexagons(page)} <= {GRASS, STONE, WATER, mix(GRASS, "#000000", 0.0)}


def test_the_mesh_step_stacks_the_layers(built):
    names = sorted(p.name for p in (built / "stl").iterdir() if p.name.startswith("keep"))
    assert names == ["keep-level1-1.stl", "keep-level2-1.stl", "keep-level3-1.stl"]
    meshes = [trimesh.load(built / "stl" / n) for n in names]
    assert all(m.is_watertight for m in meshes)
    # every tile is one 5 mm level: 15, 9 and 1 hexes, so their volumes fall in that order
    assert all(abs(m.extents[2] - 5.0) < 0.01 for m in meshes)
    v1, v2, v3 = (m.volume for m in meshes)
    assert abs(v2 / v3 - 9) < 0.8 and abs(v1 / v3 - 15) < 1.5


def test_the_level_of_a_region_comes_from_the_top_hex(tmp_path):
    from printgen.mesh.shapes import region_levels

    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "big-map", game)
    with (game / "maps.yaml").open("a") as f:
        f.write(KEEP)
    data = validate_game(game).data
    stone = region_levels("Keep:Stone", data)
    assert sorted(stone.values()) == [2] * 7 + [3]
    assert set(region_levels("Keep::3", data)) == {min(stone, key=lambda h: (-stone[h], h.r, h.q))}
    assert all(isinstance(h, Hex) for h in stone)
