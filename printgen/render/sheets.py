"""Imposition, shared by every card-like asset: n-up, bleed, crop marks, duplex backs.

Items are drawn in their own coordinates, (0, 0) at the top-left of the bleed
box, trim box inset by the bleed. A sheet layout places them on the page
(rotated a quarter turn when that fits more), crop marks sit outside the grid
along every trim line, never over an item, and the backs page mirrors the
columns so that long-edge duplex printing lines each back up with its front.
Pages are always portrait, so long edge means a left-right mirror.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ..draw.document import Group, Op, Page, Poly, Style
from ..draw.page import PageSpec
from ..hexgrid import Layout, rectangle

MARK_LEN = 3.0  # mm
MARK_GAP = 0.8  # mm between the grid's bleed edge and a crop mark
MARK_SPACE = MARK_LEN + MARK_GAP
CROP = Style(stroke="#000000", width=0.15)


def mirror_x(x: float, width: float, spec: PageSpec) -> float:
    """Where something ``width`` mm wide at ``x`` goes on the back of the sheet, so that long-edge
    duplex printing puts it right behind (a centre point: ``width`` 0)."""
    return spec.width - x - width


def take_face(page: Page, trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]) -> None:
    """Grow ``page``'s trim and bleed boxes (x0, y0, x1, y1 mm; its TrimBox and BleedBox) to hold one more
    face, for sheets that place faces one by one rather than through ``impose``."""
    for attr, add in (("trim", trim), ("bleed", bleed)):
        box = getattr(page, attr)
        setattr(page, attr, add if box is None else (min(box[0], add[0]), min(box[1], add[1]),
                                                     max(box[2], add[2]), max(box[3], add[3])))


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
        """Item slots in fill order; ``back``: where their backs go (mirrored for long-edge duplex)."""
        cw, ch = self.cell
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                x = self.origin[0] + c * (cw + self.gutter)
                y = self.origin[1] + r * (ch + self.gutter)
                out.append(Slot(mirror_x(x, cw, self.spec) if back else x, y, self.rotated))
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


@dataclass(frozen=True)
class Lattice:
    """Where items sit on a sheet, whatever the grid: slots (top-left of each item's box on the page,
    in fill order), the box's size on the page, how an item is moved into a slot, and marks every
    sheet of this lattice carries (crop marks)."""

    spec: PageSpec
    slots: tuple[Slot, ...]
    cell: tuple[float, float]  # item box (w, h) on the page, mm
    put: Callable[[Sequence[Op], Slot, bool], Op]  # (item ops, slot, is a back) -> placed op
    marks: tuple[Op, ...] = ()
    inset: tuple[float, float] = (0.0, 0.0)  # the trim's bounding box inside the item box, each side (x, y) mm
    turned_cell: tuple[float, float] | None = None  # a mixed lattice: the box of its slots turned a quarter

    def cell_of(self, slot: Slot) -> tuple[float, float]:
        return self.turned_cell if self.turned_cell is not None and slot.rotated else self.cell

    def boxes(self, slots: Sequence[Slot]) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The (trim, bleed) boxes (x0, y0, x1, y1) of the items in ``slots``: what a print shop cuts
        to and how far the ink reaches (the page's TrimBox and BleedBox)."""
        bleed = (min(s.x for s in slots), min(s.y for s in slots),
                 max(s.x + self.cell_of(s)[0] for s in slots), max(s.y + self.cell_of(s)[1] for s in slots))
        ix, iy = self.inset
        return (bleed[0] + ix, bleed[1] + iy, bleed[2] - ix, bleed[3] - iy), bleed

    def mirror(self, slot: Slot) -> Slot:
        """The slot behind ``slot`` after a long-edge flip: mirrored left-right on the page."""
        return Slot(mirror_x(slot.x, self.cell_of(slot)[0], self.spec), slot.y, slot.rotated)


def rect_lattice(layout: SheetLayout) -> Lattice:
    """The n-up grid of a sheet layout, with its crop marks."""
    return Lattice(layout.spec, tuple(layout.slots()), layout.cell,
                   lambda item, slot, back: place(item, slot, layout, back=back), tuple(crop_marks(layout)),
                   (layout.bleed, layout.bleed))


def _block(spec: PageSpec, trim, bleed: float, rotated: bool, top: float, avail_h: float, gutter: float
           ) -> SheetLayout | None:
    """A grid of items all one way up, as many rows as fit ``avail_h`` mm below ``top`` (its crop marks
    outside it), centred across the page (so backs mirror onto fronts)."""
    x0, _, x1, _ = spec.content
    avail_w = x1 - x0 - 2 * MARK_SPACE
    w, h = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    cw, ch = (h, w) if rotated else (w, h)
    cols = int((avail_w + gutter + 1e-9) // (cw + gutter))
    rows = int((avail_h + gutter + 1e-9) // (ch + gutter))
    if cols < 1 or rows < 1:
        return None
    gw = cols * cw + (cols - 1) * gutter
    return SheetLayout(spec, trim, bleed, rotated, cols, rows, gutter, ((spec.width - gw) / 2, top))


def card_lattice(spec: PageSpec, trim: tuple[float, float], bleed: float, *, gutter: float = 0.0) -> Lattice:
    """The arrangement of cards that puts the most on a sheet: one grid (upright or turned, plan_sheet),
    or a grid of upright cards above a grid of turned ones (or the other way round), each block with its
    own crop marks. Three 3.5 x 5 in cards go on US Letter so, where one grid holds two. Ties keep the
    single grid."""
    single = plan_sheet(spec, trim, bleed, gutter=gutter)
    best, count = rect_lattice(single), single.per_page
    _, y0, _, y1 = spec.content
    avail_h = y1 - y0 - 2 * MARK_SPACE
    for first in (False, True):
        whole = _block(spec, trim, bleed, first, 0.0, avail_h, gutter)
        if whole is None:
            continue
        for rows in range(whole.rows, 0, -1):
            a = replace(whole, rows=rows)
            ah = a.grid_box()[3] - a.grid_box()[1]
            # the second block's marks above it, the first's below it: two mark spaces between the blocks
            b = _block(spec, trim, bleed, not first, 0.0, avail_h - ah - 2 * MARK_SPACE, gutter)
            if b is None or a.per_page + b.per_page <= count:
                continue
            bh = b.grid_box()[3] - b.grid_box()[1]
            top = y0 + MARK_SPACE + (avail_h - ah - 2 * MARK_SPACE - bh) / 2  # the pair centred down the page
            a = replace(a, origin=(a.origin[0], top))
            b = replace(b, origin=(b.origin[0], top + ah + 2 * MARK_SPACE))
            best, count = _mixed(spec, a, b), a.per_page + b.per_page
    return best


def _mixed(spec: PageSpec, a: SheetLayout, b: SheetLayout) -> Lattice:
    """Two blocks of cards, one upright and one turned, as one lattice (a slot's turn says its block)."""
    turned, upright = (a, b) if a.rotated else (b, a)

    def put(item, slot, back):
        return place(item, slot, turned if slot.rotated else upright, back=back)

    return Lattice(spec, tuple(a.slots()) + tuple(b.slots()), upright.cell, put,
                   tuple(crop_marks(a)) + tuple(crop_marks(b)), (a.bleed, a.bleed), turned_cell=turned.cell)


def _translated(item: Sequence[Op], slot: Slot, back: bool) -> Group:
    return Group(tuple(item), (1.0, 0.0, 0.0, 1.0, slot.x, slot.y))


def hex_lattice(spec: PageSpec, box: tuple[float, float], pitch: float,
                inset: tuple[float, float] = (0.0, 0.0)) -> Lattice:
    """Hexagonal items (bounding ``box`` w x h mm, their trim ``inset`` mm inside it) packed on a flat-top
    hex lattice of ``pitch`` mm (densest for hexagons), centred in the content area, filled row by row.
    Raises ValueError when not one fits."""
    x0, y0, x1, y1 = spec.content
    w, h = box
    lay = Layout("flat", pitch)
    slots = []
    for hx in rectangle(12, 12, "flat"):
        px, py = lay.hex_to_point(hx)
        slots.append((px - w / 2, py - h / 2))
    minx = min(x for x, _ in slots)
    miny = min(y for _, y in slots)
    slots = [(x - minx, y - miny) for x, y in slots]
    fitting = [(x, y) for x, y in slots if x + w <= x1 - x0 and y + h <= y1 - y0]
    if not fitting:
        raise ValueError(f"a {h:g} mm hexagon does not fit the page")
    gw = max(x for x, _ in fitting) + w
    gh = max(y for _, y in fitting) + h
    ox, oy = (spec.width - gw) / 2, y0 + (y1 - y0 - gh) / 2
    fitting.sort(key=lambda p: (round(p[1], 3), p[0]))
    return Lattice(spec, tuple(Slot(ox + x, oy + y, False) for x, y in fitting), (w, h), _translated, (),
                   inset)


def impose(fronts: Sequence[Sequence[Op]], lattice: Lattice, *, backs: Sequence[Sequence[Op]] | None = None
           ) -> list[tuple[Page, str]]:
    """Pages of fronts, each followed by its backs page when ``backs`` is given.

    ``backs`` holds one back per front, or a single back used for all; each back
    goes in the mirrored slot of its front. Returns (page, "front" | "back")
    pairs without page furniture.
    """
    pages: list[tuple[Page, str]] = []
    n = len(lattice.slots)
    spec = lattice.spec
    for start in range(0, len(fronts), n):
        chunk = list(range(start, min(start + n, len(fronts))))
        page = Page(spec.width, spec.height)
        page.trim, page.bleed = lattice.boxes(lattice.slots[:len(chunk)])
        for slot, i in zip(lattice.slots, chunk):
            page.add(lattice.put(fronts[i], slot, False))
        page.add(*lattice.marks)
        pages.append((page, "front"))
        if backs:
            bpage = Page(spec.width, spec.height)
            bpage.trim, bpage.bleed = lattice.boxes([lattice.mirror(s) for s in lattice.slots[:len(chunk)]])
            for slot, i in zip(lattice.slots, chunk):
                item = backs[i] if len(backs) == len(fronts) else backs[0]
                bpage.add(lattice.put(item, lattice.mirror(slot), True))
            # Grids are centred, so their crop marks are their own mirror image.
            bpage.add(*lattice.marks)
            pages.append((bpage, "back"))
    return pages


BACKS_LABEL = "backs (print double-sided, flip on the long edge)"


def duplex_pages(fronts: Sequence[Sequence[Op]], back: Sequence[Op], lattice: Lattice) -> list[Page]:
    """Fronts imposed on ``lattice``, each sheet followed by its mirrored backs, labelled for the printer."""
    pages = []
    for page, side in impose(fronts, lattice, backs=[back]):
        page.label = BACKS_LABEL if side == "back" else "fronts"
        pages.append(page)
    return pages
