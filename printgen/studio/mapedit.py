"""The studio's map painter, on the server: a map's text layers as the page edits them, and a save that
writes them back into the designer's YAML file changing nothing else.

The layout and each level layer are literal blocks (``layout: |``) inside the designer's file. A save
splices the edited lines into those blocks and leaves every other byte as it was (comments, key order,
other maps, line endings): ruamel.yaml (round-trip) only says where each block starts, and the splice is
refused unless the block's lines in the file are exactly its value. Before anything is written the
edited game is validated in a scratch copy: a save that would make the map invalid is refused with its
findings, and a file changed on disk since the page loaded it (its digest differs) is not overwritten.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..write.files import write_atomic
from .catalogue import MapInfo, where

MAX_CELLS = 20_000  # characters a painted layer may hold (a map far past any game's limits)


class MapEditError(Exception):
    """A save refused: ``status`` is the HTTP answer, ``findings`` the located findings that refused it."""

    def __init__(self, message: str, status: int = 400, findings: list[dict] | None = None) -> None:
        super().__init__(message)
        self.status, self.findings = status, findings or []


@dataclass
class Block:
    """A literal block scalar in the file: its content lines start at ``start`` (0-based), indented by
    ``indent`` spaces, and hold ``lines`` (the value, split at newlines)."""

    start: int
    indent: int
    lines: list[str]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _block(lines: list[str], line: int, col: int, value: object, what: str) -> Block:
    """The literal block whose indicator ``|`` is at (line, col), checked against its parsed ``value``."""
    head = lines[line][col:].split("#", 1)[0].strip() if line < len(lines) else ""
    if not isinstance(value, str) or not head.startswith("|") or any(c.isdigit() for c in head):
        raise MapEditError(f"the map's {what} is not a plain literal block ('{what.split()[0]}: |' with the map on "
                           "the lines below); the studio paints only those. Write it so, or edit the file by hand")
    body = value[:-1] if value.endswith("\n") else value
    want = body.split("\n")
    first = next((k for k in range(line + 1, len(lines)) if lines[k].strip()), None)
    if first is None:
        raise MapEditError(f"the map's {what} is empty")
    indent = len(lines[first]) - len(lines[first].lstrip(" "))  # a literal block's lines are indented alike
    for k, text in enumerate(want):
        have = lines[line + 1 + k].removesuffix("\r") if line + 1 + k < len(lines) else None
        if have is None or (have[indent:] != text if text else have.strip() != ""):
            raise MapEditError(f"the map's {what} in the file does not read back as its lines (a tab, an "
                               "unusual indentation?); edit it by hand", 409)
    return Block(line + 1, indent, want)


def map_blocks(text: str, record_line: int) -> tuple[Block, list[Block]]:
    """The layout block and the level layers' blocks of the map whose record starts at ``record_line``
    (1-based) in the YAML ``text``."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        doc = YAML(typ="rt", pure=True).load(text)
    except YAMLError as exc:
        raise MapEditError(f"the file does not read as YAML now: {exc}", 409) from None
    items = doc.get("maps") if hasattr(doc, "get") else None
    item = next((m for m in items or [] if hasattr(m, "lc") and m.lc.line + 1 == record_line), None)
    if item is None or "layout" not in item:
        raise MapEditError("the map is no longer where the studio read it; save again after the page updates", 409)
    lines = text.split("\n")
    layout = _block(lines, *item.lc.value("layout"), item["layout"], "layout")
    layers = []
    for k, value in enumerate(item.get("layers") or []):
        layers.append(_block(lines, *item["layers"].lc.item(k), value, f"layers item {k + 1}"))
    return layout, layers


def splice(text: str, blocks: list[Block], new: list[list[str]]) -> str:
    """``text`` with each block's lines replaced by ``new``'s (the same count, or more: added rows go after
    the block's last line); every other character as it was, line endings included."""
    lines = text.split("\n")
    for block, rows in sorted(zip(blocks, new), key=lambda t: -t[0].start):
        if len(rows) < len(block.lines):
            raise MapEditError("a painted map keeps every row it had (rows are added, not removed, here)")
        pad = " " * block.indent
        for k, row in enumerate(rows[:len(block.lines)]):
            if row != block.lines[k]:
                eol = "\r" if lines[block.start + k].endswith("\r") else ""
                lines[block.start + k] = (pad + row if row else "") + eol
        eol = "\r" if lines[block.start].endswith("\r") else ""
        at = block.start + len(block.lines)
        lines[at:at] = [(pad + row if row else "") + eol for row in rows[len(block.lines):]]
    return "\n".join(lines)


def editor_data(info: MapInfo) -> dict:
    """What the page's painter starts from: the map's layers as they are in the file now, its digest,
    its legend and each layer's grid (where hexes sit in its text)."""
    from ..hexgrid.textmap import TextMapError

    if info.notation not in GRIDS:
        raise MapEditError(f"the painter edits maps written in {' or '.join(GRIDS)} notation; {info.name} is "
                           f"written in {info.notation} notation, so edit its text in your editor", 409)
    data = Path(info.file).read_bytes()
    layout, layers = map_blocks(data.decode("utf-8"), info.first)
    grids = []
    for block in [layout, *layers]:
        try:
            grids.append(GRIDS[info.notation]("\n".join(block.lines), info.orientation))
        except TextMapError as exc:
            raise MapEditError(f"the map does not read as a hex grid now: {exc.message}", 409) from None
    return {"index": info.index, "name": info.name, "file": Path(info.file).name, "digest": digest(data),
            "orientation": info.orientation, "empty": info.empty, "legend": info.legend,
            "layers": [{"lines": b.lines, **g} for b, g in zip([layout, *layers], grids)]}


def grid(text: str, orientation: str, *, notation: str = "picture") -> dict:
    """Where a text map's hexes sit: hex (doubled col, row) = ((char - pos0) / step + parity, line - line0).
    ``exact`` notation is a picture whose step is 1, never inferred."""
    from ..hexgrid.textmap import _column_step, parse_textmap

    tm = parse_textmap(text, orientation, notation=notation)
    found = [(c.line, c.col, c.char) for c in tm.cells.values()]
    line0, pos0 = min(f[0] for f in found), min(f[1] for f in found)
    step = 1 if notation == "exact" else _column_step(found)
    c = next(iter(tm.cells.values()))
    row, col = c.line - line0, (c.col - pos0) // step
    parity = (row + col) % 2
    return {"line0": line0, "pos0": pos0, "step": step, "parity": parity}


def rows_grid(text: str, orientation: str) -> dict:
    """Where a rows-notation map's hexes sit: the hex at offset (col, row) is the character at line
    ``line0 + row``, position ``pos0 + shift + col * step``, where a line set in by half a step has
    ``shift = step / 2`` (a drawing aid, as the notation reads it). The page works in doubled coordinates
    and converts (``rows: true``)."""
    from ..hexgrid.textmap import _characters, parse_textmap

    parse_textmap(text, orientation, notation="rows")  # it reads, or TextMapError says where not
    found = _characters(text)
    by_line: dict[int, list[int]] = {}
    for li, ci, _ in found:
        by_line.setdefault(li, []).append(ci)
    gaps = Counter(b - a for cols in by_line.values() for a, b in zip(cols, cols[1:]))
    step = min(gaps, key=lambda g: (-gaps[g], g)) if gaps else 1
    return {"line0": min(by_line), "pos0": min(ci for _, ci, _ in found), "step": step, "parity": 0, "rows": True}


# notation -> where its hexes sit in the text, for the page (hexgrid/textmap.py NOTATIONS)
GRIDS = {"picture": grid, "rows": rows_grid,
         "exact": lambda text, orientation: grid(text, orientation, notation="exact")}


def _home(loc, copy: Path, folder: Path) -> str:
    """A finding's place in the scratch copy, said as the same place in the designer's folder."""
    from dataclasses import replace

    if loc is None or not loc.file:
        return ""
    try:
        rel = Path(loc.file).resolve().relative_to(copy.resolve())
    except ValueError:
        return where(loc)
    return where(replace(loc, file=str(folder / rel)))


def _scratch_copy(folder: Path, into: Path) -> Path:
    """The game folder copied under ``into`` (hard links where the disk allows: art is not copied twice;
    links are copied as links, so what the loader refuses in the game it refuses here)."""
    def link_or_copy(src, dst):
        try:
            os.link(src, dst, follow_symlinks=False)
        except OSError:
            shutil.copy2(src, dst, follow_symlinks=False)
    dest = into / folder.name
    shutil.copytree(folder, dest, symlinks=True, copy_function=link_or_copy)
    return dest


def save_map(*, folder: Path, info: MapInfo, held: str, layers: list[list[str]], known: set[tuple[str, str]],
             project=None) -> str:
    """Write ``layers`` (the layout's lines, then each level layer's) into the map's file, if the file is
    still the one the page loaded (``held``: its digest) and the game still validates with no new error
    (``known``: the (code, message) of errors already there). Returns the new digest. Raises MapEditError."""
    from ..project import validate_game

    if info.notation not in GRIDS:
        raise MapEditError(f"the painter edits maps written in {' or '.join(GRIDS)} notation, not "
                           f"{info.notation}", 409)
    path = Path(info.file)
    root = folder.resolve()
    if path.is_symlink() or not path.resolve().is_relative_to(root):
        raise MapEditError("the map's file is not a plain file inside the game folder", 403)
    if not isinstance(layers, list) or not all(isinstance(rows, list) and all(isinstance(r, str) for r in rows)
                                               for rows in layers):
        raise MapEditError("a map save is a list of layers, each a list of lines")
    if sum(len(r) + 1 for rows in layers for r in rows) > MAX_CELLS * 2 or any(
            "\n" in r or "\r" in r or "\t" in r for rows in layers for r in rows):
        raise MapEditError("that map is too big to paint here, or a line holds a line break or a tab")
    data = path.read_bytes()
    if digest(data) != held:
        raise MapEditError(f"{path.name} changed on disk since the painter opened it; the studio did not overwrite "
                           "it. Reopen the map (your strokes are lost) or make them again", 409)
    text = data.decode("utf-8")
    layout, stack = map_blocks(text, info.first)
    if len(layers) != 1 + len(stack):
        raise MapEditError(f"the map has {1 + len(stack)} layers in the file, the page sent {len(layers)}", 409)
    new_text = splice(text, [layout, *stack], layers)
    if new_text == text:
        return held
    rel = path.resolve().relative_to(root)
    with tempfile.TemporaryDirectory(prefix="printgen-map-") as tmp:
        copy = _scratch_copy(folder, Path(tmp))
        (copy / rel).unlink()
        (copy / rel).write_text(new_text, encoding="utf-8", newline="")
        game = validate_game(copy, project=project)
        errors = [(f.code, f.message.replace(str(copy), str(folder)), _home(f.loc, copy, folder))
                  for f in game.findings if f.severity.value == "error"]
        found = [{"code": c, "message": m, "where": w} for c, m, w in errors if (c, m) not in known]
    if found:
        raise MapEditError("the map as painted does not validate; nothing was written", 422, found)
    if digest(path.read_bytes()) != held:  # changed while it was checked
        raise MapEditError(f"{path.name} changed on disk meanwhile; the studio did not overwrite it", 409)
    out = new_text.encode("utf-8")
    write_atomic(path, out)
    return digest(out)
