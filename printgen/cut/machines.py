"""Cutting machines: where each one's registration marks go on a sheet and the area left for pieces.

A print-and-cut machine scans printed marks to find the sheet on its mat, then cuts the paths of the
cut file relative to them. The marks and the clear ground round them are the machine's, so they are
data here: a plain registry, name -> Machine. Lengths in mm, y down from the sheet's top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..draw.document import Op, Poly, Rect, Style

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 mm
INCH = 25.4
REGMARK = "regmark"  # the role of a mark's ink; "regmark-clear:x0,y0,x1,y1" carries the ground it keeps clear


@dataclass(frozen=True)
class Machine:
    name: str
    label: str  # in player words
    software: str  # where the cut file is opened
    mat: str  # the mat the sheet goes on
    least: float  # mm: the smallest piece (across) its blade cuts cleanly
    area: Callable[[float, float], Box]  # (sheet w, h) -> where pieces may go
    marks: Callable[[float, float], list[tuple[Op, tuple[Box, ...]]]]  # (sheet w, h) -> each mark, what it keeps clear
    formats: tuple[str, ...]  # cut file formats: "svg", "dxf"
    docs: str  # where the geometry comes from

    def keepouts(self, w: float, h: float) -> list[Box]:
        return [box for _, clear in self.marks(w, h) for box in clear]


# --- Silhouette (CAMEO, Portrait, Curio): registration mark style "Type 1" -------------------------
# Silhouette Studio's Registration Marks panel (Page Setup > Registration Marks, Type 1) puts three marks
# 10 mm (0.394 in, its default inset) in from the sheet's edges: a filled square at the top-left and
# an L-shaped corner at the top-right and at the bottom-left, the fourth corner left empty. The mark
# sizes are those of fablabnbg/inkscape-silhouette (render_silhouette_regmarks.py, which drives the same
# machines): a 5 mm square, 20 mm legs drawn 0.3 mm thick ("0.3 mm marks work perfectly; the thicker, the
# less accurate the registration"), 2 mm kept clear inside each corner (its REG_KEEPOUT_MM). Studio hatches
# the ground round each mark (nothing may print there, or the optical eye misreads it): the square of a
# leg's length at each of the three corners, and the band between the marks and the sheet's edge.
SIL_INSET = 10.0
SIL_SQUARE = 5.0
SIL_LEG = 20.0
SIL_LINE = 0.3
SIL_CLEAR = 2.0
MARK_INK = Style(fill="#000000")
MARK_LINE = Style(stroke="#000000", width=SIL_LINE)


def _clear_role(*boxes: Box) -> str:
    """A mark's role: the boxes it keeps clear, "regmark-clear:x0,y0,x1,y1;..." (read by the preflight)."""
    return f"{REGMARK}-clear:" + ";".join(",".join(f"{v:.3f}" for v in box) for box in boxes)


def clear_boxes(role: str) -> list[Box]:
    """The boxes a mark's role keeps clear (none when the role is not a mark's)."""
    if not role.startswith(f"{REGMARK}-clear:"):
        return []
    out = []
    for part in role.split(":", 1)[1].split(";"):
        vals = part.split(",")
        if len(vals) == 4:
            try:
                out.append(tuple(float(v) for v in vals))
            except ValueError:
                continue
    return out


def silhouette_marks(w: float, h: float) -> list[tuple[Op, tuple[Box, ...]]]:
    """The three Type 1 marks on a ``w`` x ``h`` mm sheet, each with the corner it keeps clear."""
    i, s, leg, c = SIL_INSET, SIL_SQUARE, SIL_LEG, SIL_CLEAR
    tl = (i, i, i + leg + c, i + leg + c)
    tr = (w - i - leg - c, i, w - i, i + leg + c)
    bl = (i, h - i - leg - c, i + leg + c, h - i)
    return [
        (Rect(i, i, s, s, MARK_INK, role=_clear_role(tl)), (tl,)),
        (Poly(((w - i - leg, i), (w - i, i), (w - i, i + leg)), MARK_LINE, closed=False, role=_clear_role(tr)), (tr,)),
        (Poly(((i, h - i - leg), (i, h - i), (i + leg, h - i)), MARK_LINE, closed=False, role=_clear_role(bl)), (bl,)),
    ]


def silhouette_area(w: float, h: float) -> Box:
    """Inside the marks: the inset and the clear band beyond the marks' lines (the corners are keep-outs)."""
    d = SIL_INSET + SIL_CLEAR
    return (d, d, w - d, h - d)


# --- Cricut Print Then Cut ------------------------------------------------------------------------
# Cricut Design Space prints a Print Then Cut image inside a black frame its sensor reads, and limits the
# image to 6.75 x 9.25 in on Letter or A4 paper in current versions (help.cricut.com, "Print Then Cut
# FAQ" / "Print Then Cut sizes"; not in the reference corpus printgen was written against, which held no
# copy of those pages: the figure is the one Cricut's help states and the issue quotes). Design Space
# draws its own frame when it prints; the frame here shows where it goes and keeps the ground it needs
# clear: a line 1 mm thick, 5 mm outside the area, with the orientation square off its top-left corner
# (printgen's drawing of it, not Cricut's measurements). Nothing else may print between frame and area.
CRICUT_AREA = (6.75 * INCH, 9.25 * INCH)  # 171.45 x 234.95 mm
CRICUT_GAP = 5.0  # mm from the print area to the frame's inner edge
CRICUT_LINE = 1.0  # mm, the frame's thickness
CRICUT_SQUARE = 5.0  # mm, the orientation square at the frame's top-left corner


def cricut_area(w: float, h: float) -> Box:
    """The 6.75 x 9.25 in print area, centred on the sheet."""
    aw, ah = CRICUT_AREA
    x0, y0 = (w - aw) / 2, (h - ah) / 2
    return (x0, y0, x0 + aw, y0 + ah)


def cricut_marks(w: float, h: float) -> list[tuple[Op, tuple[Box, ...]]]:
    """The frame round the print area and its orientation square, each with the ground it keeps clear:
    the frame, the band between it and the area, the square and the gap round it."""
    x0, y0, x1, y1 = cricut_area(w, h)
    g, t, s = CRICUT_GAP, CRICUT_LINE, CRICUT_SQUARE
    fx0, fy0, fx1, fy1 = x0 - g - t, y0 - g - t, x1 + g + t, y1 + g + t  # the frame's outer edge
    band = ((fx0, fy0, fx1, y0), (fx0, y1, fx1, fy1), (fx0, y0, x0, y1), (x1, y0, fx1, y1))
    ring = Rect(fx0 + t / 2, fy0 + t / 2, fx1 - fx0 - t, fy1 - fy0 - t, Style(stroke="#000000", width=t),
                role=_clear_role(*band))
    square = (fx0 - s - g, fy0 - s - g, fx0 - g, fy0 - g)  # outside the frame's top-left corner
    clear = (square[0] - g, square[1] - g, fx0, fy0)
    return [(ring, band), (Rect(square[0], square[1], s, s, MARK_INK, role=_clear_role(clear)), (clear,))]


MACHINES: dict[str, Machine] = {
    "silhouette": Machine(
        "silhouette", "Silhouette CAMEO, Portrait or Curio (Print & Cut)", "Silhouette Studio (the free edition "
        "opens the DXF; Designer Edition and up open the SVG too)", "the machine's standard mat (12 x 12 in)",
        least=5.0, area=silhouette_area, marks=silhouette_marks, formats=("svg", "dxf"),
        docs="Silhouette Studio Registration Marks panel, Type 1; fablabnbg/inkscape-silhouette"),
    "cricut": Machine(
        "cricut", "Cricut Explore or Maker (Print Then Cut)", "Cricut Design Space (Upload > the SVG)",
        "a LightGrip or StandardGrip mat (12 x 12 in)", least=6.35, area=cricut_area, marks=cricut_marks,
        formats=("svg",), docs="help.cricut.com: Print Then Cut FAQ, Print Then Cut sizes (6.75 x 9.25 in)"),
}
