"""Maps built in levels: a ground layout plus level layers, each a text map over the same hexes.

Layer 1 is the map's layout; each further layer is one level up, written over the same hexes
with an ``empty`` character (``-`` by default) where that level has no hex. A hex at level L
stands on the hex at level L - 1 of the same place; :func:`unsupported` lists the ones that do
not. Pure geometry: no legend, no terrain.
"""

from __future__ import annotations

from dataclasses import dataclass

from .coords import Hex
from .textmap import Cell, TextMapError, parse_textmap


class LayerError(TextMapError):
    """A layer that cannot be read: ``layer`` is 0-based (0 is the layout), ``line``/``col``
    0-based in that layer's text."""

    def __init__(self, message: str, layer: int, line: int = 0, col: int = 0) -> None:
        super().__init__(message, line, col)
        self.layer = layer


@dataclass(frozen=True)
class Stack:
    """``tiles[L - 1]``: each hex with a hex at level L -> where it is written in layer L's text
    (its character is ``cell.char``). ``tiles[0]`` is the whole layout."""

    tiles: tuple[dict[Hex, Cell], ...]

    @property
    def top_level(self) -> int:
        return len(self.tiles)

    def top(self, h: Hex) -> int:
        """The highest level with a hex at ``h`` (0: not on the map)."""
        return next((lv for lv in range(len(self.tiles), 0, -1) if h in self.tiles[lv - 1]), 0)

    def top_cell(self, h: Hex) -> Cell | None:
        top = self.top(h)
        return self.tiles[top - 1][h] if top else None

    def unsupported(self) -> list[tuple[int, Hex]]:
        """(level, hex) of every hex above level 1 with nothing under it, in reading order."""
        out = []
        for lv in range(2, len(self.tiles) + 1):
            here, below = self.tiles[lv - 1], self.tiles[lv - 2]
            out += [(lv, h) for h in sorted(here, key=lambda h: (here[h].line, here[h].col)) if h not in below]
        return out


def read_stack(layout: str, layers: list[str], orientation: str, empty: str = "-", notation: str = "picture"
               ) -> Stack:
    """Read the layout and each level layer (in ``notation``, textmap.NOTATIONS). Every layer covers the
    layout's hexes, lined up with it (``empty`` where that level has none). Raises LayerError at the first
    problem."""
    maps = []
    for i, text in enumerate([layout, *layers]):
        try:
            maps.append(parse_textmap(text, orientation, notation=notation))
        except TextMapError as exc:
            raise LayerError(exc.message, i, exc.line, exc.col) from None
    ground = maps[0].cells
    for i, tm in enumerate(maps[1:], start=1):
        if set(tm.cells) != set(ground):
            first = min(tm.cells.values(), key=lambda c: (c.line, c.col))
            raise LayerError(f"level {i + 1} covers {len(tm.cells)} hexes, the layout {len(ground)}: a level layer "
                             f"covers the same hexes as the layout, lined up with it (write '{empty}' where that "
                             "level has no hex)", i, first.line, first.col)
    tiles = [dict(ground)]
    for tm in maps[1:]:
        tiles.append({h: c for h, c in tm.cells.items() if c.char != empty})
    return Stack(tuple(tiles))

