"""Spreadsheet files read into plain tables: CSV here (stdlib csv), XLSX in sheet_xlsx (openpyxl), ODS in
sheet_ods (content.xml); the table, its bounds and the zip guard they share are here.

A table is its rows as lists of cell values (text, numbers, booleans; None for an empty cell), each
with its 1-based row number, so every value keeps the cell it came from. A spreadsheet is untrusted
input like any game file: its size, its zip's declared sizes and entries, its rows and columns are
bounded (printgen.limits) before and while it is read; formulas are read as the values the
spreadsheet app saved, never evaluated; macros and external links are never loaded.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..findings import Finding, Location, did_you_mean, error
from ..limits import LIMITS, limit

SHEET_SUFFIXES = (".csv", ".xlsx", ".xlsm", ".ods")
MB = 1024 * 1024


@dataclass
class Table:
    file: str  # as findings show it
    sheet: str  # "" for CSV
    rows: list[tuple[int, list[Any]]] = field(default_factory=list)  # (row number, cells)

    def loc(self, row: int, col: int) -> Location:
        return Location(self.file, row, col, self.sheet)


class SheetError(Exception):
    """A file that cannot be read as a table: carries the finding that says so."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def _limit_error(name: str, what: str, value: float, loc: Location, hint: str) -> SheetError:
    lim = LIMITS[name]
    return SheetError(error(lim.code, f"{what} is {value:,.0f} {lim.unit}; the limit is {lim.value:,.0f} {lim.unit}; "
                            + hint, loc))


def _not_sheet(file: str, what: str) -> SheetError:
    return SheetError(error("sheet-file", f"this file is not a readable {what}: save it again from your spreadsheet "
                            "app (CSV UTF-8, XLSX or ODS)", Location(file, 1, 1)))


class _Rows:
    """Collects rows, refusing past the row and column limits at the cell that crosses them."""

    def __init__(self, file: str, sheet: str) -> None:
        self.table = Table(file, sheet)
        self.most_rows, self.most_cols = int(limit("sheet-rows")), int(limit("sheet-columns"))

    def add(self, number: int, cells: list[Any]) -> None:
        while cells and cells[-1] is None:
            cells.pop()
        if not cells:
            return  # an empty row: no item (spreadsheets hold many)
        if number > self.most_rows:
            raise _limit_error("sheet-rows", "the number of rows", number, self.table.loc(number, 1),
                               f"row {number:,}, here, is the first past it: split the sheet")
        if len(cells) > self.most_cols:
            raise _limit_error("sheet-columns", "the number of columns", len(cells),
                               self.table.loc(number, self.most_cols + 1), "drop the columns no field needs")
        self.table.rows.append((number, cells))


def _cell(value: Any) -> Any:
    """A cell's value as YAML would have given it: whole numbers as int, dates as ISO text."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    if isinstance(value, str) and not value.strip():
        return None
    return value


def _check_size(path: Path, file: str) -> None:
    size = path.stat().st_size
    if size > limit("sheet-bytes") * MB:
        raise _limit_error("sheet-bytes", "the file's size", size / MB, Location(file, 1, 1),
                           "split it into several files")


# ---------------------------------------------------------------- CSV

_INT = re.compile(r"-?(0|[1-9][0-9]*)")
_FLOAT = re.compile(r"-?(0|[1-9][0-9]*)\.[0-9]+")


# CSV injection (OWASP): a spreadsheet app runs a cell that starts with one of these as a formula, so
# printgen's CSV export writes such a cell behind an apostrophe ('=cmd|...), which apps show as text. The
# apostrophe is read back off, so an export re-imports to the same items: a cell that is apostrophes and
# then one of these loses exactly one apostrophe (and export adds one to a value already of that shape).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED = re.compile("'+[=+\\-@\t\r]")


def csv_escape(text: str) -> str:
    """``text`` as printgen writes it into a CSV cell: behind an apostrophe when an app would run it."""
    if text.startswith(FORMULA_START) or _ESCAPED.match(text):
        return "'" + text
    return text


def csv_unescape(text: str) -> str:
    """The inverse of ``csv_escape``: one apostrophe off a cell that is apostrophes then a formula start."""
    return text[1:] if _ESCAPED.match(text) else text


def csv_value(text: str) -> Any:
    """A CSV cell as YAML reads a plain scalar of numbers: 4 -> 4, 2.5 -> 2.5; all else stays text
    (``'=x`` is the text ``=x``: see ``csv_escape``)."""
    text = csv_unescape(text.strip())
    if not text.strip():
        return None
    if _INT.fullmatch(text):
        # past 18 digits a float (inf past 308): Python refuses int() of 4,300 digits, and no number in a
        # game is near either (the number limit then names the cell)
        return int(text) if len(text) <= 18 else float(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text


def read_csv(path: Path, file: str) -> Table:
    _check_size(path, file)
    raw = path.read_bytes()
    if b"\x00" in raw[:8192]:
        raise _not_sheet(file, "CSV file (it holds binary data)")
    try:
        text = raw.decode("utf-8-sig")  # Excel's "CSV UTF-8" starts with a BOM
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise SheetError(error("sheet-file", "this CSV file is not UTF-8 text: save it as 'CSV UTF-8'",
                               Location(file, line, 1))) from None
    first = text.split("\n", 1)[0]
    # Google Sheets and most apps write ','; a spreadsheet set to a comma-decimal locale writes ';'
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows = _Rows(file, "")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    start = 1
    try:
        for record in reader:
            # a quoted cell may span lines: a row is located at the line it starts on
            rows.add(start, [csv_value(c) for c in record])
            start = reader.line_num + 1
    except csv.Error as exc:
        raise SheetError(error("sheet-file", f"CSV cannot read this line: {exc}", Location(file, reader.line_num, 1))) \
            from None
    return rows.table


# ---------------------------------------------------------------- zip guard (XLSX, ODS)

def open_zip(path: Path, file: str) -> zipfile.ZipFile:
    """The file's zip, once its declared sizes and entries are within the limits: a zip bomb claims far
    more than it stores, and zipfile never inflates an entry past its declared size."""
    _check_size(path, file)
    if not zipfile.is_zipfile(path):
        raise _not_sheet(file, "spreadsheet (an XLSX or ODS file is a zip archive; this is not)")
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        raise _not_sheet(file, "spreadsheet (its zip archive is damaged)") from None
    infos = archive.infolist()
    where = Location(file, 1, 1)
    if len(infos) > limit("sheet-entries"):
        archive.close()
        raise _limit_error("sheet-entries", "the number of files inside it", len(infos), where,
                           "this is no spreadsheet a designer saved (a zip bomb?)")
    unpacked = sum(i.file_size for i in infos)
    if unpacked > limit("sheet-unpacked") * MB:
        archive.close()
        raise _limit_error("sheet-unpacked", "what it unpacks to", unpacked / MB, where,
                           "this is no spreadsheet a designer saved (a zip bomb?)")
    return archive


def _missing_sheet(file: str, sheet: str, names: list[str]) -> SheetError:
    hint = did_you_mean(sheet, names)
    return SheetError(error("sheet-missing", f"no sheet '{sheet}' in this file"
                            + (f"; did you mean '{hint}'?" if hint else f"; its sheets are: {', '.join(names)}"),
                            Location(file, 1, 1)))


# ---------------------------------------------------------------- shared by the workbook readers

MAX_COLUMN, MAX_ROW = 16_384, 1_048_576  # XFD and the last row of a worksheet
MAX_SAME_FINDINGS = 50  # one finding per cell up to here, then one saying how many more


def _col_number(letters: bytes) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ch - 64
    return n


def _col_letters(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _cap(found: list[Finding], code: str, what: str) -> list[Finding]:
    """``found`` with at most MAX_SAME_FINDINGS of ``code``, the rest said in one more finding."""
    same = [f for f in found if f.code == code]
    if len(same) <= MAX_SAME_FINDINGS:
        return found
    extra = same[MAX_SAME_FINDINGS]
    kept = [f for f in found if f.code != code] + same[:MAX_SAME_FINDINGS]
    return kept + [error(code, f"and {len(same) - MAX_SAME_FINDINGS:,} more {what} after this one", extra.loc)]


def _rows_within(spans: list[tuple[int, int]], table: Table) -> set[int]:
    """The table's row numbers that lie in any of the (first, last) row ``spans``: the spans merged, then one
    lookup per row, so 20,000 ranges over a million rows cost no more than the table's own rows."""
    import bisect

    merged: list[list[int]] = []
    for first, last in sorted(spans):
        if merged and first <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    starts = [a for a, _ in merged]
    out = set()
    for number, _ in table.rows:
        i = bisect.bisect_right(starts, number) - 1
        if i >= 0 and number <= merged[i][1]:
            out.add(number)
    return out
