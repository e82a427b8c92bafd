"""Imposition, shared by every card-like asset: n-up, bleed, crop marks, duplex backs.

Items are drawn in their own coordinates, (0, 0) at the top-left of the bleed
box, trim box inset by the bleed. A sheet layout places them on the page
(rotated a quarter turn when that fits more), crop marks sit outside the grid
along every trim line, never over an item, and the backs page mirrors the
columns so that long-edge duplex printing lines each back up with its front.
Pages are always portrait, so long edge means a left-right mirror.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..draw.document import Group, Op, Page, Poly, Style
from ..draw.page import PageSpec

MARK_LEN = 3.0  # mm
MARK_GAP = 0.8  # mm between the grid's bleed edge and a crop mark
MARK_SPACE = MARK_LEN + MARK_GAP
CROP = Style(stroke="#000000", width=0.15)


@dataclass(frozen=True)
class Slot:
    x: float  # top-left of the bleed box on the page, mm
    y: float
    rotated: bool  # a quarter turn clockwise


@dataclass(frozen=True)
class SheetLayout:
    spec: PageSpec
    trim: tuple[float, float]  # item trim (w, h), mm, unrotated
    bleed: float
    rotated: bool
    cols: int
    rows: int
    gutter: float  # mm between neighbouring bleed boxes
    origin: tuple[float, float]  # top-left of the grid's first bleed box

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """Size on the page of one bleed box (after rotation), mm."""
        w, h = self.trim[0] + 2 * self.bleed, self.trim[1] + 2 * self.bleed
        return (h, w) if self.rotated else (w, h)

    def slots(self, *, back: bool = False) -> list[Slot]:
        cw, ch = self.cell
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                x = self.origin[0] + c * (cw + self.gutter)
                y = self.origin[1] + r * (ch + self.gutter)
                if back:
                    x = self.spec.width - x - cw
                out.append(Slot(x, y, self.rotated))
        return out

    def grid_box(self) -> tuple[float, float, float, float]:
        cw, ch = self.cell
        w = self.cols * cw + (self.cols - 1) * self.gutter
        h = self.rows * ch + (self.rows - 1) * self.gutter
        return (self.origin[0], self.origin[1], self.origin[0] + w, self.origin[1] + h)


def plan_sheet(spec: PageSpec, trim: tuple[float, float], bleed: float, *, gutter: float = 0.0,
               allow_rotation: bool = True) -> SheetLayout:
    """The layout that fits the most items in the content area, leaving room for crop marks.

    Ties prefer upright items. Raises ValueError when not even one item fits.
    """
    x0, y0, x1, y1 = spec.content
    avail_w = x1 - x0 - 2 * MARK_SPACE
    avail_h = y1 - y0 - 2 * MARK_SPACE
    best: SheetLayout | None = None
    for rotated in ((False, True) if allow_rotation else (False,)):
        w, h = trim[0] + 2 * bleed, trim[1] + 2 * bleed
        cw, ch = (h, w) if rotated else (w, h)
        cols = int((avail_w + gutter + 1e-9) // (cw + gutter))
        rows = int((avail_h + gutter + 1e-9) // (ch + gutter))
        if cols < 1 or rows < 1:
            continue
        gw = cols * cw + (cols - 1) * gutter
        gh = rows * ch + (rows - 1) * gutter
        # Centred horizontally, so backs mirror onto fronts exactly.
        ox = (spec.width - gw) / 2
        oy = y0 + MARK_SPACE + (avail_h - gh) / 2
        layout = SheetLayout(spec, trim, bleed, rotated, cols, rows, gutter, (ox, oy))
        if best is None or layout.per_page > best.per_page:
            best = layout
    if best is None:
        raise ValueError(f"an item of {trim[0]:.1f} x {trim[1]:.1f} mm with {bleed:g} mm bleed does not fit "
                         f"on {spec.paper.upper()} inside the {spec.margin:g} mm margin")
    return best


def place(item: Sequence[Op], slot: Slot, layout: SheetLayout, *, back: bool = False) -> Group:
    """An item's ops moved into its slot (rotated when the layout rotates items).

    A back is turned the other way from its front: after the long-edge flip its
    top then lies along the same edge as the front's top.
    """
    w, h = layout.trim[0] + 2 * layout.bleed, layout.trim[1] + 2 * layout.bleed
    if not slot.rotated:
        return Group(tuple(item), (1.0, 0.0, 0.0, 1.0, slot.x, slot.y))
    if not back:
        # quarter turn clockwise: (x, y) -> (h - y, x)
        return Group(tuple(item), (0.0, 1.0, -1.0, 0.0, slot.x + h, slot.y))
    # quarter turn anticlockwise: (x, y) -> (y, w - x)
    return Group(tuple(item), (0.0, -1.0, 1.0, 0.0, slot.x, slot.y + w))


def crop_marks(layout: SheetLayout) -> list[Op]:
    """Marks outside the grid on the extension of every trim line."""
    gx0, gy0, gx1, gy1 = layout.grid_box()
    cw, ch = layout.cell
    b = layout.bleed
    xs, ys = set(), set()
    for c in range(layout.cols):
        left = gx0 + c * (cw + layout.gutter)
        xs.update((round(left + b, 4), round(left + cw - b, 4)))
    for r in range(layout.rows):
        top = gy0 + r * (ch + layout.gutter)
        ys.update((round(top + b, 4), round(top + ch - b, 4)))
    ops: list[Op] = []
    for x in sorted(xs):
        ops.append(Poly(((x, gy0 - MARK_GAP - MARK_LEN), (x, gy0 - MARK_GAP)), CROP, closed=False, role="crop"))
        ops.append(Poly(((x, gy1 + MARK_GAP), (x, gy1 + MARK_GAP + MARK_LEN)), CROP, closed=False, role="crop"))
    for y in sorted(ys):
        ops.append(Poly(((gx0 - MARK_GAP - MARK_LEN, y), (gx0 - MARK_GAP, y)), CROP, closed=False, role="crop"))
        ops.append(Poly(((gx1 + MARK_GAP, y), (gx1 + MARK_GAP + MARK_LEN, y)), CROP, closed=False, role="crop"))
    return ops


def impose(fronts: Sequence[Sequence[Op]], layout: SheetLayout, *, backs: Sequence[Sequence[Op]] | None = None
           ) -> list[tuple[Page, str]]:
    """Pages of fronts, each followed by its backs page when ``backs`` is given.

    ``backs`` holds one back per front, or a single back used for all.
    Returns (page, "front" | "back") pairs without page furniture.
    """
    pages: list[tuple[Page, str]] = []
    n = layout.per_page
    for start in range(0, len(fronts), n):
        chunk = list(range(start, min(start + n, len(fronts))))
        page = Page(layout.spec.width, layout.spec.height)
        for slot, i in zip(layout.slots(), chunk):
            page.add(place(fronts[i], slot, layout))
        page.add(*crop_marks(layout))
        pages.append((page, "front"))
        if backs:
            bpage = Page(layout.spec.width, layout.spec.height)
            for slot, i in zip(layout.slots(back=True), chunk):
                item = backs[i] if len(backs) == len(fronts) else backs[0]
                bpage.add(place(item, slot, layout, back=True))
            # The grid is centred, so its crop marks are their own mirror image.
            bpage.add(*crop_marks(layout))
            pages.append((bpage, "back"))
    return pages



def card_pages(fronts: Sequence[Sequence[Op]], back: Sequence[Op], spec, trim: tuple[float, float],
               bleed: float) -> list[Page]:
    """Card fronts imposed n-up, each sheet followed by its mirrored backs page, labelled for the printer."""
    layout = plan_sheet(spec, trim, bleed)
    pages = []
    for page, side in impose(fronts, layout, backs=[back]):
        page.label = "backs (print double-sided, flip on the long edge)" if side == "back" else "fronts"
        pages.append(page)
    return pages
