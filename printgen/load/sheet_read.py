"""Spreadsheet files read into plain tables: CSV (stdlib csv), XLSX (openpyxl), ODS (content.xml).

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
        return int(text)
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


# ---------------------------------------------------------------- XLSX

_CELL_REF = re.compile(rb"([A-Z]{1,3})([0-9]+)")
_MERGE = re.compile(rb"<(?:\w+:)?mergeCell\b[^>]*\bref=\"([A-Z]+[0-9]+):([A-Z]+[0-9]+)\"")
_FORMULA_CELL = re.compile(rb"<(?:\w+:)?c\b[^>]*?\br=\"([A-Z]+)([0-9]+)\"[^>]*>(.*?)</(?:\w+:)?c>", re.S)
_VALUE = re.compile(rb"<(?:\w+:)?v>[^<]")


def _col_number(letters: bytes) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ch - 64
    return n


def _sheet_xml_problems(xml: bytes, table: Table) -> list[Finding]:
    """Merged cells and formulas with no saved value, read from the sheet's own XML: openpyxl's fast
    reader shows neither (a merged range reads as one value and blanks; such a formula as a blank).
    The rows they stand in are left out of the items: one mistake, one finding (not also a missing key)."""
    found, bad_rows = [], set()
    header = table.rows[0][0] if table.rows else 0
    for first, last in _MERGE.findall(xml):
        m, n = _CELL_REF.fullmatch(first), _CELL_REF.fullmatch(last)
        found.append(error("sheet-merged", f"merged cells {first.decode()}:{last.decode()}: one value per cell, please "
                           "(unmerge them and fill in each cell)", table.loc(int(m.group(2)), _col_number(m.group(1)))))
        bad_rows.update(range(int(m.group(2)), int(n.group(2)) + 1))
    if b"<f" in xml or b":f" in xml:
        for col, row, inner in _FORMULA_CELL.findall(xml):
            if re.search(rb"<(?:\w+:)?f\b", inner) and not _VALUE.search(inner):
                found.append(error("sheet-formula", "formula with no saved value: open and save the file in your "
                                   "spreadsheet app (printgen reads the value it saved, never the formula)",
                                   table.loc(int(row), _col_number(col))))
                bad_rows.add(int(row))
    bad_rows.discard(header)
    if bad_rows:
        table.rows = [r for r in table.rows if r[0] not in bad_rows]
    return found


def xlsx_sheet_names(path: Path, file: str) -> list[str]:
    return _open_workbook(path, file)[0].sheetnames


def _open_workbook(path: Path, file: str):
    archive = open_zip(path, file)
    import openpyxl  # here: only games with spreadsheets pay for it

    try:
        # read_only streams rows; data_only gives formulas' saved values; links and macros are never loaded
        book = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_links=False, keep_vba=False)
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook  # noqa: BLE001
        archive.close()
        raise _not_sheet(file, "XLSX workbook") from None
    return book, archive


def read_xlsx(path: Path, file: str, sheet: str | None) -> list[tuple[Table, list[Finding]]]:
    """The named sheet, or every sheet, each with its merged-cell and formula findings."""
    book, archive = _open_workbook(path, file)
    try:
        names = book.sheetnames
        if sheet is not None and sheet not in names:
            raise _missing_sheet(file, sheet, names)
        out = []
        for name in ([sheet] if sheet is not None else names):
            ws = book[name]
            rows = _Rows(file, name)
            # bounded by the limits, whatever the sheet's saved dimensions claim
            for row in ws.iter_rows(max_row=rows.most_rows + 1, max_col=rows.most_cols + 1):
                cells = [_cell(getattr(c, "value", None)) for c in row]
                number = next((c.row for c in row if getattr(c, "row", None)), None)
                if number is not None:
                    rows.add(number, cells)
            xml = archive.read(ws._worksheet_path) if getattr(ws, "_worksheet_path", None) else b""
            out.append((rows.table, _sheet_xml_problems(xml, rows.table)))
        return out
    finally:
        book.close()
        archive.close()


# ---------------------------------------------------------------- ODS
# odfpy (last release 2020) and pyexcel-ods3 (2022) are no longer kept up, so the ODS content.xml is read
# here with the standard library's XML parser, refusing any DTD (no entities, as defusedxml does).

_T = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_O = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_X = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"


def _ods_root(path: Path, file: str):
    import xml.etree.ElementTree as ET

    with open_zip(path, file) as archive:
        try:
            xml = archive.read("content.xml")
        except KeyError:
            raise _not_sheet(file, "ODS spreadsheet (it has no content.xml)") from None
    if b"<!DOCTYPE" in xml or b"<!ENTITY" in xml:
        raise _not_sheet(file, "ODS spreadsheet (it declares XML entities, which a spreadsheet never needs)")
    try:
        return ET.fromstring(xml)
    except ET.ParseError:
        raise _not_sheet(file, "ODS spreadsheet (its content.xml is not well-formed)") from None


def _ods_tables(root) -> list:
    return [t for t in root.iter(_T + "table")]


def ods_sheet_names(path: Path, file: str) -> list[str]:
    return [t.get(_T + "name", "") for t in _ods_tables(_ods_root(path, file))]


def _ods_value(cell) -> Any:
    kind = cell.get(_O + "value-type")
    if kind in ("float", "percentage", "currency"):
        return _cell(float(cell.get(_O + "value", "0")))
    if kind == "boolean":
        return cell.get(_O + "boolean-value") == "true"
    if kind == "date":
        return cell.get(_O + "date-value")
    if kind == "time":
        return cell.get(_O + "time-value")
    paragraphs = ["".join(p.itertext()) for p in cell.iter(_X + "p")]
    return _cell("\n".join(paragraphs)) if paragraphs else None


def read_ods(path: Path, file: str, sheet: str | None) -> list[tuple[Table, list[Finding]]]:
    tables = _ods_tables(_ods_root(path, file))
    names = [t.get(_T + "name", "") for t in tables]
    if sheet is not None and sheet not in names:
        raise _missing_sheet(file, sheet, names)
    out = []
    for table in tables:
        name = table.get(_T + "name", "")
        if sheet is not None and name != sheet:
            continue
        rows, found, number, bad_rows = _Rows(file, name), [], 0, set()
        for row in table.iter(_T + "table-row"):
            repeat = int(row.get(_T + "number-rows-repeated", "1"))
            cells: list[Any] = []
            for cell in row:
                if cell.tag not in (_T + "table-cell", _T + "covered-table-cell"):
                    continue
                times = int(cell.get(_T + "number-columns-repeated", "1"))
                value = _ods_value(cell)
                col = len(cells) + 1
                if value is None and times > 1:
                    times = min(times, rows.most_cols + 1)  # a blank run to the sheet's edge
                if cell.get(_T + "number-columns-spanned") or cell.get(_T + "number-rows-spanned"):
                    span = int(cell.get(_T + "number-rows-spanned", "1"))
                    bad_rows.update(range(number + 1, number + 1 + span))
                    found.append(error("sheet-merged", "merged cells: one value per cell, please (unmerge them "
                                       "and fill in each cell)", rows.table.loc(number + 1, col)))
                if cell.get(_T + "formula") and value is None:
                    bad_rows.add(number + 1)
                    found.append(error("sheet-formula", "formula with no saved value: open and save the file in "
                                       "your spreadsheet app (printgen reads the value it saved, never the formula)",
                                       rows.table.loc(number + 1, col)))
                cells.extend([value] * times)
                if len(cells) > rows.most_cols + 1:
                    break
            if any(c is not None for c in cells):
                for _ in range(min(repeat, rows.most_rows + 1)):
                    number += 1
                    rows.add(number, list(cells))
            else:
                number += repeat  # blank rows, often a million of them to the sheet's end
        header = rows.table.rows[0][0] if rows.table.rows else 0
        # rows with a merged range or a formula with no value: one mistake, one finding (as in XLSX)
        rows.table.rows = [r for r in rows.table.rows if r[0] == header or r[0] not in bad_rows]
        out.append((rows.table, found))
    return out


def read_tables(path: Path, file: str, sheet: str | None = None) -> list[tuple[Table, list[Finding]]]:
    """Every table of a spreadsheet file (one for CSV; the named sheet, or all, of a workbook)."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return [(read_csv(path, file), [])]
    if suffix == ".ods":
        return read_ods(path, file, sheet)
    return read_xlsx(path, file, sheet)
