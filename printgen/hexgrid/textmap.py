"""Maps drawn as text, read in doubled coordinates.

Every non-space character is a hex. Flat-top maps use "doubled height": each
text line is half a hex down from the last, and a column's hexes sit on every
other line. Pointy-top maps use "doubled width": each line is a row, and
alternate rows are shifted half a hex sideways. Any consistent spacing works:
the horizontal step is the greatest common divisor of the character offsets,
so both ``. . .`` and the wide ``.     .     .`` diagrams read the same.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from math import gcd
from typing import NamedTuple

from .coords import Hex


class Cell(NamedTuple):
    char: str
    line: int  # 0-based text line
    col: int  # 0-based character column


class TextMapError(ValueError):
    """A text map that cannot be read; ``line``/``col`` are 0-based in the text."""

    def __init__(self, message: str, line: int = 0, col: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


class TextMap(NamedTuple):
    orientation: str
    cells: dict[Hex, Cell]

    def hexes(self) -> list[Hex]:
        return sorted(self.cells, key=lambda h: (h.r, h.q))

    def by_char(self, char: str) -> list[Hex]:
        return sorted((h for h, c in self.cells.items() if c.char == char), key=lambda h: (h.r, h.q))


def _doubled_to_axial(col: int, row: int, orientation: str) -> Hex:
    if orientation == "flat":
        return Hex(col, (row - col) // 2)
    return Hex((col - row) // 2, row)


def _axial_to_doubled(h: Hex, orientation: str) -> tuple[int, int]:
    if orientation == "flat":
        return h.q, 2 * h.r + h.q
    return 2 * h.q + h.r, h.r


def _column_step(found: list[tuple[int, int, str]]) -> int:
    """Characters per doubled column. Hexes on one line are two columns apart, so
    half the spacing within lines is the step. The spacing is the largest one most gaps
    agree with (not the GCD of all): one hex typed a column off is then the one blamed,
    rather than skewing the step and getting a correct hex far away blamed instead."""
    by_line: dict[int, list[int]] = {}
    for li, ci, _ in found:
        by_line.setdefault(li, []).append(ci)
    gaps = [b - a for cols in by_line.values() for a, b in zip(cols, cols[1:])]
    within = 0
    if gaps:
        counts = Counter(gaps)
        common = min(counts, key=lambda g: (-counts[g], g))
        within = next(d for d in range(common, 0, -1)
                      if common % d == 0 and 2 * sum(g % d == 0 for g in gaps) > len(gaps) or d == 1)
    if within and within % 2 == 0:
        return within // 2
    pos0 = min(ci for _, ci, _ in found)
    step = 0
    for _, ci, _ in found:
        step = gcd(step, ci - pos0)
    return step or 1


NOTATIONS = {
    "picture": "every character sits where its hex sits: flat-top columns alternate lines, pointy-top rows "
               "are shifted half a hex (what the printed map looks like)",
    "rows": "each line is a row of hexes and each character a hex, left to right, like a spreadsheet: "
            "flat-top maps sit their odd columns half a hex lower, pointy-top maps their odd rows half a hex "
            "to the right; indenting a line by half a step changes nothing",
    "exact": "as picture, with the spacing fixed rather than read from the text: one character per half hex "
             "across (pointy-top rows put their hexes two characters apart, flat-top columns sit a character "
             "apart), so hexes far apart, such as the parts of a map laid in pieces, read back where they are "
             "written (what printgen import-map writes when the picture would read otherwise)",
}


def _characters(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for li, line in enumerate(text.split("\n")):
        for ci, ch in enumerate(line):
            if ch == "\t":
                raise TextMapError("tab in a text map; use spaces so the columns line up", li, ci)
            if not ch.isspace():
                found.append((li, ci, ch))
    if not found:
        raise TextMapError("the map has no hexes: every non-space character is a hex")
    return found


def _offset_to_axial(col: int, row: int, orientation: str) -> Hex:
    """Offset coordinates (odd columns down for flat-top, odd rows right for pointy-top) to axial."""
    if orientation == "flat":
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col - (row - (row & 1)) // 2, row)


def _parse_rows(found: list[tuple[int, int, str]], orientation: str) -> TextMap:
    """The ``rows`` notation: a line a row, a character a hex. The step is the spacing most neighbours on
    a line share (1 when no line has two hexes); a line set in by half a step, as a drawing of hex offsets
    would be, reads as if it were not."""
    by_line: dict[int, list[tuple[int, str]]] = {}
    for li, ci, ch in found:
        by_line.setdefault(li, []).append((ci, ch))
    gaps = Counter(b - a for cells in by_line.values() for (a, _), (b, _) in zip(cells, cells[1:]))
    step = min(gaps, key=lambda g: (-gaps[g], g)) if gaps else 1
    pos0 = min(ci for _, ci, _ in found)
    line0 = min(by_line)
    cells: dict[Hex, Cell] = {}
    for li, row_cells in by_line.items():
        shift = (row_cells[0][0] - pos0) % step
        if step % 2 == 0 and shift == step // 2:
            shift = step // 2  # half a step in: a drawing aid, not a column
        elif shift:
            shift = 0
        for ci, ch in row_cells:
            if (ci - pos0 - shift) % step:
                raise TextMapError(f"'{ch}' is not lined up with the hexes of its line (every {step} characters)",
                                   li, ci)
            cells[_offset_to_axial((ci - pos0 - shift) // step, li - line0, orientation)] = Cell(ch, li, ci)
    return TextMap(orientation=orientation, cells=cells)


# Text maps read in this process, by their text and settings: a build's checks read each map three or four
# times over (the limits, the map checks, the pack's own, the terrain), and its workers again (the map pages,
# the build guide, the terrain); the last few dozen only (a watch or the studio reads new texts at every save)
_READ: OrderedDict[tuple, TextMap] = OrderedDict()
_READ_KEPT = 64
_READ_LOCK = threading.Lock()  # the studio may read from more than one thread


def parse_textmap(text: str, orientation: str, *, step: int | None = None, notation: str = "picture") -> TextMap:
    """Read a text map into {Hex: Cell}. Raises TextMapError with the offending position.

    ``notation`` is one of NOTATIONS. ``step`` (picture notation) is the number of characters per doubled
    column; by default it is inferred, which is exact for any map with two neighbouring hexes on one line
    (``exact`` notation: always 1). The same text read again gives the same TextMap: treat it as read-only.
    """
    key = (text, orientation, step, notation)
    if not isinstance(text, str):
        return _parse_textmap(text, orientation, step, notation)
    with _READ_LOCK:
        got = _READ.get(key)
        if got is not None:
            _READ.move_to_end(key)
            return got
    got = _parse_textmap(text, orientation, step, notation)
    with _READ_LOCK:
        _READ[key] = got
        while len(_READ) > _READ_KEPT:
            _READ.popitem(last=False)
    return got


def _parse_textmap(text: str, orientation: str, step: int | None, notation: str) -> TextMap:
    if orientation not in ("flat", "pointy"):
        raise TextMapError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
    found = _characters(text)
    if notation == "rows":
        return _parse_rows(found, orientation)
    if notation == "exact":
        step = 1  # nothing inferred: a map of scattered hexes has no spacing its gaps agree on
    line0 = min(li for li, _, _ in found)
    pos0 = min(ci for _, ci, _ in found)
    step = step or _column_step(found)
    how = ("each column's hexes go on every other line, and neighbouring columns alternate lines"
           if orientation == "flat" else
           "hexes on a line are two steps apart and alternate lines are shifted one step")
    placed: list[tuple[int, int, int, int, str]] = []
    for li, ci, ch in found:
        if (ci - pos0) % step:
            raise TextMapError(f"'{ch}' is not lined up with the map's columns (every {step} characters)", li, ci)
        placed.append((li - line0, (ci - pos0) // step, li, ci, ch))
    # The parity most hexes agree on is the grid; the first hex off it is the one to blame.
    counts = [0, 0]
    for row, col, *_ in placed:
        counts[(row + col) % 2] += 1
    parity = 0 if counts[0] >= counts[1] else 1
    cells: dict[Hex, Cell] = {}
    for row, col, li, ci, ch in placed:
        if (row + col) % 2 != parity:
            raise TextMapError(f"'{ch}' is not on the {orientation}-top hex grid: in a {orientation}-top text map {how}",
                               li, ci)
        cells[_doubled_to_axial(col + parity, row, orientation)] = Cell(ch, li, ci)
    return TextMap(orientation=orientation, cells=cells)


def format_textmap(cells: dict[Hex, str], orientation: str, *, spacing: int = 1) -> str:
    """Write {Hex: char} as a text map that ``parse_textmap`` reads back (up to translation): in ``exact``
    notation always, with ``spacing`` 1; in picture notation when the spacing it infers is the one written."""
    if not cells:
        return ""
    doubled = {h: _axial_to_doubled(h, orientation) for h in cells}
    min_col = min(c for c, _ in doubled.values())
    min_row = min(r for _, r in doubled.values())
    rows: dict[int, dict[int, str]] = {}
    for h, (c, r) in doubled.items():
        rows.setdefault(r - min_row, {})[(c - min_col) * spacing] = cells[h]
    lines = []
    for r in range(max(rows) + 1):
        line = [" "] * (max(rows.get(r, {0: ""})) + 1 if r in rows else 0)
        for pos, ch in rows.get(r, {}).items():
            line[pos] = ch
        lines.append("".join(line).rstrip())
    return "\n".join(lines)
