"""Maps larger than a page: overlapping tiles (A1, A2, ... B1) with dashed overlap lines and
alignment crosses, and the assembly guide page that shows how they join."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...draw.colour import INK
from ...draw.document import Circle, Op, Page, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...draw.geometry import scale_about
from ...draw.page import MAP_TITLE_H as TITLE_H
from ...names import by_name
from ..compose import heading
from .hexes import cut_around, label_box, map_ops
from .legend import legend_ops

MIN_OVERLAP = 10.0  # mm shared by neighbouring tiles


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


def tile_window(tiling: Tiling, r: int, c: int) -> tuple[float, float, float, float]:
    """The map area (mm: x0, y0, x1, y1) that tile (row ``r``, column ``c``) prints."""
    wx, wy = tiling.start[0] + c * tiling.step[0], tiling.start[1] + r * tiling.step[1]
    return wx, wy, wx + tiling.window[0], wy + tiling.window[1]


def printed_tiles(geom, tiling: Tiling) -> list[tuple[int, int]]:
    """(row, column) of every tile with some of the map's hexes on it, in reading order: a map in parts
    (islands far apart) leaves out the pages between them, which would print nothing."""
    reach = geom.layout.size  # a hex whose centre is this near the window reaches into it
    return [(r, c) for r in range(tiling.rows) for c in range(tiling.cols)
            if geom.hexes_near(tile_window(tiling, r, c), reach)]


def tile_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def map_labels(geom, data) -> list[tuple[float, float, float, float]]:
    """The boxes (map mm) of every label the map prints: the overlap lines and alignment crosses keep
    clear of them, on every tile alike (a label in an overlap band prints on both tiles)."""
    ops = map_ops(geom, data, (0.0, 0.0, geom.width, geom.height), 0.0, 0.0)
    return [label_box(op) for op in ops if isinstance(op, Text)]


def tile_page(geom, data, spec, tiling: Tiling, r: int, c: int, name: str, pictures: dict | None = None,
              labels: list | None = None) -> Page:
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
    page.add(*map_ops(geom, data, window, dx, dy, pictures))
    dash = Style(stroke="#c0392b", width=0.3, dash=(2.0, 1.5))
    # Dashed lines mark where the next tile's window begins: trim the next tile to that line and glue.
    marks: list[Op] = []
    labels = labels or []
    holes = [(x0_ - wx + dx, y0_ - wy + dy, x1_ - wx + dx, y1_ - wy + dy) for x0_, y0_, x1_, y1_ in labels]
    lines = []
    if c + 1 < tiling.cols:
        lx = dx + tiling.step[0]
        lines.append((((lx, dy), (lx, dy + wh)), "overlap-x"))
    if r + 1 < tiling.rows:
        ly = dy + tiling.step[1]
        lines.append((((dx, ly), (dx + ww, ly)), "overlap-y"))
    for seg, role in lines:  # broken round the map's labels: the trim line never runs through letters
        marks += [Poly(part, dash, closed=False, role=role) for part in cut_around(seg, holes)]
    # Alignment crosses at map points shared with neighbours (the middle of each overlap band).
    for (mx, my) in _shared_points(tiling, r, c, labels):
        px, py = mx - wx + dx, my - wy + dy
        marks += [Poly(((px - 3, py), (px + 3, py)), Style(stroke="#c0392b", width=0.25), closed=False, role="align"),
                  Poly(((px, py - 3), (px, py + 3)), Style(stroke="#c0392b", width=0.25), closed=False, role="align"),
                  Circle(px, py, 1.5, Style(stroke="#c0392b", width=0.25))]
    page.add(*marks)
    return page


ALONG = ((0.3, 0.25, 0.35, 0.2, 0.4), (0.7, 0.75, 0.65, 0.8, 0.6))  # where along a band a cross may go


def _shared_points(tiling: Tiling, r: int, c: int, labels=()) -> list[tuple[float, float]]:
    """Map points in the middle of each overlap band this tile shares, two per band, each at the first
    place along the band clear of the map's labels (a function of the map alone, so both tiles that
    share a band put its crosses at the same points)."""
    ww, wh = tiling.window
    wx = tiling.start[0] + c * tiling.step[0]
    wy = tiling.start[1] + r * tiling.step[1]
    half = tiling.overlap / 2

    def clear(x: float, y: float) -> bool:
        return not any(b[0] < x + 3.2 and x - 3.2 < b[2] and b[1] < y + 3.2 and y - 3.2 < b[3] for b in labels)

    def pick(points):
        points = list(points)
        return next((p for p in points if clear(*p)), points[0])

    xs = ([wx + half] if c > 0 else []) + ([wx + ww - half] if c + 1 < tiling.cols else [])
    ys = ([wy + half] if r > 0 else []) + ([wy + wh - half] if r + 1 < tiling.rows else [])
    # a band is shared by two tiles: the cross's place along it is measured on the band's own extent
    pts = [pick((x, wy + wh * f) for f in fs) for x in xs for fs in ALONG]
    pts += [pick((wx + ww * f, y) for f in fs) for y in ys for fs in ALONG]
    return pts


def assembly_guide(geom, data, spec, tiling: Tiling, name: str) -> Page:
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height, label="assembly guide")
    page.add(heading(x0, y0 + 5.6, f"{name}: assembly guide", pt(14)))
    printed = set(printed_tiles(geom, tiling))
    left_out = tiling.rows * tiling.cols - len(printed)
    lines = [
        f"This map prints at true scale ({geom.layout.size:.1f} mm hexes) on {len(printed)} page{'s' * (len(printed) != 1)}, "
        f"{tiling.rows} row{'s' * (tiling.rows > 1)} of {tiling.cols}"
        + (f", less the {left_out} between its parts that would print no hex (not drawn below)." if left_out else "."),
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
    # The thumbnail's hexes are filled, a little inset on a grey ground, so the gaps read as the grid: no
    # stroke runs under the tile names printed over it
    thumb, ground = [], []
    for h, (_, entry) in sorted(geom.cells.items()):
        t = by_name(data.terrain, entry.terrain)
        corners = geom.layout.corners(h)
        cx, cy = geom.layout.hex_to_point(h)
        ground.append(Poly(tuple((ox + x * scale, top + y * scale) for x, y in corners), Style(fill="#8a8a8a")))
        inset = scale_about(corners, (cx, cy), 0.9)
        thumb.append(Poly(tuple((ox + x * scale, top + y * scale) for x, y in inset),
                          Style(fill=t.colour if t else "#ffffff")))
    page.add(*ground, *thumb)
    ww, wh = tiling.window
    names = []
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            if (r, c) not in printed:
                continue
            rx = ox + (tiling.start[0] + c * tiling.step[0]) * scale
            ry = top + (tiling.start[1] + r * tiling.step[1]) * scale
            page.add(Rect(rx, ry, ww * scale, wh * scale, Style(stroke="#c0392b", width=0.4, dash=(2, 1))))
            # the tile's name on a plate, legible over any terrain
            label = tile_name(r, c)
            w = text_width(label, "sans-bold", pt(16))
            tx, ty = rx + ww * scale / 2, ry + wh * scale / 2
            names += [Rect(tx - w / 2 - 1.6, ty - pt(16) * 0.72 - 1.4, w + 3.2, pt(16) * 0.94 + 2.8,
                           Style(fill="#ffffff", opacity=0.85), radius=1.0),
                      Text(tx, ty, label, "sans-bold", pt(16), "#c0392b", "middle")]
    page.add(*names)
    return page
