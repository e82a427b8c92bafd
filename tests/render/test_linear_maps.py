"""Big maps are linear: each tile page draws exactly the hexes that reach into its window (found by
bounding box over centres computed once per map), and repeated art is drawn once per PDF."""

from __future__ import annotations

import sys
from pathlib import Path

import pymupdf

from printgen.draw.geometry import clip_polygon
from printgen.draw.page import PageSpec
from printgen.model.maps import map_geometry
from printgen.render.maps import render_map
from printgen.write.pdf import to_pdf

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_maps import LEGEND, layout  # noqa: E402  (the benchmark's map generator)


def _big_map():
    from printgen.model.content import MapDef, Terrain
    from printgen.model.game import GameConfig

    class Data:
        game = GameConfig.model_validate({"id": "t", "name": "T", "system": "heroes-of-hex", "version": "1",
                                          "hex": {"size": "1in", "orientation": "pointy"}})
        terrain = [Terrain(name="Grass", colour="#9bbf6b"), Terrain(name="Stone", colour="#707070", blocked=True),
                   Terrain(name="Water", colour="#6fa8dc")]

    mapdef = MapDef.model_validate({"name": "Plain", "layout": layout(600), "legend": LEGEND,
                                    "zones": [{"name": "Attacker", "colour": "#aa2222"}]})
    return mapdef, Data


def test_a_window_finds_exactly_the_hexes_that_reach_into_it():
    mapdef, data = _big_map()
    geom = map_geometry(mapdef, data.game)
    order, centres = geom.drawing_order
    assert len(order) == len(geom.cells) and len(centres) == len(order)
    for window in [(0, 0, 180, 240), (170, 230, 350, 470), (-50, -50, 10, 10), (400, 0, 600, 200)]:
        near = geom.hexes_near(window, geom.layout.size)
        touching = [h for h in order if len(clip_polygon(geom.layout.corners(h), *window)) >= 3]
        assert set(touching) <= set(near)
        # nothing far away: every hex found has its centre within a hex of the window
        x0, y0, x1, y1 = window
        for h in near:
            cx, cy = geom.layout.hex_to_point(h)
            assert x0 - geom.layout.size <= cx + 1e-6 and cx - 1e-6 <= x1 + geom.layout.size
        assert near == sorted(near, key=lambda h: (h.r, h.q))  # drawn row by row, as before


def test_small_and_large_maps_find_the_same_hexes(monkeypatch):
    """Below NUMPY_FROM hexes a plain loop finds a window's hexes, from it numpy: the same hexes, in order."""
    import printgen.model.maps as maps

    mapdef, data = _big_map()
    windows = [(0, 0, 180, 240), (170, 230, 350, 470), (-50, -50, 10, 10), (25.4, 22.0, 25.4, 22.0)]
    found = {}
    for limit in (10**9, 1):  # every map is small; every map is large
        monkeypatch.setattr(maps, "NUMPY_FROM", limit)
        monkeypatch.setattr(maps, "_GEOMS", {})  # a map's geometry is made once per process: made afresh here
        geom = map_geometry(mapdef, data.game)
        found[limit] = [geom.hexes_near(w, geom.layout.size) for w in windows]
        assert isinstance(geom.drawing_order[1], list) == (limit > 1)
    assert found[10**9] == found[1] and all(found[1][:2])


def test_each_tile_draws_exactly_the_hexes_in_its_window():
    from printgen.render.maps import tile_plan
    from printgen.render.maps.tiling import map_marks

    mapdef, data = _big_map()
    spec = PageSpec.for_paper("a4", 5.0)
    pages = render_map(mapdef, data, spec)
    geom = map_geometry(mapdef, data.game)
    _, tiling = tile_plan(geom, spec, map_marks(geom, data)[0])  # the plan render_map follows
    assert len(pages) == 1 + tiling.rows * tiling.cols > 4
    for i, page in enumerate(pages[1:]):
        r, c = divmod(i, tiling.cols)
        wx, wy = tiling.origin(r, c)
        window = (wx, wy, wx + tiling.window[0], wy + tiling.window[1])
        # brute force over every hex of the map: which reach into this tile's window
        want = sum(1 for h in geom.cells if len(clip_polygon(geom.layout.corners(h), *window)) >= 3)
        drawn = sum(1 for op in page.ops if getattr(op, "role", None) in ("hex", "hex-part"))
        assert drawn == want, (i, drawn, want)


def test_repeated_art_is_drawn_once_as_a_form(monkeypatch):
    from printgen.project import validate_game
    from printgen.registry import assets_for
    from tests.conftest import REPO

    game = validate_game(REPO / "data" / "heroes-of-hex")
    doc = assets_for(game)["class-cards"].render(game, PageSpec.for_paper("a4", 5.0))["class-cards"]
    pdf = pymupdf.open(stream=to_pdf(doc))
    forms = [x for x in range(1, pdf.xref_length()) if pdf.xref_get_key(x, "Subtype")[1] == "/Form"]
    assert len(forms) == 1  # the one card back, placed on every back page by reference
    backs = [page for page in pdf if "CLASS CARD" in page.get_text() and "Knight" not in page.get_text()]
    assert backs
    for page in backs:
        content = b"".join(pdf.xref_stream(x) for x in page.get_contents())
        assert content.count(b" Do") == page.get_text().count("HEROES OF HEX")  # one placement per card
    # drawn in full on every back page instead, the backs' drawing is several times larger
    shared = sum(len(pdf.xref_stream(x)) for page in backs for x in page.get_contents())
    shared += sum(len(pdf.xref_stream(x)) for x in forms)
    monkeypatch.setattr("printgen.write.pdf.share_repeats", lambda c, pages: None)
    full = pymupdf.open(stream=to_pdf(doc))
    copied = sum(len(full.xref_stream(x)) for page in full if page.number in {b.number for b in backs}
                 for x in page.get_contents())
    assert copied > 3 * shared, (copied, shared)


def test_a_map_in_parts_prints_no_page_between_its_parts():
    """Two lone hexes 35 hexes and 30 rows apart (an imported map in parts): the tiles with a hex reaching
    into them print, the dozen between them do not, and the assembly guide says so."""
    from printgen.render.maps import tile_plan
    from printgen.render.maps.tiling import printed_tiles, tile_window

    mapdef, data = _big_map()
    mapdef = mapdef.model_copy(update={"notation": "exact", "layout": ".\n" + "\n" * 29 + " " * 100 + "."})
    spec = PageSpec.for_paper("a4", 5.0)
    pages = render_map(mapdef, data, spec)
    geom = map_geometry(mapdef, data.game)
    spec2, tiling = tile_plan(geom, spec)
    reach = {(r, c) for r in range(tiling.rows) for c in range(tiling.cols)
             if any(len(clip_polygon(geom.layout.corners(h), *tile_window(tiling, r, c))) >= 3 for h in geom.cells)}
    assert set(printed_tiles(geom, tiling)) == reach and 2 <= len(reach) <= 4 and tiling.rows * tiling.cols >= 16
    assert len(pages) == 1 + len(reach)
    for page in pages[1:]:
        assert sum(1 for op in page.ops if getattr(op, "role", None) in ("hex", "hex-part")) >= 1
    guide = " ".join(op.text for op in pages[0].ops if hasattr(op, "text") and isinstance(op.text, str))
    assert f"on {len(reach)} pages" in guide and f"less the {tiling.rows * tiling.cols - len(reach)} between" in guide
