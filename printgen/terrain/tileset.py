"""A map's whole 3D tile set: its cells, their tiles, and the distinct tiles with their counts.

``standard`` tiles come from the tiling solver (the 1/2/3/7/24-hex shapes); ``exact`` tiles are
one per connected region of each level of each terrain, as `printgen stl --shape map:...` cut
them. Tiles that print the same (the same hexes up to a turn and a move on the hex lattice, the
same terrain; every tile is one level thick) are one ``Kind`` with a count.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..hexgrid import Hex, rotate_left
from ..hexgrid.coords import canonical, components
from ..hexgrid.levels import read_stack
from ..tiling import Tile, Tiling, solve
from ..tiling.shapes import SHAPES

TILE_MODES = ("standard", "exact")
# CP-SAT work units (about seconds on one core) for a map's tiling. Maps of a few hundred hexes are
# solved exactly well within it; a 1,000-hex map ends time-limited at 555 tiles (553 with 10 units,
# in twice the time): bench/bench_terrain.py.
TIME_LIMIT = 4.0


class TerrainError(ValueError):
    """A map that cannot become a tile set; the message says what to change."""


def map_cells(mapdef, game_config) -> dict[tuple[Hex, int], str]:
    """(hex, level) -> terrain name for every cell of a map: each level layer's own character's
    terrain, and a hex whose legend ``level`` rises above its layers continued up in its top
    terrain. Hexes whose character is not in the legend are left out (the checker reports them)."""
    orientation = mapdef.orientation or game_config.hex.orientation
    stack = read_stack(mapdef.layout, mapdef.layers, orientation, mapdef.empty, mapdef.notation)
    cells: dict[tuple[Hex, int], str] = {}
    for h in stack.tiles[0]:
        top = stack.top(h)
        # a hex missing from a level under its top (a floating hex: the checker's unsupported-level)
        # takes its top terrain there, as a legend level does, rather than stopping validation
        entries = [mapdef.legend.get(c.char) if (c := stack.tiles[lv - 1].get(h)) else None for lv in range(1, top + 1)]
        if entries[-1] is None:
            continue
        for lv, entry in enumerate(entries, start=1):
            cells[(h, lv)] = (entry or entries[-1]).terrain
        for lv in range(top + 1, entries[-1].level + 1):
            cells[(h, lv)] = entries[-1].terrain
    return cells


def shape_label(hexes: tuple[Hex, ...]) -> str:
    """"7" for the standard shapes, else "N hexes"."""
    for name, cells in SHAPES.items():
        if len(cells) == len(hexes) and canonical(cells) == hexes:
            return name
    return f"{len(hexes)} hexes"


@dataclass
class Kind:
    """One distinct tile: ``hexes`` canonical, its terrain, and where copies of it go."""

    hexes: tuple[Hex, ...]
    terrain: str
    label: str
    placed: list[Tile] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.placed)

    def per_level(self) -> dict[int, int]:
        return dict(sorted(Counter(t.level for t in self.placed).items()))


@dataclass
class TileSet:
    """Every tile of a map, as distinct kinds (largest first) with counts."""

    map_name: str
    mode: str
    kinds: list[Kind]
    tiling: Tiling | None = None  # the solver's answer (standard mode)

    @property
    def tiles(self) -> list[Tile]:
        return [t for k in self.kinds for t in k.placed]


def exact_tiles(cells: dict[tuple[Hex, int], str]) -> list[Tile]:
    """One tile per connected region of each level of each terrain."""
    groups: dict[tuple[int, str], list[Hex]] = {}
    for (h, lv), terrain in cells.items():
        groups.setdefault((lv, terrain), []).append(h)
    out = []
    for (lv, terrain), hexes in sorted(groups.items()):
        for part in components(hexes):
            out.append(Tile(f"{len(part)}", 0, lv, terrain, tuple(sorted(part, key=lambda h: (h.r, h.q)))))
    return out


def build_tileset(mapdef, game_config, *, mode: str = "standard", inventory=None,
                  time_limit: float = TIME_LIMIT) -> TileSet:
    """The tile set of one map. Raises TerrainError for an unknown mode or a map with no cells."""
    if mode not in TILE_MODES:
        raise TerrainError(f"unknown tile mode {mode!r}; modes: {', '.join(TILE_MODES)}")
    cells = map_cells(mapdef, game_config)
    if not cells:
        raise TerrainError(f"map {mapdef.name!r} has no hexes with a terrain")
    tiling = None
    if mode == "standard":
        tiling = solve(cells, inventory=inventory, time_limit=time_limit)
        tiles = list(tiling.tiles)
    else:
        tiles = exact_tiles(cells)
    kinds: dict[tuple, Kind] = {}
    for t in tiles:
        key = (canonical(t.hexes), t.terrain)
        if key not in kinds:
            kinds[key] = Kind(key[0], t.terrain, shape_label(key[0]))
        kinds[key].placed.append(t)
    ordered = sorted(kinds.values(), key=lambda k: (-len(k.hexes), k.terrain, k.hexes))
    return TileSet(mapdef.name, mode, ordered, tiling)
