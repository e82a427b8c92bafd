"""A map's geometry and marks are kept for its other paper (render/maps ``_geometry``, ``_marks``): the
pages must be the ones drawn afresh, and the render must note the same reads (printgen.deps), or an
incremental build would miss a change."""

from __future__ import annotations

from pathlib import Path

from printgen.build import PageSpec
from printgen.deps import ReadLog
from printgen.project import validate_game
from printgen.render import maps
from printgen.render.maps import render_maps
from printgen.render.maps.tiling import map_marks

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _render(game, paper: str):
    seen = ReadLog(game)
    docs = render_maps(seen, PageSpec.for_paper(paper, game.data.game.print.margin))
    return {stem: doc.pages for stem, doc in docs.items()}, sorted(seen.reads)


def test_a_maps_second_paper_draws_and_reads_as_if_drawn_afresh():
    game = validate_game(FIXTURES / "big-map")
    assert game.ok
    maps._KEPT.clear()
    a4_fresh = _render(game, "a4")
    maps._KEPT.clear()
    letter_fresh = _render(game, "letter")
    assert len(maps._KEPT) == len(game.data.maps) and any(k[3] is not None for k in maps._KEPT.values())
    # the maps are kept now: A4 takes them
    assert _render(game, "a4") == a4_fresh
    assert _render(game, "letter") == letter_fresh
    assert any(len(pages) > 1 for pages in letter_fresh[0].values())  # a tiled map: its marks were used


def test_kept_marks_are_the_marks_worked_out_afresh_and_a_changed_map_is_not_taken_for_the_kept_one():
    game = validate_game(FIXTURES / "big-map")
    maps._KEPT.clear()
    mapdef = game.data.maps[0]
    geom = maps._geometry(mapdef, game.data.game)
    assert maps._geometry(mapdef, game.data.game) is geom
    first = maps._marks(geom, game.data, None)
    again = maps._marks(geom, game.data, None)
    assert again == first == map_marks(geom, game.data, None)
    again[0].clear()  # the caller's own lists
    assert maps._marks(geom, game.data, None) == first
    other = mapdef.model_copy(update={"orientation": "pointy" if geom.layout.orientation == "flat" else "flat"})
    assert maps._geometry(other, game.data.game) is not geom
    assert maps._geometry(mapdef.model_copy(), game.data.game) is not geom  # another map object: worked out


def test_a_hexs_kept_corners_sources_and_label_boxes_draw_what_is_worked_out_afresh():
    """render/maps/hexes.py keeps each hex's centre, corners and labels' source per map and what it is drawn
    from, and each label's box: pages drawn with them warm are the pages drawn cold, and a hex drawn for
    another source (a rulebook's picture of the map) takes that source, not the kept one."""
    from printgen.draw.document import Text
    from printgen.draw.provenance import Source, drawing
    from printgen.render.maps import hexes, kept

    game = validate_game(FIXTURES / "big-map")
    geom = maps._geometry(game.data.maps[0], game.data.game)
    window = (0.0, 0.0, geom.width, geom.height)
    kept._HEXES.clear()
    hexes._label_box.cache_clear()
    cold = hexes.map_ops(geom, game.data, window, 5.0, 7.0)
    warm = hexes.map_ops(geom, game.data, window, 5.0, 7.0)
    assert warm == cold and kept._HEXES
    first, second = Source("map 'A'", path=("maps", 0)), Source("rulebook picture", path=("maps", 0, "x"))
    with drawing(first):
        a = hexes.map_ops(geom, game.data, window, 5.0, 7.0)
    with drawing(second):
        b = hexes.map_ops(geom, game.data, window, 5.0, 7.0)
    texts_a = [op for op in a if isinstance(op, Text)]
    texts_b = [op for op in b if isinstance(op, Text)]
    assert texts_a and all(t.src.what == "map 'A'" for t in texts_a)
    assert all(t.src.what == "rulebook picture" for t in texts_b)
    kept._HEXES.clear()
    with drawing(second):
        assert hexes.map_ops(geom, game.data, window, 5.0, 7.0) == b
    for t in texts_a:
        assert hexes._label_box(t.text, t.x - 5.0, t.y - 7.0, t.size) == hexes.label_box(
            Text(t.x - 5.0, t.y - 7.0, t.text, "sans-bold", t.size, t.colour, "middle"), 0.0)
