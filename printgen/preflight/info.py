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
    if all(x0 <= b[0] <= b[2] <= x1 and y0 <= b[1] <= b[3] <= y1 for b in boxes):
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
    (not the furniture, none inside another)."""

    __slots__ = ("box", "texts", "legend", "zones", "cover", "tiled")

    def __init__(self, box, texts, legend: bool, zones: bool, cover: list[Box], tiled: bool = False) -> None:
        self.box, self.texts, self.legend, self.zones, self.cover = box, texts, legend, zones, cover
        self.tiled = tiled  # does it draw a tile's trim line (draw.measure.TILE_ROLES)?

    @classmethod
    def of(cls, inks: list[Ink]) -> "Info":
        if len(inks) == 1:  # (most elements: one ink)
            i = inks[0]
            role = i.role
            return cls(i.box, i.box if i.kind == "text" else None, role in LEGEND_ROLES, bool(clear_boxes(role or "")),
                       [] if role == "furniture" or role.startswith("ruler") else [i.box], role in TILE_ROLES)
        return cls(_union(i.box for i in inks), _union(i.box for i in inks if i.kind == "text"),
                   any(i.role in LEGEND_ROLES for i in inks), any(clear_boxes(i.role or "") for i in inks),
                   _cover(i.box for i in inks if i.role != "furniture" and not i.role.startswith("ruler")),
                   any(i.role in TILE_ROLES for i in inks))

    @classmethod
    def joined(cls, infos: list["Info"], *, reduce: bool = True) -> "Info":
        box = _union(i.box for i in infos if i.box is not None)
        texts = _union(i.texts for i in infos if i.texts is not None)
        legend = any(i.legend for i in infos)
        zones = any(i.zones for i in infos)
        tiled = any(i.tiled for i in infos)
        covers: list[Box] = [b for i in infos for b in i.cover]
        return cls(box, texts, legend, zones, _cover(covers) if reduce else covers, tiled)
