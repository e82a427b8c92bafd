"""How wide a rulebook table's columns are, from what its cells hold, and where a table too wide for its
column goes.

A column is never narrower than the widest word of its cells at their own fonts (a bold unit name, a
header): a narrower one breaks that word inside, letter by letter at worst ("Gravehou/nd", "A/C/T").
A short value ("4+", "1 x 2") is one word whole. The spare width goes to the columns whose text wraps
most, the way a browser sets a table (``widths``). Where the least widths do not fit the column:

(A table whose column of prose is left a few words wide counts as not fitting: ``COMFORT``.)

- in a two-column book the table is set across both columns (``Spanning``: at the top of a page, the
  heading kept with it above it, the two columns going on below);
- else, or if even the page's width is short, its cells are set tighter (less padding) and then smaller,
  down to ``SHRINK_FLOOR`` of their size and never under the game's least text size (``fit``).

What a table prints, cell by cell and line by line, is kept as drawn (``record``) for the preflight's
``table`` class (printgen/preflight/tables.py), which reads how each cell wrapped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from ..units import pt_to_mm

PAD = 4.0  # pt: a cell's left and right padding, as the book's tables are styled
TIGHT_PAD = 2.5  # pt: the padding of a table squeezed for room
SHORT_VALUE = 6  # characters: a cell this short ("4+", "1 x 2") is one word, never wrapped
SHRINK_FLOOR = 0.85  # a table's text is set at most this much smaller to fit its column
PROSE = 0.6  # a column's one line counted at most this share of the room when the spare width is shared
COMFORT = 0.25  # a table's widest column gets at least this share of the room, or the table wants more room
CHEAP = 0.1  # a column this share of the room short of its one line is given it whole
SLACK = 0.6  # pt added to a measured width: reportlab wraps a line exactly as wide as its column


@dataclass(frozen=True)
class Measure:
    """What a column's cells need (pt, padding included): the widest word, and the widest cell on one line."""

    least: float
    natural: float


def _words(cell: Paragraph) -> list[tuple[str, float]]:
    """The words of a paragraph cell, each with its printed width (pt) at the fonts of its pieces: worked
    out once per cell (its widths measured when the table is made, its words read again when it is drawn)."""
    frags = getattr(cell, "frags", None)
    known = cell.__dict__.get("_printgen_words")
    if known is not None and known[0] is frags:
        return known[1]
    # the same cell text in the same fonts (the same table on the other paper, a value repeated down a column)
    key = tuple((getattr(f, "text", "") or "", getattr(f, "fontName", None), getattr(f, "fontSize", None))
                for f in frags or [])  # (what _words_of reads of each piece)
    words = _WORDS.get(key)
    if words is None:
        if len(_WORDS) >= 20_000:
            _WORDS.clear()
        words = _WORDS[key] = _words_of(frags)
    cell.__dict__["_printgen_words"] = (frags, words)
    return words


_WORDS: dict[tuple, list[tuple[str, float]]] = {}  # (each piece's text, font, size) -> its words (read only)


def _words_of(frags) -> list[tuple[str, float]]:
    words: list[tuple[str, float]] = []
    text, width = "", 0.0
    for frag in frags or []:
        for piece in re.split(r"(\s+)", getattr(frag, "text", "") or ""):
            if not piece:
                continue
            if piece.isspace():
                if text:
                    words.append((text, width))
                text, width = "", 0.0
            else:
                text += piece
                width += stringWidth(piece, frag.fontName, frag.fontSize)
    if text:
        words.append((text, width))
    return words


def measure(cell, pad: float = PAD) -> Measure:
    """The least and natural widths (pt) of one cell: a paragraph by its words, a picture by its width."""
    if not isinstance(cell, Paragraph):
        w = float(getattr(cell, "width", 0.0) or 0.0) + 2 * pad
        return Measure(w, w)
    # a cell made from a parse measured before (the same table on the other paper, a value down a column): its
    # words and widths as they were (they are worked out from its pieces, which the parse decides, and its font)
    parsed = cell.__dict__.get("_printgen_parsed")
    if parsed is None or parsed[1] is not cell.frags:
        return _measure(cell, pad)
    style = cell.style
    key = (id(parsed[0]), pad, style.fontName, style.fontSize)
    got = _MEASURED.get(key)
    if got is not None and got[0] is parsed[0]:
        cell.__dict__["_printgen_words"] = (cell.frags, got[1])
        return got[2]
    m = _measure(cell, pad)
    if len(_MEASURED) >= 20_000:
        _MEASURED.clear()
    _MEASURED[key] = (parsed[0], cell.__dict__["_printgen_words"][1], m)
    return m


# (id of a cell's parse (safety/markup.py), padding, its font and size) -> (that parse, its words, its Measure)
_MEASURED: dict[tuple, tuple] = {}


def _measure(cell, pad: float) -> Measure:
    words = _words(cell)
    if not words:
        return Measure(2 * pad, 2 * pad)
    space = stringWidth(" ", cell.style.fontName, cell.style.fontSize)
    natural = sum(w for _, w in words) + space * (len(words) - 1)
    plain = " ".join(t for t, _ in words)
    # a sign standing between words ("Land + Water") goes with the word before it, never alone on a line
    groups: list[float] = []
    for i, (t, w) in enumerate(words):
        if groups and len(t) <= 2 and not t.isalnum():
            groups[-1] += space + w
        else:
            groups.append(w)
    least = natural if len(plain) <= SHORT_VALUE else max(groups)
    return Measure(least + 2 * pad + SLACK, natural + 2 * pad + SLACK)


def columns(rows: list[list], pad: float = PAD, measured: list[list[Measure]] | None = None) -> list[Measure]:
    """Each column's measure: the most any of its cells needs (``measured``: each cell's ``measure``, when
    already worked out)."""
    n = max((len(r) for r in rows), default=0)
    least, natural = [2 * pad] * n, [2 * pad] * n
    for row, ms in zip(rows, measured or [[measure(cell, pad) for cell in row] for row in rows]):
        for c, m in enumerate(ms):
            least[c] = max(least[c], m.least)
            natural[c] = max(natural[c], m.natural)
    return [Measure(a, b) for a, b in zip(least, natural)]


def cell_widths(rows: list[list], pad: float = PAD, measured: list[list[Measure]] | None = None
                ) -> list[list[float]]:
    """Each cell's natural width (pt, padding included): what it takes on one line."""
    return [[m.natural for m in ms] for ms in (measured or [[measure(cell, pad) for cell in row] for row in rows])]


def measured(rows: list[list], pad: float = PAD) -> tuple[list[Measure], list[list[float]]]:
    """``columns`` and ``cell_widths`` of ``rows``, each cell measured once."""
    each = [[measure(cell, pad) for cell in row] for row in rows]
    return columns(rows, pad, each), cell_widths(rows, pad, each)


STEPS = 40  # the spare width is handed out in this many steps


def widths(cols: list[Measure], room: float, cells: list[list[float]] | None = None,
           pad: float = PAD, *, comfort: bool = True) -> list[float] | None:
    """Column widths (pt) filling ``room``: every column at least its widest word; None when those alone do
    not fit. A column a little short of its one line (a tag list, "Land + Water") has it; the rest of the
    spare width goes, step by step, where it shortens the table most (a cell's lines estimated as its one
    line's width over the column's: ``cells``, each cell's natural width), else by how much more each
    column would take."""
    least = sum(c.least for c in cols)
    if not cols or least > room + 1e-6:
        return None
    natural = sum(c.natural for c in cols)
    if natural <= room:  # everything on one line: the spare width shared by how wide each is
        return [c.natural * room / natural for c in cols]
    whole = [c.natural - c.least <= CHEAP * room for c in cols]
    w = [c.natural if x else c.least for c, x in zip(cols, whole)]
    if sum(w) > room or all(whole):
        whole, w = [False] * len(cols), [c.least for c in cols]
    spare = room - sum(w)
    if cells:
        step = spare / STEPS
        lines = [[_lines(x, w[c], pad) for c, x in enumerate(row)] for row in cells]
        # each cell's lines were its column a step wider (only the widened column's change from step to step)
        wider = [[_lines(x, w[c] + step, pad) for c, x in enumerate(row)] for row in cells]
        n = len(cols)
        # each column's cells: (row, its text's width on one line), padding taken off as _lines takes it off
        down = [[(r, row[c] - 2 * pad) for r, row in enumerate(cells) if c < len(row)] for c in range(n)]
        for _ in range(STEPS):
            # what widening each column a step takes off the rows' heights: only a row's tallest cell (its first
            # place) can lower the row, to the tallest of the others or its own widened lines; widening any other
            # cell takes off exactly nothing, so each row adds to one column's sum, in row order as before
            gains = [0.0] * n
            for row_lines, row_wider in zip(lines, wider):
                if not row_lines:
                    continue
                now = max(row_lines)
                first = row_lines.index(now)  # (_tallest_two: the first place of the largest)
                after = row_wider[first]
                if len(row_lines) > 1:
                    second = max(row_lines[:first] + row_lines[first + 1:])
                    if second >= after:  # (max(second, after): the first of equals)
                        after = second
                gains[first] += now - after
            best, gain = -1, 1e-6
            for c in range(n):
                if not whole[c] and gains[c] > gain:
                    best, gain = c, gains[c]
            if best < 0:
                break
            w[best] += step
            spare -= step
            # _lines of the widened column's cells, at its width and a step wider (the same sums)
            at, wide = max(w[best] - 2 * pad, 1.0), max(w[best] + step - 2 * pad, 1.0)
            for r, text in down[best]:
                lines[r][best] = max(1.0, text / at)
                wider[r][best] = max(1.0, text / wide)
    want = [0.0 if x else max(0.0, min(c.natural, PROSE * room) - wc) for c, x, wc in zip(cols, whole, w)]
    total = sum(want)
    if total <= 0:
        want, total = [0.0 if x else 1.0 for x in whole], float(sum(not x for x in whole)) or 1.0
    out = [wc + spare * k / total for wc, k in zip(w, want)]
    prose = max(range(len(cols)), key=lambda c: cols[c].natural)
    if comfort and out[prose] < min(cols[prose].natural, COMFORT * room) - 1e-6:
        return None  # its column of prose a few words wide: the table wants more room than this
    return out


def _tallest_two(values: list[float]) -> tuple[float, int, float]:
    """(the largest of ``values``, its first place, the largest of the others; -inf when there are none)."""
    top = second = float("-inf")
    first = -1
    for k, v in enumerate(values):
        if v > top:
            top, first, second = v, k, top
        elif v > second:
            second = v
    return top, first, second


def _lines(natural: float, width: float, pad: float) -> float:
    """About how many lines a cell ``natural`` pt wide on one line takes in a column ``width`` pt wide."""
    return max(1.0, (natural - 2 * pad) / max(width - 2 * pad, 1.0))


def shrink_to_fit(cols: list[Measure], room: float, pad: float, floor: float) -> float | None:
    """The factor (<= 1) the cells' text is set at so that the least widths fit ``room``, or None when that
    is under ``floor`` (padding keeps its size)."""
    n = len(cols)
    text = sum(c.least for c in cols) - n * 2 * pad
    if text <= 0:
        return None
    k = (room - n * 2 * pad) / text
    return min(1.0, k) if k >= floor else None


class Spanning(Flowable):
    """A table (and the heading kept with it) set across both columns of a two-column book. The book places
    it only at the top of a page's first column (rulebook/book.py moves it there and holds the second
    column's start below it); where a page cannot hold it, it is set as ``narrow`` in the column."""

    def __init__(self, wide: list, narrow: list, width: float) -> None:
        super().__init__()
        self.wide, self.narrow, self.span = list(wide), list(narrow), width
        self.spaceBefore = wide[0].getSpaceBefore() if wide else 0.0
        self.spaceAfter = wide[-1].getSpaceAfter() if wide else 0.0

    def with_lead(self, lead: list) -> "Spanning":
        """The same table with the heading (and lead text) kept with it set across above it."""
        return Spanning(list(lead) + self.wide, list(lead) + self.narrow, self.span)

    def wrap(self, avail_width, avail_height):
        self._sizes = []
        height = 0.0
        for i, f in enumerate(self.wide):
            _, h = f.wrap(self.span, avail_height)
            gap = (f.getSpaceBefore() if i else 0.0) + (f.getSpaceAfter() if i < len(self.wide) - 1 else 0.0)
            self._sizes.append(h)
            height += h + gap
        self.width, self.height = avail_width, height
        return avail_width, height

    def split(self, avail_width, avail_height):
        # a page that cannot hold it whole: set in the column after all (one piece alone must fit where it is,
        # or split itself: platypus takes no single part that does not fit)
        if len(self.narrow) != 1:
            return list(self.narrow)
        (f,) = self.narrow
        if f.wrap(avail_width, avail_height)[1] <= avail_height:
            return [f]
        return f.split(avail_width, avail_height) or []

    def draw(self) -> None:
        y = self.height
        doc = getattr(self.canv, "_doctemplate", None)
        for i, (f, h) in enumerate(zip(self.wide, self._sizes)):
            if i:
                y -= f.getSpaceBefore()
            y -= h
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()
            if doc is not None and f is not self.wide[-1]:
                doc.afterFlowable(f)  # a heading set across registers in the outline as one in a column


def lines_of(cell: Paragraph) -> tuple[str, ...]:
    """The lines a paragraph cell printed, as last wrapped (its words as reportlab broke them)."""
    bl = getattr(cell, "blPara", None)
    if bl is None:
        return ()
    out = []
    for line in bl.lines:
        if isinstance(line, tuple):  # plain text: (spare width, words)
            out.append(" ".join(line[1]))
        else:  # styled text: its pieces in order
            out.append("".join(getattr(f, "text", "") or "" for f in getattr(line, "words", [])))
    return tuple(" ".join(t.split()) for t in out)


def record(table, header: int) -> dict | None:
    """A table as drawn, for the preflight: its page, its header row's texts, and every paragraph cell's
    (row, column, header?, text, lines printed, column width mm). None outside a book being set."""
    canv = getattr(table, "canv", None)
    doc = getattr(canv, "_doctemplate", None)
    if doc is None or getattr(doc, "tables", None) is None:
        return None
    cells = []
    for r, row in enumerate(table._cellvalues):
        for c, cell in enumerate(row):
            if isinstance(cell, (list, tuple)):
                cell = cell[0] if len(cell) == 1 else None
            if not isinstance(cell, Paragraph):
                continue
            # its words as measured when the table was made: once a cell of several styled pieces is wrapped, its
            # pieces are reportlab's words and lines, which hold no text of their own to read again
            known = cell.__dict__.get("_printgen_words")
            text = " ".join(t for t, _ in (known[1] if known is not None else _words(cell)))
            cells.append((r, c, r < header, text, lines_of(cell), round(pt_to_mm(table._colWidths[c]), 2)))
    first = {c: text for r, c, _, text, _, _ in cells if r == 0} if header else {}
    head = tuple(first.get(c, "") for c in range(len(table._cellvalues[0]))) if first else ()
    entry = {"page": canv.getPageNumber(), "header": head, "cells": tuple(cells)}
    doc.tables.append(entry)
    return entry
