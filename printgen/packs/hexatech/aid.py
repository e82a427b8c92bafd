"""The HEXATECH player aid: one page of setup, the turn, the actions, links and matches, the faction
abilities and how to win, all from the game's data (play.yaml and the factions)."""

from __future__ import annotations

import math

from ...draw.colour import INK, ink_on
from ...draw.document import Document, Poly, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.icons import draw_icon
from ...draw.page import PageSpec
from ...draw.text import Run
from ...render.compose import finish
from ...render.flow import Flow


def _swatch(cx: float, cy: float, flats: float, colour: str, icon: str) -> list:
    r = flats / math.sqrt(3)
    pts = tuple((cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6))
    return [Poly(pts, Style(fill=colour, stroke="#333333", width=0.2))] + draw_icon(icon, cx, cy, flats * 0.5,
                                                                                     ink_on(colour))


def render_player_aid(game, spec: PageSpec) -> dict[str, Document]:
    data = game.data
    if not (data.turn or data.actions):
        return {}
    per_turn = game.rules.actions_per_turn if game.rules else 2
    flow = Flow(spec, size=pt(8))
    flow.page.add(Text(flow.x0, flow.y + 8.8, f"{data.game.name}: player aid", "serif-bold", pt(20), INK))
    flow.space(13)
    flow.section("How to win", data.winning)
    flow.section("Setup", data.setup)
    flow.section(f"Your turn: {per_turn} actions", data.turn)
    flow.section("The actions", data.actions)
    flow.section("Links and matches", data.matches)
    if data.factions:
        flow.heading("Faction abilities", pt(11))
        rows = [[[Run("")], [Run(f.name, "sans-bold"), Run(f" ({f.colour_name})")], [Run(f.ability, "sans-bold")],
                 [Run(f.text)]] for f in data.factions]
        top = flow.y
        flow.table(["", "Faction", "Ability", "What it does"], [0.7, 2.2, 1.4, 8.0], rows)
        # A colour swatch with the faction's icon in each row's first cell, centred on the row.
        _place_swatches(flow, top, data.factions)
    flow.section("Good to know", data.notes)
    return {"player-aid": finish(flow.pages, spec, game=data.game, title="player aid",
                                 facts=PrintFacts(part="aid", copies="1 per player"))}


def _place_swatches(flow: Flow, top: float, factions) -> None:
    """Swatches in the faction table's first column: rows are found by the faction names the table drew."""
    page = flow.page
    names = {f.name: f for f in factions}
    x = flow.x0 + flow.width * 0.7 / 12.3 / 2
    for op in list(page.ops):
        if isinstance(op, Text) and op.text in names and op.font == "sans-bold" and op.y > top:
            f = names.pop(op.text)
            page.add(*_swatch(x, op.y - op.size * 0.35, 4.2, f.colour, f.icon))
