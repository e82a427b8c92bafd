"""Battlefield checks: the layers read and line up, every upper tile rests on a solid tile, fluid tiles
lie on something and carry nothing, start zones exist and are on top, the battlefield is one piece
(or says it is not), and the tile sets a player owns hold enough tiles of each terrain."""

from __future__ import annotations

from typing import Iterator

from ...findings import Finding, did_you_mean, error, warning
from ...names import index_by_name, name_key
from ..base import CheckContext
from .levels import LayerError, fluid_terrain, pieces, read_levels, regions, terrain_of, zone_hexes


def _where(ctx: CheckContext, bi: int, levels, level: int, h):
    cell = levels.cells[level - 1][h]
    return ctx.text_loc(("battlefields", bi, "layers", level - 1), cell.line, cell.col)


def _legend(ctx: CheckContext, bi: int, bf) -> Iterator[Finding]:
    terrain = index_by_name(ctx.data.terrain)
    zones = index_by_name(bf.zones)
    glyphs = index_by_name(ctx.data.glyphs)
    for ch, entry in bf.legend.items():
        at = ("battlefields", bi, "legend", ch)
        if len(ch) != 1 or ch == bf.empty:
            yield error("map-legend", f"legend key '{ch}' must be one character other than the empty mark "
                        f"'{bf.empty}'", ctx.loc(at, key=True))
        if name_key(entry.terrain) not in terrain:
            hint = did_you_mean(entry.terrain, [t.name for t in ctx.data.terrain])
            yield error("unknown-terrain", f"terrain '{entry.terrain}' is not defined under terrain:"
                        + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(at + ("terrain",)))
        if entry.zone and name_key(entry.zone) not in zones:
            yield error("unknown-zone", f"zone '{entry.zone}' is not among this battlefield's zones:",
                        ctx.loc(at + ("zone",)))
        if entry.glyph and name_key(entry.glyph) not in glyphs:
            hint = did_you_mean(entry.glyph, [g.name for g in ctx.data.glyphs])
            yield error("unknown-glyph", f"glyph '{entry.glyph}' is not defined under glyphs:"
                        + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(at + ("glyph",)))


def check_battlefields(ctx: CheckContext) -> Iterator[Finding]:
    orientation = ctx.data.game.hex.orientation
    fluid = fluid_terrain(ctx.data)
    for bi, bf in enumerate(ctx.data.battlefields):
        yield from _legend(ctx, bi, bf)
        try:
            levels = read_levels(bf.layers, orientation, bf.empty)
        except LayerError as exc:
            yield error("map-layout", f"battlefield '{bf.name}', level {exc.layer + 1}: {exc.message}",
                        ctx.text_loc(("battlefields", bi, "layers", exc.layer), exc.line, exc.col))
            continue
        unknown: set[str] = set()
        for lv, tiles in enumerate(levels.tiles, start=1):
            for h in sorted(tiles, key=lambda h: (levels.cells[lv - 1][h].line, levels.cells[lv - 1][h].col)):
                ch = tiles[h]
                if ch not in bf.legend:
                    if ch not in unknown:
                        unknown.add(ch)
                        yield error("map-legend", f"battlefield '{bf.name}': character '{ch}' is not in the legend; "
                                    f"add it to legend: (or write '{bf.empty}' for no tile)", _where(ctx, bi, levels, lv, h))
                    continue
                yield from _support(ctx, bi, bf, levels, lv, h, fluid)
        if unknown:
            continue
        yield from _zones(ctx, bi, bf, levels)
        parts = pieces(set(levels.footprint))
        if len(parts) > 1 and bf.connected:
            stray = min(parts[1], key=lambda h: (levels.cells[0][h].line, levels.cells[0][h].col))
            yield error("map-pieces", f"battlefield '{bf.name}' is in {len(parts)} pieces ({', '.join(str(len(p)) for p in parts)} "
                        "hexes); join them, or say 'connected: false' if that is meant", _where(ctx, bi, levels, 1, stray))


def _support(ctx, bi, bf, levels, lv, h, fluid) -> Iterator[Finding]:
    here = terrain_of(bf, levels.char(h, lv))
    is_fluid = here is not None and name_key(here) in fluid
    if lv == 1:
        if is_fluid:
            yield error("fluid-support", f"battlefield '{bf.name}': {here} at level 1 lies on nothing; a fluid tile "
                        "is thin and lies on a solid tile at the level below (put one under it at level 1 and move "
                        "this to level 2)", _where(ctx, bi, levels, lv, h))
        return
    below = levels.char(h, lv - 1)
    if below is None:
        yield error("unsupported", f"battlefield '{bf.name}': the {here or 'tile'} at level {lv} "
                    f"has no tile under it at level {lv - 1}; every upper tile rests on the tile below",
                    _where(ctx, bi, levels, lv, h))
        return
    under = terrain_of(bf, below)
    if under is not None and name_key(under) in fluid:
        yield error("fluid-support", f"battlefield '{bf.name}': the {here or 'tile'} at level {lv} "
                    f"rests on {under}; fluid tiles are thin and carry nothing", _where(ctx, bi, levels, lv, h))


def _zones(ctx, bi, bf, levels) -> Iterator[Finding]:
    by_zone = zone_hexes(levels, bf)
    hidden: set[str] = set()
    for lv, tiles in enumerate(levels.tiles, start=1):
        for h, ch in tiles.items():
            entry = bf.legend.get(ch)
            if entry and (entry.zone or entry.glyph) and levels.top(h) != lv and ch not in hidden:
                hidden.add(ch)
                what = f"zone '{entry.zone}'" if entry.zone else f"glyph '{entry.glyph}'"
                yield error("buried", f"battlefield '{bf.name}': {what} at level {lv} is covered "
                            f"by the tile above it; mark the top tile instead", _where(ctx, bi, levels, lv, h))
    for zi, z in enumerate(bf.zones):
        if not by_zone.get(name_key(z.name)):
            yield warning("empty-zone", f"battlefield '{bf.name}': start zone '{z.name}' has no hexes",
                          ctx.loc(("battlefields", bi, "zones", zi, "name")))
    if sum(1 for hexes in by_zone.values() if hexes) < 2:
        yield error("start-zones", f"battlefield '{bf.name}' needs at least 2 start zones with hexes, it has "
                    f"{sum(1 for hexes in by_zone.values() if hexes)}", ctx.loc(("battlefields", bi, "zones"))
                    if bf.zones else ctx.loc(("battlefields", bi, "name")))


def inventory(data) -> dict[tuple[str, str], int]:
    """(terrain name key, shape) -> how many tiles every owned set holds together."""
    out: dict[tuple[str, str], int] = {}
    for s in data.tile_sets:
        for t in s.tiles:
            key = (name_key(t.terrain), t.shape)
            out[key] = out.get(key, 0) + t.count * s.copies
    return out


def check_tile_sets(ctx: CheckContext) -> Iterator[Finding]:
    terrain = index_by_name(ctx.data.terrain)
    for si, s in enumerate(ctx.data.tile_sets):
        for ti, t in enumerate(s.tiles):
            if name_key(t.terrain) not in terrain:
                hint = did_you_mean(t.terrain, [x.name for x in ctx.data.terrain])
                yield error("unknown-terrain", f"terrain '{t.terrain}' is not defined under terrain:"
                            + (f"; did you mean '{hint}'?" if hint else ""),
                            ctx.loc(("tile_sets", si, "tiles", ti, "terrain")))
    if not ctx.data.tile_sets:
        return
    owned: dict[str, int] = {}
    for (t, shape), n in inventory(ctx.data).items():
        owned[t] = owned.get(t, 0) + n * int(shape)
    for bi, bf in enumerate(ctx.data.battlefields):
        try:
            levels = read_levels(bf.layers, ctx.data.game.hex.orientation, bf.empty)
        except LayerError:
            continue  # reported by the battlefield check
        need: dict[str, int] = {}
        names: dict[str, str] = {}
        for (_, t), hexes in regions(levels, bf).items():
            need[name_key(t)] = need.get(name_key(t), 0) + len(hexes)
            names[name_key(t)] = t
        short = [(names[k], n, owned.get(k, 0)) for k, n in sorted(need.items()) if owned.get(k, 0) < n]
        if short:
            yield error("tile-inventory", f"battlefield '{bf.name}' needs more tiles than the tile sets hold: "
                        + "; ".join(f"{t} {n} hexes, {have} owned ({n - have} missing)" for t, n, have in short),
                        ctx.loc(("battlefields", bi, "name")))


CHECKS_MAPS = (check_battlefields, check_tile_sets)
