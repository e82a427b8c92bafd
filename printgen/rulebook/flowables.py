"""Platypus flowables that draw printgen's own drawing ops, so cards, maps and icons stay vector."""

from __future__ import annotations

from typing import Sequence

from reportlab.platypus import Flowable, Paragraph

from ..draw.canvas import draw_ops
from ..draw.document import Group, Op
from ..units import mm_to_pt
from .sizing import Least, floored


class OpsFlowable(Flowable):
    """Drawing ops of a ``width`` x ``height`` mm box, scaled to ``scale``; ``key``: drawing ops of a
    ``(ops, width, height)`` mm box set under it at print size whatever the picture's scale (a map's
    legend stays readable when the map is shrunk to the column); ``least``: the least sizes its texts
    are printed at, whatever scale it ends up at (see sizing.py)."""

    def __init__(self, ops: Sequence[Op], width: float, height: float, *, scale: float = 1.0,
                 align: str = "CENTER", caption: Paragraph | None = None, space: float = 0.0,
                 key: tuple[Sequence[Op], float, float] | None = None, least: Least | None = None) -> None:
        super().__init__()
        self.ops = tuple(ops)
        self.box = (width, height)
        self.scale = scale
        self.hAlign = align
        self.key = (tuple(key[0]), mm_to_pt(key[1]), mm_to_pt(key[2])) if key is not None else None
        self.least = least
        self.art_width = mm_to_pt(width * scale)
        self.art_height = mm_to_pt(height * scale)
        self.width = max(self.art_width, self.key[1] if self.key else 0.0)
        self.height = self.art_height
        self.caption = caption
        self.spaceBefore = self.spaceAfter = space

    def wrap(self, avail_width, avail_height):
        if self.art_width > avail_width:  # never wider than the frame: shrink to fit
            k = avail_width / self.art_width
            self.scale *= k
            self.art_width, self.art_height = self.art_width * k, self.art_height * k
        self.width = max(self.art_width, min(self.key[1], avail_width) if self.key else 0.0)
        self.height = self.art_height
        if self.key is not None:
            self.height += mm_to_pt(2.0) + self.key[2]
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
        ops = floored(self.ops, self.scale, self.least) if self.least is not None else self.ops
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
