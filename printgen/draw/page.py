"""Paper and the page's printable area, in mm: what renderers lay out in and the checker measures.

The furniture strip (rulers, "print at 100 %", page x of y) takes FOOTER_H of
the safe area; content keeps CONTENT_PAD inside the safe margin so strokes and
type never cross it. A map page keeps MAP_TITLE_H above the map and
MAP_LEGEND_H below it; ``map_fits_page`` is the one answer to "does this map
print on one page" for both the map renderer and the validator.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..units import PAPER_SIZES

FOOTER_H = 12.0  # mm of the safe area kept for the furniture strip
CONTENT_PAD = 0.6  # mm between the safe margin and content, so strokes and type never cross it
MAP_TITLE_H = 7.5  # mm above a map for its title
MAP_PICTURE = 0.55  # a terrain's picture fits a square this fraction of the hex (flat-to-flat) wide


def printable_area(margin: float) -> tuple[float, float]:
    """Width and height (mm) printable on every paper printgen builds for, inside ``margin``."""
    w = min(min(size) for size in PAPER_SIZES.values())
    h = min(max(size) for size in PAPER_SIZES.values())
    return w - 2 * margin, h - 2 * margin - 16.0  # 16 mm: the furniture strip (ruler, title, page x of y)


def terrain_picture_width(fit: str, hex_size: float) -> float:
    """How wide (mm) a terrain's picture prints on a map of ``hex_size`` mm hexes: centred (contain)
    or filling the hex (cover). An SVG is rasterised for this width, by the check and the maps alike."""
    return hex_size * (1.2 if fit == "cover" else MAP_PICTURE)
MAP_LEGEND_H = 8.0  # mm below a one-page map for its legend


@dataclass(frozen=True)
class PageSpec:
    """A page size and the box inside it where content may be drawn (all mm)."""

    paper: str
    width: float
    height: float
    margin: float

    @classmethod
    def for_paper(cls, paper: str, margin: float) -> "PageSpec":
        w, h = PAPER_SIZES[paper]
        return cls(paper, w, h, margin)

    @property
    def content(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the area above the furniture strip."""
        m = self.margin + CONTENT_PAD
        return (m, m, self.width - m, self.height - self.margin - FOOTER_H)

    @property
    def content_w(self) -> float:
        x0, _, x1, _ = self.content
        return x1 - x0

    @property
    def content_h(self) -> float:
        _, y0, _, y1 = self.content
        return y1 - y0


def map_fits_page(width: float, height: float, spec: PageSpec) -> bool:
    """Does a map of ``width`` x ``height`` mm print on one page with its title and legend?"""
    return width <= spec.content_w + 1e-9 and height <= spec.content_h - MAP_TITLE_H - MAP_LEGEND_H + 1e-9
