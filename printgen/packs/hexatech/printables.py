"""Hexatech printables: hex-shaped tile cards packed on sheets, one sheet set per deck (with its
summary), the faction reference, the 7-hex HEXATECH pattern mat, and the deck summaries as JSON.

The tiles' faces are layouts (layouts/tile-card.yaml, tile-back.yaml); the pack adds the one element a
layout cannot say, the link icons along the six edges."""

from __future__ import annotations

import json
import math

from ...draw.colour import INK, ink_on, mix, readable
from ...draw.document import Document, Group, Op, Page, Poly, RawFile, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.icons import draw_icon
from ...draw.page import PageSpec
from ...draw.text import Run, draw, fit
from ...hexgrid import Hex, format_textmap, hex_corners, hexagon
from ...model.content import Content, LegendEntry, MapDef, Terrain
from ...names import index_by_name, name_key, slug
from ...render.compose import finish
from ...render.flow import Flow
from ...render.maps import render_map
from ...render.sheets import duplex_pages
from .links import deck_summary

SQ3 = math.sqrt(3)


def hex_points(cx: float, cy: float, flats: float) -> tuple[tuple[float, float], ...]:
    """A flat-top hexagon ``flats`` mm across the flats, centred on (cx, cy)."""
    return tuple(hex_corners(cx, cy, flats / SQ3))


def _edge_frame(i: int, cx: float, cy: float, dist: float) -> tuple[float, float, float, float]:
    """Centre of edge ``i`` (clockwise from the top) pulled ``dist`` mm towards the middle, and its direction."""
    angle = -math.pi / 2 + i * math.pi / 3
    return cx + dist * math.cos(angle), cy + dist * math.sin(angle), -math.sin(angle), math.cos(angle)


def edge_links(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``edge-links``: each edge's link icons (``edges``: six lists of faction names,
    clockwise from the top; ``factions``: the factions) as small hexagons of the faction's colour with
    its icon, ``size`` across the flats (a percentage: of the tile's height), side by side along the edge."""
    px, py, pw, ph = parent
    cx, cy = px + pw / 2, py + ph / 2
    edges = face.get(el, "edges", scope) or []
    factions = {f.name: f for f in (face.get(el, "factions", scope) or []) if hasattr(f, "colour")}
    icon = face.length(el, "size", scope, ph, ph * 0.12)
    ops: list[Op] = []
    for i, edge in enumerate(list(edges)[:6]):
        ex, ey, tx, ty = _edge_frame(i, cx, cy, ph / 2 - icon * 0.78)
        for k, link in enumerate(edge):
            f = factions.get(link)
            if f is None:
                continue
            # side by side along the edge: a flat-top icon spans its corner-to-corner width there (2 / sqrt 3
            # of its flats), and two of a dual link keep the preflight's clearance and more between them
            off = (k - (len(edge) - 1) / 2) * (icon * 0.98 * 2 / SQ3 + 0.6)
            x, y = ex + tx * off, ey + ty * off
            ops.append(Poly(hex_points(x, y, icon * 0.98), Style(fill=f.colour, stroke="#ffffff", width=0.3)))
            ops += draw_icon(f.icon, x, y, icon * 0.62, ink_on(f.colour))
    return ops


ELEMENTS = {"edge-links": (("edges", "factions", "size"), edge_links)}
FRONT, BACK = "tile-card", "tile-back"


class TileFaces:
    """The game's tile faces from its layouts (``tile-card``, ``tile-back``), each drawn once, in
    bleed-box mm: the bleed hexagon's bounding box, top-left at (0, 0)."""

    def __init__(self, game, *, picture: bool = False) -> None:
        """``picture``: for pictures of tiles (the rulebook's), drawn by the game's shared maker."""
        from ...layout.face_geometry import face_size
        from ...layout.sheets import FaceMaker, picture_maker

        self.maker = picture_maker(game) if picture else FaceMaker(game)
        self.tiles = list(game.data.tiles)
        self.w, self.h, self.bleed = face_size(self.maker.layouts[FRONT], game.data.game)
        self._drawn: dict[tuple, list[Op]] = {}

    def front(self, index: int, bleed: float | None = None) -> list[Op]:
        key = (index, bleed)
        if key not in self._drawn:
            t = self.tiles[index]
            self._drawn[key] = self.maker.draw(self.maker.layouts[FRONT], t, "tiles", index, f"tile '{t.name}'",
                                               bleed=bleed)
        return self._drawn[key]

    def back(self, bleed: float | None = None) -> list[Op]:
        key = ("back", bleed)
        if key not in self._drawn:
            # the back shows no tile's data; it is drawn for the first tile
            self._drawn[key] = self.maker.draw(self.maker.layouts[BACK], self.tiles[0], "tiles", 0, "tile back",
                                               bleed=bleed)
        return self._drawn[key]

    def index(self, tile) -> int:
        return next(i for i, t in enumerate(self.tiles) if t is tile)

    def deck(self, deck) -> list[int]:
        """Indexes of a deck's tiles, in the deck's order (names it lists that no tile has are left out:
        the checker reports them)."""
        where = {name_key(t.name): i for i, t in enumerate(self.tiles)}
        return [where[name_key(n)] for n in deck.tiles if name_key(n) in where]


def check_tile_faces(game) -> list:
    """Validation hook: every tile face and the back drawn once (text that cannot fit, a broken layout)."""
    if not game.ok() or not game.data.tiles:
        return []
    faces = TileFaces(game)
    for i in range(len(faces.tiles)):
        faces.front(i)
    faces.back()
    return faces.maker.found


def tile_pages(fronts: list[list[Op]], back: list[Op], faces: TileFaces, spec: PageSpec
               ) -> tuple[list[Page], float]:
    """Tiles packed on a hex lattice (densest for hexagons), each page followed by its mirrored backs;
    and where (page mm) the last fronts page's tiles end: below that it is free."""
    from ...layout.face_geometry import face_lattice

    lattice = face_lattice(spec, faces.maker.layouts[FRONT], faces.maker.game.data.game)
    n = len(lattice.slots)
    last = len(fronts) % n or n
    end = max((slot.y + lattice.cell[1] for slot in lattice.slots[:last]), default=spec.content[1])
    return duplex_pages(fronts, back, lattice), end


SUMMARY_GAP = 8.0  # mm between the last tiles and a deck summary printed below them


def _with_summary(pages: list[Page], end: float, summary: tuple[Page, float], spec: PageSpec) -> list[Page]:
    """The deck's summary (its page and how far down it reaches) below the last tiles when the page has
    room for it (the sheet is mostly empty otherwise: a deck of 14 fills one page and three tiles of the
    next), else on a page of its own."""
    page, height = summary
    if len(pages) < 2 or end + SUMMARY_GAP + height > spec.content[3]:
        return pages + [page]
    fronts = pages[-2]  # the last fronts page: its backs page follows it
    fronts.add(Group(tuple(page.ops), (1.0, 0.0, 0.0, 1.0, 0.0, end + SUMMARY_GAP - spec.content[1])))
    return pages


def _summary_page(summary: dict, factions: list, spec: PageSpec) -> tuple[Page, float]:
    """The deck's summary on a page, and its height from the top of the content area (mm)."""
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
    height = flow.y - spec.content[1] if len(flow.pages) == 1 else math.inf  # more than a page: never inset
    return flow.pages[0], height


def render_decks(game, spec: PageSpec) -> dict:
    data = game.data
    faces = TileFaces(game)
    out: dict = {}
    tiles = index_by_name(data.tiles)
    for deck in data.decks:
        members = faces.deck(deck)
        pages, end = tile_pages([faces.front(i) for i in members], faces.back(), faces, spec)
        summary = deck_summary(deck, tiles, data.factions)
        pages = _with_summary(pages, end, _summary_page(summary, data.factions, spec), spec)
        stem = f"deck-{slug(deck.name)}"
        out[stem] = finish(pages, spec, game=data.game, title=f"deck {deck.name}",
                           facts=PrintFacts(title=f"Deck: {deck.name}", part="deck", copies="1 per player using it",
                                            notes=("the deck summary prints below the last sheet's tiles: nothing to cut there",)))
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
        page.add(Text(x1, y + 6, f"Ability: {f.ability}", "sans-bold", pt(8.5),
                      readable(mix(f.colour, "#000000", 0.35), "#ffffff"), "end"))
        fitted = fit([[Run(f.text, "sans", INK)]] + ([[Run(f.lore, "sans-italic", "#4a4a4a")]] if f.lore else []),
                     x1 - x0 - 33, row_h - 9, max_size=pt(8), min_size=pt(6))
        if fitted:
            page.add(*draw(fitted, x0 + 33, y + 8))
        y += row_h
    return {"faction-reference": finish([page], spec, game=data.game, title="faction reference",
                                        facts=PrintFacts(part="reference", copies="1 per player"))}


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
    return {"pattern-mat": finish(pages, spec, game=data.game, title="HEXATECH pattern mat",
                                  facts=PrintFacts(part="mat", copies="1 per player"))}
