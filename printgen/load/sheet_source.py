"""A kind's items from a spreadsheet: a header row of field names, then one item per row.

The result is the plain data a YAML file would give (``{kind: [items]}``) plus a Document whose
locations are cells, so every check YAML data gets, spreadsheet data gets, located at the cell.
Headers: a field name; ``count`` for copies; a dotted name for a field of a record
(``stats.attack``) or of a list's numbered record (``abilities.1.name``). A list field takes
``;``-separated values in one cell: which fields are lists only the kind's model knows, so those
cells are split when the model reads them (``split_list_cells``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args, get_origin

from ..findings import Finding, Location, error
from ..limits import LIMITS, limit
from .sheet_read import SheetError, Table, read_csv
from .sheet_ods import read_ods
from .sheet_xlsx import read_xlsx
from .yaml_source import Document

_SEGMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*|[1-9][0-9]*")


class SheetDocument(Document):
    """A Document read from a spreadsheet (its ``lines`` are empty: positions inside a cell's text are
    the cell's)."""


def _header(table: Table) -> tuple[list[tuple[int, tuple]], list[Finding]]:
    """(column, path) of each named column, and the findings of the header row."""
    found: list[Finding] = []
    if not table.rows:
        return [], found
    number, cells = table.rows[0]
    width = max(len(c) for _, c in table.rows)
    seen: dict[str, int] = {}
    out = []
    for col in range(1, width + 1):
        raw = cells[col - 1] if col <= len(cells) else None
        loc = table.loc(number, col)
        if raw is None:
            if any(col <= len(c) and c[col - 1] is not None for _, c in table.rows[1:]):
                found.append(error("sheet-header", "this column has values but no name: write the field's name in "
                                   "the header row", loc))
            continue
        name = str(raw).strip()
        if name in seen:
            first = table.loc(number, seen[name]).cell or f"column {seen[name]}"
            found.append(error("sheet-header", f"the header '{name}' is here again (first in {first}): each field "
                               "gets one column; delete or rename one of them", loc))
            continue
        seen[name] = col
        parts = name.split(".")
        if not all(_SEGMENT.fullmatch(p) for p in parts) or parts[0].isdigit():
            found.append(error("sheet-header", f"'{name}' is no field name: write a field (cost), a record's field "
                               "(stats.attack) or a list's numbered record (abilities.1.name); deeper nesting is not "
                               "supported in a sheet, keep such a kind in YAML", loc))
            continue
        numbers = [int(p) for p in parts if p.isascii() and p.isdigit() and len(p) <= 12]
        longest = int(limit("list-length"))
        if any(n > longest for n in numbers) or any(p[:1].isdigit() and len(p) > 12 for p in parts):
            # checked before any list is made: abilities.1000000000.name would allocate a billion slots
            found.append(error(LIMITS["list-length"].code, f"'{name[:60]}' numbers a record past the "
                               f"{longest:,} a list may hold; number the records from 1 (abilities.1.name, "
                               "abilities.2.name, ...)", loc))
            continue
        out.append((col, tuple(int(p) - 1 if p.isascii() and p.isdigit() else p for p in parts)))
    return out, found


def _put(item: dict, path: tuple, value: Any, full: tuple, doc: Document, loc: Location, hloc: Location) -> bool:
    """Set ``value`` at ``path`` inside ``item`` (dicts and lists made on the way); False if the header
    clashes with another (``stats`` and ``stats.attack``)."""
    node: Any = item
    for i, part in enumerate(path[:-1]):
        nxt = path[i + 1]
        if isinstance(node, dict):
            child = node.setdefault(part, [] if isinstance(nxt, int) else {})
        else:
            while len(node) <= part:
                node.append(None)
            if node[part] is None:
                node[part] = [] if isinstance(nxt, int) else {}
            child = node[part]
        if not isinstance(child, (dict, list)) or isinstance(child, list) != isinstance(nxt, int):
            return False
        prefix = full[:len(full) - len(path) + i + 1]
        doc.values.setdefault(prefix, loc)
        doc.keys.setdefault(prefix, hloc)
        node = child
    last = path[-1]
    if isinstance(node, dict):
        if last in node:
            return False
        node[last] = value
    else:
        while len(node) <= last:
            node.append(None)
        node[last] = value
    doc.values[full] = loc
    doc.keys[full] = hloc
    return True


def _compact(value: Any) -> Any:
    """Numbered records with gaps (abilities.1 and abilities.3 filled) as a plain list, in order."""
    if isinstance(value, dict):
        return {k: _compact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_compact(v) for v in value if v is not None]
    return value


def table_document(table: Table, kind: str) -> tuple[SheetDocument, list[Finding]]:
    """``{kind: [items]}`` from a table, with a cell for every value and the header cell for every key."""
    columns, found = _header(table)
    doc = SheetDocument(data={kind: []}, file=table.file)
    items: list = doc.data[kind]
    doc.values[()] = table.loc(1, 1)
    doc.values[(kind,)] = doc.keys[(kind,)] = table.loc(table.rows[0][0] if table.rows else 1, 1)
    if not table.rows:
        found.append(error("sheet-empty", f"this sheet is empty: its first row names the fields of '{kind}' "
                           "(name, count, ...), each further row is one item", table.loc(1, 1)))
        return doc, found
    header_row = table.rows[0][0]
    gaps = False
    for number, cells in table.rows[1:]:
        index = len(items)
        item: dict = {}
        first = None
        for col, path in columns:
            value = cells[col - 1] if col <= len(cells) else None
            if value is None:
                continue  # an empty cell is an absent value
            first = first or col
            full = (kind, index) + path
            if not _put(item, path, value, full, doc, table.loc(number, col), table.loc(header_row, col)):
                found.append(error("sheet-header", "this column's header clashes with another (a field and its "
                                   "own parts, e.g. stats and stats.attack): keep one", table.loc(header_row, col)))
            gaps = gaps or any(isinstance(p, int) for p in path)
        if first is None and not any(c is not None for c in cells):
            continue
        doc.values[(kind, index)] = doc.keys[(kind, index)] = table.loc(number, first or 1)
        items.append(item)
    if gaps:  # list indices shift when a numbered record is left out: rebuild their locations
        _relocate_lists(doc, kind)
    return doc, found


def _relocate_lists(doc: Document, kind: str) -> None:
    """After compaction, ``abilities.3`` of an item with no ``abilities.2`` is index 1: move its locations."""
    items = doc.data[kind]
    for index, item in enumerate(items):
        moves = {}
        for key in list(item):
            value = item[key]
            if isinstance(value, list) and any(v is None for v in value):
                kept = [i for i, v in enumerate(value) if v is not None]
                moves[key] = {old: new for new, old in enumerate(kept)}
        if not moves:
            continue
        for table in (doc.values, doc.keys):
            for path in [p for p in table if len(p) > 3 and p[:2] == (kind, index) and p[2] in moves]:
                new = moves[path[2]].get(path[3])
                loc = table.pop(path)
                if new is not None:
                    table[path[:3] + (new,) + path[4:]] = loc
        items[index] = _compact(item)


def read_tables(path: Path, file: str, sheet: str | None = None) -> list[tuple[Table, list[Finding]]]:
    """Every table of a spreadsheet file (one for CSV; the named sheet, or all, of a workbook)."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return [(read_csv(path, file), [])]
    if suffix == ".ods":
        return read_ods(path, file, sheet)
    return read_xlsx(path, file, sheet)


def read_sheet_source(path: Path, file: str, *, sheet: str | None, kind: str | None
                      ) -> tuple[list[tuple[str, SheetDocument]], list[Finding]]:
    """(kind, document) for each table of the file: the declared kind, or each sheet's (or a CSV's) name."""
    try:
        tables = read_tables(path, file, sheet)
    except SheetError as exc:
        return [], [exc.finding]
    out, found = [], []
    for table, problems in tables:
        found += problems
        name = kind or (table.sheet if table.sheet else path.stem)
        doc, more = table_document(table, name)
        found += more
        out.append((name, doc))
    return out, found


def _is_list(annotation: Any) -> bool:
    if get_origin(annotation) is list:
        return True
    return any(get_origin(a) is list for a in get_args(annotation))


def split_list_cells(source, kind: str, item_model) -> list:
    """The kind's raw items with each spreadsheet cell of a list field split at ``;`` (``Ashen Guard;
    Lantern Folk``): only the item model says which fields are lists, so this runs when it reads them."""
    raw = source.data.get(kind)
    if not isinstance(raw, list) or not any(
            isinstance(doc, SheetDocument) for (k, _), (doc, _) in source.origin.items() if k == kind):
        return raw
    lists = {(f.alias or name) for name, f in item_model.model_fields.items() if _is_list(f.annotation)}
    for index, item in enumerate(raw):
        doc, i = source.origin.get((kind, index), (None, 0))
        if not isinstance(doc, SheetDocument) or not isinstance(item, dict):
            continue
        for name in lists & item.keys():
            value = item[name]
            if isinstance(value, list):
                continue
            loc = doc.values.get((kind, i, name))
            parts = [p.strip() for p in value.split(";")] if isinstance(value, str) else [value]
            item[name] = [p for p in parts if p != ""]
            for j in range(len(item[name])):
                if loc is not None:
                    doc.values[(kind, i, name, j)] = loc
    source._values = None  # the data changed: the next walk over every value must see the lists
    return raw
