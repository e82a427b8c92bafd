"""A page as the preflight sees it: every inked thing with its box on the page, in mm.

The drawing model nests groups with matrices and clips; the checks want flat
facts: this text, at this printed size (pt), in this box, from this source;
this stroke, along these segments. ``flatten`` walks a page once and gives them.
Boxes are (x0, y0, x1, y1), page mm, y down.
"""

from __future__ import annotations

import math
from operator import eq

from ..draw.document import IDENTITY, Circle, Group, Image, Matrix, Page, Path, Poly, Rect, Text, clip_points
from ..draw.document import compose as _mul
from ..draw.fonts import text_width
from ..draw.geometry import ASCENT, DESCENT, box_span
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
                 "group", "colour", "face", "outline", "_lines", "stroked")

    def __init__(self, kind: str, box: Box, role: str = "", text: str = "", size: float = 0.0, font: str = "",
                 src: Source | None = None, segments: tuple[Segment, ...] | None = (), filled: bool = False,
                 stroke_width: float = 0.0, depth: int = 0, group: int = 0, colour: str = "", face: Box | None = None,
                 outline: tuple = (), lines: tuple | None = None) -> None:
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
    ``loops`` "ring": a circle's, ``closed`` then its centre and radius, as ``_ring`` gives it."""
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


def _clip(box: Box, clip: Box | None) -> Box | None:
    if clip is None:
        return box
    x0, y0 = max(box[0], clip[0]), max(box[1], clip[1])
    x1, y1 = min(box[2], clip[2]), min(box[3], clip[3])
    if x1 < x0 or y1 < y0:
        return None
    return (x0, y0, x1, y1)


def flatten(page: Page, faces: dict | None = None) -> list[Ink]:
    """Every inked thing on ``page``, in drawing order, with page-mm boxes (clipped by its groups' clips).

    ``faces``: a memo shared by the pages of one document. A top-level group drawn again (the same ops, as
    a sheet repeats one back or one face) is flattened once, at its turn and scale, and its inks are
    moved to each place it is drawn: the same facts, without measuring every text again."""
    out: list[Ink] = []
    append = out.append
    for i, op in enumerate(page.ops):
        kind = type(op)
        if kind is Group:
            if faces is not None:
                a, b, c, d, e, f = op.matrix
                # by what it draws (a text's source is not compared: the backs of two cards are one face)
                key = (op.ops, op.clip, a, b, c, d)
                local = faces.get(key)
                if local is None:
                    local = faces[key] = _walk([(Group(op.ops, (a, b, c, d, 0.0, 0.0), op.clip), IDENTITY, None, 0,
                                                 0)])
                out += [_moved(ink, e, f, i) for ink in local]
            else:
                _into((op,), IDENTITY, None, 0, i, out)
            continue
        # a loose op (a map page is thousands of them): _into's work for one op at the page's origin, unclipped
        ink = _plain_poly(op, i) if kind is Poly else _ink(op, IDENTITY, 0, i)
        if ink is not None:
            box = ink.box
            if box[2] - box[0] > 0 or box[3] - box[1] > 0 or ink.kind == "shape":
                append(ink)
    return out


def loose_inks(ops, start: int) -> list[Ink]:
    """The inks of ``ops``, loose ops of a page (no group among them) from its ``start``-th on, each its own
    top-level group: what ``flatten`` gives of them."""
    out: list[Ink] = []
    for k, op in enumerate(ops, start):
        ink = _plain_poly(op, k) if type(op) is Poly else _ink(op, IDENTITY, 0, k)
        if ink is not None:
            box = ink.box
            if box[2] - box[0] > 0 or box[3] - box[1] > 0 or ink.kind == "shape":
                out.append(ink)
    return out


def _walk(stack: list) -> list[Ink]:
    """The inks of each (op, matrix, clip, depth, top-level group) of ``stack``, in drawing order."""
    out: list[Ink] = []
    for op, m, clip, depth, group in stack:
        _into((op,), m, clip, depth, group, out)
    return out


def _into(ops, m: Matrix, clip: Box | None, depth: int, group: int, out: list[Ink]) -> None:
    """Append the inks of ``ops`` (drawn through ``m``, clipped to ``clip``) to ``out``, depth first."""
    append = out.append
    plain = m == IDENTITY
    for op in ops:
        kind = type(op)
        if kind is Group:
            inner = _mul(m, op.matrix)
            c = clip
            if op.clip:
                c = _clip(_bbox([_pt(inner, x, y) for x, y in clip_points(op.clip)]), clip) or (0, 0, 0, 0)
            _into(op.ops, inner, c, depth + 1, group, out)
            continue
        ink = _plain_poly(op, group, depth) if plain and kind is Poly else _ink(op, m, depth, group)
        if ink is None:
            continue
        box = ink.box
        if clip is not None:
            box = _clip(box, clip)
            if box is None:
                continue
            if box != ink.box:
                ink.box = box  # (a fresh ink of this walk's own: clipped in place)
        if box[2] - box[0] <= 0 and box[3] - box[1] <= 0 and ink.kind != "shape":
            continue
        append(ink)


def _moved(ink: Ink, dx: float, dy: float, group: int) -> Ink:
    """``ink`` moved by (dx, dy) mm, as a member of top-level group ``group``."""
    b = ink.box
    seg = tuple(((p[0] + dx, p[1] + dy), (q[0] + dx, q[1] + dy)) for p, q in ink.segments) if ink.segments else ()
    out = tuple((x + dx, y + dy) for x, y in ink.outline) if ink.outline else ()
    face = (ink.face[0] + dx, ink.face[1] + dy, ink.face[2] + dx, ink.face[3] + dy) if ink.face else None
    return Ink(ink.kind, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), ink.role, ink.text, ink.size, ink.font, ink.src,
               seg, ink.filled, ink.stroke_width, ink.depth, group, ink.colour, face, out)


def _plain_text_box(op: Text) -> Box:
    """geometry.text_box of a text drawn at the page's own axes, without the matrix (the same box)."""
    w = text_width(op.text, op.font, op.size)
    anchor = op.anchor
    x0 = op.x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
    x1 = x0 + w
    size = op.size
    y0, y1 = op.y - ASCENT * size, op.y + DESCENT * size
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _text_box(op: Text, m: Matrix) -> Box:
    """geometry.text_box(op, m): the same sums in the same order, without its lists and generators."""
    w = text_width(op.text, op.font, op.size)
    anchor = op.anchor
    x0 = op.x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
    x1 = x0 + w + 0.0
    size = op.size
    y0, y1 = op.y - ASCENT * size, op.y + DESCENT * size + 0.0
    a, b, c, d, e, f = m
    ax0, ax1, cy0, cy1 = a * x0, a * x1, c * y0, c * y1
    bx0, bx1, dy0, dy1 = b * x0, b * x1, d * y0, d * y1
    px = (ax0 + cy0 + e, ax1 + cy0 + e, ax1 + cy1 + e, ax0 + cy1 + e)
    py = (bx0 + dy0 + f, bx1 + dy0 + f, bx1 + dy1 + f, bx0 + dy1 + f)
    return (min(px), min(py), max(px), max(py))


def _plain_poly(op: Poly, group: int, depth: int = 0) -> Ink | None:
    """``_ink(op, IDENTITY, depth, group)`` of a polygon (a map's hex): the same ink, by the same sums, without
    the matrix and the other kinds' branches."""
    style = op.style
    width = style.width
    stroke = style.stroke
    fill = style.fill
    stroked = bool(stroke) and width > 0
    if not stroked and not fill:
        return None
    loop = op.points
    xs, ys = zip(*loop)
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if stroked:
        half = width * 1.0 / 2
        if half:
            x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
    closed = op.closed
    filled = bool(fill) and closed
    outline = tuple(loop) if filled and (x1 - x0) * (y1 - y0) <= MARK_AREA else ()
    if stroked:
        return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, None, filled, width * 1.0, depth, group,
                   (fill or stroke or "").lower(), None, outline, ([loop], closed))
    return Ink("shape", (x0, y0, x1, y1), op.role, "", 0.0, "", None, (), filled, 0.0, depth, group,
               (fill or stroke or "").lower(), None, outline)


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
            x, y, w, h = src.trim
            face = _bbox(_pts(m, ((x, y), (x + w, y), (x + w, y + h), (x, y + h))))
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


def _pts(m: Matrix, points) -> list[tuple[float, float]]:
    """``points`` through matrix ``m`` (one comprehension: a map page has thousands of them)."""
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]


def overlap(a: Box, b: Box, pad: float = 0.0) -> bool:
    """Do two boxes share more than ``pad`` mm each way?"""
    return min(a[2], b[2]) - max(a[0], b[0]) > pad and min(a[3], b[3]) - max(a[1], b[1]) > pad


def crosses(seg: Segment, box: Box) -> bool:
    """Does a segment pass through the inside of ``box``?"""
    (x0, y0), (x1, y1) = seg
    # both ends on or beyond one side: it cannot enter (box_span says None there too; this is the cheap half)
    if ((x0 <= box[0] and x1 <= box[0]) or (x0 >= box[2] and x1 >= box[2]) or (y0 <= box[1] and y1 <= box[1])
            or (y0 >= box[3] and y1 >= box[3])):
        return False
    return box_span(seg, box) is not None


def crosses_any(segments, box: Box) -> bool:
    """Does any of ``segments`` pass through the inside of ``box`` (``crosses``, for a shape's strokes)?
    geometry.box_span's clipping written out here, the same sums in the same order (a map page asks this of
    thousands of edges)."""
    bx0, by0, bx1, by1 = box
    for (x0, y0), (x1, y1) in segments:
        if ((x0 <= bx0 and x1 <= bx0) or (x0 >= bx1 and x1 >= bx1) or (y0 <= by0 and y1 <= by0)
                or (y0 >= by1 and y1 >= by1)):
            continue
        dx, dy = x1 - x0, y1 - y0
        t0, t1 = 0.0, 1.0
        for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
            if p == 0:
                if q <= 0:
                    break
                continue
            t = q / p
            if p < 0:
                if t > t0:  # (max(t0, t))
                    t0 = t
            elif t < t1:  # (min(t1, t))
                t1 = t
            if t0 >= t1:
                break
        else:
            return True
    return False


BIG = 64  # cells: an ink whose box spans more (a page's ground, a map's frame) is kept aside, not in every cell


class Grid:
    """Inks bucketed by the ``cell`` mm squares their boxes touch: "what is near this box" without
    comparing every text with every stroke of a map page."""

    def __init__(self, inks: list, cell: float = 12.0, boxes: list[Box] | None = None) -> None:
        """``boxes``: the box of each of ``inks`` when not their own ``box`` (a text's inner box)."""
        self.cell = cell
        self.inks = inks
        self.buckets = buckets = {}
        self.big: list[tuple[int, int, int, int, int]] = []  # (index, its cell range x0, y0, x1, y1)
        get = buckets.get
        for i, b in enumerate(boxes if boxes is not None else [ink.box for ink in inks]):
            x0, y0, x1, y1 = int(b[0] // cell), int(b[1] // cell), int(b[2] // cell), int(b[3] // cell)
            if x0 == x1 and y0 == y1:  # most inks lie in one cell
                got = get((x0, y0))
                if got is None:
                    buckets[(x0, y0)] = [i]
                else:
                    got.append(i)
                continue
            if (x1 - x0 + 1) * (y1 - y0 + 1) > BIG:
                self.big.append((i, x0, y0, x1, y1))
                continue
            for gx in range(x0, x1 + 1):
                for gy in range(y0, y1 + 1):
                    got = get((gx, gy))
                    if got is None:
                        buckets[(gx, gy)] = [i]
                    else:
                        got.append(i)

    def near_index(self, box: Box) -> list[int]:
        """The indices (into ``inks``) of the inks whose boxes share a cell with ``box``, ascending."""
        c = self.cell
        x0, y0, x1, y1 = int(box[0] // c), int(box[1] // c), int(box[2] // c), int(box[3] // c)
        big = [i for i, a0, b0, a1, b1 in self.big if a0 <= x1 and x0 <= a1 and b0 <= y1 and y0 <= b1] \
            if self.big else None
        if x0 == x1 and y0 == y1:
            got = self.buckets.get((x0, y0), [])  # one cell: its list is already ascending and unique
            return sorted(got + big) if big else got
        seen: set[int] = set(big) if big else set()
        get = self.buckets.get
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                got = get((gx, gy))
                if got:
                    seen.update(got)
        return sorted(seen)

    def near(self, box: Box) -> list[Ink]:
        """The inks whose boxes share a cell with ``box``, each once, in drawing order."""
        inks = self.inks
        return [inks[i] for i in self.near_index(box)]
