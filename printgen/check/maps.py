"""Maps: the text layout and its level layers read, every character is in the legend, every
reference (terrain, zone) exists, every upper hex stands on a lower one, objectives lie on the
map, and a map that must fit one page does."""

from __future__ import annotations

import re
from typing import Iterable

from ..draw.page import PageSpec, map_fits_page, terrain_picture_width
from ..findings import Finding, did_you_mean, error, warning
from ..hexgrid import Hex, LayerError, Layout, read_stack
from ..names import index_by_name, name_key
from ..packs.base import CheckContext
from ..units import PAPER_SIZES

def map_extent(hexes: Iterable[Hex], orientation: str, size_mm: float) -> tuple[float, float]:
    """Width and height in mm of a set of hexes drawn at ``size_mm`` flat-to-flat."""
    x0, y0, x1, y1 = Layout(orientation, size_mm).bounds(hexes)
    return (x1 - x0, y1 - y0)


def fits_page(extent: tuple[float, float], paper: str, margin_mm: float) -> bool:
    """Does a map of ``extent`` mm print on one page of ``paper``, as the map renderer lays it out?"""
    return map_fits_page(extent[0], extent[1], PageSpec.for_paper(paper, margin_mm))


def parse_axial(text: str) -> Hex | None:
    m = re.fullmatch(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*", text)
    return Hex(int(m.group(1)), int(m.group(2))) if m else None


def check_terrain_pictures(ctx: CheckContext) -> Iterable[Finding]:
    """Every terrain picture is a readable picture inside the game folder (it is drawn on the maps)."""
    from ..layout.art import ArtError, load_art

    for i, t in enumerate(ctx.data.terrain):
        if t.image is None:
            continue
        try:
            load_art(ctx.source.folder, t.image, width_mm=terrain_picture_width(t.image_fit, ctx.data.game.hex.size))
        except ArtError as exc:
            yield error("terrain-image", f"terrain '{t.name}': {exc}", ctx.loc(("terrain", i, "image")))


def check_maps(ctx: CheckContext) -> Iterable[Finding]:
    game = ctx.data.game
    terrain = set(index_by_name(ctx.data.terrain))
    # A terrain that is written but broken (no colour) has its own error; "not defined" would be a second.
    raw = ctx.source.data.get("terrain")
    written = {name_key(t["name"]) for t in raw if isinstance(t, dict) and isinstance(t.get("name"), str)} \
        if isinstance(raw, list) else set()
    terrain_names = [t.name for t in ctx.data.terrain]
    for mi, m in enumerate(ctx.data.maps):
        base = ("maps", mi)
        orientation = m.orientation or game.hex.orientation
        def where(layer: int) -> tuple:
            return base + (("layout",) if layer == 0 else ("layers", layer - 1))

        try:
            stack = read_stack(m.layout, m.layers, orientation, m.empty, m.notation)
        except LayerError as exc:
            yield error("map-layout", f"map '{m.name}'{f', level {exc.layer + 1}' if exc.layer else ''}: {exc.message}",
                        ctx.text_loc(where(exc.layer), exc.line, exc.col))
            continue
        ground = stack.tiles[0]
        for ch, entry in m.legend.items():
            if len(ch) != 1:
                yield error("map-legend", f"legend key '{ch}' must be a single character (each character is a hex)",
                            ctx.loc(base + ("legend", ch), key=True))
            if name_key(entry.terrain) not in terrain | written:
                hint = did_you_mean(entry.terrain, terrain_names)
                yield error("unknown-terrain", f"terrain '{entry.terrain}' is not defined under terrain:"
                            + (f"; did you mean '{hint}'?" if hint else ""),
                            ctx.loc(base + ("legend", ch, "terrain")))
            if entry.zone and name_key(entry.zone) not in set(index_by_name(m.zones)):
                hint = did_you_mean(entry.zone, [z.name for z in m.zones])
                yield error("unknown-zone", f"zone '{entry.zone}' is not among this map's zones:"
                            + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(base + ("legend", ch, "zone")))
        reported: set[str] = set()
        for layer, tiles in enumerate(stack.tiles):
            for h, cell in sorted(tiles.items(), key=lambda kv: (kv[1].line, kv[1].col)):
                if cell.char not in m.legend and cell.char not in reported:
                    reported.add(cell.char)
                    count = sum(c.char == cell.char for t in stack.tiles for c in t.values())
                    yield error("map-legend", f"map '{m.name}': character '{cell.char}' ({count} hex"
                                f"{'es' if count > 1 else ''}) is not in the legend; add it to legend:"
                                + (f" (or write '{m.empty}' where a level has no hex)" if layer else ""),
                                ctx.text_loc(where(layer), cell.line, cell.col))
        for lv, h in stack.unsupported():
            cell = stack.tiles[lv - 1][h]
            yield error("unsupported-level", f"map '{m.name}': the hex at level {lv} has no hex under it at level "
                        f"{lv - 1}; an upper hex stands on a lower one (add one under it, or write '{m.empty}' here)",
                        ctx.text_loc(where(lv - 1), cell.line, cell.col))
        used = {c.char for t in stack.tiles for c in t.values()}
        for ch in m.legend:
            if ch not in used:
                yield warning("unused-legend", f"map '{m.name}': legend character '{ch}' is not used in the layout",
                              ctx.loc(base + ("legend", ch), key=True))
        zones_used = {name_key(m.legend[c].zone) for c in used if c in m.legend and m.legend[c].zone}
        for zi, z in enumerate(m.zones):
            if name_key(z.name) not in zones_used:
                yield warning("empty-zone", f"map '{m.name}': zone '{z.name}' has no hexes on the map",
                              ctx.loc(base + ("zones", zi, "name")))
        for oi, obj in enumerate(m.objectives):
            at = parse_axial(obj.at)
            if at is None:
                yield error("bad-value", f"objective position '{obj.at}' must be axial 'q,r', e.g. '2,-1'",
                            ctx.loc(base + ("objectives", oi, "at")))
            elif at not in ground:
                yield error("off-map", f"objective '{obj.name}' at {obj.at} is not on map '{m.name}'",
                            ctx.loc(base + ("objectives", oi, "at")))
        if m.fit:
            extent = map_extent(ground, orientation, game.hex.size)
            if not fits_page(extent, m.fit, game.print.margin):
                pw, ph = PAPER_SIZES[m.fit]
                yield error("map-too-large", f"map '{m.name}' is {extent[0]:.1f} x {extent[1]:.1f} mm at "
                            f"{game.hex.size:.2f} mm hexes and does not fit one {m.fit.upper()} page "
                            f"({pw:g} x {ph:g} mm less the {game.print.margin:g} mm margins, the title, the legend "
                            "and the ruler strip); make it smaller or drop 'fit' to print it on several pages", ctx.loc(base + ("fit",)))
