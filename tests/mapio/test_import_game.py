"""Issue 39, items 1-2: real maps imported into a new High Ground game leave a game that validates
(warnings allowed) and builds its map sheets, build guides, terrain and print-lacking files. The
maps are ladders.hsc (MIT) and maps generated here with what community maps have: water on the
table, 20 levels, lettered glyphs, castle pieces, no start area, scattered pieces, two maps of one name."""

import json
import re
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
import trimesh
import yaml
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mapio.hsc import HscMap, Tile, write_hsc
from printgen.mapio.pieces import glyph_code
from printgen.project import validate_game
from printgen.scaffold import new_game

FIX = Path(__file__).parent.parent / "fixtures"
LADDERS = FIX / "maps" / "ladders.hsc"
runner = CliRunner()


def water_and_glyphs() -> HscMap:
    """Grass and rock with water laid on the table beside them, glyphs lettered A, Q and M (the
    new game's Glyph of Might), no start tile."""
    return HscMap(name="Shore", tiles=[
        Tile(code=1024, x=0, y=0), Tile(code=2007, x=6, y=1), Tile(code=4001, x=9, y=0), Tile(code=4001, x=9, y=1),
        Tile(code=glyph_code("A"), x=1, y=0, z=1), Tile(code=glyph_code("Q"), x=1, y=3, z=1),
        Tile(code=glyph_code("M"), x=6, y=1, z=1)])


def tower_of_20() -> HscMap:
    """A grass 7 with a tower of single rock tiles 20 levels high on it, and a castle: bases, a wall
    on them, a battlement, a ladder and a flag."""
    tiles = [Tile(code=1007, x=3, y=3), Tile(code=1024, x=6, y=0)]
    tiles += [Tile(code=2001, x=3, y=3, z=z) for z in range(1, 20)]
    tiles += [Tile(code=16102, x=6, y=2, z=1), Tile(code=16101, x=7, y=2, z=1), Tile(code=16202, x=6, y=2, z=2),
              Tile(code=16301, x=6, y=2, z=11), Tile(code=16402, x=7, y=2, z=2), Tile(code=16403, x=6, y=2, z=11)]
    return HscMap(name="Tower", tiles=tiles)


def islands() -> HscMap:
    """Pieces laid apart, no two next to each other: grass hexes four hexes apart on one row, one of
    them under a rock, water alone on the table, a grass 2 two rows down (a text map in picture
    notation would read the gaps as a wider spacing)."""
    return HscMap(name="Islands", tiles=[
        Tile(code=1001, x=0, y=0), Tile(code=1001, x=4, y=0), Tile(code=1001, x=8, y=0), Tile(code=2001, x=4, y=0, z=1),
        Tile(code=4001, x=2, y=4), Tile(code=1002, x=6, y=4)])


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """A new High Ground game with every map imported; the command lines each import printed."""
    root = tmp_path_factory.mktemp("real")
    g = root / "g-In-the-Middle-of-the-Elements"
    new_game(folder=g, system="heroscape-style")
    maps = {"shore.hsc": water_and_glyphs(), "tower.hsc": tower_of_20(), "islands.hsc": islands()}
    said = {}
    for name, m in maps.items():
        (root / name).write_bytes(write_hsc(m))
    for f in [root / "shore.hsc", root / "tower.hsc", root / "islands.hsc", LADDERS, LADDERS]:
        r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
        assert r.exit_code == 0, r.output
        said.setdefault(f.name, []).append(r.output)
    return g, said


def test_the_new_game_and_its_imported_maps_validate(imported):
    g, said = imported
    result = validate_game(g)
    assert result.ok(), [str(f) for f in result.findings if f.is_error]
    codes = {f.code for f in result.findings}
    assert "start-zones" in codes and "tile-inventory" in codes  # said, as warnings
    names = [m.name for m in result.data.maps]
    assert {"Shore", "Tower", "Islands", "ladders", "ladders 2"} <= set(names)
    assert "imported as 'ladders 2'" in said["ladders.hsc"][1] and "[map-renamed]" in said["ladders.hsc"][1]
    tower = next(m for m in result.data.maps if m.name == "Tower")
    assert len(tower.layers) + 1 == 20
    glyphs = {x.name: x.symbol for x in result.data.glyphs}
    assert glyphs["Glyph A"] == "A" and glyphs["Glyph Q"] == "Q" and "Glyph M" not in glyphs
    shore = yaml.safe_load((g / "map-shore.yaml").read_text())["maps"][0]
    objectives = {e.get("objective") for e in shore["legend"].values()}
    assert {"Glyph A", "Glyph Q", "Glyph of Might"} <= objectives
    water = {c for c, e in shore["legend"].items() if e["terrain"] == "Water"}
    assert water and any(c in shore["layout"] for c in water)  # on the table, at level 1
    # the scattered pieces: one map in parts, each part where VirtualScape has it
    isl = yaml.safe_load((g / "map-islands.yaml").read_text())["maps"][0]
    assert isl["notation"] == "exact" and isl["connected"] is False and "[scattered-map]" not in said["islands.hsc"][0]
    from printgen.hexgrid.coords import components
    from printgen.model.maps import map_geometry

    geom = map_geometry(next(m for m in result.data.maps if m.name == "Islands"), result.data.game)
    assert sorted(len(p) for p in components(geom.cells)) == [1, 1, 1, 1, 2] and max(geom.levels.values()) == 2


def test_the_game_builds_map_sheets_and_guides_of_imported_maps(imported, tmp_path):
    g, _ = imported
    r = runner.invoke(app, ["build", str(g), "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    a4 = next((tmp_path / "out").glob("*/a4"))
    for stem in ("shore", "tower", "islands", "ladders", "ladders-2"):
        for kind in ("map", "build-guide"):
            doc = pymupdf.open(a4 / f"{kind}-{stem}.pdf")
            words = " ".join(page.get_text() for page in doc)
            assert doc.page_count >= 1 and words.strip(), (kind, stem)
    # the islands' map sheet: a hexagon for each of its six hexes, four hex widths apart on the first row
    size = validate_game(g).data.game.hex.size * 72 / 25.4  # pt
    sheet = pymupdf.open(a4 / "map-islands.pdf")
    hexes = [d["rect"] for p in sheet for d in p.get_drawings()
             if d.get("fill") and len(d["items"]) == 6 and abs(d["rect"].width - size) < 0.05 * size]
    assert len(hexes) == 6, len(hexes)
    top = sorted(r.x0 for r in hexes if abs(r.y0 - min(h.y0 for h in hexes)) < 1)
    assert [round((b - a) / size, 2) for a, b in zip(top, top[1:])] == [4.0, 4.0]
    # its guide draws the hexes as the sheet does, pointy-top (VirtualScape's) in this flat-top game: the
    # plan's hexagons are taller than wide (sqrt(3)/2), none wider (a flat-top plan would turn the map 30 degrees)
    shapes = [round(d["rect"].width / d["rect"].height, 2) for d in pymupdf.open(a4 / "build-guide-islands.pdf")[0]
              .get_drawings() if d.get("fill") and len(d["items"]) == 6]
    assert shapes.count(0.87) == 6 and 1.15 not in shapes
    guide = " ".join(p.get_text() for p in pymupdf.open(a4 / "build-guide-tower.pdf"))
    assert "20" in guide  # its top level is named
    # the first page pictures the finished battlefield: a top and front sides for every hex of every level
    first = pymupdf.open(a4 / "build-guide-ladders.pdf")[0]
    filled = [d for d in first.get_drawings() if d.get("fill")]
    assert len(filled) > 2 * 35


def test_terrain_and_print_lacking_of_imported_maps(imported, tmp_path):
    g, _ = imported
    r = runner.invoke(app, ["terrain", str(g), "--map", "Tower", "--map", "Shore", "--map", "Islands",
                            "--out", str(tmp_path / "t"), "--no-previews"])
    assert r.exit_code == 0, r.output
    import json

    bill = json.loads((tmp_path / "t" / "tower" / "bom.json").read_text())
    rock = {row["level"] for row in bill["rows"] if row["terrain"] == "Rock"}
    assert rock == set(range(2, 21))  # the tower's rock tiles, one per level, up to level 20
    level = validate_game(g).data.game.mesh.height
    tile = trimesh.load(next((tmp_path / "t" / "tower" / "tiles").glob("*.stl")))
    assert tile.is_watertight and tile.bounds[1][2] == pytest.approx(level, abs=0.2)
    r = runner.invoke(app, ["print-lacking", str(g), "--map", "Shore", "--own", "master-set-1",
                            "--out", str(tmp_path / "lack")])
    assert r.exit_code == 0, r.output
    guide = (tmp_path / "lack" / "shore" / "guide.md").read_text()
    assert "| water-1 | 9,0 | 0 | owned |" in guide and "## Level 1" in guide  # water on the table, from the box
    # the islands: a tile for each part of each level (five on the table, the rock on one of them)
    bill = json.loads((tmp_path / "t" / "islands" / "bom.json").read_text())
    by_level = Counter()
    for row in bill["rows"]:
        by_level[row["level"]] += row.get("count", 1)
    assert dict(by_level) == {1: 5, 2: 1}, bill["rows"]
    for stl in (tmp_path / "t" / "islands" / "tiles").glob("*.stl"):
        assert trimesh.load(stl).is_watertight, stl.name
    # and none owned: every piece printed, on plates inside the bed
    r = runner.invoke(app, ["print-lacking", str(g), "--map", "Islands", "--out", str(tmp_path / "lack")])
    assert r.exit_code == 0 and "0 pieces owned, 6 printed" in r.output, r.output
    plates = sorted((tmp_path / "lack" / "islands" / "plates").glob("plate-*.3mf"))
    assert plates and (tmp_path / "lack" / "islands" / "project.3mf").is_file()
    for plate in plates:
        mesh = trimesh.load(plate, force="mesh")
        assert mesh.bounds[0][0] >= 0 and mesh.bounds[0][1] >= 0 and max(mesh.bounds[1][:2]) <= 256, plate.name
    # a Master Set holds every piece of it: nothing to print is said, and no plate or project written
    r = runner.invoke(app, ["print-lacking", str(g), "--map", "Islands", "--own", "master-set-1",
                            "--out", str(tmp_path / "owned")])
    assert r.exit_code == 0 and "6 pieces owned, nothing to print" in r.output, r.output
    assert not list((tmp_path / "owned" / "islands").glob("**/*.3mf"))
    assert "From your boxes (not printed): 3 x grass-1, 1 x grass-2, 1 x rock-1, 1 x water-1" in (tmp_path / "owned" / "islands" / "bom.md").read_text()


def test_terrain_and_plates_of_the_real_map(imported, tmp_path):
    """ladders.hsc (MIT): its terrain tiles cover every hex of every level once, each tile watertight;
    print-lacking against a Master Set prints what the box lacks on plates inside the bed."""
    from printgen.terrain.tileset import map_cells

    g, _ = imported
    data = validate_game(g).data
    r = runner.invoke(app, ["terrain", str(g), "--map", "ladders", "--out", str(tmp_path / "t"), "--no-previews"])
    assert r.exit_code == 0, r.output
    bill = json.loads((tmp_path / "t" / "ladders" / "bom.json").read_text())
    covered = Counter()
    for row in bill["rows"]:
        covered[row["level"]] += row["hexes"] * row["count"]
    ladders = next(m for m in data.maps if m.name == "ladders")
    want = Counter(lv for _, lv in map_cells(ladders, data.game))
    assert covered == want and sorted(want) == [1, 2, 3, 4, 5, 6]
    for stl in (tmp_path / "t" / "ladders" / "tiles").glob("*.stl"):
        assert trimesh.load(stl).is_watertight, stl.name
    r = runner.invoke(app, ["print-lacking", str(g), "--map", "ladders", "--own", "master-set-1",
                            "--out", str(tmp_path / "lack")])
    assert r.exit_code == 0, r.output
    said = re.search(r"(\d+) pieces owned, (\d+) printed on (\d+) plates(?:.*?(\d+) lacking)?", r.output)
    owned, printed, plates, lacking = (int(v or 0) for v in said.groups())
    assert owned + printed + lacking == len(ladders.pieces) and printed and plates >= 1  # every piece accounted for
    assert len(list((tmp_path / "lack" / "ladders" / "plates").glob("plate-*.3mf"))) == plates
    for plate in sorted((tmp_path / "lack" / "ladders" / "plates").glob("plate-*.3mf")):
        mesh = trimesh.load(plate, force="mesh")
        assert mesh.bounds[0][0] >= 0 and mesh.bounds[0][1] >= 0 and max(mesh.bounds[1][:2]) <= 256, plate.name


def test_the_guide_of_an_imported_map_lays_its_own_pieces(imported):
    from printgen.packs.heroscape_style.guide import drawn_cells, map_tiling

    g, _ = imported
    data = validate_game(g).data
    ladders = next(m for m in data.maps if m.name == "ladders")
    tiling = map_tiling(ladders, data)
    assert tiling.method == "pieces" and not tiling.missing
    assert tiling.counts(level=1)[("7", "Grass")] == 3  # ladders.hsc's three grass 7s on the table
    assert ("5", "Road") in tiling.counts(level=2)  # its road bridges, as the pieces they are
    # the picture leaves a bridge's gap open: fewer cells than the text layers, which fill it
    from printgen.packs.heroscape_style.levels import cells, stack_of

    assert len(drawn_cells(ladders, data, tiling)) < len(cells(ladders, stack_of(ladders, data)))
    # every piece lies on the map's own hexes at its level (the text map keeps them up to a shift; the guide's
    # plan draws the pieces over that footprint, so they must agree), each in the terrain the legend gives it
    for m in data.maps:
        if m.imported:
            where = cells(m, stack_of(m, data))
            for t in map_tiling(m, data).tiles:
                assert all(where.get((h, t.level)) == t.terrain for h in t.hexes), (m.name, t)


def test_a_piece_on_a_fluid_tile_imports_with_warnings_and_builds(tmp_path):
    """A map whose author stacked land on water (or water on water): the editors allow it, a table does
    not. It imports with the piece named at its byte, validates with fluid-support as a warning, and
    builds its sheet and guide."""
    import shutil

    g = tmp_path / "game"
    shutil.copytree(FIX / "mini-heroscape", g)
    f = tmp_path / "wet.hsc"
    f.write_bytes(write_hsc(HscMap(name="Wet", tiles=[
        Tile(code=1007, x=0, y=0), Tile(code=4001, x=4, y=0), Tile(code=1001, x=4, y=0, z=1),
        Tile(code=4001, x=5, y=0, z=1)])))  # grass on water; water on nothing (its gap filled with water)
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 0, r.output
    assert "rest on a fluid tile, which carries nothing at level 1 [unsupported-tile]" in r.output
    result = validate_game(g)
    assert result.ok(), [str(x) for x in result.findings if x.is_error]
    wet = [x for x in result.findings if x.code == "fluid-support"]
    assert len(wet) == 2 and not any(x.is_error for x in wet) and all("map-wet.yaml" in str(x) for x in wet)
    r = runner.invoke(app, ["build", str(g), "--out", str(tmp_path / "out"), "--no-previews", "--paper", "a4"])
    assert r.exit_code == 0, r.output
    a4 = next((tmp_path / "out").glob("*/a4"))
    guide = " ".join(p.get_text() for p in pymupdf.open(a4 / "build-guide-wet.pdf"))
    assert "4 tiles on 2 levels" in guide and "Wet: level 2" in guide
