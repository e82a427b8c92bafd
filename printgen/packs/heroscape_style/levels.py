"""High Ground on the shared map levels (hexgrid.read_stack): fluid tiles, where figures stand,
the cells the tiling solver covers, and the start zones.

A tile at level L of a hex rests on the tile at level L - 1 of the same hex. A fluid tile (water,
lava, ice) is thin: a figure on it stands at the level of the tile underneath, and nothing rests
on it.
"""

from __future__ import annotations

from functools import lru_cache

from ...hexgrid import Hex, Stack, read_stack
from ...names import name_key


def stack_of(m, data) -> Stack:
    """The map's levels (raises hexgrid.LayerError; the shared map check reports it). Read once per
    text: the checks, the tiling and each paper's build guide ask for the same maps again and again
    (the Stack is shared, so no caller changes it)."""
    return _stack(m.layout, tuple(m.layers), m.orientation or data.game.hex.orientation, m.empty, m.notation)


@lru_cache(maxsize=32)
def _stack(layout: str, layers: tuple[str, ...], orientation: str, empty: str, notation: str) -> Stack:
    return read_stack(layout, list(layers), orientation, empty, notation)


def fluid_terrain(data) -> set[str]:
    """Name keys of the fluid terrain kinds."""
    return {name_key(t.name) for t in data.terrain if t.fluid}


def char(stack: Stack, h: Hex, level: int) -> str | None:
    cell = stack.tiles[level - 1].get(h) if 1 <= level <= stack.top_level else None
    return cell.char if cell else None


def terrain_at(m, stack: Stack, h: Hex, level: int) -> str | None:
    entry = m.legend.get(char(stack, h, level) or "")
    return entry.terrain if entry else None


def standing_level(m, stack: Stack, h: Hex, fluid: set[str]) -> int:
    """The level a figure on ``h`` stands at: its top tile's level, one less on a fluid tile."""
    top = stack.top(h)
    t = terrain_at(m, stack, h, top)
    return top - 1 if t is not None and name_key(t) in fluid else top


def cells(m, stack: Stack) -> dict[tuple[Hex, int], str]:
    """(hex, level) -> terrain name of every tile: what the build guide's tiles must cover."""
    out = {}
    for lv, tiles in enumerate(stack.tiles, start=1):
        for h in tiles:
            t = terrain_at(m, stack, h, lv)
            if t is not None:
                out[(h, lv)] = t
    return out


def zone_hexes(m, stack: Stack) -> dict[str, set[Hex]]:
    """Zone name key -> the hexes whose top tile is in that zone."""
    out: dict[str, set[Hex]] = {name_key(z.name): set() for z in m.zones}
    for h in stack.tiles[0]:
        entry = m.legend.get(stack.top_cell(h).char)
        if entry and entry.zone and name_key(entry.zone) in out:
            out[name_key(entry.zone)].add(h)
    return out
