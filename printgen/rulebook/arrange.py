"""How pictures share the page with what is around them, so a small picture does not hold a page's
width (and, a few of them, most of a page) alone.

- Pictures one after another that fit side by side share a row (the two range diagrams).
- A picture less than half the column wide, followed by running text, stands at the right of
  that text (a die's movement pattern beside its description, a token beside its rule).
"""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import ImageAndFlowables, Paragraph, Table, TableStyle

from ..draw.fonts import pdf_name
from .flowables import KeepWithPicture, OpsFlowable
from .markdown import Heading

GAP = 14.0  # pt between pictures of a row, and between a picture and the text beside it
KEEP_WHOLE = 400.0  # pt: a picture with its text no taller than this is never split across pages
FLOAT_SHARE = 0.45  # a picture at most this share of the column wide has text beside it


def _picture(f) -> bool:
    return isinstance(f, OpsFlowable) and not f.in_cell


def _text(f) -> bool:
    return isinstance(f, Paragraph) and not isinstance(f, Heading)


def arrange(flow: list, frame_width: float) -> list:
    out: list = []
    i = 0
    while i < len(flow):
        f = flow[i]
        if _picture(f):
            row = [f]
            while (i + len(row) < len(flow) and _picture(flow[i + len(row)])
                   and sum(p.width for p in row) + flow[i + len(row)].width + GAP * len(row) <= frame_width):
                row.append(flow[i + len(row)])
            if len(row) > 1:
                out.append(_row(row, frame_width))
                i += len(row)
                continue
            after = []
            while i + 1 + len(after) < len(flow) and _text(flow[i + 1 + len(after)]):
                after.append(flow[i + 1 + len(after)])
            if after and f.width <= FLOAT_SHARE * frame_width:
                before = []  # the text between the heading and the picture goes beside it too
                while out and _text(out[-1]):
                    before.insert(0, out.pop())
                f.hAlign = "RIGHT"
                for p in before + after:  # the picture stands in the room the measure leaves: text keeps its measure
                    if p.style.rightIndent:
                        p.style = ParagraphStyle(p.style.name + "-beside", parent=p.style,
                                                 rightIndent=max(0.0, p.style.rightIndent - f.width - GAP))
                beside = _Beside(f, before + after, imageLeftPadding=GAP, imageRightPadding=0, imageSide="right")
                # platypus keeps no heading with a container like this one (keepWithNext passes over it):
                # the two are kept together here
                if out and isinstance(out[-1], Heading):
                    beside = KeepWithPicture([out.pop(), beside])
                out.append(beside)
                i += 1 + len(after)
                continue
        out.append(f)
        i += 1
    return out


class _Beside(ImageAndFlowables):
    """A picture with its text beside it: moved whole to the next page rather than split from its text
    (unless it is taller than most of a page)."""

    def split(self, avail_width, avail_height):
        if self.wrap(avail_width, 1e9)[1] < KEEP_WHOLE:
            return []
        return super().split(avail_width, avail_height)

    def getKeepWithNext(self):
        return 0


def _row(pictures: list, frame_width: float) -> Table:
    """Pictures side by side, each in a share of the column as wide as it, the spare width between them."""
    spare = (frame_width - sum(p.width for p in pictures)) / len(pictures)
    t = Table([pictures], colWidths=[p.width + spare for p in pictures], hAlign="CENTER")
    # a Table sets its own font on the page unless told: name ours, or an unembedded Helvetica lands in the PDF
    t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), pdf_name("sans")), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                           ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                           ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    t.spaceBefore = t.spaceAfter = max(p.spaceBefore for p in pictures)
    return t
