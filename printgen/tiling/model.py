"""What the tiling solver takes and gives: cells by level, inventories, tiles, the tiling.

A map in 3D is a set of cells ``(hex, level) -> terrain``: level 1 lies on the table, a
cell at level L > 1 stands on the cell at L - 1 of the same hex. A hill of height 3 is
three cells, one per level (``cells_from_heights`` builds them from a height per hex).
A tile covers cells of one level and one terrain; with ``cliffs`` (the default) also of
one column height, so no tile runs under the foot of a hill: it never spans a level change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..hexgrid import Hex

Cells = Mapping[tuple[Hex, int], str]           # (hex, level) -> terrain
Inventory = Mapping[tuple[str, str], int]       # (shape, terrain) -> tiles owned


class TilingError(ValueError):
    """Cells that cannot be tiled at all (a cell floating over nothing, a level below 1)."""


@dataclass(frozen=True)
class Tile:
    """One placed tile: ``shape`` ("1", "2", "3", "7", "24") turned ``rotation`` x 60 degrees,
    lying at ``level`` (1 = on the table) and covering ``hexes`` (axial, sorted by (r, q))."""

    shape: str
    rotation: int
    level: int
    terrain: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class Tiling:
    """The solver's answer.

    ``tiles`` cover every cell exactly once. ``missing`` is what the inventory lacks:
    (shape, terrain) -> tiles to add (empty when the inventory suffices); the fewest missing
    tiles come first, then the fewest tiles. ``optimal`` is True when the tile count is
    proven least (``gap`` = how many tiles the answer may be above the least, else 0);
    ``method`` says how each part was solved: "exact" (CP-SAT, proven), "time-limited"
    (CP-SAT stopped at its time limit) or "greedy" (largest tile first, the fallback)."""

    tiles: tuple[Tile, ...]
    missing: dict[tuple[str, str], int] = field(default_factory=dict)
    optimal: bool = True
    gap: int = 0
    method: str = "exact"

    def counts(self, level: int | None = None) -> dict[tuple[str, str], int]:
        """(shape, terrain) -> number of tiles, on one level or (None) in total; sorted."""
        c = Counter((t.shape, t.terrain) for t in self.tiles if level is None or t.level == level)
        return dict(sorted(c.items(), key=lambda kv: (-int(kv[0][0]), kv[0][1])))

    @property
    def levels(self) -> list[int]:
        return sorted({t.level for t in self.tiles})

    def on_level(self, level: int) -> list[Tile]:
        return [t for t in self.tiles if t.level == level]


def cells_from_heights(tops: Mapping[Hex, tuple[int, str]], *, under: str | None = None) -> dict[tuple[Hex, int], str]:
    """Cells for a map given as a height and terrain per hex: hex h at height H gets cells at
    levels 1..H. The top cell has the hex's terrain; the cells under it have ``under`` when
    given (say "rock" for the hidden filler), else the same terrain as the top."""
    cells: dict[tuple[Hex, int], str] = {}
    for h, (height, terrain) in tops.items():
        if height < 1:
            raise TilingError(f"hex {h.q},{h.r}: height {height} is below 1")
        for level in range(1, height + 1):
            cells[(h, level)] = terrain if level == height or under is None else under
    return cells


def check_cells(cells: Cells) -> None:
    """Raise TilingError naming every cell below level 1 or standing on nothing."""
    low = sorted((lv, h.r, h.q) for (h, lv) in cells if lv < 1)
    if low:
        lv, r, q = low[0]
        raise TilingError(f"{len(low)} cell(s) below level 1, first at hex {q},{r} level {lv}")
    floating = sorted((lv, h.r, h.q) for (h, lv) in cells if lv > 1 and (h, lv - 1) not in cells)
    if floating:
        where = ", ".join(f"{q},{r} level {lv}" for lv, r, q in floating[:5])
        more = f" and {len(floating) - 5} more" if len(floating) > 5 else ""
        raise TilingError(f"{len(floating)} cell(s) stand on nothing below: {where}{more}")


def merge_inventories(sets: Iterable[Inventory]) -> dict[tuple[str, str], int]:
    """The tiles of several owned sets together."""
    total: Counter = Counter()
    for s in sets:
        for key, n in s.items():
            total[key] += n
    return dict(total)
