"""Battlefields on paper at the game's hex size: every hex in its top tile's terrain colour, lighter
the higher it stands, with the level a figure stands at printed in it and a heavy line wherever the
level changes; start zones and glyphs marked. A battlefield larger than a page is tiled over pages
with overlap, alignment crosses and an assembly guide (the shared map tiling)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...draw.colour import INK, ink_on, mix
from ...draw.document import Circle, Document, Group, Op, Page, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...draw.geometry import clip_polygon, clip_segment
from ...draw.page import MAP_LEGEND_H as LEGEND_H, MAP_TITLE_H as TITLE_H, PageSpec, map_fits_page
from ...hexgrid import Hex, Layout, neighbours
from ...names import index_by_name, name_key
from ...render.compose import finish, heading, one_per_item
from ...render.maps import plan_tiles, tile_name
from .levels import Levels, fluid_terrain, read_levels, standing_level

GRID = Style(stroke="#3a3a3a", width=0.2)
CONTOUR = Style(stroke="#1d1d1b", width=0.7)


@dataclass(frozen=True)
class FieldGeom:
    """A battlefield read and placed: hex layout with the map's top-left at (0, 0), size in mm."""

    bf: object
    levels: Levels
    layout: Layout
    stand: dict[Hex, int]  # the level a figure stands at on each hex
    width: float
    height: float


def field_geometry(bf, data) -> FieldGeom:
    game = data.game
    levels = read_levels(bf.layers, game.hex.orientation, bf.empty)
    lay0 = Layout(game.hex.orientation, game.hex.size)
    x0, y0, x1, y1 = lay0.bounds(levels.footprint)
    lay = Layout(game.hex.orientation, game.hex.size, origin=(-x0, -y0))
    fluid = fluid_terrain(data)
    stand = {h: standing_level(levels, bf, h, fluid) for h in levels.footprint}
    return FieldGeom(bf, levels, lay, stand, x1 - x0, y1 - y0)


def shade(colour: str, level: int, top: int) -> str:
    """Lighter the higher: level 1 is the terrain's own colour."""
    return mix(colour, "#ffffff", 0.5 * (level - 1) / max(1, top - 1)) if level > 1 else colour


def shared_edge(lay: Layout, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]] | None:
    ca = {(round(x, 6), round(y, 6)) for x, y in lay.corners(a)}
    common = [(x, y) for x, y in lay.corners(b) if (round(x, 6), round(y, 6)) in ca]
    return (common[0], common[1]) if len(common) == 2 else None


def field_ops(g: FieldGeom, data) -> list[Op]:
    """The whole battlefield in map mm (top-left at 0, 0)."""
    terrain = index_by_name(data.terrain)
    glyphs = index_by_name(data.glyphs)
    zones = index_by_name(g.bf.zones)
    size = g.layout.size
    top = max(g.stand.values(), default=1)
    fills: list[Op] = []
    marks: list[Op] = []
    for h in sorted(g.levels.footprint, key=lambda h: (h.r, h.q)):
        lv = g.levels.top(h)
        if not lv:
            continue
        entry = g.bf.legend.get(g.levels.char(h, lv))
        t = terrain.get(name_key(entry.terrain)) if entry else None
        colour = shade(t.colour if t else "#ffffff", max(1, g.stand[h]), top)
        fills.append(Poly(tuple(g.layout.corners(h)), Style(fill=colour, stroke=GRID.stroke, width=GRID.width),
                          role="hex"))
        cx, cy = g.layout.hex_to_point(h)
        ink = ink_on(colour)
        if t and t.fluid:
            for dy in (-0.12, 0.0):
                y = cy + size * (0.22 + dy)
                marks.append(Poly(tuple((cx + size * (-0.22 + 0.11 * i), y + (0.5 if i % 2 else -0.5) * size * 0.03)
                                        for i in range(5)), Style(stroke=mix(colour, ink, 0.5), width=0.25), closed=False))
        if t and t.blocked:
            marks.append(Poly(tuple((cx + x * size * 0.2, cy + y * size * 0.2) for x, y in
                                    ((-1, 0.6), (0, -0.9), (1, 0.6))), Style(fill=mix(colour, INK, 0.4))))
        label = str(g.stand[h])
        marks.append(Text(cx, cy + size * 0.06, label, "sans-bold", size * 0.2, ink, "middle", ))
        if entry and entry.zone and name_key(entry.zone) in zones:
            z = zones[name_key(entry.zone)]
            inner = tuple((cx + (x - cx) * 0.82, cy + (y - cy) * 0.82) for x, y in g.layout.corners(h))
            marks.append(Poly(inner, Style(stroke=z.colour, width=size * 0.05)))
        if entry and entry.glyph and name_key(entry.glyph) in glyphs:
            gl = glyphs[name_key(entry.glyph)]
            marks.append(Circle(cx, cy - size * 0.27, size * 0.12, Style(fill=gl.colour, stroke=INK, width=0.25),
                                role="glyph"))
            marks.append(Text(cx, cy - size * 0.27 + size * 0.05, gl.symbol, "serif-bold", size * 0.14, ink_on(gl.colour),
                              "middle"))
    contours: list[Op] = []
    for h in g.levels.footprint:
        for n in neighbours(h):
            if n in g.stand and (n.q, n.r) > (h.q, h.r) and g.stand[n] != g.stand[h]:
                e = shared_edge(g.layout, h, n)
                if e:
                    contours.append(Poly(e, CONTOUR, closed=False, role="contour"))
    return fills + contours + marks


def field_legend(g: FieldGeom, data, x: float, y: float, width: float) -> list[Op]:
    terrain = index_by_name(data.terrain)
    used: list[str] = []
    for h in g.levels.footprint:
        entry = g.bf.legend.get(g.levels.char(h, g.levels.top(h)) or "")
        if entry and entry.terrain not in used:
            used.append(entry.terrain)
    items: list[tuple[str, Op]] = []
    for name in sorted(used):
        t = terrain.get(name_key(name))
        if t:
            items.append((t.name, Rect(0, 0, 4, 3, Style(fill=t.colour, stroke=INK, width=0.15))))
    for z in g.bf.zones:
        items.append((z.name, Rect(0, 0, 4, 3, Style(stroke=z.colour, width=0.8))))
    items.append(("number: the level a figure stands at; heavy line: a change of level", Rect(0, 0, 4, 3, CONTOUR)))
    fs = pt(6.5)
    ops: list[Op] = []
    cx, cy = x, y
    for label, sw in items:
        w = 5.5 + text_width(label, "sans", fs) + 4
        if cx + w > x + width:
            cx, cy = x, cy + 4.5
        ops.append(Rect(cx, cy, sw.w, sw.h, sw.style))
        ops.append(Text(cx + 5.5, cy + 2.5, label, "sans", fs, INK))
        cx += w
    return ops


def placed(ops: list[Op], window: tuple[float, float, float, float], dx: float, dy: float) -> list[Op]:
    """``ops`` (map mm) cut to ``window`` and moved so its corner sits at (dx, dy) on the page: shapes are
    clipped geometrically (nothing is inked outside the window, not even hidden by a clip path), text
    and discs are kept only when whole."""
    wx0, wy0, wx1, wy1 = window
    rect = ((wx0, wy0), (wx1, wy0), (wx1, wy1), (wx0, wy1))

    def move(pts):
        return tuple((x - wx0 + dx, y - wy0 + dy) for x, y in pts)

    out: list[Op] = []
    for op in ops:
        if isinstance(op, Poly) and op.closed:
            pts = clip_polygon(op.points, wx0, wy0, wx1, wy1)
            if len(pts) >= 3:
                whole = len(pts) == len(op.points)
                out.append(Poly(move(pts), op.style, True, op.role if whole else op.role + "-part"))
        elif isinstance(op, Poly):
            for a, b in zip(op.points, op.points[1:]):
                seg = clip_segment(a, b, rect)
                if seg:
                    out.append(Poly(move(seg), op.style, False, op.role))
        elif isinstance(op, Circle):
            if wx0 <= op.cx - op.r and op.cx + op.r <= wx1 and wy0 <= op.cy - op.r and op.cy + op.r <= wy1:
                out.append(Circle(op.cx - wx0 + dx, op.cy - wy0 + dy, op.r, op.style, op.role))
        elif isinstance(op, Text):
            half = text_width(op.text, op.font, op.size) / 2
            if wx0 + half <= op.x <= wx1 - half and wy0 + op.size <= op.y <= wy1 - op.size * 0.3:
                out.append(Text(op.x - wx0 + dx, op.y - wy0 + dy, op.text, op.font, op.size, op.colour, op.anchor))
    return out


def tiled_pages(ops: list[Op], width: float, height: float, spec: PageSpec, name: str,
                legend: Callable[[float, float, float], list[Op]], note: str) -> list[Page]:
    """A drawing of ``width`` x ``height`` map mm on one page, or on overlapping tiles after an assembly guide."""
    x0, y0, x1, y1 = spec.content
    if map_fits_page(width, height, spec):
        page = Page(spec.width, spec.height)
        page.add(heading(x0, y0 + 5.6, name, pt(14)), Text(x1, y0 + 5.6, note, "sans", pt(7), INK, "end"))
        dx = x0 + (x1 - x0 - width) / 2
        dy = y0 + TITLE_H + (y1 - y0 - TITLE_H - LEGEND_H - height) / 2
        page.add(*placed(ops, (0.0, 0.0, width, height), dx, dy), *legend(x0, y1 - LEGEND_H + 3, x1 - x0))
        return [page]
    tiling = plan_tiles(width, height, x1 - x0, y1 - y0 - TITLE_H)
    guide = Page(spec.width, spec.height, label="assembly guide")
    guide.add(heading(x0, y0 + 5.6, f"{name}: assembly guide", pt(14)))
    lines = [f"{note}. Printed at true scale on {tiling.rows * tiling.cols} pages, {tiling.rows} row"
             f"{'s' * (tiling.rows > 1)} of {tiling.cols}, overlapping by {tiling.overlap:g} mm.",
             "Trim each tile along the red dashed line of the tile before it, lay it over the overlap, match the",
             "red crosses and tape it from behind. Join row A first, then the rows."]
    for i, ln in enumerate(lines):
        guide.add(Text(x0, y0 + 13 + i * 4.2, ln, "sans", pt(8), INK))
    guide.add(*legend(x0, y0 + 27, x1 - x0))
    top = y0 + 40
    ww, wh = tiling.window
    cover_w = tiling.cols * tiling.step[0] + tiling.overlap if tiling.cols > 1 else width
    cover_h = tiling.rows * tiling.step[1] + tiling.overlap if tiling.rows > 1 else height
    scale = min((x1 - x0) / cover_w, (y1 - top) / cover_h) * 0.95
    ox = x0 + ((x1 - x0) - cover_w * scale) / 2 - min(tiling.start[0], 0.0) * scale
    oy = top - min(tiling.start[1], 0.0) * scale
    guide.add(Group(tuple(ops), (scale, 0.0, 0.0, scale, ox, oy)))
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            rx, ry = ox + (tiling.start[0] + c * tiling.step[0]) * scale, oy + (tiling.start[1] + r * tiling.step[1]) * scale
            guide.add(Rect(rx, ry, ww * scale, wh * scale, Style(stroke="#c0392b", width=0.4, dash=(2, 1))),
                      Text(rx + ww * scale / 2, ry + wh * scale / 2, tile_name(r, c), "sans-bold", pt(16), "#c0392b",
                           "middle"))
    pages = [guide]
    red = Style(stroke="#c0392b", width=0.25)
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            wx, wy = tiling.start[0] + c * tiling.step[0], tiling.start[1] + r * tiling.step[1]
            dx, dy = x0, y0 + TITLE_H
            page = Page(spec.width, spec.height, label=f"tile {tile_name(r, c)}")
            page.add(heading(x0, y0 + 5.6, f"{name}: tile {tile_name(r, c)}", pt(12)),
                     Text(x1, y0 + 6, f"{tiling.rows} x {tiling.cols} tiles, {note}", "sans", pt(7), INK, "end"),
                     *placed(ops, (wx, wy, wx + ww, wy + wh), dx, dy))
            dash = Style(stroke="#c0392b", width=0.3, dash=(2.0, 1.5))
            if c + 1 < tiling.cols:
                page.add(Poly(((dx + tiling.step[0], dy), (dx + tiling.step[0], dy + wh)), dash, closed=False,
                              role="overlap-x"))
            if r + 1 < tiling.rows:
                page.add(Poly(((dx, dy + tiling.step[1]), (dx + ww, dy + tiling.step[1])), dash, closed=False,
                              role="overlap-y"))
            half = tiling.overlap / 2
            xs = ([half] if c > 0 else []) + ([ww - half] if c + 1 < tiling.cols else [])
            ys = ([half] if r > 0 else []) + ([wh - half] if r + 1 < tiling.rows else [])
            pts = [(px, wh * f) for px in xs for f in (0.3, 0.7)] + [(ww * f, py) for py in ys for f in (0.3, 0.7)]
            for px, py in pts:
                page.add(Poly(((dx + px - 3, dy + py), (dx + px + 3, dy + py)), red, closed=False, role="align"),
                         Poly(((dx + px, dy + py - 3), (dx + px, dy + py + 3)), red, closed=False, role="align"),
                         Circle(dx + px, dy + py, 1.5, red))
            pages.append(page)
    return pages


def battlefield_pages(bf, data, spec: PageSpec) -> list[Page]:
    g = field_geometry(bf, data)
    return tiled_pages(field_ops(g, data), g.width, g.height, spec, bf.name,
                       lambda x, y, w: field_legend(g, data, x, y, w),
                       f"{g.layout.size:.1f} mm hexes, {g.levels.top_level} levels")


def render_battlefields(game, spec: PageSpec) -> dict[str, Document]:
    """Asset renderer: one document per battlefield."""
    return one_per_item(game.data.battlefields, lambda bf: battlefield_pages(bf, game.data, spec), spec,
                        game=game.data.game, kind="battlefield")
