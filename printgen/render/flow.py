"""A simple top-to-bottom flow of headings, paragraphs, lists and tables across pages.

Used for sheets whose content length depends on the data (scenario sheets,
player aids). Sizes in mm; pages break between blocks and table rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..draw.colour import INK
from ..draw.document import Op, Page, Poly, Rect, Style, Text, pt
from ..draw.page import PageSpec
from ..draw.text import Run, draw, fit

RULE = "#8c7b5f"


@dataclass
class Flow:
    spec: PageSpec
    size: float = pt(8.5)
    pages: list[Page] = field(default_factory=list)
    y: float = 0.0

    def __post_init__(self) -> None:
        self.new_page()

    @property
    def x0(self) -> float:
        return self.spec.content[0]

    @property
    def width(self) -> float:
        return self.spec.content_w

    @property
    def bottom(self) -> float:
        return self.spec.content[3]

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        self.pages.append(Page(self.spec.width, self.spec.height))
        self.y = self.spec.content[1]

    def ensure(self, height: float) -> None:
        if self.y + height > self.bottom and self.y > self.spec.content[1] + 1e-6:
            self.new_page()

    def space(self, mm: float) -> None:
        self.y += mm

    def add(self, ops: Sequence[Op]) -> None:
        self.page.add(*ops)

    def heading(self, text: str, size: float = pt(12), *, rule: bool = True) -> None:
        self.ensure(size * 1.6 + 12)
        self.y += size * 1.05
        self.page.add(Text(self.x0, self.y, text, "serif-bold", size, INK))
        self.y += 1.6
        if rule:
            self.page.add(Poly(((self.x0, self.y), (self.x0 + self.width, self.y)), Style(stroke=RULE, width=0.3),
                               closed=False))
        self.y += 2.4

    def paragraph(self, runs: list[Run], *, size: float | None = None, indent: float = 0.0,
                  bullet: str | None = None, after: float = 1.6) -> None:
        size = size or self.size
        f = fit([runs], self.width - indent, 10_000, max_size=size, min_size=size, break_words=True)
        assert f is not None
        self.ensure(f.height)
        if bullet:
            self.page.add(Text(self.x0 + indent - 3.2, self.y + size * 0.92, bullet, "sans-bold", size, INK))
        self.page.add(*draw(f, self.x0 + indent, self.y))
        self.y += f.height + after

    def named(self, items: Sequence, *, indent: float = 4.0) -> None:
        """A bullet list of rules, each ``name: text`` with its name in bold (items have .name and .text)."""
        for item in items:
            self.paragraph([Run(item.name + ": ", "sans-bold"), Run(item.text)], indent=indent, bullet="\u2022")

    def section(self, title: str, items: Sequence, size: float = pt(11)) -> None:
        """A heading over a ``named`` list; nothing at all when there are no items."""
        if items:
            self.heading(title, size)
            self.named(items)

    def table(self, headers: Sequence[str], weights: Sequence[float], rows: Sequence[Sequence[list[Run]]], *,
              size: float | None = None, align: Sequence[str] | None = None,
              row_fill: Callable[[int], str | None] | None = None) -> None:
        size = size or self.size
        total = sum(weights)
        widths = [self.width * w / total for w in weights]
        align = align or ["left"] * len(headers)
        pad = 1.4

        def cell_fits(cells):
            # break_words: a word longer than its column (a name, a URL) is cut, never a missing cell.
            return [fit([c], w - 2 * pad, 10_000, max_size=size, min_size=size, break_words=True)
                    for c, w in zip(cells, widths)]

        def draw_row(cells, fitted, top, height, fill, header=False):
            ops: list[Op] = []
            if fill:
                ops.append(Rect(self.x0, top, self.width, height, Style(fill=fill)))
            x = self.x0
            for f, w, al in zip(fitted, widths, align):
                if al == "center":
                    ops += draw(f, x + pad, top + pad, width=w - 2 * pad, align="center")
                else:
                    ops += draw(f, x + pad, top + pad)
                x += w
            ops.append(Poly(((self.x0, top + height), (self.x0 + self.width, top + height)),
                            Style(stroke=RULE, width=0.5 if header else 0.2), closed=False))
            return ops

        head_cells = [[Run(h, "sans-bold", "#ffffff")] for h in headers]
        head_fit = cell_fits(head_cells)
        head_h = max(f.height for f in head_fit) + 2 * pad
        first = rows[0] if rows else []
        first_h = (max(f.height for f in cell_fits(first)) + 2 * pad) if rows else 0
        self.ensure(head_h + first_h)
        self.page.add(*draw_row(head_cells, head_fit, self.y, head_h, "#4a3b2a", header=True))
        self.y += head_h
        for i, cells in enumerate(rows):
            fitted = cell_fits(cells)
            h = max(f.height for f in fitted) + 2 * pad
            if self.y + h > self.bottom:
                self.new_page()
                self.page.add(*draw_row(head_cells, head_fit, self.y, head_h, "#4a3b2a", header=True))
                self.y += head_h
            fill = row_fill(i) if row_fill else ("#f3ede0" if i % 2 else None)
            self.page.add(*draw_row(cells, fitted, self.y, h, fill))
            self.y += h
        self.y += 3.0
