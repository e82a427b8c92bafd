"""``printgen export``: a kind's items as a spreadsheet (XLSX or CSV), so a designer can move from YAML
to a sheet and back. The inverse of printgen.load.sheet_source: a header row of fields (records as
dotted names, ``stats.attack``, ``abilities.1.name``), lists of plain values joined with ``; ``, a
``count`` column. The values are the data as written (``25mm``, ``2-4``), so the sheet reads back to
the same items. Written atomically and deterministically (fixed zip dates), or not at all.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import re
import zipfile
from pathlib import Path
from typing import Any

from .findings import Finding, Location, did_you_mean, error

EXPORT_SUFFIXES = (".xlsx", ".csv")
_FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def _flatten(value: Any, path: tuple, out: dict, problems: list[tuple[tuple, str]]) -> None:
    if isinstance(value, dict):
        for key, sub in value.items():
            _flatten(sub, path + (str(key),), out, problems)
    elif isinstance(value, list):
        if all(isinstance(v, dict) for v in value):
            for i, sub in enumerate(value):
                _flatten(sub, path + (str(i + 1),), out, problems)
        elif any(isinstance(v, (dict, list)) for v in value):
            problems.append((path, "a list of lists (or of values and records mixed) has no place in a sheet"))
        elif any(isinstance(v, str) and ";" in v for v in value):
            problems.append((path, "a value of this list holds ';', which a sheet's list cell splits at"))
        else:
            out[".".join(path)] = "; ".join(_text(v) for v in value)
    elif value is not None:
        out[".".join(path)] = value


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def sheet_rows(items: list, counts: list) -> tuple[list[str], list[list[Any]], list[tuple[int, tuple, str]]]:
    """(header, rows, problems): one row per item, columns in the order fields first appear."""
    flat, problems = [], []
    for index, item in enumerate(items):
        found: list[tuple[tuple, str]] = []
        row: dict = {}
        _flatten(item if isinstance(item, dict) else {}, (), row, found)
        problems += [(index, p, why) for p, why in found]
        if "count" not in row and counts[index] is not None:
            row["count"] = counts[index]
        flat.append(row)
    header: list[str] = []
    seen = set()
    for row in flat:
        for key in row:
            if key not in seen:
                seen.add(key)
                header.append(key)
    if "count" in seen:  # copies last, where a designer looks for a Qty column
        header.remove("count")
        header.append("count")
    return header, [[row.get(h) for h in header] for row in flat], problems


def csv_bytes(header: list[str], rows: list[list[Any]]) -> bytes:
    """The CSV file's bytes; a cell an app would run as a formula is written as text (sheet_read.csv_escape)."""
    from .load.sheet_read import csv_escape

    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow([csv_escape(h) for h in header])
    for row in rows:
        writer.writerow(["" if v is None else csv_escape(_text(v)) for v in row])
    return buf.getvalue().encode("utf-8")


def xlsx_bytes(sheet: str, header: list[str], rows: list[list[Any]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    fixed = _dt.datetime(2000, 1, 1)
    book.properties.created = book.properties.modified = fixed
    ws = book.create_sheet(sheet[:31])
    ws.append(header)
    for row in rows:
        ws.append([_plain(ws, v) for v in row])
    buf = io.BytesIO()
    book.save(buf)
    return _deterministic_zip(buf.getvalue())


def _plain(ws, value: Any) -> Any:
    """Text that starts with '=' is written as text: printgen never writes a formula."""
    if isinstance(value, str) and value.startswith("="):
        from openpyxl.cell import WriteOnlyCell

        cell = WriteOnlyCell(ws, value=value)
        cell.data_type = "s"
        return cell
    return value


def _deterministic_zip(data: bytes) -> bytes:
    """The same bytes for the same items: openpyxl stamps the save time in the zip and docProps/core.xml."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>2000-01-01T00:00:00Z", body)
            dst.writestr(zipfile.ZipInfo(info.filename, date_time=_FIXED_DATE), body, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def export_kind(*, game: Path, kind: str, to: Path) -> tuple[list[Finding], int]:
    """Write ``kind``'s items of the game in ``game`` to ``to`` (.xlsx or .csv): (findings, rows written).
    Nothing is written when the game has errors or the kind cannot be put in a sheet."""
    from .check.validate import check_game
    from .write.files import write_atomic

    suffix = to.suffix.lower()
    if suffix not in EXPORT_SUFFIXES:
        return [error("export-file", f"printgen exports to {' or '.join(EXPORT_SUFFIXES)}, not '{to.name}'",
                      Location(str(to)))], 0
    result = check_game(game)
    errors = [f for f in result.findings if f.is_error]
    if errors:
        return errors, 0
    source = result.source
    raw = source.data.get(kind)
    if not isinstance(raw, list) or not raw:
        kinds = [k for k, v in source.data.items() if k != "game" and isinstance(v, list)]
        hint = did_you_mean(kind, kinds)
        return [error("export-kind", f"the game has no items of '{kind}'"
                      + (f"; did you mean '{hint}'?" if hint else f"; its kinds are: {', '.join(kinds)}"),
                      source.loc(("game",)))], 0
    typed = getattr(result.data, kind, None) or []
    counts = [getattr(t, "count", None) for t in typed] if len(typed) == len(raw) else [None] * len(raw)
    header, rows, problems = sheet_rows(raw, counts)
    if problems:
        return [error("export-shape", f"{why}; keep '{kind}' in YAML", source.loc((kind, i) + tuple(
            int(p) - 1 if p.isdigit() else p for p in path), raw=True)) for i, path, why in problems], 0
    data = xlsx_bytes(kind, header, rows) if suffix == ".xlsx" else csv_bytes(header, rows)
    write_atomic(to, data)
    return [], len(rows)
