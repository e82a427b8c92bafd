"""A rulebook table as it flows: broken between rows, never leaving one row alone, its cells flowing on
as paragraphs when even a fresh page cannot hold a row."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer, Table

from . import tables


class BreakingTable(Table):
    """A table that breaks between rows, as a reader expects. A row taller than a whole page (a cell
    of thousands of words) cannot be placed at all: once platypus has moved the table to a fresh page
    (it marks it ``_postponed``) and it still does not fit, its cells go on as plain paragraphs, which
    break across pages. (reportlab's own splitting inside a row repeats the header above every piece
    and can make pieces of the header alone, page after page.)"""

    record = False  # a chapter's own table (not a quote's box): the preflight reads how its cells wrapped

    def _calc(self, availWidth, availHeight):
        # platypus measures a table two or three times (a group kept together measures it in a room of any
        # height, then the frame places it in the room left; a picture waiting for room asks what follows it):
        # reportlab works every row's height out again each time, from the same cells and widths, to the same
        # sizes, unless the room is too short for them all (it then stops at the rows that fill it)
        key = (availWidth, tuple(self._colWidths), tuple(self._argH))
        last = self.__dict__.get("_calculated")
        if last is not None and last[0] == key and (
                last[1] == availHeight or (last[2] and sum(self._rowHeights) <= availHeight)):
            return
        super()._calc(availWidth, availHeight)
        self._calculated = (key, availHeight, None not in self._rowHeights)

    def draw(self) -> None:
        super().draw()
        if self.record:
            tables.record(self, self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows))

    def split(self, availWidth, availHeight):
        parts = self._split(availWidth, availHeight)
        for part in parts:
            if isinstance(part, BreakingTable):
                part.record = self.record
        return parts

    def _split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if len(parts) == 2 and not getattr(self, "_postponed", False):
            # no piece of a table holds a single row (a header and one row at a page's foot, or one row
            # carried over under its header): two at least, or the table moves on whole
            head = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
            first = len(parts[0]._cellvalues) - head
            rest = len(parts[1]._cellvalues) - head
            if first < 2:
                return []
            if rest < 2:
                fits = sum(self._rowHeights[:head + first - 1])
                return super().split(availWidth, fits + 0.01) if first >= 3 else []
        if parts or not getattr(self, "_postponed", False):
            return parts
        cells = [f for row in self._cellvalues for cell in row
                 for f in (cell if isinstance(cell, (list, tuple)) else [cell]) if isinstance(f, Flowable)]
        return [Spacer(1, 0)] + cells  # the first part must fit where it is; the cells then flow
