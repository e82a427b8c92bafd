"""Battlefield checks on top of the shared map checks (which read the levels and find upper hexes
standing on nothing): fluid tiles carry nothing (at level 1 they lie on the table), start zones and glyphs
sit on top tiles, there are start zones, the battlefield is one piece (or says it is not), every
objective is a glyph, and the owned tile sets hold enough hexes of each terrain (the build guide's
solver then says exactly which tiles are missing)."""

from __future__ import annotations

from typing import Iterator

from ...findings import Finding, did_you_mean, error, warning
from ...hexgrid import LayerError
from ...hexgrid.coords import components
from ...names import index_by_name, name_key
from ..base import CheckContext
from .levels import cells, char, fluid_terrain, stack_of, terrain_at, zone_hexes


def _where(ctx: CheckContext, mi: int, stack, level: int, h):
    cell = stack.tiles[level - 1][h]
    path = ("maps", mi) + (("layout",) if level == 1 else ("layers", level - 2))
    return ctx.text_loc(path, cell.line, cell.col)


def _reading_order(stack, level: int):
    tiles = stack.tiles[level - 1]
    return sorted(tiles, key=lambda h: (tiles[h].line, tiles[h].col))


def check_battlefields(ctx: CheckContext) -> Iterator[Finding]:
    fluid = fluid_terrain(ctx.data)
    glyphs = index_by_name(ctx.data.glyphs)
    for mi, m in enumerate(ctx.data.maps):
        for ch, entry in m.legend.items():
            if entry.objective and name_key(entry.objective) not in glyphs:
                hint = did_you_mean(entry.objective, [g.name for g in ctx.data.glyphs])
                yield error("unknown-glyph", f"objective '{entry.objective}' is no glyph defined under glyphs: (an "
                            "objective on a battlefield is the glyph placed there)" + (f"; did you mean '{hint}'?"
                            if hint else ""), ctx.loc(("maps", mi, "legend", ch, "objective")))
        try:
            stack = stack_of(m, ctx.data)
        except LayerError:
            continue  # the shared map check reports it
        if any(c.char not in m.legend for t in stack.tiles for c in t.values()):
            continue  # so does it an unknown character
        for lv in range(1, stack.top_level + 1):
            for h in _reading_order(stack, lv):
                yield from _support(ctx, mi, m, stack, lv, h, fluid)
        yield from _on_top(ctx, mi, m, stack)
        parts = sorted(components(stack.tiles[0]), key=lambda p: -len(p))
        if len(parts) > 1 and m.connected:
            stray = min(parts[1], key=lambda h: (stack.tiles[0][h].line, stack.tiles[0][h].col))
            yield error("map-pieces", f"map '{m.name}' is in {len(parts)} pieces ({', '.join(str(len(p)) for p in parts)} "
                        "hexes); join them, or say 'connected: false' if that is meant", _where(ctx, mi, stack, 1, stray))


def _support(ctx, mi, m, stack, lv, h, fluid) -> Iterator[Finding]:
    if lv == 1:
        return  # a fluid tile at level 1 lies on the table, as VirtualScape and a real table allow
    here = terrain_at(m, stack, h, lv)
    under = terrain_at(m, stack, h, lv - 1)
    if under is not None and name_key(under) in fluid:
        # an imported map as its author laid it in the editor: import-map has named the piece that cannot be
        # built (unsupported-tile, at its byte), and the game still builds the rest of it
        yield (warning if m.imported else error)("fluid-support", f"map '{m.name}': the {here} tile at level {lv} "
                                                  f"rests on {under}; fluid tiles are thin and carry nothing",
                                                  _where(ctx, mi, stack, lv, h))


def _on_top(ctx, mi, m, stack) -> Iterator[Finding]:
    hidden: set[str] = set()
    for lv in range(1, stack.top_level + 1):
        for h in _reading_order(stack, lv):
            ch = char(stack, h, lv)
            entry = m.legend[ch]
            if (entry.zone or entry.objective) and stack.top(h) != lv and ch not in hidden:
                hidden.add(ch)
                what = f"zone '{entry.zone}'" if entry.zone else f"glyph '{entry.objective}'"
                yield error("buried", f"map '{m.name}': {what} at level {lv} is covered by the tile above it; mark "
                            "the top tile instead", _where(ctx, mi, stack, lv, h))
    with_hexes = sum(1 for hexes in zone_hexes(m, stack).values() if hexes)
    if with_hexes < 2:
        # an imported map (one with real pieces:) is a community battlefield: many have no start area,
        # and the players agree on one; the build still makes everything else of it
        yield (warning if m.imported else error)("start-zones", f"map '{m.name}' needs at least 2 start zones on top tiles, it has {with_hexes}",
                    ctx.loc(("maps", mi, "zones")) if m.zones else ctx.loc(("maps", mi, "name")))


def inventory(data) -> dict[tuple[str, str], int]:
    """(shape, terrain name) -> how many tiles every owned set holds together."""
    out: dict[tuple[str, str], int] = {}
    for s in data.tile_sets:
        for t in s.tiles:
            out[(t.shape, t.terrain)] = out.get((t.shape, t.terrain), 0) + t.count * s.copies
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
    for (shape, t), n in inventory(ctx.data).items():
        owned[name_key(t)] = owned.get(name_key(t), 0) + n * int(shape)
    for mi, m in enumerate(ctx.data.maps):
        try:
            need_cells = cells(m, stack_of(m, ctx.data))
        except LayerError:
            continue
        need: dict[str, int] = {}
        names: dict[str, str] = {}
        for t in need_cells.values():
            need[name_key(t)] = need.get(name_key(t), 0) + 1
            names[name_key(t)] = t
        short = [(names[k], n, owned.get(k, 0)) for k, n in sorted(need.items()) if owned.get(k, 0) < n]
        if short:
            # an imported map was built from the boxes its author owned, not from this game's tile sets:
            # what the sets lack is worth knowing (the guide and print-lacking say what to add), not a stop
            yield (warning if m.imported else error)("tile-inventory", f"map '{m.name}' needs more tiles than the tile sets hold: "
                        + "; ".join(f"{t} {n} hexes, {have} owned ({n - have} missing)" for t, n, have in short),
                        ctx.loc(("maps", mi, "name")))


def glyph_needs(data) -> dict[str, list[tuple[int, int, tuple]]]:
    """Glyph name -> (how many hexes place it, the map's index, the top hex of its last placing) per
    battlefield that places it (objectives on top tiles, in reading order)."""
    out: dict[str, list[tuple[int, int, tuple]]] = {}
    glyphs = {name_key(g.name): g.name for g in data.glyphs}
    for mi, m in enumerate(data.maps):
        try:
            stack = stack_of(m, data)
        except LayerError:
            continue
        placed: dict[str, list] = {}
        for lv in range(1, stack.top_level + 1):
            for h in _reading_order(stack, lv):
                entry = m.legend.get(char(stack, h, lv))
                if entry is not None and entry.objective and stack.top(h) == lv and name_key(entry.objective) in glyphs:
                    placed.setdefault(glyphs[name_key(entry.objective)], []).append((lv, h))
        for name, where in placed.items():
            out.setdefault(name, []).append((len(where), mi, where[-1]))
    return out


def check_glyph_tokens(ctx: CheckContext) -> Iterator[Finding]:
    """A battlefield that places a glyph on more hexes than the markers sheet prints tokens of it (its
    ``count``): found at the hex past the last token, in the map's layout."""
    from ...findings import warning

    need = glyph_needs(ctx.data)
    for gi, g in enumerate(ctx.data.glyphs):
        if g.count is None:
            continue  # the sheet prints as many as the most any battlefield needs
        for n, mi, (lv, h) in need.get(g.name, []):
            if n > g.count:
                m = ctx.data.maps[mi]
                yield warning("glyph-count", f"map '{m.name}' places {g.name} on {n} hexes, but the markers sheet "
                              f"prints {g.count} (glyphs: count: {g.count}); raise its count to {n} or take it off "
                              f"{n - g.count} hex{'es' if n - g.count > 1 else ''}",
                              _where(ctx, mi, stack_of(m, ctx.data), lv, h))


CHECKS_MAPS = (check_battlefields, check_tile_sets, check_glyph_tokens)
