"""A map page draws its repeated marks (a tiled map's alignment crosses, a zone's rims) in one style object per
look (render/maps: styles are frozen, so sharing one changes nothing drawn): the canvas sets a run of them once
and the preflight reads the style once (preflight/inking._look keeps what it read per object)."""

from __future__ import annotations

from pathlib import Path

from printgen.build import PageSpec
from printgen.deps import ReadLog
from printgen.draw.document import Circle, Poly, Style
from printgen.project import validate_game
from printgen.render import maps
from printgen.render.maps import render_maps
from tests.render.flat import leaves

ROOT = Path(__file__).resolve().parent.parent.parent


def _pages(game, paper: str):
    maps._KEPT.clear()
    docs = render_maps(ReadLog(game), PageSpec.for_paper(paper, game.data.game.print.margin))
    return [page for doc in docs.values() for page in doc.pages]


def test_alignment_crosses_and_zone_rims_share_one_style_object_per_look():
    game = validate_game(ROOT / "data" / "heroscape-style")
    assert game.ok
    zones = {z.colour for m in game.data.maps for z in m.zones}
    for paper in ("a4", "letter"):
        ops = [op for page in _pages(game, paper) for op in leaves(page.ops)]
        align = [op for op in ops if op.role == "align" or (type(op) is Circle and op.style.stroke == "#c0392b")]
        assert len(align) > 10  # a tiled map: its crosses are drawn
        assert {id(op.style) for op in align} == {id(align[0].style)}
        assert align[0].style == Style(stroke="#c0392b", width=0.25)
        # a zone's rims: each zone's colour in one object, at one width per map
        rims = [op for op in ops if type(op) is Poly and op.style.stroke in zones and not op.style.fill
                and op.style.width > 0.5]
        by_look: dict = {}
        for op in rims:
            by_look.setdefault((op.style.stroke, op.style.width), set()).add(id(op.style))
        assert len(rims) > 10 and all(len(ids) == 1 for ids in by_look.values())
