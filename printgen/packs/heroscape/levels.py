"""Battlefields built in levels: the layers read into hexes, and what stands where.

A battlefield's ``layers`` are text layouts, bottom level first, all covering the same hexes;
the battlefield's ``empty`` character marks a hex with no tile at that level. The tile at level
L of a hex rests on the tile at level L - 1 of the same hex. A fluid tile (water, lava, ice) is
thin: a figure on it stands at the level of the tile underneath, and nothing rests on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import Hex, TextMapError, neighbours, parse_textmap
from ...hexgrid.textmap import Cell
from ...names import index_by_name, name_key


class LayerError(ValueError):
    """A layer that cannot be read: ``layer`` is 0-based, ``line``/``col`` 0-based in its text."""

    def __init__(self, message: str, layer: int, line: int = 0, col: int = 0) -> None:
        super().__init__(message)
        self.message, self.layer, self.line, self.col = message, layer, line, col


@dataclass(frozen=True)
class Levels:
    """The tiles of a battlefield: ``tiles[L - 1]`` maps each hex that has a tile at level L to its
    legend character; ``cells[L - 1]`` keeps where each hex sits in that layer's text."""

    footprint: frozenset[Hex]
    tiles: tuple[dict[Hex, str], ...]
    cells: tuple[dict[Hex, Cell], ...]

    @property
    def top_level(self) -> int:
        return len(self.tiles)

    def top(self, h: Hex) -> int:
        """The highest level with a tile on ``h`` (0: none)."""
        return max((lv for lv in range(len(self.tiles), 0, -1) if h in self.tiles[lv - 1]), default=0)

    def char(self, h: Hex, level: int) -> str | None:
        return self.tiles[level - 1].get(h) if 1 <= level <= len(self.tiles) else None


def read_levels(layers: list[str], orientation: str, empty: str) -> Levels:
    """Read every layer; all must cover the same hexes. Raises LayerError at the first problem."""
    maps = []
    for i, text in enumerate(layers):
        try:
            maps.append(parse_textmap(text, orientation))
        except TextMapError as exc:
            raise LayerError(exc.message, i, exc.line, exc.col) from None
    footprint = set(maps[0].cells)
    for i, tm in enumerate(maps[1:], start=1):
        extra = sorted(set(tm.cells) - footprint, key=lambda h: (tm.cells[h].line, tm.cells[h].col))
        if extra or len(tm.cells) != len(footprint):
            at = tm.cells[extra[0]] if extra else min(tm.cells.values(), key=lambda c: (c.line, c.col))
            raise LayerError(f"level {i + 1} covers {len(tm.cells)} hexes, level 1 covers {len(footprint)}: every "
                             f"layer covers the same hexes (write '{empty}' where a level has no tile), lined up "
                             "with level 1", i, at.line, at.col)
    tiles = tuple({h: c.char for h, c in tm.cells.items() if c.char != empty} for tm in maps)
    return Levels(frozenset(footprint), tiles, tuple(tm.cells for tm in maps))


def fluid_terrain(data) -> set[str]:
    """Name keys of the fluid terrain kinds."""
    return {name_key(t.name) for t in data.terrain if t.fluid}


def terrain_of(bf, char: str) -> str | None:
    entry = bf.legend.get(char)
    return entry.terrain if entry else None


def standing_level(levels: Levels, bf, h: Hex, fluid: set[str]) -> int:
    """The level a figure on ``h`` stands at: its top tile's level, one less on a fluid tile."""
    top = levels.top(h)
    if not top:
        return 0
    t = terrain_of(bf, levels.char(h, top))
    return top - 1 if t is not None and name_key(t) in fluid else top


def pieces(hexes: set[Hex]) -> list[set[Hex]]:
    """The connected parts of a set of hexes, largest first (ties by first hex in (r, q) order)."""
    left, out = set(hexes), []
    while left:
        start = min(left, key=lambda h: (h.r, h.q))
        part, todo = {start}, [start]
        left.discard(start)
        while todo:
            for n in neighbours(todo.pop()):
                if n in left:
                    left.discard(n)
                    part.add(n)
                    todo.append(n)
        out.append(part)
    return sorted(out, key=lambda p: (-len(p), min((h.r, h.q) for h in p)))


def regions(levels: Levels, bf) -> dict[tuple[int, str], set[Hex]]:
    """(level, terrain name) -> the hexes of that terrain at that level: what tiles must cover."""
    out: dict[tuple[int, str], set[Hex]] = {}
    for lv, tiles in enumerate(levels.tiles, start=1):
        for h, ch in tiles.items():
            t = terrain_of(bf, ch)
            if t is not None:
                out.setdefault((lv, t), set()).add(h)
    return out


def zone_hexes(levels: Levels, bf) -> dict[str, set[Hex]]:
    """Zone name key -> the hexes whose top tile is in that zone."""
    out: dict[str, set[Hex]] = {name_key(z.name): set() for z in bf.zones}
    for h in levels.footprint:
        top = levels.top(h)
        entry = bf.legend.get(levels.char(h, top)) if top else None
        if entry and entry.zone and name_key(entry.zone) in out:
            out[name_key(entry.zone)].add(h)
    return out

