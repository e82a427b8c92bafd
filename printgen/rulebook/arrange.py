"""How pictures share the page with what is around them, so a small picture does not hold a page's
width (and, a few of them, most of a page) alone.

- Pictures one after another that fit side by side share a row (the two range diagrams).
- A picture less than half the column wide, followed by running text, stands at the right of
  that text (a die's movement pattern beside its description, a token beside its rule).
"""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, ImageAndFlowables, Paragraph

from .flowables import Heading, KeepWithPicture, OpsFlowable

GAP = 14.0  # pt between pictures of a row, and between a picture and the text beside it
KEEP_WHOLE = 400.0  # pt: a picture with its text no taller than this is never split across pages
FLOAT_SHARE = 0.45  # a picture at most this share of the column wide has text beside it


def _picture(f) -> bool:
    return isinstance(f, OpsFlowable) and not f.in_cell


def floats(f) -> bool:
    """A picture, or a row of them, that may wait for the next page while the text after it fills this one."""
    return _picture(f) or isinstance(f, _Row)


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
                f.snug = True  # its caption under it, not over the text beside it nor past the column's edge
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


class _Row(Flowable):
    """Pictures side by side, each in a share of the column as wide as it, the spare width between them,
    bottoms aligned. Where the page has not room for the row, each picture is set a little smaller as it
    would be alone (OpsFlowable.wrap), rather than the row moving whole to the next page."""

    def __init__(self, pictures: list, frame_width: float) -> None:
        super().__init__()
        self.pictures = pictures
        spare = (frame_width - sum(p.width for p in pictures)) / len(pictures)
        self.cols = [p.width + spare for p in pictures]
        self.spaceBefore = self.spaceAfter = max(p.spaceBefore for p in pictures)

    def wrap(self, avail_width, avail_height):
        k = min(1.0, avail_width / sum(self.cols))
        self.sizes = [p.wrap(c * k, avail_height) for p, c in zip(self.pictures, self.cols)]
        self.width = sum(self.cols) * k
        self.height = max(h for _, h in self.sizes)
        return self.width, self.height

    def spare(self) -> float:
        # the row is as tall as its tallest picture as it may be shrunk
        return max(0.0, self.height - max(h - p.spare() for p, (_, h) in zip(self.pictures, self.sizes)))

    def draw(self) -> None:
        x, k = 0.0, self.width / sum(self.cols)
        for p, c, (w, _) in zip(self.pictures, self.cols, self.sizes):
            p.drawOn(self.canv, x + (c * k - w) / 2, 0)
            x += c * k


def _row(pictures: list, frame_width: float) -> Flowable:
    return _Row(pictures, frame_width)
