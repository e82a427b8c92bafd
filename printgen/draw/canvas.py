"""Painting the drawing model on a reportlab canvas: shared by the PDF writer and the rulebook's flowables."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import HexColor

from .document import Circle, Group, Path, Poly, Rect, Style, Text
from .fonts import pdf_name


@lru_cache(maxsize=1024)
def _rl_colour(hexstr: str):
    return HexColor(hexstr)


def _colour(c, hexstr: str, stroke: bool, alpha: float) -> None:
    # Parsing "#rrggbb" on every shape is measurable on card-heavy pages: cache the colour objects.
    colour = _rl_colour(hexstr)
    if stroke:
        c.setStrokeColor(colour, alpha=alpha if alpha != 1.0 else None)
    else:
        c.setFillColor(colour, alpha=alpha if alpha != 1.0 else None)


def _style(c, style: Style) -> tuple[bool, bool]:
    fill = style.fill is not None
    stroke = style.stroke is not None and style.width > 0
    if fill:
        _colour(c, style.fill, False, style.opacity)
    if stroke:
        _colour(c, style.stroke, True, style.opacity)
        c.setLineWidth(style.width)
        c.setDash(list(style.dash) if style.dash else [])
        c.setLineJoin(1)
        c.setLineCap(0)
    return fill, stroke


def draw_op(c, op) -> None:
    """Draw one op on a reportlab canvas already set up in mm with y down."""
    if isinstance(op, Group):
        c.saveState()
        c.transform(*op.matrix)
        if op.clip:
            path = c.beginPath()
            path.rect(*op.clip)
            c.clipPath(path, stroke=0, fill=0)
        for child in op.ops:
            draw_op(c, child)
        c.restoreState()
    elif isinstance(op, Text):
        c.saveState()
        c.setFillColor(_rl_colour(op.colour))
        c.translate(op.x, op.y)
        c.scale(1, -1)
        c.setFont(pdf_name(op.font), op.size)
        if op.anchor == "middle":
            c.drawCentredString(0, 0, op.text)
        elif op.anchor == "end":
            c.drawRightString(0, 0, op.text)
        else:
            c.drawString(0, 0, op.text)
        c.restoreState()
    else:
        fill, stroke = _style(c, op.style)
        if not (fill or stroke):
            return
        if isinstance(op, Rect):
            if op.radius:
                c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(stroke), fill=int(fill))
            else:
                c.rect(op.x, op.y, op.w, op.h, stroke=int(stroke), fill=int(fill))
        elif isinstance(op, Circle):
            c.circle(op.cx, op.cy, op.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(op, Poly):
            p = c.beginPath()
            p.moveTo(*op.points[0])
            for pt_ in op.points[1:]:
                p.lineTo(*pt_)
            if op.closed:
                p.close()
            c.drawPath(p, stroke=int(stroke), fill=int(fill and op.closed))
        elif isinstance(op, Path):
            p = c.beginPath()
            for loop in op.loops:
                p.moveTo(*loop[0])
                for pt_ in loop[1:]:
                    p.lineTo(*pt_)
                p.close()
            c.drawPath(p, stroke=int(stroke), fill=int(fill), fillMode=0)  # 0: even-odd
