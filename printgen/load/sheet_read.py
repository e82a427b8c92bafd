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


# ---------------------------------------------------------------- XLSX

_CELL_REF = re.compile(rb"([A-Z]{1,3})([0-9]{1,7})")
_REF_ATTR = re.compile(rb'\br="([A-Za-z]{1,3})([0-9]{1,7})"')
_VALUE = re.compile(rb"<(?:\w{1,20}:)?(?:v>[^<]|is\b)")
_FORMULA = re.compile(rb"<(?:\w{1,20}:)?f[\s>/]")
_CELL_START = re.compile(rb"<(?:\w{1,20}:)?c[\s>/]")
_CELL_END = re.compile(rb"</(?:\w{1,20}:)?c>")
_ROW = re.compile(rb"<(?:\w{1,20}:)?row\b[^>]{0,400}?\br=\"([0-9]{1,10})\"")
_ROW_END = re.compile(rb"</(?:\w{1,20}:)?row>")
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
    at = 0
    while True:  # one pass: each row's body is scanned once, and the next row is looked for after it
        m = _ROW.search(xml, at)
        if m is None:
            break
        head_end = xml.find(b">", m.end())
        if head_end < 0:
            break
        at = head_end + 1
        if xml[head_end - 1:head_end] == b"/" or len(m.group(1)) < len(str(most_rows)) or int(m.group(1)) <= most_rows:
            continue  # <row r="12"/> holds nothing; a row within the limit is read by openpyxl
        end = _ROW_END.search(xml, at)
        body = xml[at:end.start() if end else len(xml)]
        at = end.end() if end else len(xml)
        if _VALUE.search(body):
            row = int(m.group(1))
            ref = _REF_ATTR.search(body)
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


def _open_workbook(path: Path, file: str):
    archive = open_zip(path, file)
    import openpyxl  # here: only games with spreadsheets pay for it

    try:
        _check_parts(archive, file)
        # read_only streams rows; data_only gives formulas' saved values; links and macros are never loaded
        book = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_links=False, keep_vba=False)
    except SheetError:
        archive.close()
        raise
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook  # noqa: BLE001
        archive.close()
        raise _not_sheet(file, "XLSX workbook") from None
    return book, archive


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
        value = re.search(rb"<(?:\w{1,20}:)?v>([^<]{0,100})", body)
        text = value.group(1).decode("utf-8", "replace") if value else ""
        typed = kind.group(1).decode() if kind else "n"
        wrong = (typed == "n" and text and not re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", text)) or \
                (typed == "s" and text and not text.isdigit()) or (typed == "b" and text not in ("", "0", "1")) or \
                (typed == "d" and text and not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9:.]+)?", text))
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


# ---------------------------------------------------------------- ODS
# odfpy (last release 2020) and pyexcel-ods3 (2022) are no longer kept up, so the ODS content.xml is read
# here with defusedxml's parser, configured to refuse any DTD, entity or external reference: the parser
# sees them whatever the file's encoding (a byte search for "<!DOCTYPE" misses UTF-16).

_T = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_O = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_X = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"


def _ods_root(path: Path, file: str):
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    with open_zip(path, file) as archive:
        try:
            xml = archive.read("content.xml")
        except KeyError:
            raise _not_sheet(file, "ODS spreadsheet (it has no content.xml)") from None
        except (zipfile.BadZipFile, OSError, RuntimeError, EOFError, ValueError):  # a damaged or encrypted entry
            raise _not_sheet(file, "ODS spreadsheet (its content.xml cannot be unpacked)") from None
    try:
        return fromstring(xml, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise _not_sheet(file, "ODS spreadsheet (it declares a DTD or XML entities, which a spreadsheet never "
                         "needs)") from None
    except (ParseError, ValueError):
        raise _not_sheet(file, "ODS spreadsheet (its content.xml is not well-formed)") from None


def _ods_tables(root) -> list:
    return [t for t in root.iter(_T + "table")]


def ods_sheet_names(path: Path, file: str) -> list[str]:
    return [t.get(_T + "name", "") for t in _ods_tables(_ods_root(path, file))]


def _ods_count(cell, attr: str, table: Table, row: int, col: int, most: int) -> int:
    """A repeat or span attribute of an ODS row or cell: a whole number from 1, read as text and held to
    ``most`` before anything is made of it (a repeat of a billion is a run to the sheet's edge, not a list)."""
    raw = cell.get(_T + attr)
    if raw is None:
        return 1
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < 1:
        raise SheetError(error("sheet-file", f"table:{attr}=\"{raw[:20]}\" is no count of 1 or more, so this row "
                               "cannot be read: save the file again from your spreadsheet app", table.loc(row, col)))
    return min(int(text), most)


def _ods_value(cell, table: Table, row: int, col: int) -> Any:
    kind = cell.get(_O + "value-type")
    if kind in ("float", "percentage", "currency"):
        raw = (cell.get(_O + "value") or "0").strip()
        if len(raw) > 400 or not re.fullmatch(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?", raw):
            raise SheetError(error("sheet-file", f"this cell is typed as a number but holds '{raw[:30]}': retype it "
                                   "in your spreadsheet app and save the file again", table.loc(row, col)))
        return _cell(float(raw))
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
        rows, found, number, spans = _Rows(file, name), [], 0, []
        # every count is held to the sheet's limits before a list is made of it: past them, a row or a
        # column is refused by _Rows at the first value it holds, so clamping to one past loses nothing
        most_rows, most_cols = rows.most_rows + 1, rows.most_cols + 1
        for row in table.iter(_T + "table-row"):
            at = min(number + 1, MAX_ROW)
            repeat = _ods_count(row, "number-rows-repeated", rows.table, at, 1, MAX_ROW)
            cells: list[Any] = []
            for cell in row:
                if cell.tag not in (_T + "table-cell", _T + "covered-table-cell"):
                    continue
                col = len(cells) + 1
                times = _ods_count(cell, "number-columns-repeated", rows.table, at, col, most_cols - len(cells))
                value = _ods_value(cell, rows.table, at, col)
                if cell.get(_T + "number-columns-spanned") or cell.get(_T + "number-rows-spanned"):
                    _ods_count(cell, "number-columns-spanned", rows.table, at, col, MAX_COLUMN)
                    span = _ods_count(cell, "number-rows-spanned", rows.table, at, col, MAX_ROW)
                    spans.append((number + 1, number + span))
                    found.append(error("sheet-merged", "merged cells: one value per cell, please (unmerge them "
                                       "and fill in each cell)", rows.table.loc(number + 1, col)))
                if cell.get(_T + "formula") and value is None:
                    spans.append((number + 1, number + 1))
                    found.append(error("sheet-formula", "formula with no saved value: open and save the file in "
                                       "your spreadsheet app (printgen reads the value it saved, never the formula)",
                                       rows.table.loc(number + 1, col)))
                cells.extend([value] * times)
                if len(cells) >= most_cols:
                    break
            if any(c is not None for c in cells):
                for _ in range(min(repeat, most_rows)):
                    number += 1
                    rows.add(number, list(cells))
            else:
                number += repeat  # blank rows, often a million of them to the sheet's end
        header = rows.table.rows[0][0] if rows.table.rows else 0
        bad = _rows_within(spans, rows.table) - {header}
        # rows with a merged range or a formula with no value: one mistake, one finding (as in XLSX)
        rows.table.rows = [r for r in rows.table.rows if r[0] not in bad]
        found = _cap(_cap(found, "sheet-merged", "merged ranges"), "sheet-formula", "formulas with no saved value")
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
