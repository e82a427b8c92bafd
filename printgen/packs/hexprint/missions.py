"""HexPrint mission sheets: the mission's setup and victory, then an overview of its map, shaded and
numbered by level (the built-in map levels), scaled to ``looks.map.overview_width``."""

from __future__ import annotations

from dataclasses import replace

from ...draw.colour import INK
from ...draw.document import Document, Page, Rect, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.page import PageSpec
from ...draw.text import Run
from ...hexgrid import Layout
from ...model.maps import map_geometry
from ...names import by_name, slug
from ...render.compose import one_per_item
from ...render.flow import Flow
from ...render.maps.hexes import map_ops
from ...render.maps.legend import legend_ops

BOX_FILL, BOX_STROKE = "#eef1f5", "#6b7683"
FIT_SHARE = 0.8  # the mission's map may shrink to this share of its size to stay on the mission's page


def scaled(geom, width: float):
    """The map's geometry drawn ``width`` mm wide (hexes shrunk to fit; the map's shape kept)."""
    k = width / geom.width
    lay = geom.layout
    small = Layout(lay.orientation, lay.size * k, origin=(lay.origin[0] * k, lay.origin[1] * k))
    return replace(geom, layout=small, width=geom.width * k, height=geom.height * k)


def first_placement(ms) -> str:
    if ms.symmetric:
        return "Roll off"
    return ms.defender if "defender" in ms.defender.lower() else f"{ms.defender} (defender)"


def mission_pages(ms, data, rules, spec: PageSpec) -> list[Page]:
    flow = Flow(spec)
    x0 = flow.x0
    flow.page.add(Text(x0, flow.y + 8.8, ms.name, "serif-bold", pt(22), INK))
    flow.space(12.5)
    flow.paragraph([Run(ms.summary, "sans-italic", "#3a3a3a")], size=pt(9.5), after=3)
    rounds = ms.time_limit or rules.rounds
    limit = f"{rounds} rounds" + ("" if ms.time_limit else " (default)")
    features = [("BOARD", ms.board), ("PLACES FIRST", first_placement(ms)), ("TIME LIMIT", limit)]
    bw = (flow.width - 2.0 * (len(features) - 1)) / len(features)
    for i, (name, value) in enumerate(features):
        bx = x0 + i * (bw + 2.0)
        flow.page.add(Rect(bx, flow.y, bw, 10.5, Style(fill=BOX_FILL, stroke=BOX_STROKE, width=0.3), radius=1.2))
        flow.page.add(Text(bx + bw / 2, flow.y + 3.6, name, "sans-bold", pt(5.5), "#4a5560", "middle"))
        flow.page.add(Text(bx + bw / 2, flow.y + 8.3, value, "sans-bold", pt(8.5), INK, "middle"))
    flow.space(14)
    for title, items in (("Terrain and neutral models", ms.placement), ("Deployment", ms.deployment),
                         ("Victory", ms.victory), ("Each new round", ms.new_round)):
        if items:
            flow.heading(title, pt(11))
            for text in items:
                flow.paragraph([Run(text)], indent=4, bullet="\u2022")
    if ms.neutrals:
        flow.heading("Neutral models (activate after every unit, in a random order)", pt(11))
        flow.named(ms.neutrals)
    if not ms.time_limit:
        flow.paragraph([Run(f"The game ends the {_ordinal(rules.rounds)} time the Hex Timer turns to "
                            f"{rules.segments}, unless the mission's conditions end it first.", "sans-italic")])
    m = by_name(data.maps, ms.map)
    if m is not None:
        geom = map_geometry(m, data.game)
        small = scaled(geom, min(data.looks.map.overview_width, flow.width))
        room = flow.bottom - flow.y - 8 - 14 - pt(11) * 1.6 - 12  # below the map's heading, above its legend
        if small.height > room and room >= small.height * FIT_SHARE:
            # a little smaller rather than alone on a sheet of its own (US Letter is 18 mm shorter than A4)
            small = scaled(geom, small.width * room / small.height)
        need = 8 + small.height + 14
        flow.ensure(need)
        flow.heading(f"Map: {m.name}", pt(11))
        dx = x0 + (flow.width - small.width) / 2
        flow.add(map_ops(small, data, (0.0, 0.0, small.width, small.height), dx, flow.y))
        flow.space(small.height + 3)
        flow.add(legend_ops(small, data, x0, flow.y, flow.width))
        flow.space(10)
        flow.paragraph([Run("Hexes are shaded darker and numbered by level (land tiles stacked); the map at full "
                            f"scale is printed as map-{slug(m.name)}.", "sans-italic")],
                       size=pt(7.5))
    return flow.pages


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


def render_missions(game, spec: PageSpec) -> dict[str, Document]:
    return one_per_item(game.data.missions, lambda ms: mission_pages(ms, game.data, game.rules, spec), spec,
                        game=game.data.game, kind="mission", facts=PrintFacts(part="scenario"))
