"""Duplex printing, made exact: the calibration page that measures how far a printer puts a sheet's back
off its front, and the shift that makes up for it on every backs page (game.yaml ``print: {duplex:
{x: ..., y: ...}}``, model/duplex.py).

The calibration sheet has two scales on its front, across and down, ticked every half millimetre from
-5 to +5 mm, and on its back one line across each scale where its zero lies. Printed double-sided
(flip on the long edge) and held to the light, the back's lines cross the scales at the offset: x to
the right and y down as the front is seen. The long-edge flip mirrors left and right and keeps up and
down: a back's drawing moved d mm right on its own page lands d mm further *left* as the front is seen.
So a back that lands x mm too far right is put right by moving its drawing x mm right on its own page,
and one that lands y mm too low by moving its drawing y mm up: the shift is (+x, -y). Lengths in mm.
"""

from __future__ import annotations

from ..draw.colour import INK
from ..draw.document import Group, Page, Poly, Style, Text, pt
from ..draw.measure import is_back
from ..draw.page import PageSpec

SPAN = 5.0  # mm either side of zero
TICK = 0.5  # mm between ticks
LINE = Style(stroke="#000000", width=0.15)
POINTER = Style(stroke="#d01c1c", width=0.2)


def back_shift(x: float, y: float) -> tuple[float, float]:
    """How far to move a backs page's drawing (on its own page, mm) to cancel a back that lands ``x`` mm
    right and ``y`` mm down of its place as the front is seen."""
    return (x, -y)


def shift_backs(pages: list[Page], x: float, y: float) -> None:
    """Move the drawing of every backs page (not its furniture: none is added yet) to cancel an offset of
    (``x``, ``y``) mm read on the calibration page; its TrimBox and BleedBox move with it."""
    if not x and not y:
        return
    dx, dy = back_shift(x, y)
    for n, page in enumerate(pages):
        if n and is_back(page):
            page.ops[:] = [Group(tuple(page.ops), (1.0, 0.0, 0.0, 1.0, dx, dy))]
            for attr in ("trim", "bleed"):
                box = getattr(page, attr)
                if box is not None:
                    setattr(page, attr, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy))


def _scale(x: float, y: float, across: bool) -> list:
    """A scale centred on (x, y): ticks every TICK mm from -SPAN to +SPAN, numbered every millimetre."""
    ops = []
    steps = int(round(2 * SPAN / TICK))
    for k in range(steps + 1):
        v = -SPAN + k * TICK
        n = round(v)
        length = 4.0 if abs(v) < 1e-9 else 2.5 if abs(v - n) < 1e-9 else 1.5
        if across:
            ops.append(Poly(((x + v, y), (x + v, y - length)), LINE, closed=False, role="duplex-scale"))
            if abs(v) in (0.0, SPAN):  # numbered at its ends and zero: a number a millimetre would crowd
                ops.append(Text(x + v, y - length - 0.8, f"{n:+d}" if n else "0", "sans", pt(6), INK, "middle"))
        else:
            ops.append(Poly(((x, y + v), (x + length, y + v)), LINE, closed=False, role="duplex-scale"))
            if abs(v) in (0.0, SPAN):
                ops.append(Text(x + length + 0.8, y + v + 0.7, f"{n:+d}" if n else "0", "sans", pt(6), INK))
    return ops


def calibration_pages(spec: PageSpec) -> list[Page]:
    """The calibration sheet: the front with its two scales and how to read them, the back with the two
    pointer lines where the scales' zeros are (mirrored for the long-edge flip)."""
    x0, y0, x1, y1 = spec.content
    cx, cy = spec.width / 2, (y0 + y1) / 2
    front = Page(spec.width, spec.height, label="fronts")
    lines = ["Duplex calibration: print this sheet double-sided, flipping on the long edge, at 100 %.",
             "Hold it to a light. Where the red line from the back crosses each scale is your printer's offset:",
             "the scale across gives x (+ to the right), the scale down gives y (+ downward). Write both in",
             "game.yaml as  print: {duplex: {x: 0.5mm, y: -1mm}}  and every backs page moves to make up for it."]
    for i, line in enumerate(lines):
        front.add(Text(x0, y0 + 6 + i * 5, line, "sans", pt(8), INK))
    front.add(*_scale(cx, cy - 30, True))
    front.add(Text(cx, cy - 42, "x (across)", "sans-bold", pt(7), INK, "middle"))
    front.add(*_scale(cx + 30, cy, False))
    front.add(Text(cx + 30, cy - 8, "y (down)", "sans-bold", pt(7), INK, "middle"))
    back = Page(spec.width, spec.height, label="backs (print double-sided, flip on the long edge)")
    # the back's zero of the scale across sits at the mirror of the front's: the page's centre line
    bx = spec.width - cx
    back.add(Poly(((bx, cy - 30 - 8), (bx, cy - 30 + 3)), POINTER, closed=False, role="duplex-pointer"))
    by, bxs = cy, spec.width - (cx + 30)
    back.add(Poly(((bxs - 3, by), (bxs + 8, by)), POINTER, closed=False, role="duplex-pointer"))
    back.add(Text(bx, cy + 20, "back of the duplex calibration sheet", "sans", pt(7), INK, "middle"))
    return [front, back]
