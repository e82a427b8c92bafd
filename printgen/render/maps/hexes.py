"""A map's hexes drawn at exact scale: terrain fills (shaded by level on a map with levels, with
the level number), hatching on blocked terrain, zone rims and initials, objective discs,
coordinates; any window of the map, so tiles and thumbnails share it."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from ...draw.colour import INK, READABLE, contrast, mix, readable, text_on
from ...draw.document import Circle, Group, Image, Op, Poly, Style, Text
from ...draw.page import MAP_PICTURE
from ...draw.provenance import current
from ...draw.geometry import box_span, clip_polygon, clip_segment, scale_about, text_box
from ...draw.text import single_line
from ...hexgrid import Hex
from ...model.maps import MapGeom
from ...names import index_by_name, name_key
from .clear import Grid, at_home, in_grid, mark_clear, note_label
from .codes import abbrev, map_codes
from .kept import boxed, hex_place, kept_hexes

GRID = Style(stroke="#2b2b2b", width=0.25)
LEVEL_SHADE = 0.12  # each level above the ground darkens its terrain colour by this much more
LEVEL_SHADE_MAX = 0.6


def level_shade(colour: str, level: int) -> str:
    """``colour`` shaded for a hex ``level`` levels high (level 1 unchanged; higher is darker)."""
    return mix(colour, "#000000", min(LEVEL_SHADE_MAX, LEVEL_SHADE * (level - 1))) if level > 1 else colour


# how far a level's shade may move (a share of black) for its number to read: under half a level's step,
# so the levels keep their order from light to dark
NUDGE = tuple(d / 100 * sign for d in range(0, 6) for sign in ((1, -1) if d else (1,)))


@lru_cache(maxsize=1024)  # a map with levels asks it of every hex on every page: a few colours and levels
def level_fill(colour: str, level: int) -> str:
    """A hex's fill ``level`` levels high: ``level_shade``, moved as little as it takes (within NUDGE) for its
    level number, in black or white, to read at WCAG's 4.5:1 also as colour-blind players see it. A shade
    in the middle greys reads in neither; level 1 keeps the terrain's own colour (the legend's swatch)."""
    if level <= 1:
        return colour
    base = min(LEVEL_SHADE_MAX, LEVEL_SHADE * (level - 1))
    for d in NUDGE:
        shade = mix(colour, "#000000", base + d)
        if contrast(text_on(shade, True), shade, True) >= READABLE:
            return shade
    return mix(colour, "#000000", base)


def map_ops(geom: MapGeom, data, window: tuple[float, float, float, float], dx: float, dy: float,
            pictures: dict | None = None, seams: tuple[float | None, float | None] = (None, None)) -> list[Op]:
    """Draw the part of the map inside ``window`` (map mm) with the window's corner at (dx, dy) page mm.
    ``pictures``: terrain name key -> Art, drawn centred in each hex of that terrain (see map_pictures).
    Markers, labels and pictures are drawn only whole, where the window holds them; but one that a tile's
    trim line cuts (``seams``: the map x and y of its trim lines, None for none) is drawn clipped to the
    window, so it shows as cut, for the preflight to report, rather than vanish from both tiles."""
    wx0, wy0, wx1, wy1 = window
    place = _Placer(window, dx, dy, seams, geom.layout.size)
    terrain = index_by_name(data.terrain)
    zones = index_by_name(geom.mapdef.zones)
    size = geom.layout.size
    fills: list[Op] = []
    overlays: list[Op] = []
    levelled = geom.top_level > 1
    codes = map_codes(geom.mapdef, geom.cells.values())
    base = current()
    points, sources = kept_hexes(geom, base)
    looks: dict[str, Style] = {}  # one style object per hex colour (a page draws hundreds of hexes in a few)
    radius = geom.layout.radius
    grid = Grid()  # (the hexes drawn here, the strokes within them, and the labels clear of those: clear.Grid)
    for h in geom.hexes_near(window, size):  # this page's hexes only: linear in the map's size
        char, entry = geom.cells[h]
        (cx, cy), corners, extent = points.get(h) or points.setdefault(h, hex_place(geom.layout, h))
        if cx + size < wx0 or cx - size > wx1 or cy + size < wy0 or cy - size > wy1:
            continue
        inside = cx - radius >= wx0 and cx + radius <= wx1 and cy - radius >= wy0 and cy + radius <= wy1
        t = terrain.get(name_key(entry.terrain))
        colour = t.colour if t else "#ffffff"
        level = geom.levels.get(h, 1)
        if levelled:
            colour = level_fill(colour, level)
        clipped = corners if inside else clip_polygon(corners, wx0, wy0, wx1, wy1)  # most hexes: no clipping
        if len(clipped) < 3:
            continue
        whole = inside or len(clipped) == 6 and all(abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9
                                                    for a, b in zip(clipped, corners))
        page_pts = tuple((x - wx0 + dx, y - wy0 + dy) for x, y in clipped)
        style = looks.get(colour) or looks.setdefault(colour, Style(fill=colour, stroke=GRID.stroke, width=GRID.width))
        if inside:  # (its points are its corners moved: its box is their extent moved, handed to the preflight)
            ex0, ey0, ex1, ey1 = extent
            hex_op = boxed(Poly(page_pts, style, role="hex"),
                           (ex0 - wx0 + dx, ey0 - wy0 + dy, ex1 - wx0 + dx, ey1 - wy0 + dy))
        else:  # (what of it the window holds: within the hex, so a stroke of the grid as a whole one is)
            hex_op = Poly(page_pts, style, role="hex" if whole else "hex-part")
        home = object()  # (a token of this hex's own: in the grid, and the home of its labels: clear.at_home)
        fills.append(at_home(in_grid(hex_op, grid), home))
        art = pictures.get(name_key(entry.terrain)) if pictures else None
        if art is not None and t is not None and t.image_fit == "cover":
            # a texture: the picture fills the hex (what of it the page shows), then its edge again on top
            fills += _cover(art, corners, page_pts, wx0 - dx, wy0 - dy)
            in_grid(fills[-1], grid)  # (its edge again: the hex's own)
            art = None
        zone = zones.get(name_key(entry.zone)) if entry.zone else None
        labels: list[Op] = []  # drawn last; the hatching leaves a gap round each
        # (each label drawn loose, with its box in map mm: marked in the grid once known clear of the hex's strokes)
        cell: list = []
        src = sources.get(h) if sources is not None else None
        if src is None:
            src = _cell_source(base, geom, h)
            if sources is not None:
                sources[h] = src
        if zone is not None:
            # the zone's code in its colour, darkened or lightened as far as it takes to read on this hex
            # (the rim keeps the colour itself)
            labels += _label(codes[name_key(zone.name)], cx, cy - size * 0.22, size * 0.2,
                             readable(zone.colour, colour, READABLE, True), place, src, cell)
        if entry.objective:
            labels += _objective(entry.objective, codes, cx, cy, size, place, src, cell)
        if levelled:  # the level number to the right of the centre, clear of zone initials and objectives
            labels += _label(str(level), cx + size * 0.3, cy, size * 0.17, text_on(colour, True), place, src, cell)
        if geom.mapdef.coordinates:
            labels += _label(f"{h.q},{h.r}", cx, cy + size * 0.36, size * 0.11, "#3a3a3a", place, src, cell)
        if t and t.blocked:
            # (not marked in the grid: it is cut round the labels, so few tests meet it, and marking each line would
            # cost the drawing more than the preflight saves)
            overlays += _hatch(corners, window, dx, dy, mix(colour, "#000000", 0.35), inside=inside,
                               holes=[label_box(op) for op in _texts(labels)])
        if art is not None:
            overlays += _picture(art, cx, cy, size, place)
        rim = None
        if zone is not None:
            rim_w = size * 0.045
            rim = clip_polygon(scale_about(corners, (cx, cy), 0.84), wx0 + rim_w / 2, wy0 + rim_w / 2,
                               wx1 - rim_w / 2, wy1 - rim_w / 2)
            if len(rim) >= 2:
                op = Poly(tuple((x - wx0 + dx, y - wy0 + dy) for x, y in rim), _rim_style(zone.colour, rim_w),
                          closed=len(rim) == 6)
                overlays.append(in_grid(op, grid))  # (within the hex: a stroke of the grid)
            else:
                rim = None
        if cell:
            mark_clear(cell, corners if inside else tuple(clipped), tuple(rim) if rim is not None else None, grid,
                       home, inside)
        overlays += labels
    for k, obj in enumerate(geom.mapdef.objectives):
        q, r = (int(v) for v in obj.at.split(","))
        cx, cy = geom.layout.hex_to_point(Hex(q, r))
        src = replace(base, path=base.path + ("objectives", k)) if _map_item(base) else base
        overlays += _objective(obj.name, codes, cx, cy, size, place, src)
    return fills + overlays


WHOLE_ROLES = ("objective", "terrain-picture")  # besides every label: drawn whole or not at all


def whole_only(op) -> bool:
    """Is ``op`` a marker, label or symbol, drawn on a tile only whole (a seam must not cut it)?"""
    return isinstance(op, Text) or getattr(op, "role", "") in WHOLE_ROLES


def _map_item(src) -> bool:
    return src is not None and len(src.path) == 2 and src.path[0] == "maps"


def _cell_source(base, geom: MapGeom, h: Hex):
    """What a hex's labels and marker come from: the map's item, at the character that wrote the hex (a
    path ending "@", line, column: printgen.preflight.run reads it as that place in the text)."""
    place = geom.places.get(h)
    if place is None or not _map_item(base):
        return base
    layer, line, col = place
    where = ("layout",) if layer == 0 else ("layers", layer - 1)
    return replace(base, path=base.path + where + ("@", line, col))


def _inside(x, y, window, margin=0.0) -> bool:
    wx0, wy0, wx1, wy1 = window
    return wx0 + margin <= x <= wx1 - margin and wy0 + margin <= y <= wy1 - margin


def _holds(window, box, eps: float = 1e-6) -> bool:
    """Does ``window`` (x0, y0, x1, y1) hold ``box`` whole?"""
    return (window[0] - eps <= box[0] and window[1] - eps <= box[1] and box[2] <= window[2] + eps
            and box[3] <= window[3] + eps)


def _picture(art, cx, cy, size, place: "_Placer") -> list[Op]:
    """A terrain's picture centred on the hex, fitting a square PICTURE x the hex's size, aspect kept
    (left out where the hex is cut by the page's window: the neighbouring tile shows it whole)."""
    side = size * MAP_PICTURE
    w, h = (side, side / art.aspect) if art.aspect >= 1 else (side * art.aspect, side)
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    x, y = place.at(box[0], box[1])
    return place.whole([Image(x, y, w, h, art.data, art.mime, role="terrain-picture")], box)


def _cover(art, corners, page_pts, ox: float, oy: float) -> list[Op]:
    """A picture covering the hexagon ``corners`` (map mm), aspect kept and centred, cut to the hex's
    visible part ``page_pts`` (page mm; the map is moved by -ox, -oy onto the page), and the hex's edge
    drawn over it."""
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    bw, bh = max(xs) - min(xs), max(ys) - min(ys)
    w, h = (bw, bw / art.aspect) if art.aspect <= bw / bh else (bh * art.aspect, bh)
    x = (min(xs) + max(xs) - w) / 2 - ox
    y = (min(ys) + max(ys) - h) / 2 - oy
    picture = Image(x, y, w, h, art.data, art.mime, role="terrain-texture")
    return [Group((picture,), clip=page_pts),
            Poly(page_pts, Style(stroke=GRID.stroke, width=GRID.width), role="hex-edge")]


class _Placer:
    """Where a window of the map lands on the page, and which of its markers it draws (see map_ops)."""

    __slots__ = ("window", "reach", "dx", "dy", "seams")

    def __init__(self, window, dx: float, dy: float, seams=(None, None), size: float = 0.0) -> None:
        self.window, self.dx, self.dy, self.seams = window, dx, dy, seams
        sx, sy = seams
        # a marker a trim line cuts lies no further than a hex past the window
        self.reach = (window[0], window[1], window[2] + size * (sx is not None), window[3] + size * (sy is not None))

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Map point (x, y) on the page."""
        return x - self.window[0] + self.dx, y - self.window[1] + self.dy

    def whole(self, ops: list[Op], box) -> list[Op]:
        """``ops`` of a marker covering ``box`` (map mm): as they are where the window holds it whole,
        clipped to the window where a trim line cuts it, else none."""
        if _holds(self.window, box):
            return ops
        sx, sy = self.seams
        w = self.window
        cut = (sx is not None and box[0] < sx < box[2]) or (sy is not None and box[1] < sy < box[3])
        if not cut or box[0] < w[0] or box[1] < w[1] or box[0] >= w[2] or box[1] >= w[3]:
            return []
        return [Group(tuple(ops), clip=(self.dx, self.dy, w[2] - w[0], w[3] - w[1]))]


def _texts(ops: list[Op]) -> list[Text]:
    """The texts among ``ops``, those in clipped groups too."""
    return [t for op in ops for t in (op.ops if isinstance(op, Group) else (op,)) if isinstance(t, Text)]


def _label(text, x, y, size, colour, place: _Placer, src=None, cell: list | None = None) -> list[Op]:
    """A label centred at (x, y) map mm, drawn only whole (see _Placer.whole). ``cell``: the labels drawn loose in
    a whole hex so far, this one noted there (``note_label``: map_ops marks those clear of the hex's strokes)."""
    if not _inside(x, y, place.reach):
        return []
    src = src if src is not None else current()
    box = _label_box(text, x, y + size * 0.35, size)
    px, py = place.at(x, y + size * 0.35)
    return note_label(place.whole([Text(px, py, text, "sans-bold", size, colour, "middle", src=src)], box), box, cell)


@lru_cache(maxsize=16384)
def _label_box(text: str, x: float, y: float, size: float) -> tuple[float, float, float, float]:
    """``label_box`` of a map label (sans-bold, centred) at (x, y) map mm, with no pad: the same on every page
    and paper that draws its hex, so worked out once."""
    return label_box(Text(x, y, text, "sans-bold", size, INK, "middle"), 0.0)


OBJECTIVE_STROKE = 0.35  # mm: an objective disc's outline


def _objective(name, codes, cx, cy, size, place: _Placer, src=None, cell: list | None = None) -> list[Op]:
    """An objective's disc and code, drawn only whole (see _Placer.whole; ``cell``: see _label)."""
    r = size * 0.2
    oy = cy + size * 0.1
    e = r + OBJECTIVE_STROKE / 2
    box = (cx - e, oy - e, cx + e, oy + e)
    if not _holds(place.reach, box):
        return []
    x, y = place.at(cx, oy)
    label = codes.get(name_key(name)) or abbrev(name)
    fs = single_line(label, "sans-bold", r * 0.9, r * 1.6)
    ops = place.whole([Circle(x, y, r, Style(fill="#fffdf5", stroke=INK, width=OBJECTIVE_STROKE), role="objective"),
                       Text(x, y + fs * 0.36, label, "sans-bold", fs, INK, "middle",
                            src=src if src is not None else current())], box)
    if cell is not None and len(ops) == 2:  # (its code: noted as a label is, by its own box)
        note_label(ops[1:], _label_box(label, cx, oy + fs * 0.36, fs), cell)
    return ops


def label_box(op: Text, pad: float = 0.5) -> tuple[float, float, float, float]:
    """Where a label's glyphs print (page mm, x0 y0 x1 y1), ``pad`` mm round: a line drawn near it
    leaves this gap rather than run through the letters."""
    return text_box(op, pad=pad)


def cut_around(seg, holes) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The parts of segment ``seg`` outside every box in ``holes``."""
    parts = [seg]
    for box in holes:
        out = []
        for part in parts:
            span = box_span(part, box)
            if span is None:  # misses the box
                out.append(part)
                continue
            (x0, y0), (x1, y1) = part
            t0, t1 = span
            if t0 > 1e-9:
                out.append(((x0, y0), (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)))
            if t1 < 1 - 1e-9:
                out.append(((x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), (x1, y1)))
        parts = out
    return parts


HATCH_STEP = 2.2  # mm between a blocked hex's 45-degree hatch lines


@lru_cache(maxsize=256)
def _rim_style(colour: str, width: float) -> Style:
    """A zone's rim style (``width`` mm): one object for every rim of a zone on a map (styles are frozen)."""
    return Style(stroke=colour, width=width)


@lru_cache(maxsize=256)
def _hatch_style(colour: str) -> Style:
    """A hatch line's style in ``colour``: one object for all of them (styles are frozen)."""
    return Style(stroke=colour, width=0.35)


def _hatch(corners, window, dx, dy, colour, *, inside: bool = False, holes=()) -> list[Op]:
    style = _hatch_style(colour)
    wx0, wy0, wx1, wy1 = window
    rect = [(wx0, wy0), (wx1, wy0), (wx1, wy1), (wx0, wy1)]
    ops: list[Op] = []
    for seg in hatch_lines(tuple(corners)):
        if not inside:  # a hex wholly in the window needs no second clip
            seg = clip_segment(seg[0], seg[1], rect)
        if seg:
            (ax, ay), (bx, by) = seg
            page_seg = ((ax - wx0 + dx, ay - wy0 + dy), (bx - wx0 + dx, by - wy0 + dy))
            for part in cut_around(page_seg, holes) if holes else [page_seg]:
                ops.append(Poly(part, style, closed=False))
    return ops


@lru_cache(maxsize=8192)
def hatch_lines(corners: tuple) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """The hatch lines across a hexagon (``corners``, map mm), each clipped to it, in drawing order: the
    same for every window and paper the hex is drawn on (its corners are), so worked out once."""
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    span = (max(xs) - min(xs)) + (max(ys) - min(ys))
    lines = []
    step = HATCH_STEP
    k = math.floor((min(xs) - max(ys)) / step)
    while k * step < max(xs) - min(ys):
        # a 45-degree line x - y = k * step
        p = (min(ys) + k * step - 1, min(ys) - 1)
        q = (p[0] + span + 2, p[1] + span + 2)
        seg = clip_segment(p, q, corners)
        if seg:
            lines.append(seg)
        k += 1
    return tuple(lines)
