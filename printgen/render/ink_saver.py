"""Ink-saver pages: the same drawing with its ground lightened, so a sheet prints on a fraction of the ink.

Backgrounds (role ``background``) are dropped to the paper's white, other large fills (headers, a map's
terrain: anything over LARGE mm² on the page) mixed most of the way to white; each keeps a thin outline
of its own colour, so every shape still reads; small fills
(icons, pips, swatches) and every stroke are kept as drawn; pictures are lightened alike. Text stays
where it is: text that was light (white on a dark header) turns dark, since its ground is now light, and
every other text keeps its colour. The profile ``ink-saver`` writes every printable so
(publish/ink_saver.py); game.yaml ``print: {ink_saver: true}`` draws the home sheets so too. Lengths in mm.
"""

from __future__ import annotations

import hashlib
import io
import math
from dataclasses import replace

from ..draw.colour import INK, luminance, mix
from ..draw.document import Circle, Group, Image, Op, Page, Path, Poly, Rect, Style, Text
from ..draw.document import compose as _mul

LARGE = 120.0  # mm² of page: a fill this big is ground, not a mark
LIGHTEN = 0.9  # the share of white mixed into a large fill
PICTURE = 0.75  # the share of white laid over a picture
OUTLINE = 0.2  # mm: the edge a lightened fill keeps, in its own colour
LIGHT_TEXT = 0.6  # luminance above which a text was light-on-dark


def _area(op, k: float) -> float:
    """The page area (mm²) of a shape's box, ``k`` the page scale of its group."""
    if isinstance(op, Rect):
        w, h = op.w, op.h
    elif isinstance(op, Circle):
        w = h = 2 * op.r
    else:
        pts = op.points if isinstance(op, Poly) else [p for loop in op.loops for p in loop]
        if not pts:
            return 0.0
        w = max(x for x, _ in pts) - min(x for x, _ in pts)
        h = max(y for _, y in pts) - min(y for _, y in pts)
    return w * h * k * k


def _style(style: Style, area: float, role: str) -> Style:
    if not style.fill or (area < LARGE and role != "background"):
        return style
    # a face's or a page's background is dropped (the paper is its ground), other large fills lightened
    light = "#ffffff" if role == "background" else mix(style.fill, "#ffffff", LIGHTEN)
    if style.stroke:
        return replace(style, fill=light)
    return replace(style, fill=light, stroke=style.fill, width=OUTLINE)


_PICTURES: dict[str, bytes] = {}


def _picture(data: bytes) -> bytes:
    """A picture laid under PICTURE white (PNG out, whatever came in); cached by its bytes."""
    key = hashlib.sha256(data).hexdigest()
    if key not in _PICTURES:
        from PIL import Image as PILImage

        with PILImage.open(io.BytesIO(data)) as im:
            rgba = im.convert("RGBA")
        white = PILImage.new("RGBA", rgba.size, (255, 255, 255, 255))
        light = PILImage.blend(rgba, white, PICTURE)
        light.putalpha(rgba.getchannel("A"))
        buf = io.BytesIO()
        light.save(buf, "PNG", optimize=True)
        _PICTURES[key] = buf.getvalue()
    return _PICTURES[key]


def _box(op, m) -> tuple[float, float, float, float]:
    """A shape's box on the page (mm), through the group matrix ``m``."""
    if isinstance(op, Rect):
        pts = [(op.x, op.y), (op.x + op.w, op.y + op.h), (op.x, op.y + op.h), (op.x + op.w, op.y)]
    elif isinstance(op, Circle):
        pts = [(op.cx - op.r, op.cy - op.r), (op.cx + op.r, op.cy + op.r), (op.cx - op.r, op.cy + op.r),
               (op.cx + op.r, op.cy - op.r)]
    else:
        pts = list(op.points) if isinstance(op, Poly) else [p for loop in op.loops for p in loop]
    pts = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) for x, y in pts] or [(0.0, 0.0)]
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))


class _Saver:
    """One page's ops made over, remembering each fill drawn so far (its page box and whether it was
    lightened): a light text keeps its colour over a fill kept dark, turns dark over a lightened one."""

    def __init__(self) -> None:
        self.grounds: list[tuple[tuple[float, float, float, float], bool]] = []

    def op(self, op: Op, m) -> Op:
        if isinstance(op, Group):
            inner = _mul(m, op.matrix)
            return replace(op, ops=tuple(self.op(o, inner) for o in op.ops))
        if isinstance(op, (Rect, Circle, Poly, Path)):
            k = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            style = _style(op.style, _area(op, k), op.role)
            if op.style.fill:
                self.grounds.append((_box(op, m), style.fill != op.style.fill))
            return replace(op, style=style)
        if isinstance(op, Text):
            if luminance(op.colour) <= LIGHT_TEXT:
                return op
            x = m[0] * op.x + m[2] * op.y + m[4]
            y = m[1] * op.x + m[3] * op.y + m[5] - op.size * 0.3  # the middle of its x-height, roughly
            under = [lit for (x0, y0, x1, y1), lit in self.grounds if x0 <= x <= x1 and y0 <= y <= y1]
            return replace(op, colour=INK) if not under or under[-1] else op
        if isinstance(op, Image):
            self.grounds.append((_box(Rect(op.x, op.y, op.w, op.h, Style()), m), True))
            return replace(op, data=_picture(op.data), mime="image/png")
        return op


def save_ink(page: Page) -> Page:
    """``page`` drawn to save ink (a new page; its boxes and label kept)."""
    saver = _Saver()
    return replace(page, ops=[saver.op(op, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) for op in page.ops])
