"""import-map and export-map through the CLI: round trips of ladders.hsc, of maps the writer makes
and of random valid maps (hypothesis), the heroscape-map-editor JSON, the buildability check, and
bad files refused with nothing written."""

import json
import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from printgen.cli import app
from printgen.hexgrid.levels import read_stack
from printgen.mapio.convert import ADDONS, hsc_to_map, map_to_hsc
from printgen.mapio.hsc import HscMap, Tile, read_hsc, write_hsc
from printgen.mapio.pieces import PIECES, START, cells_of, footprint, offset_to_axial
from printgen.model.content import MapDef

from .helpers import hsc_bytes

FIX = Path(__file__).parent.parent / "fixtures"
LADDERS = FIX / "maps" / "ladders.hsc"
runner = CliRunner()


def key(m):
    return sorted((t.code, t.x, t.y, t.z, t.rotation) for t in m.tiles)


def game(tmp_path):
    g = tmp_path / "game"
    shutil.copytree(FIX / "mini-heroscape", g)
    return g


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_ladders_round_trip_through_the_game(tmp_path):
    g = game(tmp_path)
    r = run("import-map", LADDERS, "--into", g, "--name", "Ladders")
    assert r.exit_code == 0, r.output
    assert "35 pieces" in r.output and "[unsupported-tile]" in r.output  # its road bridges span a gap
    doc = yaml.safe_load((g / "map-ladders.yaml").read_text())
    m = doc["maps"][0]
    assert m["orientation"] == "pointy" and len(m["layers"]) == 5 and len(m["pieces"]) == 35
    assert [t["name"] for t in doc["terrain"]] == ["Road"]  # the game had Grass; road walls are add-ons
    stack = read_stack(m["layout"], m["layers"], "pointy")
    assert len(stack.tiles[0]) == 35 and stack.unsupported() == []  # editable text a game validates
    r = run("export-map", g, "--map", "Ladders", "--to", tmp_path / "back.hsc")
    assert r.exit_code == 0, r.output
    assert key(read_hsc((tmp_path / "back.hsc").read_bytes())) == key(read_hsc(LADDERS.read_bytes()))
    r = run("validate", g)
    assert "map-ladders.yaml" in r.output and "Traceback" not in r.output
    assert "[start-zones]" in r.output  # a pack rule about the map, not a read error: ladders has no zones


def test_a_designers_map_is_cut_into_pieces_and_comes_back(tmp_path):
    g = game(tmp_path)
    r = run("export-map", g, "--map", "Knoll", "--to", tmp_path / "knoll.hsc")
    assert r.exit_code == 0, r.output
    m = read_hsc((tmp_path / "knoll.hsc").read_bytes())
    codes = [t.code for t in m.tiles]
    assert 1003 in codes and 4001 in codes and codes.count(15001) == 6  # 3-hex grass, the water, 6 start hexes
    covered = sum(len(footprint(PIECES[c].shape, 0)) for c in codes if PIECES[c].role != START)
    assert covered == 18 + 4 + 1  # every hex of every level once: 18 ground, 4 at level 2, 1 at level 3
    r = run("import-map", tmp_path / "knoll.hsc", "--into", g, "--name", "Knoll Again")
    assert r.exit_code == 0, r.output
    assert "warning" not in r.output
    r = run("export-map", g, "--map", "Knoll Again", "--to", tmp_path / "again.hsc")
    assert key(read_hsc((tmp_path / "again.hsc").read_bytes())) == key(m)
    doc = yaml.safe_load((g / "map-knoll-again.yaml").read_text())["maps"][0]
    zones = {e.get("zone") for e in doc["legend"].values()}
    assert {"Start #b3342b", "Start #2d5fa8"} <= zones


def test_json_map_from_heroscape_map_editor(tmp_path):
    g = game(tmp_path)
    # a grass 7 on the table, a grass 2 on it turned 3 steps (keyed by its template's first hex,
    # which turned lies east of VirtualScape's anchor), water beside; an unknown piece
    doc = {"hexMap": {"name": "Editor Map"},
           "boardPieces": {"0~0~0~0~g7": "g7", "1~0~1~3~g2": "g2", "0~3~0~0~w1": "w1", "0~5~0~0~zz9": "zz9"}}
    f = tmp_path / "m.json"
    f.write_text(json.dumps(doc))
    r = run("import-map", f, "--into", g)
    assert r.exit_code == 0, r.output
    assert "piece 'zz9' is no piece printgen knows" in r.output  # named; the rest imports
    m = yaml.safe_load((g / "map-editor-map.yaml").read_text())["maps"][0]
    assert [(p["piece"], p["at"], p["level"], p["rotation"]) for p in m["pieces"]] == [
        ("grass-7", "0,0", 1, 0), ("grass-2", "-1,1", 2, 3), ("water-1", "3,0", 1, 0)]


def test_unknown_code_is_named_and_the_rest_imports(tmp_path):
    g = game(tmp_path)
    f = tmp_path / "u.hsc"
    f.write_bytes(hsc_bytes(0.0007, [(1007, 2, 2, 0, 0), (18001, 2, 2, 1, 0)][:1] + [(99123, 1, 1, 0, 0)]))
    r = run("import-map", f, "--into", g, "--name", "U")
    assert r.exit_code == 0 and "tile code 99123" in r.output and "byte " in r.output


def test_buildability_finds_the_unsupported_tile(tmp_path):
    g = game(tmp_path)
    f = tmp_path / "float.hsc"
    f.write_bytes(hsc_bytes(0.0007, [(1007, 2, 2, 0, 0), (1002, 2, 2, 1, 0), (1003, 9, 9, 2, 0)]))
    r = run("import-map", f, "--into", g, "--name", "Float")
    assert r.exit_code == 0
    lines = [ln for ln in r.output.splitlines() if "[unsupported-tile]" in ln]
    assert len(lines) == 1 and "grass-3 at (9, 9) level 3: 3 of its 3 hexes rest on nothing" in lines[0]


def test_bad_files_exit_1_and_write_nothing(tmp_path):
    g = game(tmp_path)
    before = sorted(p.name for p in g.iterdir())
    good = LADDERS.read_bytes()
    cases = {"cut.hsc": good[:700], "version.hsc": b"\x9a\x99\x99\x99\x99\x99\xb9?" + good[8:],
             "huge.hsc": hsc_bytes(0.0007, [], count=100_000), "empty.hsc": b"", "bad.json": b"{nope"}
    for name, data in cases.items():
        f = tmp_path / name
        f.write_bytes(data)
        r = run("import-map", f, "--into", g)
        assert r.exit_code == 1, (name, r.output)
        assert "Traceback" not in r.output and f"{name}:" in r.output
        assert name.endswith(".json") or "byte " in r.output
    assert sorted(p.name for p in g.iterdir()) == before
    r = run("import-map", LADDERS, "--into", g, "--name", "Knoll")
    assert r.exit_code == 1 and "[map-exists]" in r.output
    r = run("export-map", g, "--map", "Nope", "--to", tmp_path / "x.hsc")
    assert r.exit_code == 1 and "no map named" in r.output and not (tmp_path / "x.hsc").exists()


# -- random valid maps: tiles -> .hsc -> game map data -> .hsc gives the same tiles ----------------------
CODES = sorted(c for c, p in PIECES.items() if p.role != START)
# pieces near each other, and now and then apart (a map in parts, written in exact notation)
tiles = st.lists(st.tuples(st.sampled_from(CODES), st.integers(-6, 6), st.integers(-6, 6), st.integers(0, 6),
                           st.integers(0, 5)), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiles, st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), max_size=4))
def test_random_maps_round_trip(ts, starts):
    m = HscMap(name="R", tiles=[Tile(code=c, x=x, y=y, z=z, rotation=r) for c, x, y, z, r in ts]
               + [Tile(code=15001, x=x, y=y, z=1, colour=0x0000FF) for x, y in starts])
    read = read_hsc(write_hsc(m))
    imp = hsc_to_map(read, name="R", game_terrain=["Grass"])
    assume(not any(n.error for n in imp.notes))  # only add-ons: refused (nothing to draw)
    doc = yaml.safe_load(yaml.safe_dump({"maps": [imp.map]}))
    for high_ground_only in ("connected", "imported"):  # High Ground's fields; the base model has neither
        doc["maps"][0].pop(high_ground_only, None)
    mapdef = MapDef(**doc["maps"][0])
    stack = read_stack(mapdef.layout, mapdef.layers, "pointy", notation=mapdef.notation)
    assert stack.unsupported() == []
    ground = {h for t, p in ((t, PIECES[t.code]) for t in m.tiles) if p.role != START and p.name not in ADDONS
              for h in cells_of(p, t.x, t.y, t.rotation)}
    assert same_up_to_translation(set(stack.tiles[0]), ground)  # the text holds the hexes the tiles cover
    back, notes = map_to_hsc(mapdef, stack, {})
    assert key(back) == key(m) and not notes


def test_more_pieces_than_a_list_holds_are_dropped_with_a_warning(tmp_path):
    g = game(tmp_path)
    f = tmp_path / "big.hsc"
    f.write_bytes(hsc_bytes(0.0007, [(1001, x, y, 0, 0) for x in range(41) for y in range(25)]))
    r = run("import-map", f, "--into", g, "--name", "Big")
    assert r.exit_code == 0 and "[pieces-dropped]" in r.output and "1025 pieces" in r.output
    m = yaml.safe_load((g / "map-big.yaml").read_text())["maps"][0]
    assert "pieces" not in m and sum(ch == "a" for ch in m["layout"]) == 1025
    assert "limit-list-length" not in run("validate", g).output


def same_up_to_translation(a: set, b: set) -> bool:
    if len(a) != len(b) or not a:
        return a == b
    a0, b0 = (min(x, key=lambda h: (h.r, h.q)) for x in (a, b))
    return {(h.q - a0.q, h.r - a0.r) for h in a} == {(h.q - b0.q, h.r - b0.r) for h in b}


# five single hexes, no two on a row next to each other: their gaps alone read as a wider spacing
SCATTERED = [(1001, 0, 0, 0, 0), (1001, 4, 0, 0, 0), (1001, 8, 0, 0, 0), (1001, 2, 4, 0, 0), (1001, 6, 4, 1, 0)]


def test_a_scattered_map_imports_as_islands_and_reads_back(tmp_path):
    from printgen.model.maps import map_geometry
    from printgen.project import validate_game

    g = game(tmp_path)
    f = tmp_path / "s.hsc"
    # the fifth hex stands on a second hex (level 2), so the levels read back too
    f.write_bytes(hsc_bytes(0.0007, SCATTERED + [(1001, 6, 4, 0, 0)]))
    r = run("import-map", f, "--into", g, "--name", "S")
    assert r.exit_code == 0 and "5 hexes, 2 levels" in r.output, r.output
    m = yaml.safe_load((g / "map-s.yaml").read_text())["maps"][0]
    assert m["notation"] == "exact" and m["connected"] is False
    # what the game reads: the five hexes where VirtualScape has them, one of them two levels high
    res = validate_game(g)
    assert not [f for f in res.findings if f.is_error], [f.message for f in res.findings]
    mapdef = next(x for x in res.data.maps if x.name == "S")
    geom = map_geometry(mapdef, res.data.game)
    want = {offset_to_axial(x, y) for _, x, y, _, _ in SCATTERED}
    assert same_up_to_translation(set(geom.cells), want)
    assert sorted(geom.levels.values()) == [1, 1, 1, 1, 2]
    high = max(geom.levels, key=geom.levels.get)
    lowest = min(want, key=lambda h: (h.r, h.q))
    g0 = min(geom.cells, key=lambda h: (h.r, h.q))
    assert (high.q - g0.q, high.r - g0.r) == (offset_to_axial(6, 4).q - lowest.q, offset_to_axial(6, 4).r - lowest.r)
    # hex centres as far apart as VirtualScape places them: the first two hexes are 4 hex widths apart
    lay = geom.layout
    row0 = sorted((h for h in geom.cells if h.r == g0.r), key=lambda h: h.q)
    (x0, y0), (x1, y1) = lay.hex_to_point(row0[0]), lay.hex_to_point(row0[1])
    assert abs((x1 - x0) - 4 * res.data.game.hex.size) < 1e-6 and abs(y1 - y0) < 1e-9
    # and back to VirtualScape: the same tiles
    out = tmp_path / "back.hsc"
    r = run("export-map", g, "--map", "S", "--to", out)
    assert r.exit_code == 0, r.output
    assert key(read_hsc(out.read_bytes())) == key(read_hsc(f.read_bytes()))


def test_parts_too_far_apart_are_refused_at_import(tmp_path):
    """Lone hexes hundreds of hexes apart import as no map: its sheets and board picture would cover the
    whole box (4,213 pages and a 60,000-pixel board for 600 x 600 hexes)."""
    g = game(tmp_path)
    before = sorted(p.name for p in g.iterdir())
    f = tmp_path / "far.hsc"
    f.write_bytes(hsc_bytes(0.0007, [(1001, 0, 0, 0, 0), (1001, 600, 600, 0, 0)]))
    r = run("import-map", f, "--into", g)
    assert r.exit_code == 1 and "[limit-map-area]" in r.output and "601 x 521 hexes" in r.output, r.output
    assert sorted(p.name for p in g.iterdir()) == before


def test_gzipped_json_and_a_gzip_bomb(tmp_path):
    import gzip

    g = game(tmp_path)
    f = tmp_path / "m.json.gz"
    f.write_bytes(gzip.compress(json.dumps({"hexMap": {"name": "Zipped"}, "boardPieces": {"0~0~0~0~g7": "g7"}})
                                .encode()))
    r = run("import-map", f, "--into", g)
    assert r.exit_code == 0 and "map 'Zipped', 1 pieces" in r.output
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip.compress(b"{" + b" " * 9_000_000 + b"}", 1))  # 9 MB of spaces in 40 kB
    r = run("import-map", bomb, "--into", g)
    assert r.exit_code == 1 and "unpacks to more than" in r.output


def test_terrain_a_game_lacks_gets_the_fields_its_model_requires(tmp_path):
    g = tmp_path / "hexprint"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data" / "hexprint", g)
    r = run("import-map", LADDERS, "--into", g, "--name", "Ladders")
    assert r.exit_code == 0, r.output
    terrain = yaml.safe_load((g / "map-ladders.yaml").read_text())["terrain"]
    assert {t["name"]: (t["height"], t["tags"]) for t in terrain} == {"Grass": (1, ["Land"]), "Road": (1, ["Land"])}
    r = run("validate", g)
    assert r.exit_code == 0, r.output


def test_glyphs_take_the_games_glyph_by_its_symbol_and_go_back(tmp_path):
    g = game(tmp_path)  # mini-heroscape: Glyph of Might, symbol M
    f = tmp_path / "g.hsc"
    f.write_bytes(hsc_bytes(0.0007, [(1024, 0, 0, 0, 0), (14000 + ord("M"), 2, 2, 1, 0),
                                     (14000 + ord("Q"), 1, 3, 1, 0)]))
    r = run("import-map", f, "--into", g, "--name", "Glyphs")
    assert r.exit_code == 0, r.output
    m = yaml.safe_load((g / "map-glyphs.yaml").read_text())["maps"][0]
    objectives = {e.get("objective") for e in m["legend"].values()}
    assert {"Glyph of Might", "Glyph Q"} <= objectives  # Q: no such glyph in the game, named by its letter
    r = run("export-map", g, "--map", "Glyphs", "--to", tmp_path / "back.hsc")
    back = read_hsc((tmp_path / "back.hsc").read_bytes())
    assert sorted(t.code for t in back.tiles if 14000 < t.code < 15000) == [14000 + ord("M"), 14000 + ord("Q")]


def test_export_to_a_folder_or_another_suffix_is_a_usage_error(tmp_path):
    g = game(tmp_path)
    (tmp_path / "d.hsc").mkdir()
    for to in (tmp_path / "d.hsc", tmp_path / "k.txt"):
        r = run("export-map", g, "--map", "Knoll", "--to", to)
        assert r.exit_code == 2 and "ending in .hsc" in r.output and "Traceback" not in r.output
