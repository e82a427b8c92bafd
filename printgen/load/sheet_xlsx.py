"""XLSX sheets read into tables (openpyxl, read-only), with what openpyxl does not show read from the
sheet's own XML: merged ranges, formulas with no saved value, and values past the row and column limits
(openpyxl is asked only for the rows and columns within them, so those are named, not dropped). Every scan
of the XML is one linear pass (``find`` and bounded patterns): a 400,000-character formula or 20,000
merged ranges over a million rows cost what the file's size does. The workbook's styles and shared
strings are counted before openpyxl holds them in memory.
"""

from __future__ import annotations

import re
import zipfile
from contextlib import contextmanager
from pathlib import Path

from ..findings import Finding, Location, error
from ..limits import limit
from .sheet_read import (
    MAX_COLUMN, MAX_ROW, MB, SheetError, Table, _Rows, _cap, _cell, _col_letters, _col_number, _limit_error,
    _missing_sheet, _not_sheet, _rows_within, open_zip,
)

_CELL_REF = re.compile(rb"([A-Z]{1,3})([0-9]{1,7})")
_REF_ATTR = re.compile(rb'\br="([A-Za-z]{1,3})([0-9]{1,7})"')
_VALUE = re.compile(rb"<(?:\w{1,20}:)?(?:v>[^<]|is\b)")
_FORMULA = re.compile(rb"<(?:\w{1,20}:)?f[\s>/]")
_CELL_START = re.compile(rb"<(?:\w{1,20}:)?c[\s>/]")
_CELL_END = re.compile(rb"</(?:\w{1,20}:)?c>")
_ROW = re.compile(rb"<(?:\w{1,20}:)?row\b[^>]{0,400}?\br=\"([0-9]{1,10})\"")



def _cell_ref(ref: bytes, table: Table) -> tuple[int, int] | SheetError:
    """(row, column) of a cell reference like B12, or the finding for one outside any worksheet."""
    m = _CELL_REF.fullmatch(ref)
    row, col = (int(m.group(2)), _col_number(m.group(1))) if m else (0, 0)
    if not m or not 1 <= row <= MAX_ROW or not 1 <= col <= MAX_COLUMN:
        return SheetError(error("sheet-file", f"the cell reference '{ref[:20].decode('ascii', 'replace')}' lies outside "
                                "any worksheet (columns A to XFD, rows 1 to 1,048,576): save the file again from "
                                "your spreadsheet app", table.loc(1, 1)))
    return row, col


def _merges(xml: bytes, table: Table) -> tuple[list[Finding], list[tuple[int, int]]]:
    """Merged ranges (findings, and their row spans), read with one pass of ``find``: no regular expression
    that could backtrack over a huge tag."""
    found, spans, at = [], [], 0
    while True:
        at = xml.find(b"mergeCell", at)
        if at < 0:
            break
        end = xml.find(b">", at)
        if end < 0:
            break
        tag, at = xml[at:end], end
        m = re.search(rb'\bref="([^"]{1,40})"', tag)
        if m is None or tag.startswith(b"mergeCells"):
            continue
        first, _, last = m.group(1).partition(b":")
        a, b = _cell_ref(first, table), _cell_ref(last or first, table)
        for ref in (a, b):
            if isinstance(ref, SheetError):
                raise ref
        found.append(error("sheet-merged", f"merged cells {m.group(1).decode()}: one value per cell, please "
                           "(unmerge them and fill in each cell)", table.loc(a[0], a[1])))
        spans.append((min(a[0], b[0]), max(a[0], b[0])))
    return _cap(found, "sheet-merged", "merged ranges"), spans


def _formulas(xml: bytes, table: Table) -> tuple[list[Finding], set[int]]:
    """Formulas with no saved value: each ``<f`` found, then the cell around it; linear in the XML."""
    found, rows, at = [], set(), 0
    while True:
        m = _FORMULA.search(xml, at)
        if m is None:
            break
        near = max(0, m.start() - 4096)  # a cell's head is just before its formula: no scan back to the start
        start = max(xml.rfind(b"<c ", near, m.start()), xml.rfind(b":c ", near, m.start()))
        close = _CELL_END.search(xml, m.end())
        at = close.end() if close else len(xml)
        if start < 0 or close is None:
            break
        head_end = xml.find(b">", start)
        ref = _REF_ATTR.search(xml, start, head_end)
        if ref is None or _VALUE.search(xml, head_end, close.start()):
            continue
        where = _cell_ref(ref.group(1).upper() + ref.group(2), table)
        if isinstance(where, SheetError):
            raise where
        found.append(error("sheet-formula", "formula with no saved value: open and save the file in your "
                           "spreadsheet app (printgen reads the value it saved, never the formula)",
                           table.loc(*where)))
        rows.add(where[0])
    return _cap(found, "sheet-formula", "formulas with no saved value"), rows


def _far_cells(xml: bytes, table: Table, most_rows: int, most_cols: int) -> None:
    """Raises the limit finding at the first cell holding a value past the row or column limit: such a cell
    is never read (openpyxl is asked for the rows and columns within the limits), so it must not be lost
    without a word."""
    far_letters = len(_col_letters(most_cols + 1))
    # Rows: the first row numbered past the limit is found by a pattern that only matches numbers of as
    # many digits as the limit's, then each value from there is traced back to its row. A sheet's rows
    # are in order, so this is one search in C however many empty rows follow; out of order, one step per
    # value, never one per row.
    far_row = re.compile(rb'<(?:\w{1,20}:)?row\b[^>]{0,400}?\br="([0-9]{%d,10})"' % len(str(most_rows + 1)))
    first = next((m for m in far_row.finditer(xml) if int(m.group(1)) > most_rows), None)
    at = first.start() if first else len(xml)
    while at < len(xml):
        value = _VALUE.search(xml, at)
        if value is None:
            break
        at = value.end()
        start = max(xml.rfind(b"<row", 0, value.start()), xml.rfind(b":row", 0, value.start()))
        number = _ROW.search(xml, max(0, start - 21), value.start()) if start >= 0 else None
        if number is None or int(number.group(1)) <= most_rows:
            continue
        row = int(number.group(1))
        cell = max(xml.rfind(b"<c ", start, value.start()), xml.rfind(b":c ", start, value.start()))
        ref = _REF_ATTR.search(xml, cell, value.start()) if cell >= 0 else None
        col = _col_number(ref.group(1)) if ref else 1
        raise _limit_error("sheet-rows", "the number of rows", row, table.loc(row, col),
                           f"a value in row {row:,} would not be read: split the sheet")
    far = re.compile(rb'\br="([A-Z]{%d,3})([0-9]{1,7})"' % far_letters)
    for ref in far.finditer(xml):  # only references with as many column letters as the limit's, or more
        col = _col_number(ref.group(1))
        if col <= most_cols:
            continue
        head_end = xml.find(b">", ref.end())
        if head_end < 0 or xml[head_end - 1:head_end] == b"/":
            continue  # <c r="ZZ1"/>: no value
        close = _CELL_END.search(xml, head_end)
        if close is not None and _VALUE.search(xml, head_end, close.start()):
            row = int(ref.group(2))
            raise _limit_error("sheet-columns", "the number of columns", col, table.loc(row, col),
                               f"a value in column {_col_letters(col)} would not be read: drop the columns no "
                               "field needs")


def _sheet_xml_problems(xml: bytes, table: Table) -> list[Finding]:
    """Merged cells and formulas with no saved value, read from the sheet's own XML: openpyxl's fast
    reader shows neither (a merged range reads as one value and blanks; such a formula as a blank).
    The rows they stand in are left out of the items: one mistake, one finding (not also a missing key)."""
    header = table.rows[0][0] if table.rows else 0
    found, spans = _merges(xml, table)
    formulas, bad_rows = _formulas(xml, table) if (b"<f" in xml or b":f" in xml) else ([], set())
    found += formulas
    bad_rows |= _rows_within(spans, table)
    bad_rows.discard(header)
    if bad_rows:
        table.rows = [r for r in table.rows if r[0] not in bad_rows]
    return found


def xlsx_sheet_names(path: Path, file: str) -> list[str]:
    book, archive = _open_workbook(path, file)
    book.close()
    archive.close()
    return book.sheetnames


_XF = re.compile(rb"<(?:\w{1,20}:)?xf[\s>/]")
_SI = re.compile(rb"<(?:\w{1,20}:)?si[\s>/]")


def _count_tags(archive: zipfile.ZipFile, name: str, tag: re.Pattern, most: int) -> int:
    """How many ``tag`` the zip entry ``name`` holds, read a megabyte at a time (stops past ``most``)."""
    try:
        stream = archive.open(name)
    except KeyError:
        return 0
    n, tail = 0, b""
    with stream:
        while n <= most:
            chunk = stream.read(MB)
            if not chunk:
                break
            data = tail + chunk
            keep = data.rfind(b"<", max(0, len(data) - 32))  # a tag cut at the chunk's end: counted next time
            cut = keep if keep >= 0 else len(data)
            n += len(tag.findall(data, 0, cut))
            tail = data[cut:]
        n += len(tag.findall(tail))
    return n


def _check_parts(archive: zipfile.ZipFile, file: str) -> None:
    """Refuse a workbook whose styles or shared strings openpyxl would hold in memory past the limits:
    counted in the zip before openpyxl reads a byte of them."""
    names = set(archive.namelist())
    for name, tag, lim, what in (("xl/styles.xml", _XF, "sheet-styles", "the number of cell styles"),
                                 ("xl/sharedStrings.xml", _SI, "sheet-strings", "the number of shared strings")):
        if name in names:
            n = _count_tags(archive, name, tag, int(limit(lim)))
            if n > limit(lim):
                raise _limit_error(lim, what, n, Location(file, 1, 1),
                                   "no designer's workbook holds so many: save the data into a fresh workbook")


@contextmanager
def _no_dimension_scan():
    """openpyxl's read-only worksheet looks for the sheet's <dimension> when it is made, and a sheet without
    one is parsed to its end for it: a million empty rows cost seconds before a cell is read. printgen
    always asks for rows and columns up to its limits (iter_rows(max_row=, max_col=)), so the dimension is
    never needed; while the workbook is opened, the scan is skipped (the sheets are made then)."""
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    original = ReadOnlyWorksheet._get_size
    ReadOnlyWorksheet._get_size = lambda self: None
    try:
        yield
    finally:
        ReadOnlyWorksheet._get_size = original


def _open_workbook(path: Path, file: str):
    archive = open_zip(path, file)
    import openpyxl  # here: only games with spreadsheets pay for it

    try:
        _check_parts(archive, file)
        # read_only streams rows; data_only gives formulas' saved values; links and macros are never loaded
        with _no_dimension_scan():
            book = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_links=False, keep_vba=False)
    except SheetError:
        archive.close()
        raise
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook  # noqa: BLE001
        archive.close()
        raise _not_sheet(file, "XLSX workbook") from None
    return book, archive


def _iso_date(text: str) -> bool:
    from datetime import datetime

    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _unreadable_cell(xml: bytes, table: Table, after: int) -> SheetError:
    """The finding for a cell openpyxl could not read: the first cell past row ``after`` whose XML or typed
    value is wrong (a number that is none, a date that is none, a shared string that is not there)."""
    at = 0
    for m in _ROW.finditer(xml):
        if int(m.group(1)) > after:
            at = m.start()
            break
    while True:
        m = _CELL_START.search(xml, at)
        if m is None:
            break
        head_end = xml.find(b">", m.start())
        close = _CELL_END.search(xml, head_end) if head_end >= 0 else None
        head = xml[m.start():head_end if head_end >= 0 else len(xml)]
        at = (close.end() if close else head_end + 1) if head_end >= 0 else len(xml)
        ref = _REF_ATTR.search(head)
        if ref is None:
            continue
        kind = re.search(rb'\bt="([a-z]{1,9})"', head)
        body = xml[head_end:close.start()] if close else b""
        value = re.search(rb"<(?:\w{1,20}:)?v>([^<]{0,4400})", body)
        text = value.group(1).decode("utf-8", "replace") if value else ""
        typed = kind.group(1).decode() if kind else "n"
        # a whole number past 4,300 digits is one Python will not read; a date must be one (month 13 is none)
        wrong = (typed == "n" and text and (not re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", text)
                                            or len(text) > 4300)) or \
                (typed == "s" and text and not text.isdigit()) or (typed == "b" and text not in ("", "0", "1")) or \
                (typed == "d" and text and not _iso_date(text))
        if wrong or typed == "s" or head_end < 0:
            row, col = int(ref.group(2)), _col_number(ref.group(1))
            return SheetError(error("sheet-file", f"this cell cannot be read (type '{typed}', value "
                                    f"'{text[:30]}'): retype it in your spreadsheet app and save the file again",
                                    table.loc(row, col)))
    return SheetError(error("sheet-file", f"a cell after row {after:,} cannot be read: save the file again from "
                            "your spreadsheet app", table.loc(after + 1, 1)))


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
            try:
                xml = archive.read(ws._worksheet_path) if getattr(ws, "_worksheet_path", None) else b""
            except (KeyError, zipfile.BadZipFile, OSError, RuntimeError, EOFError, ValueError):
                raise _not_sheet(file, "XLSX workbook (a sheet cannot be unpacked)") from None
            _far_cells(xml, rows.table, rows.most_rows, rows.most_cols)
            last = 0
            try:
                # bounded by the limits, whatever the sheet's saved dimensions claim (_far_cells: nothing lost)
                for row in ws.iter_rows(max_row=rows.most_rows + 1, max_col=rows.most_cols + 1):
                    cells = [_cell(getattr(c, "value", None)) for c in row]
                    number = next((c.row for c in row if getattr(c, "row", None)), None)
                    if number is not None:
                        rows.add(number, cells)
                        last = number
            except SheetError:
                raise
            except Exception:  # bad cell XML, a shared string that is not there, a typed cell that is no value  # noqa: BLE001
                merged = _merges(xml, rows.table)[0]
                if not merged:  # a merged range openpyxl cannot read is named as the merge it is
                    raise _unreadable_cell(xml, rows.table, last) from None
                rows.table.rows = rows.table.rows[:1]
                out.append((rows.table, merged))
                continue
            out.append((rows.table, _sheet_xml_problems(xml, rows.table)))
        return out
    finally:
        book.close()
        archive.close()
