"""Hexatech printables: hex-shaped tile cards packed on sheets, one sheet set per deck (with its
summary), the faction reference, the 7-hex HEXATECH pattern mat, and the deck summaries as JSON."""

from __future__ import annotations

import json
import math

from ...draw.colour import INK, ink_on, mix
from ...draw.document import Document, Op, Page, Poly, RawFile, Style, Text, pt
from ...draw.icons import draw_icon
from ...draw.page import PageSpec
from ...draw.text import Run, draw, fit, single_line
from ...hexgrid import Hex, Layout, format_textmap, hex_corners, hexagon
from ...model.content import Content, LegendEntry, MapDef, Terrain
from ...names import index_by_name, name_key, slug
from ...render.compose import finish
from ...render.flow import Flow
from ...render.maps import render_map
from ...render.sheets import duplex_pages, hex_lattice
from .links import deck_summary

SQ3 = math.sqrt(3)
GAP = 1.2  # mm between neighbouring tiles' bleeds
CUT = Style(stroke="#000000", width=0.2)
BACK = "#1f2430"


def hex_points(cx: float, cy: float, flats: float) -> tuple[tuple[float, float], ...]:
    """A flat-top hexagon ``flats`` mm across the flats, centred on (cx, cy)."""
    return tuple(hex_corners(cx, cy, flats / SQ3))


def _edge_frame(i: int, cx: float, cy: float, dist: float) -> tuple[float, float, float, float]:
    """Centre of edge ``i`` (clockwise from the top) pulled ``dist`` mm towards the middle, and its direction."""
    angle = -math.pi / 2 + i * math.pi / 3
    return cx + dist * math.cos(angle), cy + dist * math.sin(angle), -math.sin(angle), math.cos(angle)


def tile_face(tile, factions: dict, size: float, bleed: float) -> list[Op]:
    """One tile in its own box: the bleed hexagon's bounding box, top-left at (0, 0)."""
    outer = size + 2 * bleed
    cx, cy = outer / SQ3, outer / 2
    fac = factions.get(tile.faction)
    colour = fac.colour if fac else "#888888"
    ops: list[Op] = [Poly(hex_points(cx, cy, outer), Style(fill=colour))]
    ops.append(Poly(hex_points(cx, cy, size * 0.9), Style(fill=mix(colour, "#ffffff", 0.82),
                                                            stroke=mix(colour, "#000000", 0.2), width=0.5)))
    icon = size * 0.12
    for i, edge in enumerate(tile.edges[:6]):
        ex, ey, tx, ty = _edge_frame(i, cx, cy, size / 2 - icon * 0.78)
        for k, link in enumerate(edge):
            f = factions.get(link)
            if f is None:
                continue
            off = (k - (len(edge) - 1) / 2) * icon * 1.05
            px, py = ex + tx * off, ey + ty * off
            ops.append(Poly(hex_points(px, py, icon * 0.98), Style(fill=f.colour, stroke="#ffffff", width=0.3)))
            ops += draw_icon(f.icon, px, py, icon * 0.62, ink_on(f.colour))
    name_w = size * 0.72
    ns = single_line(tile.name, "serif-bold", pt(9.5), name_w)
    ops.append(Text(cx, cy - size * 0.2, tile.name, "serif-bold", ns, INK, "middle"))
    fname = (fac.name if fac else tile.faction)
    ops.append(Text(cx, cy - size * 0.2 + 3.2, fname, "sans-bold", pt(5), mix(colour, "#000000", 0.3), "middle"))
    if tile.text:
        head, sep, rest = tile.text.partition(":")
        # the ability's name in bold, as the faction reference and rulebook name it
        runs = [Run(head + sep, "sans-bold", INK), Run(rest, "sans", INK)] if sep else [Run(tile.text, "sans", INK)]
        f = fit([runs], size * 0.56, size * 0.26, max_size=pt(6.2), min_size=pt(4.6))
        if f:
            ops += draw(f, cx - size * 0.28, cy - size * 0.09, width=size * 0.56, align="center")
    for label, value, dx in (("ATK", tile.attack, -0.17), ("DEF", tile.defense, 0.17)):
        x = cx + dx * size
        ops.append(Poly(hex_points(x, cy + size * 0.25, size * 0.15), Style(fill=colour)))
        ops.append(Text(x, cy + size * 0.25 + 1.3, str(value), "sans-bold", pt(9), ink_on(colour), "middle"))
        ops.append(Text(x, cy + size * 0.25 + 5.9, label, "sans-bold", pt(4.5), INK, "middle"))
    ops.append(Poly(hex_points(cx, cy, size), CUT, role="cut"))
    return ops


def tile_back(game, size: float, bleed: float) -> list[Op]:
    outer = size + 2 * bleed
    cx, cy = outer / SQ3, outer / 2
    ops: list[Op] = [Poly(hex_points(cx, cy, outer), Style(fill=BACK))]
    lay = Layout("flat", size * 0.16, origin=(cx, cy))
    for h in hexagon(1):
        ops.append(Poly(tuple(lay.corners(h)), Style(stroke="#8fa3bf", width=0.5)))
    ops.append(Text(cx, cy + size * 0.3, game.name.upper(), "serif-bold",
                    single_line(game.name.upper(), "serif-bold", pt(10), size * 0.6), "#e6ecf5", "middle"))
    ops.append(Poly(hex_points(cx, cy, size), CUT, role="cut"))
    return ops


def tile_pages(fronts: list[list[Op]], back: list[Op], size: float, bleed: float, spec: PageSpec) -> list[Page]:
    """Tiles packed on a hex lattice (densest for hexagons), each page followed by its mirrored backs."""
    outer = size + 2 * bleed
    return duplex_pages(fronts, back, hex_lattice(spec, (2 * outer / SQ3, outer), outer + GAP))


def _summary_page(summary: dict, factions: list, spec: PageSpec) -> Page:
    flow = Flow(spec)
    flow.heading(f"Deck: {summary['deck']}", pt(14))
    flow.paragraph([Run(f"{summary['tiles']} tiles, {summary['dual_links']} dual links.")])
    flow.table(["Faction"] + [f.name.title() for f in factions], [2.2] + [1] * len(factions),
               [[[Run("Tiles", "sans-bold")]] + [[Run(str(summary["factions"][f.name]))] for f in factions]],
               align=["left"] + ["center"] * len(factions))
    flow.paragraph([Run("Link icons by the tile's base faction (rows) and the icon's faction (columns):", "sans-italic")])
    rows = []
    for f in factions:
        rows.append([[Run(f.name.title(), "sans-bold")]] + [[Run(str(summary["links"][f.name][g.name]) or "")]
                                                            for g in factions])
    flow.table([""] + [f.name.title() for f in factions], [2.2] + [1] * len(factions), rows,
               align=["left"] + ["center"] * len(factions))
    return flow.pages[0]


def render_decks(game, spec: PageSpec) -> dict:
    data = game.data
    size, bleed = data.game.hex.size, data.game.card.bleed
    factions = {f.name: f for f in data.factions}
    tiles = index_by_name(data.tiles)
    back = tile_back(data.game, size, bleed)
    out: dict = {}
    for deck in data.decks:
        members = [tiles[name_key(n)] for n in deck.tiles if name_key(n) in tiles]
        pages = tile_pages([tile_face(t, factions, size, bleed) for t in members], back, size, bleed, spec)
        summary = deck_summary(deck, tiles, data.factions)
        pages.append(_summary_page(summary, data.factions, spec))
        stem = f"deck-{slug(deck.name)}"
        out[stem] = finish(pages, spec, game=data.game, title=f"deck {deck.name}")
        out[stem + "-json"] = RawFile(f"decks/{slug(deck.name)}.json",
                                      json.dumps(summary, indent=2, ensure_ascii=False).encode())
    return out


def render_faction_reference(game, spec: PageSpec) -> dict[str, Document]:
    data = game.data
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height)
    page.add(Text(x0, y0 + 8, f"{data.game.name}: the colour factions", "serif-bold", pt(18), INK))
    row_h = min(34.0, (y1 - y0 - 16) / max(1, len(data.factions)))
    y = y0 + 14
    for f in data.factions:
        flats = row_h * 0.72
        sx = x0 + flats / math.sqrt(3)  # the swatch's corner touches the content edge, no further
        page.add(Poly(hex_points(sx, y + row_h / 2, flats), Style(fill=f.colour)))
        page.add(*draw_icon(f.icon, sx, y + row_h / 2, row_h * 0.4, ink_on(f.colour)))
        page.add(Text(x0 + 33, y + 6, f"{f.name} ({f.colour_name})", "serif-bold", pt(11), INK))
        page.add(Text(x1, y + 6, f"Ability: {f.ability}", "sans-bold", pt(8.5), mix(f.colour, "#000000", 0.35), "end"))
        fitted = fit([[Run(f.text, "sans", INK)]] + ([[Run(f.lore, "sans-italic", "#4a4a4a")]] if f.lore else []),
                     x1 - x0 - 33, row_h - 9, max_size=pt(8), min_size=pt(6))
        if fitted:
            page.add(*draw(fitted, x0 + 33, y + 8))
        y += row_h
    return {"faction-reference": finish([page], spec, game=data.game, title="faction reference")}


def render_mat(game, spec: PageSpec) -> dict[str, Document]:
    """The HEXATECH pattern at tile size: where the 7 tiles of a winning pattern go."""
    data = game.data
    n = game.rules.pattern_size if game.rules else 7
    radius = 0
    while 3 * radius * (radius + 1) + 1 < n:
        radius += 1
    cells = {h: ("C" if h == Hex(0, 0) else ".") for h in sorted(hexagon(radius), key=lambda h: (h.r, h.q))[:n]}
    mapdef = MapDef(name=f"{data.game.name} pattern mat", orientation="flat",
                    layout=format_textmap(cells, "flat", spacing=2),
                    legend={".": LegendEntry(terrain="Slot"), "C": LegendEntry(terrain="Core")})
    view = Content(game=data.game, maps=[mapdef], terrain=[Terrain(name="Slot", colour="#dfe5ee"),
                                                    Terrain(name="Core", colour="#c9d3e2")])
    pages = render_map(mapdef, view, spec)
    return {"pattern-mat": finish(pages, spec, game=data.game, title="HEXATECH pattern mat")}
