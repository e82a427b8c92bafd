"""Squeezed tables in a book, read as drawn: a cell that breaks a word inside it ("Gravehou/nd"), wraps a
short value ("4" over "+") or stacks its header letter by letter ("A/C/T").

The rulebook keeps every table it draws with each cell's text and the lines it printed
(rulebook/tables.py ``record``); a line that ends where the cell's text has no space broke a word. A
finding is located at the table's header row in the chapter or macro that writes it (the fix is there,
or in the book's columns), else at the data line that holds the word.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from ..draw.provenance import Source
from ..findings import Location
from .checks import Hit, _quote

SHORT = 4  # characters: a value this short ("4+", "2") printed on two lines is wrapped, whatever its spaces


def breaks(text: str, lines: tuple[str, ...]) -> list[str]:
    """The words of ``text`` that its printed ``lines`` break inside (a line ending where the text has no
    space), in order."""
    words: list[str] = []
    at = 0
    for line in lines[:-1]:
        at += len(line.replace(" ", ""))
        # where the line ends in the text (spaces aside): a word goes on after it
        pos, seen = 0, 0
        while pos < len(text) and seen < at:
            seen += text[pos] != " "
            pos += 1
        if 0 < pos < len(text) and text[pos] != " " and text[pos - 1] != " ":
            start = text.rfind(" ", 0, pos) + 1
            end = text.find(" ", pos)
            words.append(text[start:end if end >= 0 else len(text)])
    return words


def cell_hits(table: dict) -> Iterable[tuple[str, str]]:
    """(message, the word concerned) for each squeezed cell of one recorded table."""
    for _, col, header, text, lines, width in table["cells"]:
        if len(lines) < 2 or not text.strip():
            continue
        where = f"column {col + 1}, {width:.1f} mm wide"
        if header and all(len(ln.replace(" ", "")) <= 1 for ln in lines):
            yield f"stacks the header {_quote(text)} letter by letter ({where})", text
            continue
        broken = breaks(text, lines)
        if len(text.replace(" ", "")) <= SHORT and not broken:
            yield f"wraps the short value {_quote(text)} over {len(lines)} lines ({where})", text
        for word in broken:
            yield f"breaks {_quote(word)} inside the word ({where})", word


def table_hits(tables: Iterable[dict], game=None) -> list[Hit]:
    """Every squeezed cell of a book's tables (``PdfFile.tables``), each located at its table's header row
    in the rulebook's templates (or the data line holding its word) when ``game`` is given."""
    hits = []
    for table in tables:
        place = locate_table(game, table["header"]) if game is not None else None
        for message, word in cell_hits(table):
            loc = place
            if loc is None and game is not None:
                from .book import locate

                loc = locate(game, word)
            head = " | ".join(h for h in table["header"] if h)
            what = f"the table {_quote(head, 48)}" if head else "a table"
            hits.append(Hit("table", Source("", loc) if loc is not None else None, f"{what} {message}",
                            table["page"], word))
    return hits


def _cells(line: str) -> tuple[str, ...] | None:
    """The cells of a Markdown table row (``| a | b |``), emphasis marks aside; None for another line."""
    s = line.strip()
    if not (s.startswith("|") and s.count("|") >= 2):
        return None
    inner = s[1:-1] if s.endswith("|") else s[1:]
    return tuple(" ".join(c.replace("*", "").split()) for c in inner.split("|"))


def template_lines(game) -> Iterator[tuple[Path, int, str]]:
    """Each line (file, 0-based index, text) of the rulebook's chapters and macros (``*.md``, then
    ``*.j2``, each in name order): where a finding in the book is located. Nothing when the game has no
    templates folder."""
    yield from _read(game)[0]


def _read(game) -> tuple[list[tuple[Path, int, str]], dict[tuple[str, ...], Location]]:
    """The rulebook's template lines (``template_lines``) and where each table row is first written, read once
    per validated game (its key: a long watch validates anew on every save, so only the last few are kept)."""
    templates = getattr(game, "templates", None)
    if templates is None:
        return [], {}
    key = (getattr(game, "key", id(game)), str(templates))
    got = _READ.get(key)
    if got is not None:
        return got
    folder = Path(templates) / "rulebook"
    lines: list[tuple[Path, int, str]] = []
    for path in sorted(folder.glob("*.md")) + sorted(folder.glob("*.j2")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        lines += [(path, i, line) for i, line in enumerate(text)]
    while len(_READ) >= 8:
        _READ.pop(next(iter(_READ)))
    _READ[key] = got = (lines, {})
    return got


_READ: dict[tuple, tuple[list, dict]] = {}


def locate_table(game, header: tuple[str, ...]) -> Location | None:
    """The line of a rulebook chapter or macro file (``*.md``, ``*.j2``) whose table row is ``header``."""
    if not any(header):
        return None
    want = tuple(" ".join(h.split()) for h in header)
    lines, rows = _read(game)
    if lines and not rows:  # every table row's first place, found in one pass
        from ..load.game_folder import display_path

        rows[()] = None  # (read: a folder without tables is not read again)
        for path, i, line in lines:
            cells = _cells(line)
            if cells is not None and cells not in rows:
                rows[cells] = Location(display_path(path), i + 1, line.find("|") + 1)
    return rows.get(want)
