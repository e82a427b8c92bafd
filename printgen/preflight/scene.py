"""A page as the preflight sees it: every inked thing with its box on the page, in mm.

The drawing model nests groups with matrices and clips; the checks want flat
facts: this text, at this printed size (pt), in this box, from this source;
this stroke, along these segments. ``flatten`` walks a page once and gives them.
Boxes are (x0, y0, x1, y1), page mm, y down.
"""

from __future__ import annotations

from math import floor

from ..draw.document import IDENTITY, Circle, Group, Matrix, Page, Path, Poly, Rect, Text, clip_points
from ..draw.document import compose as _mul
from ..draw.geometry import box_span
from .clip import clipped as _clipped
# one op as the ink it prints (what flatten gives of each), and what the other modules read of it here
from .inking import (MARK_AREA, MM_TO_PT, Box, Ink, Segment, _bbox, _ink, _plain_circle, _plain_path,  # noqa: F401
                     _plain_poly, _plain_rect, _plain_text, _plain_text_box, _pt, _pts, _ring, _scale,
                     _segments_of, _text_box)


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
    return flatten_ops(page.ops, faces)


def flatten_ops(ops, faces: dict | None = None) -> list[Ink]:
    """``flatten`` of a page whose ops are ``ops`` (a page's first ops alone: what they draw is what they draw
    on the whole page, each top-level op numbered by its place)."""
    out: list[Ink] = []
    append = out.append
    for i, op in enumerate(ops):
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
        # (a shape is kept whatever its box; _plain_text leaves out a text with an empty box)
        if kind is Poly or kind is Path or kind is Circle or kind is Rect:
            ink = _PLAIN[kind](op, i)
            if ink is not None:
                append(ink)
            continue
        ink = _plain_text(op, i) if kind is Text else _ink(op, IDENTITY, 0, i)
        if ink is not None:
            box = ink.box
            if box[2] - box[0] > 0 or box[3] - box[1] > 0 or ink.kind != "image":
                append(ink)
    return out


# each kind of shape's own short path for a loose op (inking: _ink's sums through the identity, written out)
_PLAIN = {Poly: _plain_poly, Path: _plain_path, Circle: _plain_circle, Rect: _plain_rect}


def loose_inks(ops, start: int) -> list[Ink]:
    """The inks of ``ops``, loose ops of a page (no group among them) from its ``start``-th on, each its own
    top-level group: what ``flatten`` gives of them."""
    out: list[Ink] = []
    for k, op in enumerate(ops, start):
        kind = type(op)
        if kind is Poly or kind is Path or kind is Circle or kind is Rect:  # (a shape: kept whatever its box)
            ink = _PLAIN[kind](op, k)
            if ink is not None:
                out.append(ink)
            continue
        ink = _plain_text(op, k) if kind is Text else _ink(op, IDENTITY, 0, k)
        if ink is not None:
            box = ink.box
            if box[2] - box[0] > 0 or box[3] - box[1] > 0 or ink.kind != "image":
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
    out = tuple([(x + dx, y + dy) for x, y in ink.outline]) if ink.outline else ()
    face = (ink.face[0] + dx, ink.face[1] + dy, ink.face[2] + dx, ink.face[3] + dy) if ink.face else None
    if ink.stroked:  # its strokes moved when first read (most of a sheet's copies are read for their boxes alone)
        return Ink(ink.kind, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), ink.role, ink.text, ink.size, ink.font,
                   ink.src, None, ink.filled, ink.stroke_width, ink.depth, group, ink.colour, face, out,
                   ("moved", (ink, dx, dy)))
    return Ink(ink.kind, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), ink.role, ink.text, ink.size, ink.font, ink.src,
               (), ink.filled, ink.stroke_width, ink.depth, group, ink.colour, face, out)


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
        if _clipped(x0, y0, x1, y1, bx0, by0, bx1, by1):
            return True
    return False


def crosses_ink(ink: Ink, box: Box) -> bool:
    """``crosses_any(ink.segments, box)``, without working its segments out when they are not yet: its loops'
    points are read pair by pair as ``_segments_of`` pairs them (a point repeated makes no segment), and each pair
    tested by crosses_any's sums. A map page's texts are each tested against the few hexes round them, and most
    of those hexes against nothing else: their segments would be made for one test."""
    lines = ink._lines
    if ink._segments is not None or type(lines[0]) is str:  # (worked out, or a ring's or a moved ink's)
        return crosses_any(ink.segments, box)
    loops, closed = lines
    bx0, by0, bx1, by1 = box
    for loop in loops:
        # (each point with the next, the last with the first when closed: the pairs _segments_of reads)
        for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1] if closed else loop[1:]):
            if ((x0 <= bx0 and x1 <= bx0) or (x0 >= bx1 and x1 >= bx1) or (y0 <= by0 and y1 <= by0)
                    or (y0 >= by1 and y1 >= by1)):
                continue
            # a point repeated makes no segment (asked only here: the cheap test above sets most pairs aside
            # first, and says no more of them than it would); as tuples compare, each coordinate "is or =="
            if (x0 is x1 or x0 == x1) and (y0 is y1 or y0 == y1):
                continue
            if _clipped(x0, y0, x1, y1, bx0, by0, bx1, by1):
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
        buckets = self.buckets
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(buckets):
            # a box over more cells than hold anything (a page's ground, a frame round a sheet): the cells that
            # hold something are looked through instead of every cell it covers (the same cells' inks)
            for (gx, gy), got in buckets.items():
                if x0 <= gx <= x1 and y0 <= gy <= y1:
                    seen.update(got)
            return sorted(seen)
        get = buckets.get
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


def over_sweep(order: list[int], inner: list[Box], texts: list[Ink]) -> list[tuple[int, int]]:
    """(i, j) of each two texts whose ``inner`` boxes overlap, j met before i by a sweep along x (``order``:
    by their boxes' left edges), in the sweep's order."""
    if len(order) >= ROWS_FROM:
        got = over_rows(order, inner, texts)
        if got is not None:
            return got
    out = []
    active: list[int] = []
    for i in order:
        left = texts[i].box[0]
        active = [j for j in active if texts[j].box[2] > left]
        x0, y0, x1, y1 = inner[i]
        for j in active:
            o = inner[j]
            if min(x1, o[2]) - max(x0, o[0]) > 0.0 and min(y1, o[3]) - max(y0, o[1]) > 0.0:  # overlap()
                out.append((i, j))
        active.append(i)
    return out


ROWS_FROM = 12  # texts: from this many on (a table's cells), each is compared only with those in its rows
ROW = 4.0  # mm: the rows' height


def over_rows(order: list[int], inner: list[Box], texts: list[Ink]) -> list[tuple[int, int]] | None:
    """``over_sweep``'s pairs in its order, each text compared only with the earlier ones whose inner boxes lie in a
    row of ROW mm its own box reaches (two boxes that overlap share a point, and floor(y / ROW) is monotonic: they
    share its row). A text met earlier in the sweep is still in its active list exactly when its box's right edge
    lies right of this one's left edge (the left edges come in order). None where a figure is not a number of a
    page's size, or a box spans more than 64 rows: the sweep reads those."""
    rows_of = []
    for b, t in zip(inner, texts):
        o = t.box
        if not (-1e9 < b[1] < 1e9 and -1e9 < b[3] < 1e9 and -1e9 < o[0] < 1e9 and -1e9 < o[2] < 1e9):
            return None
        r0, r1 = floor(b[1] / ROW), floor(b[3] / ROW)
        if r1 - r0 > 64:
            return None
        rows_of.append((r0, r1))
    place = [0] * len(texts)
    last = None
    for p, i in enumerate(order):
        place[i] = p
        left = texts[i].box[0]
        if last is not None and left < last:
            return None  # (not a sweep by left edges)
        last = left
    rows: dict[int, list[int]] = {}  # row -> the texts met so far reaching it, in the sweep's order
    out = []
    for i in order:
        left = texts[i].box[0]
        x0, y0, x1, y1 = inner[i]
        r0, r1 = rows_of[i]
        if r0 == r1:
            near = rows.get(r0, ())
        else:
            seen: set[int] = set()
            for r in range(r0, r1 + 1):
                seen.update(rows.get(r, ()))
            near = sorted(seen, key=place.__getitem__)
        for j in near:
            if texts[j].box[2] > left:
                o = inner[j]
                if min(x1, o[2]) - max(x0, o[0]) > 0.0 and min(y1, o[3]) - max(y0, o[1]) > 0.0:  # overlap()
                    out.append((i, j))
        for r in range(r0, r1 + 1):
            got = rows.get(r)
            if got is None:
                rows[r] = [i]
            else:
                got.append(i)
    return out


def crossed(strokes: list[Ink], live: list[tuple[int, Box]], cells: list | None = None) -> dict[int, str]:
    """text index -> the role of the first of ``strokes`` (drawing order) crossing its inner box (``live``: (text
    index, inner box)): the strokes read in drawing order, each against every text (checks.overlaps asks this of
    a page of a few texts and strokes, at most checks.BULK pairs: a track's panel, a reference card; a grid of
    the texts cost more to build and look up than the pairs' boxes cost to compare, tests/preflight/test_few.py);
    bulk.first_crossings reads many at once. ``cells``: as first_crossings takes them."""
    first: dict[int, str] = {}  # text index -> the role of the first stroke crossing it
    for s in strokes:
        b0, b1, b2, b3 = s.box
        for n, (k, inner) in enumerate(live):
            if k in first:
                continue  # (already crossed by an earlier stroke)
            x0, y0, x1, y1 = inner
            # overlap() of the two boxes, then the stroke's segments through the text's inner box
            if min(b2, x1) - max(b0, x0) > 0.0 and min(b3, y1) - max(b1, y0) > 0.0:
                if cells is not None and s.cell is not None and s.cell is cells[n]:
                    continue  # (a hex of the grid the text lies clear inside: bulk.first_crossings)
                if crosses_ink(s, inner):
                    first[k] = s.role
    return first
