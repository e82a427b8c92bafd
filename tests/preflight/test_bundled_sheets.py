"""Every bundled game's printables come out of the preflight with no finding, and
the arrangements the layout engine chooses to save paper: tiled maps turned landscape, cards mixed
upright and turned, build guides with levels sharing pages, unique map codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.build import render_target
from printgen.draw.page import PageSpec
from printgen.model.maps import map_geometry
from printgen.plan import plan_build
from printgen.project import validate_game
from printgen.render.maps import tile_plan
from printgen.render.maps.codes import map_codes
from printgen.render.sheets import card_lattice, plan_sheet

DATA = Path(__file__).resolve().parent.parent.parent / "data"
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").exists())


def test_the_bundled_build_has_no_preflight_finding(bundled_findings):
    """Every printable of every bundled game, rulebooks included, on A4 and US Letter: the shared build's own
    preflight (conftest ``bundled_build``), which looked at each page as it was drawn."""
    assert not bundled_findings, "\n".join(bundled_findings)


def test_a_printable_drawn_for_the_preflight_alone_is_looked_at_as_a_build_looks_at_it(bundled_findings):
    """``render_target(draw_only=True)`` (``printgen preflight``'s way) finds what the
    build finds: nothing, on one game's every paper printable."""
    game = validate_game(DATA / "hex-dice")
    found = [f for t in plan_build([game], papers=["a4", "letter"]) if t.asset.kind == "paper"
             for f in render_target(t, previews=False, draw_only=True).findings]
    assert not found and not bundled_findings, "\n".join(str(f) for f in found)


def test_hex_dice_battlefield_fits_two_landscape_a4_tiles():
    game = validate_game(DATA / "hex-dice")
    geom = map_geometry(game.data.maps[0], game.data.game)
    upright = PageSpec.for_paper("a4", game.data.game.print.margin)
    spec, tiling = tile_plan(geom, upright)
    assert (spec.width, spec.height) == (297.0, 210.0)
    assert tiling.rows * tiling.cols == 2


def _boxes(lattice, back=False):
    out = []
    for slot in lattice.slots:
        s = lattice.mirror(slot) if back else slot
        w, h = lattice.cell_of(s)
        out.append((round(s.x, 6), round(s.y, 6), round(s.x + w, 6), round(s.y + h, 6)))
    return out


@pytest.mark.parametrize("margin", [5.0, 6.35])
def test_army_cards_on_letter_go_three_to_a_sheet_and_their_backs_line_up(margin):
    spec = PageSpec.for_paper("letter", margin)
    trim, bleed = (88.9, 127.0), 3.0
    assert plan_sheet(spec, trim, bleed).per_page == 2  # one grid, either way up
    lattice = card_lattice(spec, trim, bleed)
    assert len(lattice.slots) == 3
    fronts = _boxes(lattice)
    x0, y0, x1, y1 = spec.content
    for bx0, by0, bx1, by1 in fronts:  # every card whole inside the content area, none on another
        assert x0 <= bx0 and bx1 <= x1 and y0 <= by0 and by1 <= y1
    for i, a in enumerate(fronts):
        for b in fronts[i + 1:]:
            assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1])
    # long-edge duplex: each back's box is its front's mirrored across the page, the same size and turn
    for front, back in zip(fronts, _boxes(lattice, back=True)):
        assert back[0] == pytest.approx(spec.width - front[2]) and back[2] == pytest.approx(spec.width - front[0])
        assert (back[1], back[3]) == (front[1], front[3])
    assert {s.rotated for s in lattice.slots} == {False, True}


def test_a_single_grid_stays_when_a_mix_holds_no_more():
    spec = PageSpec.for_paper("a4", 5.0)
    lattice = card_lattice(spec, (63.5, 88.9), 3.0)
    assert len(lattice.slots) == plan_sheet(spec, (63.5, 88.9), 3.0).per_page
    assert len({s.rotated for s in lattice.slots}) == 1


def test_a_build_guide_puts_several_levels_on_a_page():
    from printgen.packs.heroscape_style.guide import guide_pages, map_tiling

    game = validate_game(DATA / "heroscape-style")
    m = next(m for m in game.data.maps if m.name == "Cinder Ridge")
    levels = map_tiling(m, game.data).levels
    single = [lv for lv in levels if len(map_tiling(m, game.data).on_level(lv)) == 1]
    assert single  # a level of one tile
    pages = guide_pages(m, game.data, PageSpec.for_paper("a4", game.data.game.print.margin))
    assert len(pages) < len(levels)


def test_map_codes_are_unique_within_a_map():
    game = validate_game(DATA / "heroscape-style")
    for m in game.data.maps:
        geom = map_geometry(m, game.data.game)
        codes = map_codes(m, geom.cells.values())
        zone_colour = {z.name.lower(): z.colour for z in m.zones}
        by_code: dict[str, set] = {}
        for name, code in codes.items():
            by_code.setdefault(code, set()).add(zone_colour.get(name, name))
        assert all(len(v) == 1 for v in by_code.values()), (m.name, codes)
    cinder = next(m for m in game.data.maps if m.name == "Cinder Ridge")
    codes = map_codes(cinder, map_geometry(cinder, game.data.game).cells.values())
    assert codes["glyph of valor"] != codes["glyph of warding"]
