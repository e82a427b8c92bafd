"""One drawing op as the ink it prints: an ``Ink`` (kind, page box, size, source, strokes...) and the
functions making one from a Text, Image, Circle, Rect, Poly or Path drawn through a matrix. ``scene.flatten``
walks a page's groups and asks these for each op. Boxes are (x0, y0, x1, y1), page mm, y down.
"""

from __future__ import annotations

import math
from operator import eq

from ..draw.document import IDENTITY, Circle, Image, Matrix, Path, Poly, Rect, Text
from ..draw.fonts import text_width
from ..draw.geometry import ASCENT, DESCENT, quad_box
from ..draw.geometry import text_box as _text_box  # already list-free: the preflight boxes texts through it
from ..draw.provenance import Source

Box = tuple[float, float, float, float]
Segment = tuple[tuple[float, float], tuple[float, float]]
MM_TO_PT = 72.0 / 25.4


class Ink:
    """One inked thing. ``kind``: text, shape or image. ``size``: a text's printed size in pt.

    A stroked shape's ``segments`` (page mm) are worked out when first read, from the ``lines`` it was made
    with ((its loops, closed?)): a map page's thousands of hexes are read for their boxes, their strokes only
    where a text lies near."""

    __slots__ = ("kind", "box", "role", "text", "size", "font", "src", "_segments", "filled", "stroke_width", "depth",
                 "group", "colour", "face", "outline", "_lines", "stroked", "cell", "home")

    def __init__(self, kind: str, box: Box, role: str = "", text: str = "", size: float = 0.0, font: str = "",
                 src: Source | None = None, segments: tuple[Segment, ...] | None = (), filled: bool = False,
                 stroke_width: float = 0.0, depth: int = 0, group: int = 0, colour: str = "", face: Box | None = None,
                 outline: tuple = (), lines: tuple | None = None, cell: object = None, home: object = None) -> None:
        self.kind = kind
        self.box = box
        self.role = role
        self.text = text
        self.size = size  # pt
        self.font = font
        self.src = src
        self._segments = segments  # None: not worked out yet (from ``lines``)
        self.filled = filled
        self.stroke_width = stroke_width  # mm on the page
        self.depth = depth  # how deep in groups: the face a text belongs to is the group it sits in
        self.group = group  # which top-level group (face, legend, element) it belongs to
        self.colour = colour  # a text's colour; a shape's fill (else its stroke): what a legend's swatch stands for
        self.face = face  # a text on a card face: the face's trim on the page
        self.outline = outline  # a filled polygon or disc (not a rectangle: those tile by design): its outline, mm
        self._lines = lines
        # the hex grid a map drew it in (render/maps/clear.Grid: a whole hex, or a label clear inside one): a text
        # and a stroke of one grid never cross, and are not tested (scene.crossed, bulk.first_crossings)
        self.cell = cell
        # the hex of that grid it was drawn as (a filled hex), or clear inside (a label): a label's ground among the
        # grid's hexes is its home, and no other (colour.contrast's grounds_bulk)
        self.home = home
        # might it have segments (without working them out: a stroke whose points all coincide has none)?
        self.stroked = segments is None or bool(segments)

    @property
    def segments(self) -> tuple[Segment, ...]:
        """A stroked shape's strokes, page mm (none for a shape not stroked, a text, a picture)."""
        got = self._segments
        if got is None:
            got = self._segments = _segments_of(*self._lines)
            self._lines, self.stroked = None, bool(got)
        return got

    @segments.setter
    def segments(self, value: tuple[Segment, ...]) -> None:
        self._segments, self._lines, self.stroked = value, None, bool(value)

    def _fields(self) -> tuple:
        return (self.kind, self.box, self.role, self.text, self.size, self.font, self.src, self.segments, self.filled,
                self.stroke_width, self.depth, self.group, self.colour, self.face, self.outline)

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Ink and self._fields() == other._fields()  # type: ignore[union-attr]

    __hash__ = None  # type: ignore[assignment]  (mutable, as the dataclass it was)

    def __repr__(self) -> str:
        names = ("kind", "box", "role", "text", "size", "font", "src", "segments", "filled", "stroke_width", "depth",
                 "group", "colour", "face", "outline")
        return "Ink(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields())) + ")"


def _ring(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A circle as the polygon the preflight reads it as (_RING sides), page mm."""
    return [(cx + r * c, cy + r * sn) for c, sn in _RING_CS]


def _segments_of(loops, closed) -> tuple[Segment, ...]:
    """The segments of a stroked shape's ``loops`` (page mm), each point to the next (and round, ``closed``);
    ``loops`` "ring": a circle's, ``closed`` then its centre and radius, as ``_ring`` gives it; "moved": another
    ink's segments moved, ``closed`` then (that ink, dx, dy) in mm (scene._moved)."""
    if loops == "moved":
        ink, dx, dy = closed
        return tuple([((p[0] + dx, p[1] + dy), (q[0] + dx, q[1] + dy)) for p, q in ink.segments])
    if loops == "ring":
        loops, closed = [_ring(*closed)], True
    if len(loops) == 1:
        loop = loops[0]
        ends = loop[1:] + loop[:1] if closed else loop[1:]
        # (a point repeated makes no segment: filtered only where one is, the rest zipped in C)
        return tuple([(a, b) for a, b in zip(loop, ends) if a != b]) if any(map(eq, loop, ends)) \
            else tuple(zip(loop, ends))
    found: list[Segment] = []
    for loop in loops:
        pairs = zip(loop, loop[1:] + loop[:1]) if closed else zip(loop, loop[1:])
        found += [(a, b) for a, b in pairs if a != b]
    return tuple(found)


def _pt(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _scale(m: Matrix) -> float:
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _bbox(points) -> Box:
    xs, ys = zip(*points)
    return (min(xs), min(ys), max(xs), max(ys))


def _plain_text_box(op: Text) -> Box:
    """geometry.text_box of a text drawn at the page's own axes, without the matrix (the same box)."""
    w = text_width(op.text, op.font, op.size)
    anchor = op.anchor
    x0 = op.x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
    x1 = x0 + w
    size = op.size
    y0, y1 = op.y - ASCENT * size, op.y + DESCENT * size
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _plain_poly(op: Poly, group: int, depth: int = 0) -> Ink | None:
    """``_ink(op, IDENTITY, depth, group)`` of a polygon (a map's hex): the same ink, by the same sums, without
    the matrix and the other kinds' branches (what it reads of its style worked out once per style)."""
    _, stroked, fill, width, half, colour = _look(op.style)
    if not stroked and not fill:
        return None
    loop = op.points
    marks = op.__dict__
    known = marks.get("_box")  # (the box its drawer knew and handed over: render/maps/kept.boxed)
    if known is not None:
        x0, y0, x1, y1 = known
    elif len(loop) == 2:  # a line (a map's hatching, a tile's rule): min and max of two, as min() and max() pick
        (x0, y0), (x1, y1) = loop
        if x1 < x0:
            x0, x1 = x1, x0
        elif not x1 > x0:
            x1 = x0  # (alike, or not a number: max() keeps the first)
        if y1 < y0:
            y0, y1 = y1, y0
        elif not y1 > y0:
            y1 = y0
    else:
        xs, ys = zip(*loop)
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if half:
        x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
    closed = op.closed
    filled = bool(fill) and closed
    outline = tuple(loop) if filled and (x1 - x0) * (y1 - y0) <= MARK_AREA else ()
    if stroked:  # (a stroke of a map's hex grid carries it, a hex its own token too: render/maps/clear.py)
        cell = marks.get("_cell")
        return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, None, filled, width, depth, group, colour,
                   None, outline, ([loop], closed), cell, None if cell is None else marks.get("_home"))
    return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, (), filled, 0.0, depth, group, colour, None,
               outline)


def _plain_path(op: Path, group: int) -> Ink | None:
    """``_ink(op, IDENTITY, 0, group)`` of a path (a build guide's tile outlines, a map's hex grid as one path):
    the same ink, by the same sums, without the matrix and the other kinds' branches."""
    _, stroked, fill, width, half, colour = _look(op.style)
    if not stroked and not fill:
        return None
    loops = [loop for loop in op.loops if loop]
    if not loops:
        return None
    if len(loops) == 1:
        xs, ys = zip(*loops[0])
    else:
        xs, ys = zip(*[p for loop in loops for p in loop])
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if half:
        x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
    filled = bool(fill)
    outline = tuple(loops[0]) if filled and (x1 - x0) * (y1 - y0) <= MARK_AREA else ()
    if stroked:  # (a stroke of a hex grid carries it: render/maps/clear.in_grid)
        return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, None, filled, width, 0, group, colour, None,
                   outline, (loops, True), op.__dict__.get("_cell"))
    return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, (), filled, 0.0, 0, group, colour, None, outline)


def _plain_circle(op: Circle, group: int) -> Ink | None:
    """``_ink(op, IDENTITY, 0, group)`` of a disc or ring (a track's spaces, a timer's marks): the same ink, by the
    same sums (its centre through the identity, as _pt gives it: a -0.0 comes out 0.0)."""
    _, stroked, fill, width, half, colour = _look(op.style)
    if not stroked and not fill:
        return None
    x, y = op.cx, op.cy
    cx, cy = 1.0 * x + 0.0 * y + 0.0, 0.0 * x + 1.0 * y + 0.0
    r = op.r * 1.0
    box = (cx - r, cy - r, cx + r, cy + r)
    if stroked:
        padded = (box[0] - half, box[1] - half, box[2] + half, box[3] + half) if half else box
        if not (fill and (padded[2] - padded[0]) * (padded[3] - padded[1]) <= MARK_AREA):
            # no outline kept: its ring read only for its strokes, worked out when first read
            return Ink("shape", padded, op.role, "", 0.0, "", None, None, bool(fill), width, 0, group, colour, None,
                       (), ("ring", (cx, cy, r)))
        loops = [_ring(cx, cy, r)]
    else:
        loops = [_ring(cx, cy, r)] if 4 * r * r <= MARK_AREA else []
    if half:
        box = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
    filled = bool(fill)
    outline = tuple(loops[0]) if filled and loops and (box[2] - box[0]) * (box[3] - box[1]) <= MARK_AREA else ()
    if stroked:
        return Ink("shape", box, op.role, "", 0.0, "", None, None, filled, width, 0, group, colour, None, outline,
                   (loops, True))
    return Ink("shape", box, op.role, "", 0.0, "", None, (), filled, 0.0, 0, group, colour, None, outline)


def _plain_rect(op: Rect, group: int) -> Ink | None:
    """``_ink(op, IDENTITY, 0, group)`` of a rectangle (a table's cell, a track's bar): the same ink, by the same
    sums (no outline is kept of a rectangle)."""
    _, stroked, fill, width, half, colour = _look(op.style)
    if not stroked and not fill:
        return None
    x, y, w, h = op.x, op.y, op.w, op.h
    pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    xs, ys = zip(*pts)
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if half:
        x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
    if stroked:
        return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, None, bool(fill), width, 0, group, colour,
                   None, (), ([pts], True))
    return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, (), bool(fill), 0.0, 0, group, colour, None, ())


# id(style) -> (the style, stroked?, its fill, its width as _ink reads it (* 1.0), half of that for a stroked one
# (else 0.0), the ink's colour): a map page draws its thousands of polygons in a few styles. The entry holds the
# style, so no other can take its id while it is kept.
_STYLED: dict[int, tuple] = {}
KEPT_STYLES = 4096


def _look(style) -> tuple:
    """What the short readers read of ``style``: (style, stroked, fill, width, half width, colour), kept per
    style object (a page draws hundreds of shapes in a few styles)."""
    got = _STYLED.get(id(style))
    return got if got is not None and got[0] is style else _styled(style)


def _styled(style) -> tuple:
    width, stroke, fill = style.width, style.stroke, style.fill
    stroked = bool(stroke) and width > 0
    got = (style, stroked, fill, width * 1.0, width * 1.0 / 2 if stroked else 0.0, (fill or stroke or "").lower())
    if len(_STYLED) >= KEPT_STYLES:
        _STYLED.clear()
    _STYLED[id(style)] = got
    return got


def _plain_text(op: Text, group: int) -> Ink | None:
    """``_ink(op, IDENTITY, 0, group)`` of a loose text (a map's label, a page's heading); None for one that
    prints nothing, or whose box is empty (flatten keeps no such text). The same sums as _ink's and
    _plain_text_box's, written out (a track or a table is mostly texts)."""
    text = op.text
    if not text.strip():
        return None
    size = op.size
    w = text_width(text, op.font, size)
    anchor = op.anchor
    x0 = op.x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
    x1 = x0 + w
    y = op.y
    y0, y1 = y - ASCENT * size, y + DESCENT * size
    box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    if box[2] - box[0] <= 0 and box[3] - box[1] <= 0:
        return None
    face = None
    src = op.src
    if src is not None and src.trim is not None:  # (as _ink works out a face's trim, through the identity)
        trim = src.trim
        if _FACE[0] is not IDENTITY or _FACE[1] is not trim:
            x, y, w, h = trim
            _FACE[:] = [IDENTITY, trim, quad_box(IDENTITY, x, y, x + w, y + h)]
        face = _FACE[2]
    marks = op.__dict__.get("_cell")  # (a label clear inside a hex of a map's grid: render/maps/clear.py)
    if marks is None:
        return Ink("text", box, op.role, text, size * 1.0 * MM_TO_PT, op.font, src, (), False, 0.0, 0, group,
                   op.colour.lower(), face)
    return Ink("text", box, op.role, text, size * 1.0 * MM_TO_PT, op.font, src, (), False, 0.0, 0, group,
               op.colour.lower(), face, (), None, marks, op.__dict__.get("_home"))


def _ink(op, m: Matrix, depth: int, group: int) -> Ink | None:
    kind = type(op)
    plain = m == IDENTITY
    s = 1.0 if plain else _scale(m)
    if kind is Text:
        if not op.text.strip():
            return None
        face = None
        src = op.src
        if src is not None and src.trim is not None:
            # (every text of a face has its face's trim, drawn through the same matrix: worked out once)
            trim = src.trim
            if _FACE[0] is not m or _FACE[1] is not trim:  # (by identity: the same objects, the same sums)
                x, y, w, h = trim
                _FACE[:] = [m, trim, quad_box(m, x, y, x + w, y + h)]
            face = _FACE[2]
        return Ink("text", _plain_text_box(op) if plain else _text_box(op, m), op.role, op.text,
                   op.size * s * MM_TO_PT, op.font, src, (), False, 0.0, depth, group, op.colour.lower(), face)
    if kind is Image:
        pts = [(op.x, op.y), (op.x + op.w, op.y), (op.x + op.w, op.y + op.h), (op.x, op.y + op.h)]
        return Ink("image", _bbox(_pts(m, pts)), op.role, depth=depth, group=group)
    style = op.style
    width = style.width
    stroked = bool(style.stroke) and width > 0
    fill = style.fill
    if not stroked and not fill:
        return None
    half = width * s / 2 if stroked else 0.0
    closed = True
    if kind is Circle:
        cx, cy = _pt(m, op.cx, op.cy)
        r = op.r * s
        box = (cx - r, cy - r, cx + r, cy + r)
        # a stroke's segments are read (a line across a text), a small filled disc's outline (a disc on a disc)
        ring = stroked or (fill and 4 * r * r <= MARK_AREA)
        if stroked:
            padded = (box[0] - half, box[1] - half, box[2] + half, box[3] + half) if half else box
            if not (fill and (padded[2] - padded[0]) * (padded[3] - padded[1]) <= MARK_AREA):
                # no outline kept (below): its ring read only for its strokes, worked out when first read
                return Ink("shape", padded, op.role, "", 0.0, "", None, None, bool(fill), width * s, depth, group,
                           (fill or style.stroke or "").lower(), None, (), ("ring", (cx, cy, r)))
        loops = [_ring(cx, cy, r)] if ring else []
    elif kind is Rect:
        x, y, w, h = op.x, op.y, op.w, op.h
        if not stroked and not plain:  # (a ground: its box alone is read, no outline is kept of a rectangle)
            box = quad_box(m, x, y, x + w, y + h)
            loops = ()
        else:
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            loops = [pts if plain else _pts(m, pts)]
            box = _bbox(loops[0])
    elif kind is Poly:
        loops = [op.points if plain else _pts(m, op.points)]
        box = _bbox(loops[0])
        closed = op.closed
    elif kind is Path:
        loops = [loop if plain else _pts(m, loop) for loop in op.loops if loop]
        if not loops:
            return None
        box = _bbox(loops[0] if len(loops) == 1 else [p for loop in loops for p in loop])
    else:
        return None
    if half:
        box = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
    filled = bool(fill) and closed
    outline = ()
    if filled and loops and kind is not Rect and (box[2] - box[0]) * (box[3] - box[1]) <= MARK_AREA:
        outline = tuple(loops[0])
    if stroked:  # (its segments worked out when first read)
        return Ink("shape", box, op.role, "", 0.0, "", None, None, filled, width * s, depth, group,
                   (fill or style.stroke or "").lower(), None, outline, (loops, closed))
    return Ink("shape", box, op.role, "", 0.0, "", None, (), filled, 0.0, depth, group,
               (fill or style.stroke or "").lower(), None, outline)


_RING = 16  # a stroked circle as a polygon of this many sides: its chord strays under 2 % of the radius
_RING_CS = [(math.cos(2 * math.pi * k / _RING), math.sin(2 * math.pi * k / _RING)) for k in range(_RING)]
MARK_AREA = 900.0  # mm²: a filled shape's box up to this keeps its outline (an icon, a badge: collide.SMALL)


_FACE: list = [None, None, None]  # the last matrix and trim a text's face was worked out for, and that face


def _pts(m: Matrix, points) -> list[tuple[float, float]]:
    """``points`` through matrix ``m`` (one comprehension: a map page has thousands of them)."""
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]
