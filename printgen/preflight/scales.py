"""A shape drawn across a scale's ticks (the ``ink-on-ink`` class).

A scale (strokes of role "scale": a height ruler beside a figure, the marks of a gauge) is read tick by tick
against its plain ground; a filled shape of the same face reaching across its ticks, over or under them, mixes
its ink into the scale and a reader can no longer count up the levels (an army card's figure drawn so wide that
its body and target zone run across the ruler's middle levels). A shape's box stands for it when it keeps no
outline (a rectangle, a large shape).
"""

from __future__ import annotations

from typing import Iterable

from .checks import Settings, Sheet
from .collide import _inside, _name, _seg_dist, _src, collisions
from .scene import Ink
from .sheet import Hit

SCALE_ROLE = "scale"


INSET = 0.05  # mm: a shape is read this much inside its edge (a tick ending on a base's top edge meets it, by design)


def _outline(ink: Ink) -> tuple:
    """The shape's outline (its box when it keeps none), drawn ``INSET`` in towards its middle."""
    x0, y0, x1, y1 = ink.box
    if not ink.outline:
        return ((x0 + INSET, y0 + INSET), (x1 - INSET, y0 + INSET), (x1 - INSET, y1 - INSET), (x0 + INSET, y1 - INSET))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    out = []
    for x, y in ink.outline:
        d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
        k = max(0.0, d - INSET) / d if d else 0.0
        out.append((cx + (x - cx) * k, cy + (y - cy) * k))
    return tuple(out)


def _covers(poly: tuple, p, q) -> bool:
    """Does the filled ``poly`` lie over any of segment pq (an end inside it, or an edge crossing it)?"""
    if _inside(p, poly) or _inside(q, poly):
        return True
    return any(_seg_dist(p, q, poly[k - 1], poly[k]) == 0.0 for k in range(len(poly)))


def covered_scales(inks: list[Ink]) -> list[tuple[Ink, Ink]]:
    """(a scale's stroke, the first shape across it) for each face (top-level group) where a filled shape of the
    face meets a tick of its scale, drawn over or under it. A shape that holds the whole scale is its ground
    (the panel it is drawn on), not across it."""
    scales = [s for s in inks if s.role == SCALE_ROLE and s.kind == "shape"]
    if not scales:
        return []
    whole: dict[int, tuple] = {}  # each face's scale, all its strokes: what a ground holds
    for sc in scales:
        b = whole.get(sc.group, sc.box)
        whole[sc.group] = (min(b[0], sc.box[0]), min(b[1], sc.box[1]), max(b[2], sc.box[2]), max(b[3], sc.box[3]))
    out: list[tuple[Ink, Ink]] = []
    done: set[int] = set()  # (the groups found: one hit a face)
    for other in inks:
        if other.kind != "shape" or not other.filled or other.role == SCALE_ROLE or other.group in done:
            continue
        x0, y0, x1, y1 = other.box
        w = whole.get(other.group)
        if w is None or x0 > w[2] or w[0] > x1 or y0 > w[3] or w[1] > y1:
            continue
        if x0 <= w[0] and y0 <= w[1] and w[2] <= x1 and w[3] <= y1:
            continue  # (the scale's ground: the panel it is drawn on)
        for s in scales:
            sx0, sy0, sx1, sy1 = s.box
            if s.group != other.group or x0 > sx1 or sx0 > x1 or y0 > sy1 or sy0 > y1:
                continue
            poly = _outline(other)
            if any(_covers(poly, p, q) for p, q in s.segments):
                done.add(other.group)
                out.append((s, other))
                break
    return out


def scale_hits(inks: list[Ink], number: int) -> list[Hit]:
    """The ``ink-on-ink`` hits of ``covered_scales`` (page ``number``), each at its face's item and the covering
    shape's element."""
    covered = covered_scales(inks)
    if not covered:
        return []
    faces: dict[int, object] = {}  # (collide._face_sources: per top-level group, its first text's source)
    for ink in inks:
        if ink.kind == "text" and ink.src is not None and ink.group not in faces:
            faces[ink.group] = ink.src
    return [Hit("ink-on-ink", _src(faces.get(shape.group), shape), f"draws {_name(shape)} across the ticks of "
                f"{_name(scale)}: a reader cannot count up the scale", number) for scale, shape in covered]


def ink_on_ink(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    """The ``ink-on-ink`` class on a page read ink by ink: collide.collisions (marks on marks, short labels on
    them), then a scale's ticks hidden under a shape drawn after them. A page whose inks are each a group of
    their own (a map's loose ops) holds no face to read either on."""
    inks = sheet.inks
    if len({i.group for i in inks}) == len(inks):
        return
    yield from collisions(sheet, settings)
    yield from scale_hits(inks, sheet.number)
