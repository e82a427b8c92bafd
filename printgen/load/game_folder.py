"""A game folder: ``game.yaml`` plus any number of content files.

``game.yaml`` holds the game's settings. Every other ``*.yaml`` file holds
content under top-level keys that name its kind (``classes``, ``tokens``...);
lists of the same kind from several files are concatenated in file-name
order, so a designer may split or merge files freely. The merged data keeps a
route back to the file, line and column of every value.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..findings import Finding, Location, did_you_mean, error
from ..safety.paths import inside
from .sheet_read import SHEET_SUFFIXES
from .sheet_source import read_sheet_source
from .yaml_source import Document, load_yaml_file

GAME_FILE = "game.yaml"


def display_path(path: Path) -> str:
    """A path as the user would type it: relative to the current folder when inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)


@dataclass
class GameSource:
    """Merged, plain data of one game plus the way back to its sources.

    ``data`` is ``{"game": {...settings...}, "<kind>": [...items...], ...}``.
    """

    folder: Path
    data: dict[str, Any]
    documents: list[Document] = field(default_factory=list)
    # (kind, merged index) -> (document, index in that document's list)
    origin: dict[tuple[str, int], tuple[Document, int]] = field(default_factory=dict)
    kind_docs: dict[str, Document] = field(default_factory=dict)
    game_doc: Document | None = None
    # Kind -> the merged (raw) index of each item the schema accepted, in order; set by validation
    # (printgen.check.validate) when an item fails. The typed data's lists skip a failed item, so the
    # typed index of every later item differs from its raw one: ``loc`` maps the first to the second,
    # or every later item's findings would point at the item before it.
    kept: dict[str, tuple[int, ...]] = field(default_factory=dict)
    _values: list | None = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> dict:
        # pickled without ``_values`` (every value of ``data`` again, with its path): made again when asked for
        return {k: v for k, v in self.__dict__.items() if k != "_values"}

    def values(self) -> list[tuple[tuple, Any]]:
        """(path, value) of every value in ``data``, the containers too, in document order; worked out
        once (the limits and the glyph check both read every value). A stack, not recursion: nested
        generators pass each value up through every level."""
        if self._values is None:
            out, stack = [], [((), self.data)]
            while stack:
                path, value = stack.pop()
                out.append((path, value))
                if isinstance(value, dict):
                    stack.extend((path + (k,), v) for k, v in reversed(value.items()))
                elif isinstance(value, list):
                    stack.extend((path + (i,), value[i]) for i in range(len(value) - 1, -1, -1))
            self._values = out
        return self._values

    def raw_path(self, path: tuple) -> tuple:
        """A path into the typed data (``("classes", 3, "cost")``: the fourth class the schema accepted)
        as a path into the merged data as written (the fifth class, when one before it failed)."""
        if len(path) >= 2 and isinstance(path[1], int) and path[0] in self.kept:
            kept = self.kept[path[0]]
            if 0 <= path[1] < len(kept):
                return (path[0], kept[path[1]]) + tuple(path[2:])
        return tuple(path)

    def _route(self, path: tuple, raw: bool = False) -> tuple[Document | None, tuple]:
        if not path:
            return self.game_doc, ()
        if not raw:
            path = self.raw_path(path)
        head = path[0]
        if head == "game":
            return self.game_doc, tuple(path[1:])
        if len(path) >= 2 and isinstance(path[1], int) and (head, path[1]) in self.origin:
            doc, idx = self.origin[(head, path[1])]
            return doc, (head, idx) + tuple(path[2:])
        return self.kind_docs.get(head), tuple(path)

    def loc(self, path: tuple, *, key: bool = False, raw: bool = False) -> Location:
        """Where the value at ``path`` (in the typed data; with ``raw=True`` in the merged data as
        written, failed items included) was written.

        With ``key=True`` the key's own position is preferred (for unknown or
        duplicate keys). Falls back to the nearest enclosing value.
        """
        doc, p = self._route(tuple(path), raw)
        if doc is None:
            return Location(display_path(self.folder / GAME_FILE), 1, 1)
        if key and p in doc.keys:
            return doc.keys[p]
        while p:
            if p in doc.values:
                return doc.values[p]
            if p in doc.keys:
                return doc.keys[p]
            p = p[:-1]
        return doc.values.get((), Location(doc.file, 1, 1))

    def text_loc(self, path: tuple, row: int, col: int, *, raw: bool = False) -> Location:
        """Where character ``col`` of line ``row`` (0-based) of a text value was written.

        Exact for literal blocks (``|``), which is how text maps are written;
        for other scalar styles it is the start of the value.
        """
        doc, p = self._route(tuple(path), raw)
        start = self.loc(path, raw=raw)
        if doc is None or doc.styles.get(p) != "|" or not doc.lines:
            return start
        src_index = start.line + row  # start.line is the '|' line (1-based) = content line 0 (0-based)
        if src_index >= len(doc.lines):
            return start
        src = doc.lines[src_index]
        value = doc_value(doc.data, p)
        value_lines = value.split("\n") if isinstance(value, str) else []
        text_line = value_lines[row] if row < len(value_lines) else ""
        indent = len(src) - len(text_line) if src.endswith(text_line) else 0
        return Location(doc.file, src_index + 1, indent + col + 1)


    def offset_loc(self, path: tuple, offset: int, *, raw: bool = False) -> Location:
        """Where character ``offset`` of a one-line text value was written (else the value's start)."""
        doc, p = self._route(tuple(path), raw)
        start = self.loc(path, raw=raw)
        if doc is None or not doc.lines:  # a spreadsheet cell: its own place
            return start
        raw = doc_value(doc.data, p)
        style = doc.styles.get(p)
        if not isinstance(raw, str) or "\n" in raw or style not in (None, '"', "'"):
            return start
        if start.line - 1 < len(doc.lines) and raw not in doc.lines[start.line - 1] and style is None:
            return start
        return Location(start.file, start.line, start.col + offset + (1 if style else 0))


def doc_value(data: Any, path: tuple) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def load_game_folder(folder: Path) -> tuple[GameSource | None, list[Finding]]:
    """Load and merge every YAML file of a game folder. Never raises for bad input."""
    findings: list[Finding] = []
    game_path = folder / GAME_FILE
    if not game_path.is_file():
        near = sorted(p.name for p in folder.iterdir() if p.is_file() and p.name.lower().startswith("game.")
                      and p.name.lower().split(".")[1:2] in (["yaml"], ["yml"])) if folder.is_dir() else []
        if near:
            return None, [error("no-game-file", f"no {GAME_FILE} in this folder, but {near[0]} is here: printgen reads "
                                f"the game's settings from {GAME_FILE} only; rename {near[0]} to {GAME_FILE}",
                                Location(display_path(folder / near[0]), 1, 1))]
        return None, [error("no-game-file", f"no {GAME_FILE} in this folder; every game needs one "
                            "(`printgen new DIR` writes one; docs/reference/data.md shows one)", Location(display_path(folder)))]
    source = GameSource(folder=folder, data={})
    files = [game_path] + sorted(
        p for p in folder.iterdir()
        if p.suffix in (".yaml", ".yml") and p.name != GAME_FILE and p.is_file()
    )
    findings += _not_plain(folder, (".yaml", ".yml"))
    for path in files:
        if not inside(path, folder):  # a downloaded game must not make printgen read outside it
            findings.append(error("symlink-outside", f"{path.name} is a symlink leading out of the game folder; "
                                  "printgen reads only files inside it, so copy the file in",
                                  Location(display_path(path), 1, 1)))
            continue
        doc, found = load_yaml_file(path, display=display_path(path))
        findings += found
        if doc is None:
            continue
        source.documents.append(doc)
        if path == game_path:
            source.game_doc = doc
            if not isinstance(doc.data, dict):
                findings.append(error("game-file", f"{GAME_FILE} must be a mapping of settings (id, name, system, ...)",
                                      doc.values.get((), Location(doc.file, 1, 1))))
                continue
            source.data["game"] = doc.data
            continue
        if doc.data is None:
            continue  # an empty file is harmless
        if not isinstance(doc.data, dict):
            findings.append(error("content-file", "a content file must be a mapping whose keys name kinds of "
                                  "content (classes:, tokens:, maps:, ...)", doc.values.get((), Location(doc.file, 1, 1))))
            continue
        for kind, value in doc.data.items():
            findings += _merge(source, doc, kind, value)
    if "game" in source.data:
        findings += _merge_sheets(source, folder)
    return source, findings


def _not_plain(folder: Path, suffixes: tuple[str, ...], *, any_case: bool = False) -> list[Finding]:
    """An error for each entry of ``folder`` named as data (``suffixes``; ``any_case``: in any case, as the
    loader matches spreadsheets) that is neither a plain file nor a folder: a pipe, a device, a link to one or
    a link to nothing. The loader reads plain files only, and such an entry must not drop out of the game in
    silence."""
    out = []
    for p in sorted(folder.iterdir()):
        if (p.suffix.lower() if any_case else p.suffix) in suffixes and not p.is_file() \
                and not p.is_dir() and not p.name.startswith((".", "~$")):
            out.append(error("file-unreadable", f"{p.name} is not read: it is not a plain file (a link to nothing, "
                             "a pipe or a device); put the file itself here", Location(display_path(p), 1, 1)))
    return out


def _declared_sheets(source: GameSource) -> list[tuple[int, dict]]:
    """game.yaml's ``sources:`` entries the loader can use (the GameConfig model reports the rest)."""
    declared = source.data["game"].get("sources")
    if not isinstance(declared, list):
        return []
    return [(i, d) for i, d in enumerate(declared) if isinstance(d, dict) and isinstance(d.get("file"), str)
            and all(isinstance(d.get(k), (str, type(None))) for k in ("sheet", "kind"))]


def _merge_sheets(source: GameSource, folder: Path) -> list[Finding]:
    """The kinds of spreadsheet files: those game.yaml declares (``sources:``), then every other CSV, XLSX
    or ODS file of the folder by name (``units.csv`` holds units; a workbook's sheets are named for kinds)."""
    findings: list[Finding] = []
    wanted: list[tuple[Path, str | None, str | None, Location | None]] = []
    for i, entry in _declared_sheets(source):
        path = folder / entry["file"]
        where = source.loc(("game", "sources", i, "file"))
        named = entry["file"].replace("\\", "/")
        if named.startswith("/") or ":" in named or any(p in ("", ".", "..") for p in named.split("/")):
            findings.append(error("sheet-file", f"'{entry['file']}' must be a plain path inside the game folder, "
                                  "such as units.csv or sheets/units.xlsx", where))
        elif path.suffix.lower() not in SHEET_SUFFIXES:
            findings.append(error("sheet-file", f"'{entry['file']}' is not a spreadsheet: a source is a .csv, "
                                  ".xlsx or .ods file", where))
        elif path.is_dir() and not path.is_symlink():
            findings.append(error("sheet-file", f"'{entry['file']}' is a folder, not a spreadsheet file", where))
        elif os.path.lexists(path) and not path.is_file():
            findings.append(error("sheet-file", f"'{entry['file']}' is not a plain file (a link to nothing, a pipe "
                                  "or a device); put the spreadsheet itself there", where))
        elif not path.is_file():
            hint = did_you_mean(entry["file"], [p.name for p in folder.iterdir() if p.suffix.lower() in SHEET_SUFFIXES])
            findings.append(error("sheet-missing", f"no file '{entry['file']}' in the game folder"
                                  + (f"; did you mean '{hint}'?" if hint else ""), where))
        else:
            wanted.append((path, entry.get("sheet"), entry.get("kind"), where))
    declared = {p.resolve() for p, *_ in wanted} | {
        (folder / d["file"]).resolve() for _, d in _declared_sheets(source)}
    findings += _not_plain(folder, SHEET_SUFFIXES, any_case=True)
    wanted += [(p, None, None, None) for p in sorted(folder.iterdir())
               if p.suffix.lower() in SHEET_SUFFIXES and p.is_file() and p.resolve() not in declared
               and not p.name.startswith((".", "~$"))]  # ~$units.xlsx: the lock file Excel leaves open
    for path, sheet, kind, where in wanted:
        if not inside(path, folder):
            findings.append(error("symlink-outside", f"{path.name} is a symlink leading out of the game folder; "
                                  "printgen reads only files inside it, so copy the file in",
                                  where or Location(display_path(path), 1, 1)))
            continue
        docs, found = read_sheet_source(path, display_path(path), sheet=sheet, kind=kind)
        if where is not None:  # a missing sheet is the declaration's mistake: show it there too
            found = [error(f.code, f.message, where) if f.code == "sheet-missing" else f for f in found]
        findings += found
        for name, doc in docs:
            source.documents.append(doc)
            findings += _merge(source, doc, name, doc.data[name])
    return findings


def _key_loc(doc: Document, kind: str) -> Location:
    """Where the top-level key ``kind`` stands (a key that came in by a ``<<`` merge has no place of its
    own: then the top of the file)."""
    return doc.keys.get((kind,)) or doc.values.get((), Location(doc.file, 1, 1))


def _merge(source: GameSource, doc: Document, kind: str, value: Any) -> list[Finding]:
    if kind == "game":
        return [error("reserved-key", "'game' is reserved for game.yaml's settings; move these settings there",
                      _key_loc(doc, kind))]
    if not isinstance(value, list):
        if kind in source.data:
            return [error("duplicate-kind", f"'{kind}' is defined again here; as it is not a list, it can be "
                          "defined in one file only", _key_loc(doc, kind))]
        source.data[kind] = value
        source.kind_docs[kind] = doc
        return []
    merged = source.data.setdefault(kind, [])
    if not isinstance(merged, list):
        return [error("duplicate-kind", f"'{kind}' is a list here but not where it was first defined",
                      _key_loc(doc, kind))]
    source.kind_docs.setdefault(kind, doc)
    for i, item in enumerate(value):
        source.origin[(kind, len(merged))] = (doc, i)
        merged.append(item)
    return []
