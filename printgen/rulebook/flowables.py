"""Platypus flowables that draw printgen's own drawing ops, so cards, maps and icons stay vector."""

from __future__ import annotations

from typing import Sequence

from reportlab.platypus import Flowable, Paragraph

from ..draw.canvas import draw_ops
from ..draw.document import Group, Op
from ..units import mm_to_pt


class OpsFlowable(Flowable):
    """Drawing ops of a ``width`` x ``height`` mm box, scaled to ``scale``."""

    def __init__(self, ops: Sequence[Op], width: float, height: float, *, scale: float = 1.0,
                 align: str = "CENTER", caption: Paragraph | None = None, space: float = 0.0) -> None:
        super().__init__()
        self.ops = tuple(ops)
        self.box = (width, height)
        self.scale = scale
        self.hAlign = align
        self.width = mm_to_pt(width * scale)
        self.height = mm_to_pt(height * scale)
        self.art_height = self.height
        self.caption = caption
        self.spaceBefore = self.spaceAfter = space

    def wrap(self, avail_width, avail_height):
        if self.width > avail_width:  # never wider than the frame: shrink to fit
            k = avail_width / self.width
            self.scale *= k
            self.width, self.art_height = self.width * k, self.art_height * k
        self.height = self.art_height
        if self.caption is not None:
            _, ch = self.caption.wrap(max(self.width, 200.0), avail_height)
            self.height += ch + 4
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        if getattr(c, "_printgen_draft", False):
            return
        if self.caption is not None:
            cw = max(self.width, 200.0)
            self.caption.drawOn(c, (self.width - cw) / 2, 0)
        c.saveState()
        c.translate(0, self.height)
        k = mm_to_pt(1) * self.scale
        c.scale(k, -k)
        draw_ops(c, self.ops)
        c.restoreState()


def scaled(ops: Sequence[Op], k: float) -> Group:
    return Group(tuple(ops), (k, 0.0, 0.0, k, 0.0, 0.0))
