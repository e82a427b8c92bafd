"""The seam class on HexPrint's Greywater Ford, the map of issue 38: its Ford objective disc straddled tile
A1's trim line and tile A2 did not draw it, so 3.7 mm of the 10.16 mm disc was covered once the tiles were
joined. Measured in the A4 and Letter PDFs as a reader would: the disc is whole on one tile's kept part."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from printgen.draw.page import PageSpec
from printgen.draw.provenance import Source, drawing
from printgen.model.maps import map_geometry
from printgen.preflight.checks import Settings, Sheet
from printgen.preflight.run import report
from printgen.preflight.seam import seams
from printgen.project import validate_game
from printgen.render.maps import render_maps, tile_plan
from printgen.render.maps.seams import even_axis
from printgen.render.maps.tiling import Tiling, map_marks, tile_page
from printgen.write.pdf import to_pdf
from tests.pdfmeasure import colour, drawings

DATA = Path(__file__).resolve().parents[2] / "data"
DISC = 25.4 * 0.4  # the Ford's disc: 0.4 of the 1 in hex, across
TRIM = "#c0392b"


@pytest.fixture(scope="module")
def hexprint():
    game = validate_game(DATA / "hexprint")
    assert game.ok()
    return game


def _tiles(pdf) -> list:
    return [p for p in pdf if "Greywater Ford: tile" in p.get_text()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_ford_disc_lies_whole_on_one_tiles_kept_part(hexprint, paper):
    spec = PageSpec.for_paper(paper, hexprint.data.game.print.margin)
    doc = render_maps(hexprint, spec)["map-greywater-ford"]
    pdf = pymupdf.open(stream=to_pdf(doc))
    tiles = _tiles(pdf)
    assert len(tiles) == 2
    keeps = []
    for page in tiles:
        shapes = drawings(page)
        discs = [d for d in shapes if colour(d) == "#fffdf5"]
        # the dashed trim line: where the next tile is glued, covering everything to its right
        trims = [d["mm"][0] for d in shapes if colour(d, "color") == TRIM and d.get("dashes") not in (None, "[] 0")
                 and d["mm"][2] - d["mm"][0] < 0.5]
        hexes = [d["mm"] for d in shapes if colour(d) not in (None, "#fffdf5") and d["mm"][2] - d["mm"][0] > 20]
        left = min(h[0] for h in hexes)  # the tile's window begins where its hexes are cut
        for d in discs:
            x0, y0, x1, y1 = d["mm"]
            assert x1 - x0 == pytest.approx(DISC, abs=0.05)  # drawn whole (its path; the outline adds 0.35 mm)
            assert not any(x0 < t < x1 for t in trims), (paper, page.number, d["mm"], trims)  # no line through it
            if all(x1 <= t for t in trims) and x0 >= left:
                keeps.append((page.number, d["mm"]))
    # one tile keeps the disc whole once the tiles are joined (the other, if it draws it, lays it under)
    assert keeps, paper


def test_the_even_seam_through_the_ford_is_found_at_its_hex(hexprint):
    """Tiled as before the fix (an even seam at 128.35 mm, through the disc), the seam class finds it at the
    character 'F' of the map's layout, and says how much of it the next tile covers."""
    game = hexprint
    mapdef = game.data.maps[0]
    geom = map_geometry(mapdef, game.data.game)
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    x0, y0, x1, y1 = spec.content
    win = (x1 - x0, geom.height)
    even = Tiling(2, 1, win, 10.0, even_axis(geom.width, win[0], 10.0), (0.0,))
    with drawing(Source("map 'Greywater Ford'", path=("maps", 0))):
        page = tile_page(geom, game.data, spec, even, 0, 0, mapdef.name)
    hits = list(seams(Sheet.of("map-greywater-ford", "a4", 2, 3, page), Settings()))
    # the Ford's disc, and a South zone initial the even seam cut as well
    assert sorted(h.text for h in hits) == ["Fo", "So"]
    ford = [h for h in hits if h.text == "Fo"]
    assert "the objective disc 'Fo' across the trim line of tile A1" in ford[0].message
    assert "covers 3.9 mm of the 10.5 mm it prints" in ford[0].message  # 3.7 mm of the disc, its outline
    (found,) = report(ford, Settings(), stem="map-greywater-ford", paper="a4", place=game.source.loc(("maps", 0)),
                      game=game)
    assert (found.code, Path(found.loc.file).name, found.loc.line, found.loc.col) == \
        ("preflight-seam", "maps.yaml", 13, 16)
    layout_line = (DATA / "hexprint" / "maps.yaml").read_text().splitlines()[12]
    assert layout_line[15] == "F"


def test_the_tiler_moves_the_seam_off_the_ford(hexprint):
    game = hexprint
    geom = map_geometry(game.data.maps[0], game.data.game)
    marks, _ = map_marks(geom, game.data)
    for paper in ("a4", "letter"):
        _, tiling = tile_plan(geom, PageSpec.for_paper(paper, game.data.game.print.margin), marks)
        assert tiling.clear and tiling.cols * tiling.rows == 2  # no more paper than before
        seam = tiling.xs[1]
        assert not any(b[0] < seam < b[2] for b in marks)
        ford = geom.layout.hex_to_point(next(h for h, (ch, _) in geom.cells.items() if ch == "F"))
        assert seam >= ford[0] + DISC / 2  # the disc now left of the seam, whole on A1
