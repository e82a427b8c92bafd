"""Battle maps at exact scale, tiled across pages when larger than one.

A map is drawn from its text layout at the game's hex size (flat-to-flat).
Terrain colours the hexes; blocked terrain is hatched; deployment zones get a
coloured inner rim and their initial; objectives a marked disc. A map larger
than a page's content area is cut into overlapping tiles (A1, A2, ... B1)
with dashed overlap lines, alignment crosses and an assembly guide page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw.colour import INK, mix
from ..draw.document import Circle, Document, Op, Page, Poly, Rect, Style, Text, pt
from ..draw.geometry import clip_polygon, clip_segment, scale_about
from ..draw.page import MAP_LEGEND_H as LEGEND_H, MAP_TITLE_H as TITLE_H, PageSpec, map_fits_page
from ..draw.text import single_line
from ..hexgrid import Hex
from ..model.content import MapDef
from ..model.maps import MapGeom, map_geometry
from ..names import by_name, index_by_name, name_key
from .compose import heading, one_per_item

MIN_OVERLAP = 10.0  # mm shared by neighbouring tiles
GRID = Style(stroke="#2b2b2b", width=0.25)


def _abbrev(name: str) -> str:
    words = [w for w in name.replace("'", "").split() if w[0].isalnum()]
    if len(words) >= 2 and (words[-1].isdigit() or len(words[-1]) == 1):
        return words[-1]  # "Player 2" -> "2", "Base A" -> "A"
    return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else name[:2].title()


def map_ops(geom: MapGeom, data, window: tuple[float, float, float, float], dx: float, dy: float) -> list[Op]:
    """Draw the part of the map inside ``window`` (map mm) with the window's corner at (dx, dy) page mm."""
    wx0, wy0, wx1, wy1 = window
    terrain = index_by_name(data.terrain)
    zones = index_by_name(geom.mapdef.zones)
    size = geom.layout.size
    fills: list[Op] = []
    overlays: list[Op] = []
    for h in sorted(geom.cells, key=lambda h: (h.r, h.q)):
        char, entry = geom.cells[h]
        corners = geom.layout.corners(h)
        cx, cy = geom.layout.hex_to_point(h)
        if cx + size < wx0 or cx - size > wx1 or cy + size < wy0 or cy - size > wy1:
            continue
        t = terrain.get(name_key(entry.terrain))
        colour = t.colour if t else "#ffffff"
        clipped = clip_polygon(corners, wx0, wy0, wx1, wy1)
        if len(clipped) < 3:
            continue
        whole = len(clipped) == 6 and all(abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9
                                          for a, b in zip(clipped, corners))
        page_pts = tuple((x - wx0 + dx, y - wy0 + dy) for x, y in clipped)
        fills.append(Poly(page_pts, Style(fill=colour, stroke=GRID.stroke, width=GRID.width),
                          role="hex" if whole else "hex-part"))
        if t and t.blocked:
            overlays += _hatch(corners, window, dx, dy, mix(colour, "#000000", 0.35))
        if entry.zone and name_key(entry.zone) in zones:
            z = zones[name_key(entry.zone)]
            rim_w = size * 0.045
            rim = clip_polygon(scale_about(corners, (cx, cy), 0.84), wx0 + rim_w / 2, wy0 + rim_w / 2,
                               wx1 - rim_w / 2, wy1 - rim_w / 2)
            if len(rim) >= 2:
                overlays.append(Poly(tuple((x - wx0 + dx, y - wy0 + dy) for x, y in rim),
                                     Style(stroke=z.colour, width=rim_w), closed=len(rim) == 6))
            overlays += _label(_abbrev(z.name), cx, cy - size * 0.22, size * 0.2, z.colour, window, dx, dy)
        if entry.objective:
            overlays += _objective(entry.objective, cx, cy, size, window, dx, dy)
        if geom.mapdef.coordinates:
            overlays += _label(f"{h.q},{h.r}", cx, cy + size * 0.36, size * 0.11, "#3a3a3a", window, dx, dy)
    for obj in geom.mapdef.objectives:
        q, r = (int(v) for v in obj.at.split(","))
        cx, cy = geom.layout.hex_to_point(Hex(q, r))
        overlays += _objective(obj.name, cx, cy, size, window, dx, dy)
    return fills + overlays


def _inside(x, y, window, margin=0.0) -> bool:
    wx0, wy0, wx1, wy1 = window
    return wx0 + margin <= x <= wx1 - margin and wy0 + margin <= y <= wy1 - margin


def _label(text, x, y, size, colour, window, dx, dy) -> list[Op]:
    if not _inside(x, y, window, size):
        return []
    wx0, wy0 = window[0], window[1]
    return [Text(x - wx0 + dx, y - wy0 + dy + size * 0.35, text, "sans-bold", size, colour, "middle")]


def _objective(name, cx, cy, size, window, dx, dy) -> list[Op]:
    r = size * 0.2
    if not _inside(cx, cy, window, r + 0.5):
        return []
    wx0, wy0 = window[0], window[1]
    x, y = cx - wx0 + dx, cy - wy0 + dy + size * 0.1
    label = _abbrev(name)
    fs = single_line(label, "sans-bold", r * 0.9, r * 1.6)
    return [Circle(x, y, r, Style(fill="#fffdf5", stroke=INK, width=0.35), role="objective"),
            Text(x, y + fs * 0.36, label, "sans-bold", fs, INK, "middle")]


def _hatch(corners, window, dx, dy, colour) -> list[Op]:
    wx0, wy0, wx1, wy1 = window
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    span = (max(xs) - min(xs)) + (max(ys) - min(ys))
    rect = [(wx0, wy0), (wx1, wy0), (wx1, wy1), (wx0, wy1)]
    ops: list[Op] = []
    step = 2.2
    k = math.floor((min(xs) - max(ys)) / step)
    while k * step < max(xs) - min(ys):
        # a 45-degree line x - y = k * step
        p = (min(ys) + k * step - 1, min(ys) - 1)
        q = (p[0] + span + 2, p[1] + span + 2)
        seg = clip_segment(p, q, corners)
        if seg:
            seg = clip_segment(seg[0], seg[1], rect)
        if seg:
            (ax, ay), (bx, by) = seg
            ops.append(Poly(((ax - wx0 + dx, ay - wy0 + dy), (bx - wx0 + dx, by - wy0 + dy)),
                            Style(stroke=colour, width=0.35), closed=False))
        k += 1
    return ops


def legend_ops(geom: MapGeom, data, x: float, y: float, width: float) -> list[Op]:
    """One row of swatches: terrain used, zones, objectives."""
    used_terrain = []
    for _, entry in geom.cells.values():
        if entry.terrain not in used_terrain:
            used_terrain.append(entry.terrain)
    terrain = index_by_name(data.terrain)
    items: list[tuple[str, Op]] = []
    fs = pt(6.5)
    for name in used_terrain:
        t = terrain.get(name_key(name))
        if t:
            label = t.name + (" (blocked)" if t.blocked else "")
            items.append((label, Rect(0, 0, 4, 3, Style(fill=t.colour, stroke=INK, width=0.15))))
    merged: dict[tuple[str, str], list[str]] = {}
    for z in geom.mapdef.zones:  # zones sharing a label and colour ("Base A", "Deploy A") share an entry
        merged.setdefault((_abbrev(z.name), z.colour), []).append(z.name)
    for (abbrev, colour), names in merged.items():
        items.append((f"{abbrev}: {' / '.join(names)}", Rect(0, 0, 4, 3, Style(stroke=colour, width=0.8))))
    objs = sorted({e.objective for _, e in geom.cells.values() if e.objective} | {o.name for o in geom.mapdef.objectives})
    for o in objs:
        items.append((f"{_abbrev(o)}: {o}", Circle(2, 1.5, 1.5, Style(fill="#fffdf5", stroke=INK, width=0.25))))
    from ..draw.fonts import text_width

    ops: list[Op] = []
    cx, cy = x, y
    for label, sw in items:
        w = 5.5 + text_width(label, "sans", fs) + 4
        if cx + w > x + width:
            cx, cy = x, cy + 4.5
        if isinstance(sw, Rect):
            ops.append(Rect(cx, cy, sw.w, sw.h, sw.style))
        else:
            ops.append(Circle(cx + 2, cy + 1.5, sw.r, sw.style))
        ops.append(Text(cx + 5.5, cy + 2.5, label, "sans", fs, INK))
        cx += w
    return ops


@dataclass(frozen=True)
class Tiling:
    cols: int
    rows: int
    window: tuple[float, float]  # window w, h in mm
    step: tuple[float, float]  # window origin to next window origin, mm
    overlap: float  # mm shared by neighbouring tiles
    start: tuple[float, float]  # map position of tile A1's window origin (negative: centred margin)


def plan_tiles(map_w: float, map_h: float, win_w: float, win_h: float, overlap: float = MIN_OVERLAP) -> Tiling:
    """Pages of ``win_w`` x ``win_h`` mm that cover the map, neighbours sharing exactly ``overlap`` mm.

    The covered area is centred on the map, so the outer tiles carry equal blank margins.
    """
    def axis(total: float, win: float) -> tuple[int, float, float, float]:
        if total <= win:
            return 1, total, 0.0, 0.0
        step = win - overlap
        n = math.ceil((total - overlap) / step)
        covered = n * step + overlap
        return n, win, step, -(covered - total) / 2

    cols, ww, sx, x0 = axis(map_w, win_w)
    rows, wh, sy, y0 = axis(map_h, win_h)
    return Tiling(cols, rows, (ww, wh), (sx, sy), overlap, (x0, y0))


def tile_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def render_map(mapdef: MapDef, data, spec: PageSpec, *, title: str | None = None) -> list[Page]:
    """Pages for one map: one page when it fits, else tiles plus an assembly guide."""
    geom = map_geometry(mapdef, data.game)
    x0, y0, x1, y1 = spec.content
    name = title or mapdef.name
    if map_fits_page(geom.width, geom.height, spec):
        page = Page(spec.width, spec.height)
        dx = x0 + (x1 - x0 - geom.width) / 2
        dy = y0 + TITLE_H + (y1 - y0 - TITLE_H - LEGEND_H - geom.height) / 2
        page.add(heading(x0, y0 + 5.6, name, pt(14)))
        page.add(Text(x1, y0 + 5.6, f"{geom.layout.size:.1f} mm hexes", "sans", pt(7), INK, "end"))
        page.add(*map_ops(geom, data, (0.0, 0.0, geom.width, geom.height), dx, dy))
        page.add(*legend_ops(geom, data, x0, y1 - LEGEND_H + 3, x1 - x0))
        return [page]
    win_w, win_h = x1 - x0, y1 - y0 - TITLE_H
    tiling = plan_tiles(geom.width, geom.height, win_w, win_h)
    pages = [_assembly_guide(geom, data, spec, tiling, name)]
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            pages.append(_tile_page(geom, data, spec, tiling, r, c, name))
    return pages


def _tile_page(geom, data, spec, tiling: Tiling, r: int, c: int, name: str) -> Page:
    x0, y0, x1, y1 = spec.content
    ww, wh = tiling.window
    wx, wy = tiling.start[0] + c * tiling.step[0], tiling.start[1] + r * tiling.step[1]
    window = (wx, wy, wx + ww, wy + wh)
    dx, dy = x0, y0 + TITLE_H
    label = tile_name(r, c)
    page = Page(spec.width, spec.height, label=f"tile {label}")
    page.add(heading(x0, y0 + 5.6, f"{name}: tile {label}", pt(12)))
    page.add(Text(x1, y0 + 6, f"{tiling.rows} x {tiling.cols} tiles, overlapping by {tiling.overlap:g} mm",
                  "sans", pt(7), INK, "end"))
    page.add(*map_ops(geom, data, window, dx, dy))
    dash = Style(stroke="#c0392b", width=0.3, dash=(2.0, 1.5))
    # Dashed lines mark where the next tile's window begins: trim the next tile to that line and glue.
    marks: list[Op] = []
    if c + 1 < tiling.cols:
        lx = dx + tiling.step[0]
        marks.append(Poly(((lx, dy), (lx, dy + wh)), dash, closed=False, role="overlap-x"))
    if r + 1 < tiling.rows:
        ly = dy + tiling.step[1]
        marks.append(Poly(((dx, ly), (dx + ww, ly)), dash, closed=False, role="overlap-y"))
    # Alignment crosses at map points shared with neighbours (the middle of each overlap band).
    for (mx, my) in _shared_points(tiling, r, c):
        px, py = mx - wx + dx, my - wy + dy
        marks += [Poly(((px - 3, py), (px + 3, py)), Style(stroke="#c0392b", width=0.25), closed=False, role="align"),
                  Poly(((px, py - 3), (px, py + 3)), Style(stroke="#c0392b", width=0.25), closed=False, role="align"),
                  Circle(px, py, 1.5, Style(stroke="#c0392b", width=0.25))]
    page.add(*marks)
    return page


def _shared_points(tiling: Tiling, r: int, c: int) -> list[tuple[float, float]]:
    """Map points in the middle of each overlap band this tile shares, two per band."""
    ww, wh = tiling.window
    wx = tiling.start[0] + c * tiling.step[0]
    wy = tiling.start[1] + r * tiling.step[1]
    half = tiling.overlap / 2
    xs = ([wx + half] if c > 0 else []) + ([wx + ww - half] if c + 1 < tiling.cols else [])
    ys = ([wy + half] if r > 0 else []) + ([wy + wh - half] if r + 1 < tiling.rows else [])
    pts = [(x, wy + wh * f) for x in xs for f in (0.3, 0.7)]
    pts += [(wx + ww * f, y) for y in ys for f in (0.3, 0.7)]
    return pts


def _assembly_guide(geom, data, spec, tiling: Tiling, name: str) -> Page:
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height, label="assembly guide")
    page.add(heading(x0, y0 + 5.6, f"{name}: assembly guide", pt(14)))
    lines = [
        f"This map prints at true scale ({geom.layout.size:.1f} mm hexes) on {tiling.rows * tiling.cols} pages, "
        f"{tiling.rows} row{'s' * (tiling.rows > 1)} of {tiling.cols}.",
        "Trim each tile along the red dashed line of the tile before it, lay it over the overlap, match the red",
        "crosses, and tape it from behind. Work along row A first, then join the rows.",
    ]
    for i, ln in enumerate(lines):
        page.add(Text(x0, y0 + 13 + i * 4.2, ln, "sans", pt(8), INK))
    legend = legend_ops(geom, data, x0, y0 + 27, x1 - x0)
    page.add(*legend)
    legend_bottom = max((op.y for op in legend if isinstance(op, Text)), default=y0 + 27)
    top = legend_bottom + 5
    cover_w = tiling.cols * tiling.step[0] + tiling.overlap if tiling.cols > 1 else geom.width
    cover_h = tiling.rows * tiling.step[1] + tiling.overlap if tiling.rows > 1 else geom.height
    scale = min((x1 - x0) / cover_w, (y1 - top) / cover_h) * 0.95
    top -= min(tiling.start[1], 0.0) * scale
    ox = x0 + ((x1 - x0) - cover_w * scale) / 2 - min(tiling.start[0], 0.0) * scale
    thumb = []
    for h, (_, entry) in sorted(geom.cells.items()):
        t = by_name(data.terrain, entry.terrain)
        pts = tuple((ox + x * scale, top + y * scale) for x, y in geom.layout.corners(h))
        thumb.append(Poly(pts, Style(fill=t.colour if t else "#ffffff", stroke="#777777", width=0.1)))
    page.add(*thumb)
    ww, wh = tiling.window
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            rx = ox + (tiling.start[0] + c * tiling.step[0]) * scale
            ry = top + (tiling.start[1] + r * tiling.step[1]) * scale
            page.add(Rect(rx, ry, ww * scale, wh * scale, Style(stroke="#c0392b", width=0.4, dash=(2, 1))))
            page.add(Text(rx + ww * scale / 2, ry + wh * scale / 2, tile_name(r, c), "sans-bold", pt(16),
                          "#c0392b", "middle"))
    return page


def render_maps(game, spec: PageSpec) -> dict[str, Document]:
    """Asset renderer: one document per map."""
    return one_per_item(game.data.maps, lambda m: render_map(m, game.data, spec), spec, game=game.data.game,
                        kind="map")
