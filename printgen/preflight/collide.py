"""Ink on ink the layout did not mean: a small filled shape (an icon, a badge, a disc) overlapping or
grazing another on the same face, and a label wider than the disc or badge it sits in.

What a layout means is told by nesting: an icon drawn inside its badge, a pip inside its die, lies wholly
within the other's box. Two shapes that overlap or come closer than the game's clearance
(``preflight: {clearance: ...}``) without one holding the other were not meant to touch. Rectangles are
left out (table cells and bars tile edge to edge by design), as are the grounds a face is drawn on.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Iterable

from ..draw.fonts import text_width
from ..draw.provenance import Source
from .bulk import held_bulk, near_pairs
from .checks import GROUND_ROLES, Hit, Settings, Sheet, _quote
from .scene import MARK_AREA, Box, Grid, Ink  # (Grid: label_hits, per face; imported once here, not per call)

SMALL = MARK_AREA  # mm²: a shape's box up to this is a mark (icon, badge, disc); larger ones are grounds
SKIP_ROLES = GROUND_ROLES + ("hex", "hex-part", "hex-edge", "cut", "crop", "dial-cut", "legend-swatch", "furniture",
                             "panel", "frame", "zone")


def _area(b: Box) -> float:
    return (b[2] - b[0]) * (b[3] - b[1])


def _holds(a: Box, b: Box, tol: float = 0.05) -> bool:
    return a[0] - tol <= b[0] and a[1] - tol <= b[1] and b[2] <= a[2] + tol and b[3] <= a[3] + tol


def _seg_dist(p, q, r, s) -> float:
    """The least distance between segments pq and rs (0 when they cross)."""
    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    d1, d2, d3, d4 = cross(r, s, p), cross(r, s, q), cross(p, q, r), cross(p, q, s)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)):
        return 0.0
    return min(_pt_seg(p, r, s), _pt_seg(q, r, s), _pt_seg(r, p, q), _pt_seg(s, p, q))


def _pt_seg(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _inside(p, poly) -> bool:
    """Is point ``p`` inside the outline ``poly`` (a sequence of points; even-odd)? Each edge is tested from
    its first point to its next, the last edge closing the loop taken first (the count's parity is the same)."""
    if not poly:
        return False
    x, y = p
    hit = False
    x1, y1 = poly[-1]
    for x2, y2 in poly:
        # (the edge from (x1, y1) to (x2, y2), as zip(poly, poly[1:] + poly[:1]) pairs them)
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
        x1, y1 = x2, y2
    return hit


def gap(a: tuple, b: tuple, limit: float = math.inf) -> float:
    """The least distance (mm) between two outlines' filled insides: 0 when they overlap. ``limit``: a distance
    past which the exact figure does not matter (anything at least ``limit`` may come back as any figure at least
    that). Two edges whose boxes lie farther apart than the least distance found so far (or than ``limit``) are
    not measured: their distance is at least that gap between their boxes, so they cannot be the nearest."""
    if _inside(a[0], b) or _inside(b[0], a):
        return 0.0
    best = math.inf
    edges = [(r, s, min(r[0], s[0]), min(r[1], s[1]), max(r[0], s[0]), max(r[1], s[1]))
             for r, s in zip(b, b[1:] + b[:1])]
    bound = limit + 1e-9
    for p, q in zip(a, a[1:] + a[:1]):
        x0, y0, x1, y1 = min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1])
        for r, s, rx0, ry0, rx1, ry1 in edges:
            # (the boxes' separation along the wider axis: never more than the edges' distance; the 1e-9 covers
            # the rounding of both figures)
            if max(rx0 - x1, x0 - rx1, ry0 - y1, y0 - ry1) > bound:
                continue
            got = _seg_dist(p, q, r, s)
            if got < best:
                best = got
                if best == 0.0:
                    return 0.0
                if best + 1e-9 < bound:
                    bound = best + 1e-9
    return best


def _marks(sheet: Sheet) -> list[Ink]:
    """The marks of a page that stand on their own: an icon's parts, held by the badge or disc they are drawn
    on, belong to it and are not compared with each other."""
    return free_marks(sheet.inks)


def is_mark(i: Ink) -> bool:
    """Is ``i`` a mark (a small filled shape with an outline, not a ground, a cut or the furniture)?"""
    # (an outline first: most inks have none, and only a shape has one)
    return bool(i.outline) and i.kind == "shape" and _area(i.box) <= SMALL and i.role.split(":")[0] not in SKIP_ROLES


def free_marks(inks: list[Ink]) -> list[Ink]:
    """The marks among ``inks`` not held by another of their group (see ``_marks``)."""
    marks = [i for i in inks if is_mark(i)]
    if len(marks) < 2:
        return marks
    # only a mark of its own group holds another: a map's loose hexes, each its own top-level group, are
    # free without a look (a build guide's page has thousands)
    shared = _shared_groups(marks)
    if not shared:
        return marks
    crowd = [m for m in marks if m.group in shared]
    if len(crowd) >= BULK:
        held = {id(crowd[i]) for i in held_bulk(crowd)}
        return [m for m in marks if id(m) not in held]
    # each against those whose boxes share a cell of 8 mm with its own (a Grid's near_index, without the grid)
    cells = _cells([m.box for m in crowd], 8.0)
    held = set()
    for i, m in enumerate(crowd):
        box, group = m.box, m.group
        x0, y0, x1, y1 = cells[i]
        for j, c in enumerate(cells):  # (in plain loops: a deck's every face asks this of its dozen marks)
            if j != i and c[0] <= x1 and x0 <= c[2] and c[1] <= y1 and y0 <= c[3]:
                other = crowd[j]
                if other.group == group and _holds(other.box, box) and not _holds(box, other.box):
                    held.add(id(m))
                    break
    return [m for m in marks if id(m) not in held]


def _cells(boxes: list[Box], cell: float) -> list[tuple[int, int, int, int]]:
    """The cells (x0, y0, x1, y1, ``cell`` mm squares) each box touches, as scene.Grid files it: two boxes'
    ranges meet exactly when the grid gives each for the other's box."""
    return [(int(b[0] // cell), int(b[1] // cell), int(b[2] // cell), int(b[3] // cell)) for b in boxes]


BULK = 24  # marks: from this many on, their boxes are compared all at once (numpy), not through a grid


def _shared_groups(inks: list[Ink]) -> set[int]:
    """The top-level groups that hold two or more of ``inks``."""
    seen: set[int] = set()
    shared: set[int] = set()
    for i in inks:
        (shared if i.group in seen else seen).add(i.group)
    return shared


def _tiled(a: tuple, b: tuple, tol: float = 0.05) -> bool:
    """Do two outlines share an edge (two corners in common), as the cells of a grid or a honeycomb do?"""
    common = 0
    for p in a:  # (each corner against ``b``'s in plain loops: a face's honeycomb asks this of every two cells)
        px, py = p[0], p[1]
        for q in b:
            if abs(px - q[0]) < tol and abs(py - q[1]) < tol:
                common += 1
                if common >= 2:
                    return True
                break
    return False


def _face_sources(sheet: Sheet) -> dict[int, Source]:
    """Per top-level group (a face), the source of one of its texts: what the face was drawn from."""
    out: dict[int, Source] = {}
    for ink in sheet.inks:
        if ink.kind == "text" and ink.src is not None and ink.group not in out:
            out[ink.group] = ink.src
    return out


def _name(ink: Ink) -> str:
    return f"'{ink.role}'" if ink.role else "an icon"


def _src(face: Source | None, ink: Ink) -> Source | None:
    """The source a finding about a shape names: its face's item, and its layout element when it has an id
    (the element's line found in the layout file that drew the face's texts)."""
    if face is None:
        return None
    element = None
    if ink.role and face.element is not None:
        element = _element_line(face.element.file, ink.role)
    return replace(face, element=element, element_name=ink.role or "")


_LINES: dict[str, list[str]] = {}


def _element_line(file: str, role: str):
    from ..findings import Location

    if file not in _LINES:
        try:
            with open(file, encoding="utf-8") as fh:
                _LINES[file] = fh.read().splitlines()
        except OSError:
            _LINES[file] = []
    for i, line in enumerate(_LINES[file]):
        at = line.find(f"id: {role}")
        if at >= 0 and line[at + 4 + len(role):at + 5 + len(role)] in (",", "}", "", " "):
            # the column of the element's mapping, as the layout's own findings give it
            return Location(file, i + 1, (line.find("{") if "{" in line[:at] else at) + 1)
    return None


def collisions(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    inks = sheet.inks
    if len({i.group for i in inks}) == len(inks):
        return  # each ink a group of its own (a map's loose ops): no two marks, nor a label and a mark, share one
    marks = _marks(sheet)
    faces = _face_sources(sheet)
    for b, message in mark_pairs(marks, settings.clearance):
        yield Hit("ink-on-ink", _src(faces.get(b.group), b), message, sheet.number)
    yield from label_hits([t for t in sheet.texts() if len(t.text.strip()) <= 4], marks,
                          sheet.number)


def mark_pairs(marks: list[Ink], d: float) -> list[tuple[Ink, str]]:
    """(the later mark, what is wrong) of each two free ``marks`` of one group closer than ``d`` mm that
    neither holds, in order."""
    out = []
    shared = _shared_groups(marks) if len(marks) >= 2 else ()
    if shared:  # (two marks of one group: a mark alone in its group meets none)
        marks = [m for m in marks if m.group in shared]
        for i, j in (near_pairs(marks, d) if len(marks) >= BULK else _pairs_near(marks, d)):
            a, b = marks[i], marks[j]
            if a.colour == b.colour or _tiled(a.outline, b.outline):
                continue  # one ink is one shape to the eye (an icon in parts); cells drawn edge to edge: meant
            g = gap(a.outline, b.outline, d)  # (past d, the figure is not reported)
            if g < d - 1e-9:
                how = "over" if g == 0.0 else f"{g:.2f} mm from"
                out.append((b, f"draws {_name(b)} {how} {_name(a)} (keep {d:g} mm clear)"))
    return out


def _pairs_near(marks: list[Ink], d: float) -> list[tuple[int, int]]:
    """``near_pairs`` for a few marks: each against those after it whose cells meet its padded box's."""
    out = []
    cells = _cells([m.box for m in marks], 8.0)
    for i, a in enumerate(marks):
        pad = (a.box[0] - d, a.box[1] - d, a.box[2] + d, a.box[3] + d)
        # (those whose cells meet the padded box's: what a Grid of the marks gives for it, in order)
        x0, y0, x1, y1 = int(pad[0] // 8.0), int(pad[1] // 8.0), int(pad[2] // 8.0), int(pad[3] // 8.0)
        for j in range(i + 1, len(marks)):
            c = cells[j]
            if c[0] > x1 or x0 > c[2] or c[1] > y1 or y0 > c[3]:
                continue
            b = marks[j]
            if b.group != a.group or _holds(a.box, b.box) or _holds(b.box, a.box):
                continue
            if b.box[0] > pad[2] or b.box[2] < pad[0] or b.box[1] > pad[3] or b.box[3] < pad[1]:
                continue
            out.append((i, j))
    return out


def label_hits(texts: list[Ink], marks: list[Ink], number: int) -> list[Hit]:
    """A label set on a badge or disc (``texts``: the short ones) whose ink is wider than the shape it sits in."""
    if not texts or not marks:
        return []
    # a label is read against the marks of its own group only
    groups = {t.group for t in texts}
    marks = [m for m in marks if m.group in groups]
    if not marks:
        return []
    out = []
    grid = Grid(marks, cell=8.0) if len(texts) * len(marks) > 200 else None
    for t in texts:
        cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
        for k in grid.near_index((cx, cy, cx, cy)) if grid is not None else _sharing_cell(marks, cx, cy, 8.0):
            m = marks[k]
            if m.group != t.group or not _inside((cx, cy), m.outline):
                continue
            # the word's advance along its own line (a card may be turned on the sheet): the font's measure
            width = text_width(t.text.strip(), t.font or "sans", t.size * 25.4 / 72.0)
            room = m.box[2] - m.box[0]
            if width > room + 0.05:
                out.append(Hit("ink-on-ink", t.src, f"prints {_quote(t.text)} {width:.2f} mm wide on {_name(m)} "
                               f"{room:.2f} mm across", number, t.text))
            break
    return out


def _sharing_cell(marks: list[Ink], x: float, y: float, cell: float) -> list[int]:
    """What ``Grid(marks, cell).near_index((x, y, x, y))`` gives (the marks whose boxes share the point's
    cell, ascending), for a few marks without building the grid."""
    gx, gy = int(x // cell), int(y // cell)
    return [k for k, m in enumerate(marks) if int(m.box[0] // cell) <= gx <= int(m.box[2] // cell)
            and int(m.box[1] // cell) <= gy <= int(m.box[3] // cell)]
