"""What the page-level reading of a sheet of faces needs of a face or of one of its elements (preflight/parts.py):
the box of all its inks and of its texts, whether it draws a legend, a registration mark or a tile's trim line,
and the boxes that count as use of the page (``Info``); and those boxes reduced to the few that hold the rest
(``_cover``).
"""

from __future__ import annotations

from typing import Iterable

from ..draw.measure import TILE_ROLES
from .pairs import _union
from .registration import clear_boxes
from .scene import Box, Ink

LEGEND_ROLES = ("legend-swatch", "legend-entry")


def _cover(boxes: Iterable[Box], against: int = 4) -> list[Box]:
    """``boxes`` less those inside one of the ``against`` largest: the cells they touch are the cells all of
    them touch (a box kept inside another changes nothing either)."""
    boxes = boxes if isinstance(boxes, list) else list(boxes)
    if not boxes:
        return []
    # most faces: the largest box (the first of the largest, as the sort below has it) holds every other. The
    # first box (a face's ground) is tried first: one holding every other (none of them inside out) is at least
    # as large as each, and the first of any as large, so it is that box
    first = boxes[0]
    x0, y0, x1, y1 = first
    for b in boxes:  # (``all`` over them, written out: a face's covers are read once per face of a deck)
        if not (x0 <= b[0] <= b[2] <= x1 and y0 <= b[1] <= b[3] <= y1):
            break
    else:
        return [first]
    big = max(boxes, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    if all(big[0] <= b[0] and big[1] <= b[1] and b[2] <= big[2] and b[3] <= big[3] for b in boxes):
        return [big]
    kept: list[Box] = []
    top: list[Box] = kept  # the first ``against`` kept (the largest): what a box is tried against
    for b in sorted(boxes, key=lambda b: -(b[2] - b[0]) * (b[3] - b[1])):
        x0, y0, x1, y1 = b
        for k in top:
            if k[0] <= x0 and k[1] <= y0 and x1 <= k[2] and y1 <= k[3]:
                break
        else:
            kept.append(b)
            if len(kept) == against:
                top = kept[:]
    return kept


class Info:
    """What the page-level reading needs of a face or of one of its elements: the box of all its inks and of
    its texts, whether it draws a legend or a registration mark, and the boxes that count as use of the page
    (not the furniture, none inside another: ``cover``, worked out when first asked for, from ``use``, the
    boxes as drawn)."""

    __slots__ = ("box", "texts", "legend", "zones", "_cover", "use", "tiled", "held")

    def __init__(self, box, texts, legend: bool, zones: bool, cover: list[Box] | None, tiled: bool = False,
                 use: list[Box] | None = None) -> None:
        self.box, self.texts, self.legend, self.zones = box, texts, legend, zones
        self._cover = cover  # (None: not worked out yet, ``use`` at hand)
        self.use = cover if use is None else use
        self.tiled = tiled  # does it draw a tile's trim line (draw.measure.TILE_ROLES)?
        self.held: tuple | None = None  # (a box, is each of its ``use`` boxes inside it?): ``_held``'s last answer

    @property
    def cover(self) -> list[Box]:
        got = self._cover
        if got is None:
            got = self._cover = _cover(self.use)
        return got

    @classmethod
    def of(cls, inks: list[Ink]) -> "Info":
        if len(inks) == 1:  # (most elements: one ink)
            i = inks[0]
            role = i.role
            flags = _ROLES.get(role)
            if flags is None:
                flags = _roles(role)
            legend, zones, use, tiled = flags
            return cls(i.box, i.box if i.kind == "text" else None, legend, zones, [i.box] if use else [], tiled)
        # (its cover is asked for only where its face's ground does not hold every box of the face: ``joined``)
        return cls(_union(i.box for i in inks), _union(i.box for i in inks if i.kind == "text"),
                   any(i.role in LEGEND_ROLES for i in inks), any(clear_boxes(i.role or "") for i in inks),
                   None, any(i.role in TILE_ROLES for i in inks),
                   [i.box for i in inks if i.role != "furniture" and not i.role.startswith("ruler")])

    @classmethod
    def joined(cls, infos: list["Info"], *, reduce: bool = True) -> "Info":
        # (in one pass: the unions of the boxes, and of the texts' boxes, the flags, the covers in order)
        box = texts = None
        legend = zones = tiled = False
        for i in infos:
            b = i.box
            if b is not None:
                if box is None:
                    box = b
                elif b[0] < box[0] or b[1] < box[1] or b[2] > box[2] or b[3] > box[3]:
                    box = (b[0] if b[0] < box[0] else box[0], b[1] if b[1] < box[1] else box[1],
                           b[2] if b[2] > box[2] else box[2], b[3] if b[3] > box[3] else box[3])
            b = i.texts
            if b is not None:
                if texts is None:
                    texts = b
                elif b[0] < texts[0] or b[1] < texts[1] or b[2] > texts[2] or b[3] > texts[3]:
                    texts = (b[0] if b[0] < texts[0] else texts[0], b[1] if b[1] < texts[1] else texts[1],
                             b[2] if b[2] > texts[2] else texts[2], b[3] if b[3] > texts[3] else texts[3])
            legend = legend or i.legend
            zones = zones or i.zones
            tiled = tiled or i.tiled
        if reduce:
            covers = _held(infos)
            if covers is None:
                covers = []
                for i in infos:
                    if i.use:
                        covers += i.cover
                covers = _cover(covers)
        else:
            covers = []
            for i in infos:
                if i.use:
                    covers += i.cover
        return cls(box, texts, legend, zones, covers, tiled)


def _roles(role: str) -> tuple[bool, bool, bool, bool]:
    """What ``Info.of`` reads of an ink's role: a legend's? a registration mark's? use of the page (not the
    furniture, not a ruler)? a tile's trim line? Kept for each role met (``_ROLES``)."""
    got = _ROLES[role] = (role in LEGEND_ROLES, bool(clear_boxes(role or "")),
                          not (role == "furniture" or role.startswith("ruler")), role in TILE_ROLES)
    if len(_ROLES) > 4096:
        _ROLES.clear()
    return got


_ROLES: dict[str, tuple[bool, bool, bool, bool]] = {}


def _held(infos: list[Info]) -> list[Box] | None:
    """``_cover`` of the elements' covers, in one case, without them: where the first box of them is its
    element's whole cover and holds every box drawn of the other elements (a face's ground, drawn first), it is
    all (``_cover`` keeps the first box when it holds every other, and each element's cover is some of the
    boxes it draws). None where that does not hold."""
    k = 0
    for k, first in enumerate(infos):
        if first.use:
            break
    else:
        return []
    cover = first.cover
    if len(cover) != 1:
        return None
    b = cover[0]
    x0, y0, x1, y1 = b
    if not (x0 <= b[0] <= b[2] <= x1 and y0 <= b[1] <= b[3] <= y1):
        return None
    held = cover[0]
    for i in infos[k + 1:]:
        # (an element placed on many faces is asked of the same ground's box on each: its answer is kept with it,
        # for that very box object)
        got = i.held
        if got is None or got[0] is not held:
            inside = True
            for b in i.use:
                if not (x0 <= b[0] <= b[2] <= x1 and y0 <= b[1] <= b[3] <= y1):
                    inside = False
                    break
            got = i.held = (held, inside)
        if not got[1]:
            return None
    return [held]
