"""Maps larger than a page: overlapping tiles (A1, A2, ... B1) with dashed overlap lines and
alignment crosses, and the assembly guide page that shows how they join."""

from __future__ import annotations

from dataclasses import dataclass

from ...draw.colour import INK
from ...draw.document import Circle, Op, Page, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...draw.geometry import clip_segment, scale_about
from ...draw.page import MAP_TITLE_H as TITLE_H
from ...names import by_name
from ..compose import heading
from .hexes import label_box, map_ops, whole_only
from .kept import boxed, hex_place, hex_points
from .legend import legend_ops
from .seams import notches, plan_axis, trim_path

# the alignment crosses' style: one object for all of them (styles are frozen), so the canvas sets it once for a
# run of them and the preflight reads it once (inking._look keeps what it read per style object)
ALIGN = Style(stroke="#c0392b", width=0.25)

MIN_OVERLAP = 10.0  # mm shared by neighbouring tiles
THUMB_INSET = 0.9  # the overview's hexes, filled a little inset on a grey ground (the gaps read as the grid)


@dataclass(frozen=True)
class Tiling:
    cols: int
    rows: int
    window: tuple[float, float]  # window w, h in mm
    overlap: float  # least mm shared by neighbouring tiles
    xs: tuple[float, ...]  # map x of each column's window origin (the first negative: a blank margin)
    ys: tuple[float, ...]  # map y of each row's window origin
    clear: bool = True  # no seam cuts a marker (else trim lines notched round them: seams.py)
    notches_x: tuple = ()  # per seam between columns: the notches its trim line steps round (seams.notches)
    notches_y: tuple = ()  # per seam between rows

    @property
    def start(self) -> tuple[float, float]:
        """Map position of tile A1's window origin."""
        return (self.xs[0], self.ys[0])

    def origin(self, r: int, c: int) -> tuple[float, float]:
        """Map position (mm) of tile (row ``r``, column ``c``)'s window origin."""
        return (self.xs[c], self.ys[r])

    def shared(self) -> list[float]:
        """The mm each tile shares with the next, along rows then down columns."""
        ww, wh = self.window
        return ([a + ww - b for a, b in zip(self.xs, self.xs[1:])]
                + [a + wh - b for a, b in zip(self.ys, self.ys[1:])])


def plan_tiles(map_w: float, map_h: float, win_w: float, win_h: float, overlap: float = MIN_OVERLAP,
               markers: list[tuple[float, float, float, float]] = ()) -> Tiling:
    """Pages of ``win_w`` x ``win_h`` mm that cover a ``map_w`` x ``map_h`` mm map, neighbours sharing
    at least ``overlap`` mm, no seam through any of ``markers`` (boxes x0, y0, x1, y1 in map mm) where
    seams can avoid them (printgen.render.maps.seams).

    The covered area is centred on the map, so the outer tiles carry near equal blank margins.
    """
    across_x = [(b[0], b[2], b[1], b[3]) for b in markers]
    across_y = [(b[1], b[3], b[0], b[2]) for b in markers]
    xs, clear_x = plan_axis(map_w, win_w, overlap, across_x)
    ys, clear_y = plan_axis(map_h, win_h, overlap, across_y)
    ww = win_w if len(xs) > 1 else map_w
    wh = win_h if len(ys) > 1 else map_h
    nx = tuple(notches(s, a + ww, across_x) for a, s in zip(xs, xs[1:]))
    ny = tuple(notches(s, a + wh, across_y) for a, s in zip(ys, ys[1:]))
    clear = not any(nx) and not any(ny) and clear_x and clear_y
    return Tiling(len(xs), len(ys), (ww, wh), overlap, xs, ys, clear, nx, ny)


def tile_window(tiling: Tiling, r: int, c: int) -> tuple[float, float, float, float]:
    """The map area (mm: x0, y0, x1, y1) that tile (row ``r``, column ``c``) prints."""
    wx, wy = tiling.origin(r, c)
    return wx, wy, wx + tiling.window[0], wy + tiling.window[1]


def printed_tiles(geom, tiling: Tiling) -> list[tuple[int, int]]:
    """(row, column) of every tile with some of the map's hexes on it, in reading order: a map in parts
    (islands far apart) leaves out the pages between them, which would print nothing."""
    reach = geom.layout.size  # a hex whose centre is this near the window reaches into it
    return [(r, c) for r in range(tiling.rows) for c in range(tiling.cols)
            if geom.hexes_near(tile_window(tiling, r, c), reach)]


def tile_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def map_marks(geom, data, pictures: dict | None = None) -> tuple[list, list]:
    """(marks, labels) of a map, boxes in map mm (x0, y0, x1, y1): ``marks``, every marker, label and
    symbol the map draws only whole (the seams keep clear of them); ``labels``, the labels padded, which the
    alignment crosses keep clear of, on every tile alike (a label in an overlap band prints on both).
    ``pictures``: the terrains' pictures, as map_ops draws them."""
    ops = map_ops(geom, data, (0.0, 0.0, geom.width, geom.height), 0.0, 0.0, pictures)
    marks = [label_box(op, pad=0.0) if isinstance(op, Text) else _box(op) for op in ops if whole_only(op)]
    return marks, [label_box(op) for op in ops if isinstance(op, Text)]


def _box(op) -> tuple[float, float, float, float]:
    if isinstance(op, Circle):
        half = op.style.width / 2 if op.style.stroke else 0.0
        return (op.cx - op.r - half, op.cy - op.r - half, op.cx + op.r + half, op.cy + op.r + half)
    return (op.x, op.y, op.x + op.w, op.y + op.h)  # an Image


def tile_page(geom, data, spec, tiling: Tiling, r: int, c: int, name: str, pictures: dict | None = None,
              labels: list | None = None) -> Page:
    x0, y0, x1, y1 = spec.content
    ww, wh = tiling.window
    wx, wy = tiling.origin(r, c)
    window = (wx, wy, wx + ww, wy + wh)
    dx, dy = x0, y0 + TITLE_H
    label = tile_name(r, c)
    page = Page(spec.width, spec.height, label=f"tile {label}")
    page.add(heading(x0, y0 + 5.6, f"{name}: tile {label}", pt(12)))
    shared = tiling.shared() or [tiling.overlap]
    # (to a tenth of a mm, what a ruler reads: a tiling stretched to share a map evenly overlaps by 10.0269 mm)
    by = f"{round(min(shared), 1):g} mm" if max(shared) - min(shared) < 0.05 else f"{min(shared):.0f} mm or more"
    page.add(Text(x1, y0 + 6, f"{tiling.rows} x {tiling.cols} tiles, overlapping by {by}", "sans", pt(7), INK, "end"))
    # a marker a trim line cuts, where no notch could keep it whole, is drawn cut rather than on no tile
    seams = (tiling.xs[c + 1] if c + 1 < tiling.cols else None, tiling.ys[r + 1] if r + 1 < tiling.rows else None)
    page.add(*map_ops(geom, data, window, dx, dy, pictures, seams))
    dash = Style(stroke="#c0392b", width=0.3, dash=(2.0, 1.5))
    # Dashed lines mark where the next tile's window begins: trim the next tile to that line and glue. The
    # seams are placed clear of the map's markers and labels (seams.py); on a map too crowded for that the
    # line steps round the markers it would cut, and the next tile's edge is drawn with the same notches
    marks: list[Op] = []
    labels = labels or []
    win = (wx - 1e-6, wy - 1e-6, wx + ww + 1e-6, wy + wh + 1e-6)
    paths = []  # (map points, role)
    if c + 1 < tiling.cols:
        paths.append(([(x, y) for x, y in trim_path(tiling.xs[c + 1], _at(tiling.notches_x, c), wy, wy + wh)],
                      "overlap-x"))
    if c > 0 and _at(tiling.notches_x, c - 1):
        paths.append(([(x, y) for x, y in trim_path(wx, _at(tiling.notches_x, c - 1), wy, wy + wh)], "overlap-x"))
    if r + 1 < tiling.rows:
        paths.append(([(x, y) for y, x in trim_path(tiling.ys[r + 1], _at(tiling.notches_y, r), wx, wx + ww)],
                      "overlap-y"))
    if r > 0 and _at(tiling.notches_y, r - 1):
        paths.append(([(x, y) for y, x in trim_path(wy, _at(tiling.notches_y, r - 1), wx, wx + ww)], "overlap-y"))
    rect = [(win[0], win[1]), (win[2], win[1]), (win[2], win[3]), (win[0], win[3])]
    for pts, role in paths:  # each path one dashed line, its parts outside this tile's window left out
        runs: list[list] = []
        for p, q in zip(pts, pts[1:]):
            seg = clip_segment(p, q, rect)
            if not seg:
                continue
            a, b = ((x - wx + dx, y - wy + dy) for x, y in seg)
            if runs and runs[-1][-1] == a:
                runs[-1].append(b)
            else:
                runs.append([a, b])
        marks += [Poly(tuple(run), dash, closed=False, role=role) for run in runs]
    # Alignment crosses at map points shared with neighbours (the middle of each overlap band).
    for (mx, my) in _shared_points(tiling, r, c, labels):
        px, py = mx - wx + dx, my - wy + dy
        marks += [Poly(((px - 3, py), (px + 3, py)), ALIGN, closed=False, role="align"),
                  Poly(((px, py - 3), (px, py + 3)), ALIGN, closed=False, role="align"), Circle(px, py, 1.5, ALIGN)]
    page.add(*marks)
    return page


def _at(per_seam: tuple, k: int) -> tuple:
    return per_seam[k] if k < len(per_seam) else ()


ALONG = ((0.3, 0.25, 0.35, 0.2, 0.4), (0.7, 0.75, 0.65, 0.8, 0.6))  # where along a band a cross may go


def _shared_points(tiling: Tiling, r: int, c: int, labels=()) -> list[tuple[float, float]]:
    """Map points in the middle of each overlap band this tile shares, two per band, each at the first
    place along the band clear of the map's labels (a function of the map alone, so both tiles that
    share a band put its crosses at the same points)."""
    ww, wh = tiling.window
    wx, wy = tiling.origin(r, c)
    half = tiling.overlap / 2

    def clear(x: float, y: float) -> bool:
        return not any(b[0] < x + 3.2 and x - 3.2 < b[2] and b[1] < y + 3.2 and y - 3.2 < b[3] for b in labels)

    def pick(points):
        points = list(points)
        return next((p for p in points if clear(*p)), points[0])

    # a band begins at the later tile's window origin (the seam) and is at least ``overlap`` wide
    xs = ([wx + half] if c > 0 else []) + ([tiling.xs[c + 1] + half] if c + 1 < tiling.cols else [])
    ys = ([wy + half] if r > 0 else []) + ([tiling.ys[r + 1] + half] if r + 1 < tiling.rows else [])
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
    if any(tiling.notches_x) or any(tiling.notches_y):  # a trim line stepping round markers: both edges cut so
        lines[2] = ("crosses, and tape it from behind; where a line steps round a marker, cut the next tile's edge "
                    "along its own dashed line. Work along row A first.")
    for i, ln in enumerate(lines):
        page.add(Text(x0, y0 + 13 + i * 4.2, ln, "sans", pt(8), INK))
    legend = legend_ops(geom, data, x0, y0 + 27, x1 - x0)
    page.add(*legend)
    legend_bottom = max((op.y for op in legend if isinstance(op, Text)), default=y0 + 27)
    top = legend_bottom + 5
    ww, wh = tiling.window
    cover_w = tiling.xs[-1] + ww - tiling.xs[0]
    cover_h = tiling.ys[-1] + wh - tiling.ys[0]
    scale = min((x1 - x0) / cover_w, (y1 - top) / cover_h) * 0.95
    top -= min(tiling.start[1], 0.0) * scale
    ox = x0 + ((x1 - x0) - cover_w * scale) / 2 - min(tiling.start[0], 0.0) * scale
    # The thumbnail's hexes are filled, a little inset on a grey ground, so the gaps read as the grid: no
    # stroke runs under the tile names printed over it
    thumb, ground = [], []
    terrain: dict = {}  # a legend's terrain name -> by_name's answer, looked up once
    grey, fills = Style(fill="#8a8a8a"), {}  # one style object per look
    points = hex_points(geom)
    for h, (_, entry) in sorted(geom.cells.items()):
        t = terrain[entry.terrain] if entry.terrain in terrain else terrain.setdefault(
            entry.terrain, by_name(data.terrain, entry.terrain))
        (cx, cy), corners, (ex0, ey0, ex1, ey1) = points.get(h) or points.setdefault(h, hex_place(geom.layout, h))
        # (scaled and moved by sums that keep the order: its box is its corners' extent so, for the preflight)
        ground.append(boxed(Poly(tuple((ox + x * scale, top + y * scale) for x, y in corners), grey),
                            (ox + ex0 * scale, top + ey0 * scale, ox + ex1 * scale, top + ey1 * scale)))
        inset = scale_about(corners, (cx, cy), THUMB_INSET)
        colour = t.colour if t else "#ffffff"
        fill = fills.get(colour) or fills.setdefault(colour, Style(fill=colour))
        # (its inset too: scale_about's sums keep the order, so the inset's extent is the extent's inset)
        ix0, iy0, ix1, iy1 = (cx + (ex0 - cx) * THUMB_INSET, cy + (ey0 - cy) * THUMB_INSET,
                              cx + (ex1 - cx) * THUMB_INSET, cy + (ey1 - cy) * THUMB_INSET)
        thumb.append(boxed(Poly(tuple((ox + x * scale, top + y * scale) for x, y in inset), fill),
                           (ox + ix0 * scale, top + iy0 * scale, ox + ix1 * scale, top + iy1 * scale)))
    page.add(*ground, *thumb)
    names = []
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            if (r, c) not in printed:
                continue
            rx = ox + tiling.xs[c] * scale
            ry = top + tiling.ys[r] * scale
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
