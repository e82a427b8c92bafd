"""The ``seam`` preflight class: a marker, label or symbol of a tiled map crossing a tile's trim line.

A map larger than a page prints as tiles; each tile but the last of its row (or column) carries a dashed
trim line (roles ``overlap-x``, ``overlap-y``) where the next tile's window begins, and the next tile is
glued over it there. Whatever of a marker lies past that line is covered, and the next tile draws a marker
only whole, so a disc or label the line runs through prints cut, its far part hidden. Hexes, hatching and
rims are drawn on both tiles, clipped, and join at the line; they are not markers.

A finding points at the character of the map's layout that placed the marker (its text's source, see
printgen.render.maps.hexes), else at the map.
"""

from __future__ import annotations

from typing import Iterable

from ..draw.measure import TILE_ROLES
from ..draw.provenance import Source
from .checks import Hit, Settings, Sheet, _quote
from .scene import Box, Ink, crosses

TOL = 0.05  # mm: a line grazing a marker's edge does not cut it
MARK_ROLES = ("objective", "terrain-picture")  # shapes and pictures a map draws only whole
NOT_MARKS = ("furniture", "heading", "align", "hex", "hex-part", "hex-edge", "terrain-texture") + TILE_ROLES


def _is_mark(ink: Ink) -> bool:
    if ink.role in NOT_MARKS:
        return False
    if ink.kind in ("text", "image"):
        return True
    return ink.role in MARK_ROLES or bool(ink.filled and ink.outline)


def _inner(box: Box) -> Box:
    return (box[0] + TOL, box[1] + TOL, box[2] - TOL, box[3] - TOL)


def _holds(outer: Box, inner: Box) -> bool:
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    return outer[0] <= cx <= outer[2] and outer[1] <= cy <= outer[3]


def _label_of(mark: Ink, texts: list[Ink]) -> Ink | None:
    """The text printed inside a disc or badge (its code): what names it and where it came from."""
    return next((t for t in texts if _holds(mark.box, t.box)), None)


def _map_source(texts: list[Ink]) -> Source | None:
    """The map a tile shows, as its texts' sources say (a picture carries none of its own)."""
    from dataclasses import replace

    for t in texts:
        if t.src is not None and len(t.src.path) >= 2 and t.src.path[0] == "maps":
            return replace(t.src, path=t.src.path[:2], element=None, element_name="")
    return None


def _what(mark: Ink, label: Ink | None) -> str:
    if mark.kind == "text":
        return f"the label {_quote(mark.text)}"
    if mark.kind == "image":
        return "a terrain picture"
    code = f" {_quote(label.text)}" if label is not None else ""
    return f"the objective disc{code}" if mark.role == "objective" else f"the symbol{code}"


def trim_lines(inks: list[Ink]) -> list:
    """A tile's trim lines as segments (page mm): straight, or stepping round the markers of a crowded
    map (printgen.render.maps.seams)."""
    return [seg for i in inks if i.role in TILE_ROLES for seg in i.segments]


def seams(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    """A hit for each marker on a map tile that the tile's trim line runs through."""
    if not any(r in TILE_ROLES for r in sheet.roles()):
        return  # (no trim line on the page)
    lines = trim_lines(sheet.inks)
    if not lines:
        return
    texts = sheet.texts()
    tile = sheet.page.label or "this tile"
    cut: list[Box] = []  # the marks found: a disc's own code, inside it, is not a second finding
    for mark in (i for i in sheet.inks if _is_mark(i)):
        inner = _inner(mark.box)
        if inner[2] <= inner[0] or inner[3] <= inner[1]:
            continue
        if mark.kind == "text" and any(_holds(b, mark.box) for b in cut):
            continue
        for line in lines:
            if not crosses(line, inner):
                continue
            label = mark if mark.kind == "text" else _label_of(mark, texts)
            src = label.src if label is not None and label.src is not None else _map_source(texts)
            (ax, ay), (bx, by) = line
            across = abs(bx - ax) < abs(by - ay)  # an upright line: the next tile lies to its right
            size = mark.box[2] - mark.box[0] if across else mark.box[3] - mark.box[1]
            covered = mark.box[2] - ax if across else mark.box[3] - ay  # the part past the line
            message = (f"draws {_what(mark, label)} across the trim line of {tile}: the next tile, glued over it, "
                       f"covers {covered:.1f} mm of the {size:.1f} mm it prints (the tiler found no seam or notch "
                       "keeping every marker whole: leave a strip of hexes free of markers, or print on larger paper)")
            yield Hit("seam", src, message, sheet.number, label.text if label is not None else "")
            cut.append(mark.box)
            break
