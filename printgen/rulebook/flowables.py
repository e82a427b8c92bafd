"""Platypus flowables that draw printgen's own drawing ops, so cards, maps and icons stay vector."""

from __future__ import annotations

import re
from typing import Sequence

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from ..draw.canvas import draw_ops
from ..draw.document import Group, Op
from ..safety import markup as mk
from ..safety.markup import Markup, tag
from ..safety.markup import text as escape
from ..units import mm_to_pt
from .sizing import Least, floored, needed_scale, uncrowded


class Heading(mk.BookParagraph):
    """A heading that registers itself in the outline and table of contents (a paragraph whose markup is
    parsed once and lines broken once per width, as every paragraph of the book: safety/markup.py)."""

    def __init__(self, text: Markup, style, *, level: int, key: str, toc: bool) -> None:
        if not isinstance(text, Markup):
            raise TypeError("a heading takes escaped markup")
        super().__init__(tag(f'<a name="{escape(key)}"/>') + text, style)
        self.plain = Markup(re.sub(r"<[^>]+>", "", text))  # still markup: the contents page sets it
        self.title = mk.plain(text)  # what the PDF outline shows
        self.level = level
        self.key = key
        self.toc = toc


SHRINK = 0.65  # a picture may be set this much smaller to fit the room left on a page


class OpsFlowable(Flowable):
    """Drawing ops of a ``width`` x ``height`` mm box, scaled to ``scale``; ``key``: drawing ops of a
    ``(ops, width, height)`` mm box set under it at print size whatever the picture's scale (a map's
    legend stays readable when the map is shrunk to the column); ``least``: the least sizes its texts
    are printed at, whatever scale it ends up at (see sizing.py)."""

    def __init__(self, ops: Sequence[Op], width: float, height: float, *, scale: float = 1.0,
                 align: str = "CENTER", caption: Paragraph | None = None, space: float = 0.0,
                 key: tuple[Sequence[Op], float, float] | None = None, least: Least | None = None,
                 in_cell: bool = False) -> None:
        super().__init__()
        self.ops = tuple(ops)
        self.box = (width, height)
        self.set_scale = self.scale = scale
        self.hAlign = align
        self.key = (tuple(key[0]), mm_to_pt(key[1]), mm_to_pt(key[2])) if key is not None else None
        self.least = least
        self.in_cell = in_cell
        self.need = needed_scale(self.ops, least) if least is not None else 0.0
        self.caption = caption
        self.snug = False  # its caption kept to its own width (arrange.py: a picture with text beside it)
        self.spaceBefore = self.spaceAfter = space
        self._size(scale, 1e9)

    def _size(self, scale: float, avail_width: float) -> None:
        self.scale = scale
        self.art_width = mm_to_pt(self.box[0] * scale)
        self.art_height = mm_to_pt(self.box[1] * scale)
        self.width = max(self.art_width, min(self.key[1], avail_width) if self.key else 0.0)
        self.height = self.art_height + (mm_to_pt(2.0) + self.key[2] if self.key else 0.0)
        # a caption centred under the picture may run wider than it, in the room a picture alone on its line
        # leaves; under a picture with text beside it, that room is the text's and the margin's
        self.caption_width = self.width if self.snug else max(self.width, min(200.0, avail_width))
        if self.caption is not None:
            _, ch = self.caption.wrap(self.caption_width, 1e9)
            self.height += ch + 4

    def wrap(self, avail_width, avail_height):
        # never wider than the frame; and where the page has not room for it, a little smaller (down to
        # SHRINK of its set size) rather than pushed whole to the next page, leaving a hole
        scale = self.set_scale
        if mm_to_pt(self.box[0] * scale) > avail_width:
            scale *= avail_width / mm_to_pt(self.box[0] * scale)
        self._size(scale, avail_width)
        if self.height > avail_height and not self.in_cell:
            fixed = self.height - self.art_height
            k = (avail_height - fixed) / self.art_height if self.art_height > 0 else 0.0
            least = self._least(scale)
            if least <= k < 1.0:
                self._size(scale * k, avail_width)
        return self.width, self.height

    def _least(self, scale: float) -> float:
        # a picture whose words all read at its size is not shrunk below where they still do; a map whose words
        # already print at their least size (set larger than its proportions) is not shrunk at all: smaller,
        # more of them would crowd onto its lines (level digits on its start zones' rings) and be left out
        if self.need <= scale:
            return max(SHRINK, self.need / scale)
        return 1.0 if self.key is not None else SHRINK

    def spare(self) -> float:
        """How much shorter (pt) the picture, as last wrapped, may be set where room is short."""
        return 0.0 if self.in_cell else self.art_height * max(0.0, 1.0 - self._least(self.scale))

    # what platypus' ImageAndFlowables asks of the picture it sets text beside (arrange.py)
    def _restrictSize(self, avail_width, avail_height):
        return self.wrap(avail_width, avail_height)

    def _unRestrictSize(self) -> None:
        self._size(self.set_scale, 1e9)

    def draw(self) -> None:
        c = self.canv
        if getattr(c, "_printgen_draft", False):
            return
        if self.caption is not None:
            cw = self.caption_width
            self.caption.drawOn(c, (self.width - cw) / 2, 0)
        ops = floored(self.ops, self.scale, self.least) if self.least is not None else self.ops
        design = self.ops
        if ops is not self.ops and self.key is not None:
            # words set larger than the picture to stay readable that then crowd onto its lines are left out:
            # its key says what its shades, rings and codes mean
            ops, design = uncrowded(ops, self.ops, self.scale, self.box, self.least)
        seen = getattr(getattr(c, "_doctemplate", None), "pictures", None)
        if seen is not None:  # what the preflight reads: the picture as printed, at its scale, and as designed
            seen.append((c.getPageNumber(), ops, self.scale, self.box, design))
        c.saveState()
        c.translate((self.width - self.art_width) / 2, self.height)
        k = mm_to_pt(1) * self.scale
        c.scale(k, -k)
        draw_ops(c, ops)
        c.restoreState()
        if self.key is not None:
            key_ops, kw, _ = self.key
            c.saveState()
            c.translate((self.width - kw) / 2, self.height - self.art_height - mm_to_pt(2.0))
            c.scale(mm_to_pt(1), -mm_to_pt(1))
            draw_ops(c, key_ops)
            c.restoreState()


def scaled(ops: Sequence[Op], k: float) -> Group:
    return Group(tuple(ops), (k, 0.0, 0.0, k, 0.0, 0.0))


class KeepWithPicture(KeepTogether):
    """Platypus keeps a heading with what follows it by measuring them together; a picture among them
    counts at the least height it may be shrunk to (OpsFlowable.wrap), so a heading and its picture stay on
    this page when the picture, a little smaller, fits what is left of it."""

    def wrap(self, aW, aH):
        w, h = super().wrap(aW, aH)
        self._H -= sum(f.spare() for f in self._content if hasattr(f, "spare"))
        return w, h

    def split(self, aW, aH):
        # a heading and its lead paragraph kept with a table need not take the table whole to the next page:
        # they stay here when the table's first rows (two under its header) fit under them
        last = self._content[-1] if self._content else None
        if isinstance(last, Table) and self._H > aH:
            head = last.repeatRows if isinstance(last.repeatRows, int) else len(last.repeatRows)
            before = 0.0
            for f in self._content[:-1]:
                before += f.wrap(aW, aH)[1] + f.getSpaceBefore() + f.getSpaceAfter()
            last.wrap(aW, aH)
            rows = last._rowHeights
            if len(rows) >= head + 4 and before + last.getSpaceBefore() + sum(rows[:head + 2]) <= aH:
                return self._content[:]
        return super().split(aW, aH)
