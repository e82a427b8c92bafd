"""Pieces laid out inside a cutting machine's registration area: shelves of pieces, biggest first, each
in its bleed box with a gap to the next, round the marks' keep-out corners; the marks on every sheet.

A sheet is its page (the faces, a hairline on each card's cut where the face has none, the marks) and
the cut loops of the same pieces in the same place (printgen.cut.outline). Lengths in mm, y down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import math

from ..draw.document import Circle, Group, Page, Poly, Rect, Style
from ..hexgrid import hex_corners
from .machines import Box, Machine
from .outline import Vertex, piece_loop
from .pieces import Piece

GAP = 1.0  # mm between neighbouring bleed boxes: the blade never runs through a neighbour's face
GUIDE = Style(stroke="#808080", width=0.1)  # a card's cut, printed: a hairline the blade runs along
MOST_SHEETS = 200  # no game needs more sheets than this; a bigger count is a data mistake, not a plan


@dataclass(frozen=True)
class Placed:
    piece: Piece
    x: float  # the face box's top-left on the sheet, mm
    y: float


@dataclass
class Sheet:
    page: Page
    placed: list[Placed] = field(default_factory=list)

    def loops(self, bleed: float, offset: float) -> list[tuple[Piece, list[Vertex]]]:
        """Each placed piece's cut loop, ``offset`` mm outside its outline (the kerf)."""
        out = []
        for p in self.placed:
            ix, iy = p.piece.inset(bleed)
            out.append((p.piece, piece_loop(p.piece.shape, p.x + ix, p.y + iy, p.piece.w, p.piece.h,
                                            p.piece.corner, offset)))
        return out


def _hits(box: Box, keepouts: list[Box]) -> Box | None:
    for k in keepouts:
        if box[0] < k[2] and k[0] < box[2] and box[1] < k[3] and k[1] < box[3]:
            return k
    return None


def fits(piece: Piece, machine: Machine, w: float, h: float, bleed: float) -> bool:
    """Whether ``piece`` with its bleed fits the machine's area on a ``w`` x ``h`` mm sheet at all."""
    x0, y0, x1, y1 = machine.area(w, h)
    bw, bh = piece.box(bleed)
    return bw <= x1 - x0 + 1e-9 and bh <= y1 - y0 + 1e-9


def lay_out(pieces: list[Piece], machine: Machine, w: float, h: float, bleed: float) -> list[Sheet]:
    """Every copy of ``pieces`` (each fitting the area: ``fits``) on sheets of ``w`` x ``h`` mm, first fit
    by decreasing height: shelves filled left to right, tallest pieces first, each piece on the first
    sheet with room for it (its open shelf, else a new shelf below), skipping past the marks' keep-outs."""
    area = machine.area(w, h)
    keepouts = machine.keepouts(w, h)
    copies = [p for p in sorted(pieces, key=lambda p: (-p.box(bleed)[1], -p.box(bleed)[0], p.name))
              for _ in range(p.count)]
    sheets: list[Sheet] = []
    cursors: list[list[float]] = []  # per sheet: x, y of the open shelf's next spot, the shelf's height
    for piece in copies:
        bw, bh = piece.box(bleed)
        spot = None
        for n, cursor in enumerate(cursors):
            spot = _room(cursor, bw, bh, area, keepouts)
            if spot is not None:
                break
        if spot is None:
            if len(sheets) >= MOST_SHEETS:
                break
            sheets.append(Sheet(_blank(machine, w, h)))
            cursors.append([area[0], area[1], 0.0])
            n, spot = len(sheets) - 1, _room(cursors[-1], bw, bh, area, keepouts)
            if spot is None:  # fits() said it would: a keep-out leaves it no place
                sheets.pop()
                cursors.pop()
                continue
        x, y = spot
        sheet = sheets[n]
        sheet.placed.append(Placed(piece, x, y))
        ops = piece.face(bleed)
        sheet.page.add(Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, x, y)))
        if not _has_cut_line(ops):
            sheet.page.add(_guide(piece, x, y, bleed))
    for sheet in sheets:
        _marks(sheet.page, machine, w, h)
    return sheets


def _room(cursor: list[float], bw: float, bh: float, area: Box, keepouts: list[Box]) -> tuple[float, float] | None:
    """Where a ``bw`` x ``bh`` mm box goes on a sheet whose shelves are at ``cursor`` (moved on past it),
    or None when the sheet has no room left for it."""
    x, y, shelf = cursor
    while True:
        if x + bw > area[2] + 1e-9:  # the shelf is full: the next one below it
            x, y, shelf = area[0], y + shelf + GAP, 0.0
        if y + bh > area[3] + 1e-9:
            return None  # (the cursor is left as it was: a smaller piece may still fit the open shelf)
        hit = _hits((x, y, x + bw, y + bh), keepouts)
        if hit is None:
            break
        x = hit[2] + GAP  # past the keep-out (a shelf with no room beside it moves down 1 mm at a time)
    cursor[:] = [x + bw + GAP, y, max(shelf, bh)]
    return x, y


def _has_cut_line(ops) -> bool:
    """Whether a face prints its own cut line (round and hex layout faces, the dial)."""
    for op in ops:
        if isinstance(op, Group):
            if _has_cut_line(op.ops):
                return True
        elif getattr(op, "role", "") in ("cut", "dial-cut"):
            return True
    return False


def _guide(piece: Piece, x: float, y: float, bleed: float):
    """A hairline on the piece's cut: where the blade runs, and a line to cut by hand should the machine fail."""
    ix, iy = piece.inset(bleed)
    x, y = x + ix, y + iy
    if piece.shape == "circle":
        return Circle(x + piece.w / 2, y + piece.h / 2, piece.w / 2, GUIDE, role="cut")
    if piece.shape == "hex":
        return Poly(tuple(hex_corners(x + piece.w / 2, y + piece.h / 2, piece.h / math.sqrt(3))), GUIDE, role="cut")
    return Rect(x, y, piece.w, piece.h, GUIDE, radius=piece.corner, role="cut")


def _blank(machine: Machine, w: float, h: float) -> Page:
    return Page(w, h, label=f"cut sheet for {machine.label}")


def _marks(page: Page, machine: Machine, w: float, h: float) -> None:
    page.add(*(op for op, _ in machine.marks(w, h)))
