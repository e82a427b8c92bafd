"""ODS sheets read into tables from content.xml, parsed with defusedxml refusing DTDs, entities and
external references whatever the encoding. Every repeat and span is a whole number held to the sheet's
limits before a list is made of it; one that is not a count (negative, text) is a finding at its cell.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

from ..findings import Finding, error
from .sheet_read import (
    MAX_COLUMN, MAX_ROW, SheetError, Table, _Rows, _cap, _cell, _missing_sheet, _not_sheet, _rows_within, open_zip,
)

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
