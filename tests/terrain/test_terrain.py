"""A map's terrain: its cells by level, distinct tiles, plates in 3MF, the engraved grid, the bill."""

from __future__ import annotations

import io
import json
import math
import zipfile
from collections import Counter

import numpy as np
import pytest
import trimesh
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.draw.page import PageSpec
from printgen.hexgrid import Hex
from printgen.mesh.polyhex import TileSpec, build_tile
from printgen.mesh.shapes import NAMED
from printgen.terrain import Material, PlateError, make_terrain, map_cells
from printgen.terrain.plates import EDGE, lay_flat, pack
from printgen.terrain.tileset import canonical

INCH = 25.4


def load(blob: bytes, fmt: str):
    return trimesh.load(io.BytesIO(blob), file_type=fmt, force=None, process=True)


def test_cells_follow_the_layers_and_the_legend_level(mini_terrain):
    cells = map_cells(mini_terrain.maps[0], mini_terrain.game)
    by = Counter((lv, t) for (_, lv), t in cells.items())
    assert by[(1, "Floor")] == 20 and by[(2, "Floor")] == 9 and by[(3, "Moss")] == 2
    # the wall's legend level (4) rises above its three layers, continued in its own terrain
    assert [by[(lv, "Wall")] for lv in (1, 2, 3, 4)] == [1, 1, 1, 1]
    for (h, lv) in cells:
        assert lv == 1 or (h, lv - 1) in cells


def test_identical_tiles_are_one_file_with_a_count(mini_terrain):
    res = make_terrain(data=mini_terrain, map_name="Cellar", previews=False)
    stls = [k for k in res.files if k.startswith("tiles/")]
    assert len(stls) == len(res.tileset.kinds)
    keys = [(k.hexes, k.terrain) for k in res.tileset.kinds]
    assert len(set(keys)) == len(keys)
    # every placed tile is its kind turned and moved on the lattice
    for kind in res.tileset.kinds:
        assert all(canonical(t.hexes) == kind.hexes for t in kind.placed)
    cells = map_cells(mini_terrain.maps[0], mini_terrain.game)
    assert sum(len(k.hexes) * k.count for k in res.tileset.kinds) == len(cells)
    for path, mesh in zip(stls, res.meshes):
        tm = load(res.files[path], "stl")
        assert tm.is_watertight and tm.is_winding_consistent and len(tm.split(only_watertight=False)) == 1
        # centred at the origin, lying flat, one level (5 mm) high
        lo, hi = tm.bounds
        assert np.allclose((lo[:2] + hi[:2]) / 2, 0, atol=1e-3) and abs(lo[2]) < 1e-6 and abs(hi[2] - 5.0) < 1e-3


def test_plates_hold_every_tile_once_as_named_coloured_bodies(mini_terrain):
    res = make_terrain(data=mini_terrain, map_name="Cellar", previews=False)
    total = 0
    for n, plate in enumerate(res.plates, start=1):
        blob = res.files[f"plates/plate-{n}.3mf"]
        scene = load(blob, "3mf")
        geoms = list(scene.geometry.values())
        assert len(geoms) == len(plate)
        for g in geoms:
            assert g.is_watertight and len(g.split(only_watertight=False)) == 1 and g.volume > 0
            lo, hi = g.bounds
            assert lo[0] >= EDGE - 1e-3 and lo[1] >= EDGE - 1e-3 and hi[0] <= 180 - EDGE + 1e-3 \
                and hi[1] <= 180 - EDGE + 1e-3
        model = zipfile.ZipFile(io.BytesIO(blob)).read("3D/3dmodel.model").decode()
        assert 'displaycolor="#8A7D6BFF"' in model  # Floor's colour from the data
        assert model.count("<object ") == len(plate)
        total += len(plate)
    assert total == len(res.tileset.tiles)
    vol = sum(load(res.files[f"plates/plate-{n}.3mf"], "3mf").volume for n in range(1, len(res.plates) + 1))
    assert math.isclose(vol, sum(m.volume * k.count for m, k in zip(res.meshes, res.tileset.kinds)), rel_tol=1e-4)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["1", "2", "3", "7", "24"]), st.integers(1, 6)), min_size=1, max_size=8),
       st.floats(0, 6), st.sampled_from([(180.0, 180.0), (256.0, 256.0), (250.0, 210.0)]))
def test_packed_tiles_keep_the_gap_and_stay_on_the_bed(kinds, gap, bed):
    meshes = [lay_flat(build_tile(NAMED[s], TileSpec(INCH, "flat", 6.0, groove=(1.2, 0.6)))) for s, _ in kinds]
    boxes = [(k, c, 0.0, m.extents[0], m.extents[1]) for k, (m, (_, n)) in enumerate(zip(meshes, kinds))
             for c in range(n)]
    plates = pack(boxes, bed, gap)
    assert sum(len(p) for p in plates) == len(boxes)
    from printgen.terrain.api import plate_objects

    for plate in plates:
        objs = plate_objects(meshes, plate, [str(i) for i in range(len(meshes))], ["#888888"] * len(meshes))
        rects = []
        for _, mesh, _ in objs:
            xs, ys, _ = zip(*mesh.vertices)
            rects.append((min(xs), min(ys), max(xs), max(ys)))
            assert min(xs) >= EDGE - 1e-6 and min(ys) >= EDGE - 1e-6
            assert max(xs) <= bed[0] - EDGE + 1e-6 and max(ys) <= bed[1] - EDGE + 1e-6
        for i, a in enumerate(rects):
            for b in rects[:i]:
                apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
                assert apart >= gap - 1e-6  # the real outlines lie inside these boxes


def test_a_tile_larger_than_the_bed_says_by_how_much(mini_terrain):
    with pytest.raises(PlateError, match=r"does not fit a 60 x 60 mm bed .* (\d+\.\d) mm too big"):
        make_terrain(data=mini_terrain, map_name="Cellar", bed=(60.0, 60.0), previews=False, tiles="exact")


def test_grid_groove_depth_measured_on_a_section():
    spec = TileSpec(INCH, "flat", 6.0, clearance=0.2, groove=(1.2, 0.6))
    tm = trimesh.Trimesh(*map(np.asarray, build_tile(NAMED["2"], spec)[:2]))
    assert tm.is_watertight and len(tm.split(only_watertight=False)) == 1
    # NAMED["2"] is hexes (0,0) and (1,0): cut through both centres, across the shared side
    from printgen.hexgrid import Layout

    lay = Layout("flat", INCH)
    (x0, y0), (x1, y1) = lay.hex_to_point(Hex(0, 0)), lay.hex_to_point(Hex(1, 0))
    y0, y1 = -y0, -y1
    direction = np.array([x1 - x0, y1 - y0, 0.0])
    normal = np.cross(direction / np.linalg.norm(direction), [0, 0, 1])
    section = tm.section(plane_origin=[x0, y0, 0], plane_normal=normal)
    pts = section.vertices
    t = (pts - [x0, y0, 0]) @ (direction / np.linalg.norm(direction))
    mid = np.linalg.norm(direction) / 2
    top_profile = pts[pts[:, 2] > 3.0]
    tt = t[pts[:, 2] > 3.0]
    at_seam = top_profile[np.abs(tt - mid) < 1e-3]
    assert len(at_seam) and abs(at_seam[:, 2].min() - (6.0 - 0.6)) < 1e-6   # the V's bottom: 0.6 mm deep
    flat = top_profile[np.abs(tt - mid) > 0.6 + 1e-3]
    assert abs(flat[:, 2].max() - 6.0) < 1e-6                                  # full height outside it
    # the groove is 1.2 mm wide at the top: the profile leaves full height 0.6 mm either side of the seam
    full = np.sort(tt[np.isclose(top_profile[:, 2], 6.0)])
    inner = full[(full > mid - 5) & (full < mid + 5)]
    assert np.isclose(inner[inner < mid].max(), mid - 0.6, atol=1e-3)
    assert np.isclose(inner[inner > mid].min(), mid + 0.6, atol=1e-3)


def test_bill_of_materials_adds_up(mini_terrain):
    pla = Material()
    res = make_terrain(data=mini_terrain, map_name="Cellar", previews=False,
                       page_spec=PageSpec.for_paper("a4", 5.0))
    b = json.loads(res.files["bom.json"])
    assert b == res.bill
    assert b["total"]["tiles"] == len(res.tileset.tiles) == sum(r["count"] for r in b["rows"])
    vol = sum(m.volume * k.count for m, k in zip(res.meshes, res.tileset.kinds))
    assert math.isclose(b["total"]["volume_cm3"], vol / 1000, abs_tol=0.05)
    assert math.isclose(b["total"]["grams"], vol / 1000 * 1.24, rel_tol=1e-3)
    assert math.isclose(b["total"]["metres"], vol / (math.pi * 0.875 ** 2) / 1000, rel_tol=1e-3)
    assert math.isclose(b["total"]["hours"], pla.hours(vol), rel_tol=1e-2)
    assert sorted(b["levels"]) == ["1", "2", "3", "4"]
    assert sum(v["tiles"] for v in b["levels"].values()) == b["total"]["tiles"]
    assert b["plates"] == len(res.plates)
    csv_rows = res.files["bom.csv"].decode().splitlines()
    assert len(csv_rows) == len(b["rows"]) + 2 and csv_rows[-1].startswith("total,")
    assert f"| total | | | {b['total']['tiles']} |" in res.files["bom.md"].decode()


def test_bill_page_is_a4_with_the_totals(mini_terrain):
    import pymupdf as fitz

    res = make_terrain(data=mini_terrain, map_name="Cellar", previews=False,
                       page_spec=PageSpec.for_paper("a4", 5.0))
    doc = fitz.open(stream=res.files["bom-a4.pdf"], filetype="pdf")
    page = doc[0]
    assert abs(page.rect.width / 72 * 25.4 - 210) < 0.5 and abs(page.rect.height / 72 * 25.4 - 297) < 0.5
    text = "".join(p.get_text() for p in doc)
    assert f"{res.bill['total']['tiles']} tiles" in text and "Level 4" in text and "Wall" in text
    for p in doc:  # nothing inked inside the 5 mm margin
        for block in p.get_text("dict")["blocks"]:
            x0, y0, x1, y1 = (v / 72 * 25.4 for v in block["bbox"])
            assert x0 >= 4.9 and y0 >= 4.9 and x1 <= 210 - 4.9 and y1 <= 297 - 4.9


def test_same_map_same_bytes(mini_terrain):
    a = make_terrain(data=mini_terrain, map_name="Cellar", previews=True)
    b = make_terrain(data=mini_terrain, map_name="Cellar", previews=True)
    assert a.files == b.files


def test_validation_and_the_bill_encode_no_file_and_the_files_come_out_the_same(mini_terrain, monkeypatch):
    """A build's main process validates the map and its bill page reads the bill: neither writes a tile's STL
    or a plate's 3MF (the terrain target does, in a worker); read later, the files are the eager ones."""
    from printgen.terrain import api, assets

    eager = make_terrain(data=mini_terrain, map_name="Cellar", previews=False).files
    encoded = []
    real = api.to_stl
    monkeypatch.setattr(api, "to_stl", lambda *a, **k: encoded.append(k["name"]) or real(*a, **k))
    monkeypatch.setattr(assets, "_CACHE", {})
    res = assets._result(mini_terrain, "Cellar", False)
    again = assets._result(mini_terrain, "Cellar", False)
    assert res.bill["total"]["tiles"] == len(res.tileset.tiles) > 0 and res.plates and again.bill is res.bill
    assert not encoded
    assert list(res.files) == list(eager) and res.files == eager  # same names, same order, same bytes
    assert len(encoded) == sum(1 for rel in eager if rel.endswith(".stl"))
    assert again.files == eager and len(encoded) == sum(1 for rel in eager if rel.endswith(".stl"))  # encoded once
    assert not any(rel.endswith(".png") for rel in res.files)


@pytest.mark.parametrize("groove", [None, (1.2, 0.6)])
@pytest.mark.parametrize("shape", ["1", "3", "7"])
def test_centre_dots_are_hexagonal_pits_of_the_stated_size(shape, groove):
    spec = TileSpec(25.4, "flat", 6.0, clearance=0.2, groove=groove)
    plain = trimesh.Trimesh(*map(np.asarray, build_tile(NAMED[shape], spec)[:2]))
    dotted = trimesh.Trimesh(*map(np.asarray, build_tile(NAMED[shape], spec._replace(dot=(2.0, 0.6)))[:2]))
    assert dotted.is_watertight and dotted.is_winding_consistent and len(dotted.split(only_watertight=False)) == 1
    pit = 3 * math.sqrt(3) / 2 * 1.0 ** 2 * 0.6  # a hexagon 2 mm across its corners, 0.6 mm deep
    assert plain.volume - dotted.volume == pytest.approx(len(NAMED[shape]) * pit, rel=1e-6)
    # under each hex centre: a hexagon of six floor corners 1 mm from the centre, 0.6 mm down
    from printgen.hexgrid import Layout

    lay = Layout("flat", 25.4)
    v = dotted.vertices
    for h in NAMED[shape]:
        x, y = lay.hex_to_point(h)
        d = np.hypot(v[:, 0] - x, v[:, 1] + y)
        floor = v[(d < 1.5) & (np.abs(v[:, 2] - 5.4) < 1e-9)]
        assert len(floor) == 6
        assert np.allclose(np.hypot(floor[:, 0] - x, floor[:, 1] + y), 1.0)


def test_a_dot_too_wide_or_too_deep_is_an_error():
    from printgen.mesh.polyhex import MeshError

    with pytest.raises(MeshError, match="too wide"):
        build_tile(NAMED["1"], TileSpec(25.4, "flat", 6.0, dot=(20.0, 0.6)))
    with pytest.raises(MeshError, match="too deep"):
        build_tile(NAMED["1"], TileSpec(25.4, "flat", 6.0, dot=(2.0, 5.5)))


def _bom_pages_trying_every_size(b, spec, title):
    """bom_pages as it was: every size in turn, largest first, the first that takes the fewest pages (one page:
    no need to look further)."""
    from printgen.terrain.page import SIZES, _bill_flow

    best = None
    for size in SIZES:
        pages = _bill_flow(b, spec, title, size)
        if best is None or len(pages) < len(best):
            best = pages
        if len(best) == 1:
            break
    return best


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_bills_size_is_the_one_trying_every_size_picks(mini_terrain, paper):
    """bom_pages halves its way to the size (smaller text never takes more pages): bills from a few rows to
    several pages long, each at the size and on the pages trying every size gives."""
    from printgen.draw.page import PageSpec
    from printgen.terrain import bom_pages

    spec = PageSpec.for_paper(paper, mini_terrain.game.print.margin)
    b = make_terrain(data=mini_terrain, map_name=mini_terrain.maps[0].name).bill
    rows = b["rows"]
    seen = set()
    for n in (1, 3, 8, 20, 30, 34, 38, 42, 46, 60, 75, 90):
        bill = dict(b, rows=[dict(r, level=rows[0]["level"]) for r in (rows * (n // len(rows) + 1))[:n]],
                    levels={str(rows[0]["level"]): b["levels"][str(rows[0]["level"])]})
        got = bom_pages(bill, spec, "Bill")
        assert got == _bom_pages_trying_every_size(bill, spec, "Bill")
        seen.add(len(got))
    assert {1, 2} <= seen  # one page and more than one, both set as the long way sets them


def test_a_projects_meshes_written_once_are_the_bytes_written_afresh(mini_terrain):
    """terrain/api.py hands every plate's 3MF and the project of every plate one memo of the meshes' text
    (mesh/project3mf._mesh_text): each file is the file written with nothing remembered, a move of -0.0 too."""
    from printgen.mesh.project3mf import to_project_3mf
    from printgen.terrain.api import plate_objects

    res = make_terrain(data=mini_terrain, map_name=mini_terrain.maps[0].name)
    plates = [plate_objects(res.meshes, p, [f"kind{k}" for k in range(len(res.meshes))],
                            ["#7fb35a"] * len(res.meshes)) for p in res.plates]
    memo: dict = {}
    for objects in plates:
        assert to_project_3mf([objects], bed=(200.0, 200.0), title="t", memo=memo) == to_project_3mf(
            [objects], bed=(200.0, 200.0), title="t")
    assert to_project_3mf(plates, bed=(200.0, 200.0), title="t", memo=memo) == to_project_3mf(
        plates, bed=(200.0, 200.0), title="t")
    assert len(memo) > 1
    flipped = [(n, m._replace(vertices=[(-0.0, -0.0, z) for _, _, z in m.vertices]), c) for n, m, c in plates[0]]
    assert to_project_3mf([flipped], bed=(200.0, 200.0), title="t", memo=memo) == to_project_3mf(
        [flipped], bed=(200.0, 200.0), title="t")
    # a move of -0.0 is written as such, not taken from the text of the same mesh unmoved
    from printgen.mesh.project3mf import _mesh_text

    mesh = flipped[0][1]
    memo2: dict = {}
    assert _mesh_text(mesh, 0.0, 0.0, memo2)[0] != _mesh_text(mesh, -0.0, -0.0, memo2)[0]
    assert _mesh_text(mesh, -0.0, -0.0, memo2) == _mesh_text(mesh, -0.0, -0.0, None)


def test_the_bill_validation_worked_out_is_handed_to_the_bom_page(monkeypatch):
    """Validation hands each map's bill on with the game (``shared``); the bill-of-materials page, in a
    worker that never made the terrain, prints from it without making the tiles and plates again: the same
    PDF as from a bill it makes itself."""
    import pickle
    from pathlib import Path

    import pymupdf as fitz

    from printgen.project import validate_game
    from printgen.terrain import assets
    from printgen.write.pdf import to_pdf

    game = validate_game(Path(__file__).resolve().parents[1] / "fixtures" / "mini-terrain")
    assert game.ok(), game.findings
    bills = game.shared[assets.BILLS]
    assert len(bills) == len(assets._names(game.data)) >= 1
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    assets._CACHE.clear()
    made = assets.render_terrain_bom(_without_bills(game), spec)

    worker = pickle.loads(pickle.dumps(game))  # as a worker takes it: the process's own terrain not made
    assets._CACHE.clear()
    monkeypatch.setattr(assets, "make_terrain", lambda **kw: pytest.fail("the terrain was made again"))
    handed = assets.render_terrain_bom(worker, spec)
    assert sorted(handed) == sorted(made) and handed
    for stem, doc in handed.items():
        pdf = to_pdf(doc)
        assert pdf == to_pdf(made[stem])
        page = fitz.open(stream=pdf, filetype="pdf")[0].get_text()
        for row in next(iter(bills.values()))["rows"]:
            assert row["shape"] in page  # the bill's tiles are printed


def _without_bills(game):
    """A copy of ``game`` as validation would hand it on had it not kept the bills."""
    import pickle

    copy = pickle.loads(pickle.dumps(game))
    copy.shared.pop("terrain-bills", None)
    return copy


@pytest.mark.parametrize("previews", [False, True])
def test_the_terrain_validation_made_is_handed_to_the_terrain_target(monkeypatch, previews):
    """Validation hands each map's terrain on as it made it (tiles, plates and bill, its files not written);
    the terrain target, in a worker that never made it, writes its files from it without making the meshes or
    packing the plates again: the same files (STL, 3MF, bill, plate previews) and the same reads recorded as
    from a terrain it makes itself."""
    import pickle
    from dataclasses import replace
    from pathlib import Path

    from printgen.build import render_target
    from printgen.plan import plan_build
    from printgen.project import validate_game
    from printgen.terrain import assets

    assets._CACHE.clear()
    if previews:  # validated in a process that wrote this terrain's files before: handed on all the same
        alone = validate_game(Path(__file__).resolve().parents[1] / "fixtures" / "mini-terrain")
        assets.render_terrain(alone, previews=True)
    game = validate_game(Path(__file__).resolve().parents[1] / "fixtures" / "mini-terrain")
    assert game.ok(), game.findings
    made_here = game.shared[assets.MADE]
    assert len(made_here) == len(assets._names(game.data)) >= 1
    assert all(isinstance(r, bytes) for r in made_here.values())  # pickled: only the terrain target unpickles it
    # handed on before any file was written
    assert all(pickle.loads(r)._files is None for r in made_here.values())
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "terrain")
    alone = pickle.loads(pickle.dumps(game))
    alone.shared.pop(assets.MADE)
    assets._CACHE.clear()
    made = render_target(replace(target, game=alone), previews=previews)

    worker = pickle.loads(pickle.dumps(game))  # as a worker takes it: the process's own terrain not made
    assets._CACHE.clear()
    monkeypatch.setattr(assets, "make_terrain", lambda **kw: pytest.fail("the terrain was made again"))
    handed = render_target(replace(target, game=worker), previews=previews)
    assert handed.files == made.files and len(made.files) > 3
    assert any(k.endswith(".png") for k in made.files) == previews
    assert sorted(handed.reads) == sorted(made.reads)
