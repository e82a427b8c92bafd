"""The Heroes of Hex printables: scenario sheets, the HEX counter track (class cards are layouts)."""

from __future__ import annotations

import math

from ...draw.colour import INK, mix
from ...draw.document import Document, Page, Poly, Rect, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.page import PageSpec
from ...draw.text import Run, style_terms
from ...hexgrid import hex_corners
from ...model.notation import format_range
from ...names import by_name, index_by_name, name_key
from ...render.compose import finish, heading, one_per_item
from ...render.flow import Flow
from ...render.maps import render_map
from ...layout.game_layouts import term_styles
from .cards import HEX_COLOUR


def _styled(text: str, styles, font: str = "sans") -> list[Run]:
    return style_terms(text, styles, Run("", font, INK))


def scenario_pages(sc, data, spec: PageSpec) -> list[Page]:
    styles = term_styles(data)
    enemies = index_by_name(data.enemies)
    flow = Flow(spec)
    x0 = flow.x0
    flow.page.add(Text(x0, flow.y + 8.8, sc.name, "serif-bold", pt(22), INK))
    flow.space(12.5)
    flow.paragraph([Run(sc.summary, "sans-italic", "#3a3a3a")], size=pt(9.5), after=3)
    if sc.features:
        n = len(sc.features)
        bw = (flow.width - 2.0 * (n - 1)) / n
        for i, feat in enumerate(sc.features):
            bx = x0 + i * (bw + 2.0)
            flow.page.add(Rect(bx, flow.y, bw, 10.5, Style(fill="#f3ede0", stroke="#8c7b5f", width=0.3), radius=1.2))
            flow.page.add(Text(bx + bw / 2, flow.y + 3.6, feat.name.upper(), "sans-bold", pt(5.5), "#6b5a40", "middle"))
            flow.page.add(Text(bx + bw / 2, flow.y + 8.3, feat.value, "sans-bold", pt(8.5), INK, "middle"))
        flow.space(14)
    flow.heading("Battle objectives", pt(11))
    for obj in sc.objectives:
        colour = "#a12a1f" if obj.fail else INK
        flow.paragraph([Run(obj.name + ": ", "sans-bold", colour)] + _styled(obj.text, styles), indent=4, bullet="•")
    if sc.preparation:
        flow.heading("Preparation", pt(11))
        for i, step in enumerate(sc.preparation, start=1):
            flow.paragraph(_styled(step, styles), indent=5, bullet=f"{i}.")
        who = "The enemies take" if sc.first_turn == "enemies" else "The players take"
        flow.paragraph([Run(f"{who} the first Turn.", "sans-bold", INK)])
    if sc.rules or sc.coop_rules:
        flow.heading("Scenario rules", pt(11))
        for r in sc.rules:
            flow.paragraph(_styled(r, styles), indent=4, bullet="•")
        if sc.coop_rules:
            flow.paragraph([Run("Cooperative play", "sans-bold", INK)], after=1)
            for r in sc.coop_rules:
                flow.paragraph(_styled(r, styles), indent=4, bullet="•")
    flow.heading("Enemies", pt(11))
    rows = []
    for ec in sc.enemies:
        e = enemies.get(name_key(ec.enemy))
        if not e:
            continue
        s = e.stats
        nums = [str(ec.count), str(e.move), str(s.atk), str(s.def_), str(s.sp_atk), str(s.sp_def), str(s.vit)]
        rows.append([[Run(e.name, "sans-bold", INK)] + ([Run("  " + e.text, "sans-italic", "#4a4a4a")] if e.text else [])]
                    + [[Run(v)] for v in nums])
    flow.table(["Enemy", "Count", "Move", "ATK", "DEF", "SP ATK", "SP DEF", "VIT"],
               [4.2, 1, 1, 1, 1, 1.1, 1.1, 1], rows, align=["left"] + ["center"] * 7)
    flow.heading("Activation table (roll 1D6 each Enemy Turn)", pt(11))
    act_rows = []
    for row in sc.activation:
        act_rows.append([[Run(format_range(row.roll), "sans-bold", INK)], _styled(row.text, styles)])
    flow.table(["Roll", "Activation and action"], [1, 11], act_rows, align=["center", "left"])
    if sc.actions:
        flow.heading("Enemy actions", pt(11))
        for a in sc.actions:
            flow.paragraph([Run(a.name + ": ", "sans-bold", INK)] + _styled(a.text, styles), indent=4, bullet="•")
    pages = flow.pages
    if sc.map:
        m = by_name(data.maps, sc.map)
        if m is not None:
            pages += render_map(m, data, spec, title=f"{sc.name}: {m.name}")
    return pages


def render_scenarios(game, spec: PageSpec) -> dict[str, Document]:
    return one_per_item(game.data.scenarios, lambda sc: scenario_pages(sc, game.data, spec), spec,
                        game=game.data.game, kind="scenario", facts=PrintFacts(part="scenario"))


def _hex_cell(cx: float, cy: float, r: float, style: Style) -> Poly:
    return Poly(tuple(hex_corners(cx, cy, r, "pointy")), style)


def render_hex_track(game, spec: PageSpec) -> dict[str, Document]:
    """A HEX counter track per player: numbered hex cells 0-29 and a marker to slide along."""
    data = game.data
    if "HEX" not in (game.rules.resources if game.rules else []):
        return {}
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height)
    page.add(heading(x0, y0 + 7, "HEX counter tracks", pt(16)))
    page.add(Text(x0, y0 + 13, f"One per player. Start at {game.rules.starting_hex} HEX; gain "
                  f"{game.rules.hex_per_turn} at the end of each of your Turns; Negate Fate costs "
                  f"{game.rules.negate_fate_cost} HEX. Mark your total with any token or coin.",
                  "sans", pt(8), INK))
    per_row, rows = 10, 3
    r = min((x1 - x0 - 10) / (per_row * math.sqrt(3)), 9.0)
    pitch = r * math.sqrt(3)
    players = 2
    block_h = 14 + rows * r * 1.6 + 6
    y = y0 + 22
    for p in range(players):
        # each player's panel is cut apart along its edge
        page.add(Rect(x0 + 0.3, y, x1 - x0 - 0.6, block_h, Style(fill="#f7f1e3", stroke="#8c7b5f", width=0.4), radius=2,
                      role="cut"))
        page.add(Text(x0 + 4, y + 8, f"Player {p + 1}", "serif-bold", pt(12), INK))
        page.add(Text(x1 - 4, y + 8, "HEX", "serif-bold", pt(12), HEX_COLOUR, "end"))
        left = x0 + (x1 - x0 - per_row * pitch) / 2 + pitch / 2
        for i in range(per_row * rows):
            row, col = divmod(i, per_row)
            cx = left + col * pitch + (pitch / 2 if row % 2 else 0) - (pitch / 4)
            cy = y + 14 + r + row * r * 1.5
            fill = mix(HEX_COLOUR, "#ffffff", 0.82 if i % 5 else 0.55)
            page.add(_hex_cell(cx, cy, r * 0.96, Style(fill=fill, stroke=HEX_COLOUR, width=0.35)))
            page.add(Text(cx, cy + r * 0.28, str(i), "sans-bold", r * 0.75, INK, "middle"))
        y += block_h + 8
    return {"hex-track": finish([page], spec, game=data.game, title="HEX counter tracks",
                                facts=PrintFacts(part="track", copies="1 for two players"))}
