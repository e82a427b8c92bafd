"""How a rulebook lays out its end: the room its last page has left becomes a ruled Notes panel.

A book whose last chapter ends a few lines down its last page would waste that sheet (the preflight
holds the last page to the same least use as every other). A printed rulebook commonly closes on a
page for the players' own notes; this flowable takes whatever the last frame has left, when that is
enough to write in, and draws nothing otherwise.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.platypus import Flowable

from ..units import mm_to_pt

LEAST = mm_to_pt(45.0)  # less room than this is a page that ends full enough: nothing is drawn
RULE = mm_to_pt(8.0)  # the ruled lines' spacing: handwriting height
PAD = mm_to_pt(4.0)  # inside the panel's frame
GAP = mm_to_pt(6.0)  # above the panel, as after a paragraph


class NotesPanel(Flowable):
    """A framed, ruled "Notes" panel filling the rest of the frame it lands in (sizes in pt)."""

    def __init__(self, style) -> None:
        super().__init__()
        self.style = style  # the body style: the title is set at the body's size, bold, in its colour
        self.width = self.height = 0.0

    def wrap(self, avail_width, avail_height):
        # the panel and the gap above it: a flowable is set from the top of the room left, so a gap left out of
        # its height falls under it (the panel stood 1.3 mm under the last line, 6 mm clear of the frame's foot)
        room = avail_height - GAP
        self.width, self.height = (avail_width, avail_height - 0.01) if room >= LEAST else (0.0, 0.0)
        return self.width, self.height

    def draw(self) -> None:
        if self.height <= 0:
            return
        c = self.canv
        w, h = self.width, self.height - GAP
        c.setStrokeColor(colors.HexColor("#b9b4a8"))
        c.setLineWidth(0.6)
        c.roundRect(0, 0, w, h, mm_to_pt(2.0), stroke=1, fill=0)
        size = self.style.fontSize
        c.setFillColor(self.style.textColor)
        c.setFont(self.style.fontName, size)
        c.drawString(PAD, h - PAD - size, "Notes")
        c.setStrokeColor(colors.HexColor("#d6d1c4"))
        c.setLineWidth(0.4)
        y = h - PAD - size - RULE
        while y > PAD:
            c.line(PAD, y, w - PAD, y)
            y -= RULE
