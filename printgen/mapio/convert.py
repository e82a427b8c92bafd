"""A VirtualScape map as a game's map data, and back: pure data, no disk.

Import puts every piece on the hexes it covers at its level, writes each level as a text layer
over the map's hexes (pointy-top rows, as VirtualScape lays them), start-zone markers and glyphs
as legend entries on the hex under them, and keeps each piece's code, anchor, level and rotation
in the map's ``pieces:`` list so that export writes the same pieces back. Export of a map that
has no ``pieces:`` (one a designer typed) cuts each level of each terrain into the real pieces
that terrain comes in, largest first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hexgrid.coords import Hex
from ..hexgrid.textmap import format_textmap
from .hsc import HscMap, Tile
from .pieces import (ADDON_NAMES, BY_NAME, CASTLE, FLUID, GLYPH, LAND, OBSTACLE, START, PieceDef, axial_to_offset,
                     cells_of, footprint, glyph_code, glyph_code_of_name, glyph_letter, offset_to_axial, piece)

# Add-ons: kept in pieces:, not drawn in the layers.
ADDONS = ADDON_NAMES
# A terrain the game may already have under another name (first match wins).
ALIASES = {
    "Lava": ["Molten Lava", "Lava"],
    "Snow": ["Snow", "Light Snow"],
    "Tree": ["Tree", "Trees", "Thicket", "Forest"],
    "Brush": ["Brush", "Thicket"],
    "Jungle": ["Jungle", "Grass"],
}
COLOURS = {  # a colour for a terrain the game does not have yet
    "Grass": "#4f9a3a", "Rock": "#8d8a84", "Sand": "#dcc47e", "Water": "#4a87c6", "Ice": "#cfe6f1",
    "Lava": "#e3561f", "Lava Field": "#8e4a3c", "Road": "#b69867", "Snow": "#f0f3f5", "Tree": "#2e6436",
    "Ruin": "#9b9488", "Wall": "#7d7468", "Glacier": "#a9d3ea", "Castle": "#8a8a8a", "Swamp Water": "#5e7f58",
    "Swamp": "#6b6a3a", "Concrete": "#b0b0b0", "Asphalt": "#4a4a4a", "Hive": "#a8842c", "Jungle": "#3f7d3a",
    "Brush": "#3d6b2f", "Palm": "#58843a", "Shadow": "#2b2b3a", "Dungeon": "#5a5048", "Outcrop": "#6e6a60",
}
START_COLOURS = {0x0000FF: "Red", 0x00FF00: "Green", 0xFF0000: "Blue", 0x00FFFF: "Yellow", 0xFF00FF: "Violet",
                 0xFFFF00: "Cyan", 0x0080FF: "Orange", 0xFF0080: "Purple"}
CHARS = "abcdefghijklmnopqrstuvwxyz"
MARK_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$%&+=?!"


@dataclass
class Note:
    """Something the import could not take as it is, and where (the tile's byte offset)."""

    code: str
    message: str
    offset: int = 0
    error: bool = False


@dataclass
class Imported:
    map: dict                                   # the map as it goes into the game's YAML
    terrain: list[dict] = field(default_factory=list)  # terrain entries the game lacks
    notes: list[Note] = field(default_factory=list)


def colour_hex(ref: int) -> str:
    """A COLORREF (0x00BBGGRR) as "#rrggbb"."""
    return f"#{ref & 0xFF:02x}{(ref >> 8) & 0xFF:02x}{(ref >> 16) & 0xFF:02x}"


def colour_ref(text: str) -> int:
    r, g, b = (int(text[i:i + 2], 16) for i in (1, 3, 5))
    return r | g << 8 | b << 16


def game_terrain_name(canonical: str, have: dict[str, str]) -> str | None:
    """The game's name for a canonical terrain (``have``: lower-case -> as written), or None."""
    for name in ALIASES.get(canonical, [canonical]):
        if name.lower() in have:
            return have[name.lower()]
    return None


def hsc_to_map(m: HscMap, *, name: str, game_terrain: list[str], has_fluid_flag: bool = False,
               glyphs: dict[str, str] | None = None) -> Imported:
    """The map data of a read .hsc file. ``game_terrain``: the game's terrain names; ``glyphs``:
    the game's glyph names by their symbol letter (a glyph tile takes that name, else "Glyph X")."""
    glyphs = glyphs or {}
    have = {t.lower(): t for t in game_terrain}
    out = Imported(map={})
    terrain_of: dict[str, str] = {}  # canonical -> the name written in the legend

    def terrain_name(canonical: str) -> str:
        if canonical not in terrain_of:
            found = game_terrain_name(canonical, have)
            if found is None:
                found = canonical
                entry = {"name": canonical, "colour": COLOURS.get(canonical, "#999999")}
                if canonical in ("Tree", "Ruin", "Wall", "Glacier", "Hive", "Palm", "Brush", "Outcrop"):
                    entry["blocked"] = True
                if has_fluid_flag and canonical in ("Water", "Ice", "Lava", "Swamp Water", "Shadow"):
                    entry["fluid"] = True
                entry["text"] = f"Imported from VirtualScape ({canonical})."
                out.terrain.append(entry)
                have[canonical.lower()] = canonical
            terrain_of[canonical] = found
        return terrain_of[canonical]

    levels: dict[int, dict[Hex, str]] = {}  # level -> hex -> terrain name
    marks: dict[Hex, dict] = {}              # zone / objective on the top of a hex
    zones: dict[str, str] = {}
    placed = []
    for t in m.tiles:
        p = piece(t.code)
        if p is None:
            what = f"piece {t.glyph_name!r}" if t.code == 0 and t.glyph_name else f"tile code {t.code}"
            out.notes.append(Note("unknown-piece", f"{what} is no piece printgen knows (a figure, a custom tile "
                                  "or a newer set); that tile is left out, the rest imports", t.offset))
            continue
        anchor = offset_to_axial(t.x, t.y)
        level = t.z + 1
        entry = {"piece": p.name, "at": f"{anchor.q},{anchor.r}", "level": level, "rotation": t.rotation}
        if p.role == START:
            colour = colour_hex(t.colour)
            zone = f"Start {START_COLOURS.get(t.colour & 0xFFFFFF, colour)}"
            zones.setdefault(zone, colour)
            marks.setdefault(anchor, {})["zone"] = zone
            entry["colour"] = colour
        elif p.role == GLYPH:
            letter = glyph_letter(t.code)
            # a glyph code's letter may be any byte: a line break or ESC names no glyph, its number does
            label = letter if letter.isprintable() and not letter.isspace() else str(ord(letter))
            marks.setdefault(anchor, {})["objective"] = glyphs.get(letter.upper(), f"Glyph {label}")
        elif p.name not in ADDONS:
            tname = terrain_name(p.terrain)
            for h in cells_of(p, t.x, t.y, t.rotation):
                layer = levels.setdefault(level, {})
                if h in layer:
                    out.notes.append(Note("overlap", f"tile code {t.code} at ({t.x}, {t.y}) level {level} covers a "
                                          "hex another tile already fills at that level", t.offset))
                layer[h] = tname
        placed.append((t, entry))
    if not levels:
        out.notes.append(Note("empty-map", "the map has no terrain tiles to import", 0, error=True))
        return out
    # the hexes of the map: every hex any level covers; a level layer covers them all
    ground = set().union(*levels.values())
    from ..hexgrid.layout import Layout
    from ..limits import limit

    x0, y0, x1, y1 = Layout("pointy", 1.0).bounds(ground)
    if (x1 - x0) * (y1 - y0) > limit("map-area"):  # parts far apart: sheets and pictures of the whole box
        out.notes.append(Note("limit-map-area", f"the map's pieces lie over a box of {x1 - x0:.0f} x {y1 - y0:.0f} "
                              f"hexes ({(x1 - x0) * (y1 - y0):,.0f}), more than the {limit('map-area'):,.0f} a map "
                              "may cover; join its parts in the editor, or import them one by one", 0, error=True))
        return out
    top_level = max(levels)
    low = min(levels)
    # A hex's text at a level: the terrain there; below its lowest tile, the lowest tile's terrain
    # (the text map has no "nothing at level 1"); the buildability check names such tiles.
    names = sorted({n for layer in levels.values() for n in layer.values()})
    char_of = {n: CHARS[i] if i < len(CHARS) else MARK_CHARS[-1 - i % 10] for i, n in enumerate(names)}
    legend = {char_of[n]: {"terrain": n} for n in names}
    top: dict[Hex, tuple[int, str]] = {}
    for lv in range(low, top_level + 1):
        for h, n in levels.get(lv, {}).items():
            top[h] = (lv, n)
    free = iter(MARK_CHARS)
    mark_char: dict[tuple, str] = {}
    mark_at: dict[Hex, str] = {}
    for h, mk in sorted(marks.items(), key=lambda kv: (kv[0].r, kv[0].q)):
        if h not in top:
            out.notes.append(Note("floating-marker", f"a start zone or glyph at {h.q},{h.r} has no tile under it; "
                                  "left out of the text map (kept in pieces:)"))
            continue
        key = (top[h][1], mk.get("zone"), mk.get("objective"))
        if key not in mark_char:
            c = next(free, None)
            if c is None:
                out.notes.append(Note("too-many-markers", "more zone and glyph combinations than legend characters"))
                continue
            mark_char[key] = c
            legend[c] = {"terrain": key[0], **({"zone": key[1]} if key[1] else {}),
                         **({"objective": key[2]} if key[2] else {})}
        mark_at[h] = mark_char[key]
    texts = []
    for lv in range(low, top_level + 1):
        layer = levels.get(lv, {})
        cells = {}
        for h in ground:
            if h in layer:
                c = char_of[layer[h]]
                if top.get(h, (0,))[0] == lv and h in mark_at:
                    c = mark_at[h]
                cells[h] = c
            elif any(h in levels.get(up, ()) for up in range(lv + 1, top_level + 1)):
                # a gap under a tile (a bridge, a piece on nothing): the text map has no "nothing
                # here" under a hex, so the tile above fills it; pieces: keeps the truth and the
                # buildability check names the tile
                first = min(up for up in range(lv + 1, top_level + 1) if h in levels.get(up, ()))
                cells[h] = char_of[levels[first][h]]
            else:
                cells[h] = "-"
        texts.append(format_textmap(cells, "pointy", spacing=1) + "\n")
    notation = reads_back(texts, ground)
    if notation is None:  # not expected: exact notation reads any text format_textmap writes
        out.notes.append(Note("scattered-map", f"the map's {len(ground)} hexes do not read back from the text map "
                              "written for them; join its parts in the editor, or import them one by one", 0,
                              error=True))
        return out
    out.map = {"name": name, "orientation": "pointy"}
    if notation != "picture":
        out.map["notation"] = notation
    if m.name and m.name != name:
        out.map["text"] = f"{m.name}" + (f", by {m.author}" if m.author else "") + " (imported from VirtualScape)."
    elif m.author:
        out.map["text"] = f"By {m.author} (imported from VirtualScape)."
    from ..hexgrid.coords import components

    out.map["imported"] = True  # for the game's checks: a community map, not the designer's own
    if len(components(ground)) > 1:
        out.map["connected"] = False  # a real map may be laid in parts (islands, a second table)
    out.map["layout"] = texts[0]
    if texts[1:]:
        out.map["layers"] = texts[1:]
    out.map["legend"] = legend
    if zones:
        out.map["zones"] = [{"name": z, "colour": c} for z, c in zones.items()]
    out.map["pieces"] = [e for _, e in placed]
    out.notes += buildability([(t, piece(t.code)) for t, _ in placed])
    return out


def reads_back(texts: list[str], ground: set[Hex]) -> str | None:
    """The notation in which the level texts read back as ``ground`` (up to translation): "picture" when
    the spacing it infers is the one written (any map with two neighbouring hexes on a row), else "exact"
    (the spacing fixed: a map laid in parts, whose gaps alone would read as a wider spacing); None if
    neither does."""
    from ..hexgrid.levels import read_stack
    from ..hexgrid.textmap import TextMapError

    first = min(ground, key=lambda h: (h.r, h.q))
    for notation in ("picture", "exact"):
        try:
            again = read_stack(texts[0], texts[1:], "pointy", notation=notation)
        except TextMapError:
            continue
        g0 = min(again.tiles[0], key=lambda h: (h.r, h.q))
        if {Hex(h.q - g0.q + first.q, h.r - g0.r + first.r) for h in again.tiles[0]} == ground:
            return notation
    return None


def buildability(tiles: list[tuple[Tile, PieceDef]]) -> list[Note]:
    """Every piece above the table must rest on something below each of its hexes, as the editors
    check: a piece at level L > 1 needs a land, castle or obstacle hex at level L - 1 under every
    one of its hexes (add-ons and markers hang on what is there and are not checked)."""
    solid: set[tuple[int, Hex]] = set()
    fluid: set[tuple[int, Hex]] = set()
    for t, p in tiles:
        if p.role in (LAND, CASTLE, OBSTACLE) and p.name not in ADDONS:
            solid.update((t.z, h) for h in cells_of(p, t.x, t.y, t.rotation))
        elif p.role == FLUID:
            fluid.update((t.z, h) for h in cells_of(p, t.x, t.y, t.rotation))
    notes = []
    for t, p in tiles:
        if t.z <= 0 or p.role in (START, GLYPH) or p.name in ADDONS:
            continue
        hexes = cells_of(p, t.x, t.y, t.rotation)
        loose = [h for h in hexes if (t.z - 1, h) not in solid]
        if loose:
            on_fluid = [h for h in loose if (t.z - 1, h) in fluid]
            what = "a fluid tile, which carries nothing" if on_fluid else "nothing"
            notes.append(Note("unsupported-tile", f"{p.name} at ({t.x}, {t.y}) level {t.z + 1}: {len(loose)} of its "
                              f"{len(hexes)} hexes rest on {what} at level {t.z}", t.offset))
    return notes


def map_to_hsc(mapdef, stack, terrain_colours: dict[str, str],
               glyph_symbols: dict[str, str] | None = None) -> tuple[HscMap, list[Note]]:
    """An HscMap of a game's map. ``stack``: its read layers (hexgrid.levels.Stack);
    ``glyph_symbols``: a glyph's letter by its name (lower-case), for objectives that are glyphs."""
    glyph_symbols = glyph_symbols or {}
    notes: list[Note] = []
    m = HscMap(name=mapdef.name)
    if mapdef.pieces:
        for pp in mapdef.pieces:
            p = BY_NAME.get(pp.piece)
            code = p.code if p else glyph_code_of_name(pp.piece)
            if code is None:
                notes.append(Note("unknown-piece", f"piece {pp.piece!r} is no piece printgen knows", error=True))
                continue
            q, r = (int(v) for v in pp.at.split(","))
            x, y = axial_to_offset(Hex(q, r))
            colour = pp.colour or (terrain_colours.get(p.terrain.lower()) if p else None) or "#a0a0a0"
            m.tiles.append(Tile(code=code, rotation=pp.rotation, x=x, y=y, z=pp.level - 1, glyph_letter="\0",
                                colour=colour_ref(colour)))
        return m, notes
    # a designer's map: cut each level of each terrain into pieces, largest first
    by_terrain = {}
    for p in BY_NAME.values():
        if p.role in (LAND, FLUID, OBSTACLE, CASTLE) and p.name not in ADDONS and p.shape in ("1", "2", "3", "7", "24"):
            by_terrain.setdefault(p.terrain.lower(), []).append(p)
    for key, alias in ALIASES.items():
        for a in alias:
            by_terrain.setdefault(a.lower(), by_terrain.get(key.lower(), []))
    for lv, layer in enumerate(stack.tiles, start=1):
        regions: dict[str, set[Hex]] = {}
        for h, cell in layer.items():
            entry = mapdef.legend.get(cell.char)
            if entry is not None:
                regions.setdefault(entry.terrain, set()).add(h)
        for tname, hexes in sorted(regions.items()):
            kinds = sorted(by_terrain.get(tname.lower(), []), key=lambda p: -len(footprint(p.shape, 0)))
            if not kinds:
                notes.append(Note("unknown-terrain", f"terrain {tname!r} has no VirtualScape piece; exported as grass"))
                kinds = sorted(by_terrain["grass"], key=lambda p: -len(footprint(p.shape, 0)))
            colour = colour_ref(terrain_colours.get(tname.lower(), "#a0a0a0"))
            for p, anchor, rot in _cut(hexes, kinds):
                x, y = axial_to_offset(anchor)
                m.tiles.append(Tile(code=p.code, rotation=rot, x=x, y=y, z=lv - 1, glyph_letter="\0", colour=colour))
    for h, cell in stack.tiles[0].items():
        top = stack.top(h)
        entry = mapdef.legend.get(stack.tiles[top - 1][h].char)
        if entry is None:
            continue
        x, y = axial_to_offset(h)
        if entry.zone:
            zc = next((z.colour for z in mapdef.zones if z.name == entry.zone), "#ff0000")
            m.tiles.append(Tile(code=15001, x=x, y=y, z=top, glyph_letter="\0", colour=colour_ref(zc)))
        letter = glyph_symbols.get(entry.objective.lower()) if entry.objective else None
        if letter is None and entry.objective and entry.objective.startswith("Glyph ") and len(entry.objective) == 7:
            letter = entry.objective[-1]
        if letter and len(letter) == 1 and 1 < ord(letter) < 255:
            m.tiles.append(Tile(code=glyph_code(letter), x=x, y=y, z=top, glyph_letter="\0"))
    return m, notes


def _cut(hexes: set[Hex], kinds: list[PieceDef]) -> list[tuple[PieceDef, Hex, int]]:
    """Greedy: in reading order, the first free hex takes the largest piece (any turn) that fits."""
    free = set(hexes)
    out = []
    for h in sorted(hexes, key=lambda h: (h.r, h.q)):
        if h not in free:
            continue
        for p in kinds:
            fit = next((rot for rot in range(6)
                        if all(Hex(h.q + d.q, h.r + d.r) in free for d in footprint(p.shape, rot))), None)
            if fit is not None:
                for d in footprint(p.shape, fit):
                    free.discard(Hex(h.q + d.q, h.r + d.r))
                out.append((p, h, fit))
                break
    return out
