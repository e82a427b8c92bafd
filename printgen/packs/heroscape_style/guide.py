"""The build guide: how to lay a battlefield's tiles, level by level.

The tiling solver (printgen.tiling) covers every tile cell of the map with the fewest 1, 2, 3, 7
and 24-hex tiles the owned tile sets allow; no tile spans a change of level. The guide gives one
page per level, scaled to fit: each tile of that level in its terrain colour with its outline and
shape number, over the level below drawn faintly (its tiles' outlines and numbers in grey), so
the builder sees what each new tile rests on, and beside it a picture of the table once that
level is laid (iso.py). The first page says what the map takes in all and pictures the finished
battlefield. An imported map (``imported: true`` with ``pieces:``) is laid from its own pieces.
"""

from __future__ import annotations

from functools import lru_cache

from ...draw.colour import INK, ink_on, mix, readable
from ...draw.document import Document, Op, Page, Path, Poly, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.page import PageSpec
from ...draw.text import Run, draw, fit
from ...findings import error
from ...hexgrid import Hex, LayerError, Layout, hex_corners
from ...hexgrid.layout import corner_extent
from ...hexgrid.outline import outline_points
from ...names import index_by_name, name_key
from ...render.compose import heading, one_per_item
from ...draw.geometry import text_box
from ...render.maps.clear import Grid, clear_inside, in_grid
from ...render.maps.kept import boxed
from ...tiling import Tile, Tiling, TilingError, solve
from .checks_maps import inventory
from .iso import iso_ops
from .levels import cells, stack_of

TIME_LIMIT = 10.0  # CP-SAT work units per map; the solver falls back to greedy beyond it
FAINT = "#c9c9c9"  # the outline of a tile of the level below
FAINT_FILL = "#f4f4f4"  # and its fill
FAINT_NUMBER = readable("#a3a3a3", FAINT_FILL)  # and its number: as light a grey as still reads (WCAG's 4.5:1)


def _cells_key(m, data) -> tuple:
    return tuple(sorted(((h.q, h.r, lv), t) for (h, lv), t in cells(m, stack_of(m, data)).items()))


@lru_cache(maxsize=16)
def _solve(key: tuple, inv: tuple | None) -> Tiling:
    return solve({(Hex(q, r), lv): t for (q, r, lv), t in key}, inventory=dict(inv) if inv is not None else None,
                 time_limit=TIME_LIMIT)


def pieces_tiling(m, data) -> Tiling:
    """An imported map's own pieces (its ``pieces:``) as the guide's tiles: each land, fluid and
    castle piece at its level on the hexes it covers, named by its hex count, in the terrain the
    map's legend gives that hex (the piece's own terrain where the legend has none)."""
    from ...mapio.convert import ADDONS
    from ...mapio.pieces import BY_NAME, CASTLE, FLUID, GLYPH, LAND, START, axial_to_offset, cells_of

    stack = stack_of(m, data)
    where = cells(m, stack)
    placed = []  # (piece, its level, its hexes where VirtualScape has them)
    for pp in m.pieces:
        p = BY_NAME.get(pp.piece)
        if p is None or p.role in (START, GLYPH) or p.name in ADDONS:
            continue
        q, r = (int(v) for v in pp.at.split(","))
        placed.append((p, pp, cells_of(p, *axial_to_offset(Hex(q, r)), pp.rotation)))
    # The text map keeps where hexes are up to a shift (it starts at its own first row and column): move
    # the pieces by the shift that lays the first hex they cover, in reading order, on the map's first hex
    # (the import wrote the layers from exactly these hexes), so the plan, its footprint and the legend's
    # terrain agree
    ground = [h for *_, hexes in placed for h in hexes]
    dq = dr = 0
    if ground and stack.tiles[0]:
        a = min(ground, key=lambda h: (h.r, h.q))
        b = min(stack.tiles[0], key=lambda h: (h.r, h.q))
        dq, dr = b.q - a.q, b.r - a.r
    tiles = []
    for p, pp, hexes in placed:
        if p.role not in (LAND, FLUID, CASTLE):
            continue  # an obstacle (a tree, a ruin) is no tile the guide lays
        hexes = tuple(sorted((Hex(h.q + dq, h.r + dr) for h in hexes), key=lambda h: (h.r, h.q)))
        terrain = next((where[(h, pp.level)] for h in hexes if (h, pp.level) in where), p.terrain)
        tiles.append(Tile(str(len(hexes)), pp.rotation, pp.level, terrain, hexes))
    return Tiling(tuple(tiles), method="pieces")


def drawn_cells(m, data, tiling: Tiling) -> dict:
    """(hex, level) -> terrain of what the guide pictures: an imported map's own pieces (a bridge's
    gap stays open), else every cell of the map's levels."""
    if tiling.method == "pieces":
        return {(h, t.level): t.terrain for t in tiling.tiles for h in t.hexes}
    return cells(m, stack_of(m, data))


def map_tiling(m, data) -> Tiling:
    """The fewest tiles for every cell of map ``m``, from the owned tile sets (any tiles when none are
    declared); an imported map's own pieces (``pieces_tiling``). Cached: the validation hook and the
    guide ask for the same maps."""
    if getattr(m, "imported", False) and m.pieces:
        return pieces_tiling(m, data)
    inv = tuple(sorted(inventory(data).items())) if data.tile_sets else None
    return _solve(_cells_key(m, data), inv)


def _label(shape: str, terrain: str) -> str:
    return f"{shape}-hex {terrain}"


def check_guide(game) -> list:
    """Validation hook: every map can be built from the owned tile sets; else exactly what is missing."""
    data = game.data
    if not data.tile_sets:
        return []
    owned: dict[str, int] = {}
    for (shape, t), n in inventory(data).items():
        owned[name_key(t)] = owned.get(name_key(t), 0) + n * int(shape)
    found = []
    for mi, m in enumerate(data.maps):
        try:
            need = cells(m, stack_of(m, data))
        except LayerError:
            continue
        per_terrain: dict[str, int] = {}
        for t in need.values():
            per_terrain[name_key(t)] = per_terrain.get(name_key(t), 0) + 1
        if any(owned.get(k, 0) < n for k, n in per_terrain.items()):
            continue  # too few hexes outright: the tile-inventory data check says so
        try:
            tiling = map_tiling(m, data)
        except TilingError:
            continue  # cells on nothing: the map checks say where
        if tiling.missing:
            lack = ", ".join(f"{n} x {_label(s, t)}" for (s, t), n in tiling.missing.items())
            found.append(error("tile-inventory", f"map '{m.name}' cannot be laid from the tile sets; they lack {lack} "
                               "(the fewest tiles to add)", game.source.loc(("maps", mi, "name"))))
    return found


@lru_cache(maxsize=64)
def _unit_bounds(orientation: str, hexes: frozenset) -> tuple[float, float, float, float]:
    """``Layout(orientation, 10.0).bounds(hexes)``: every level's plan and every paper's fits the same
    footprint, so it is measured once."""
    return Layout(orientation, 10.0).bounds(hexes)


def _fit_layout(hexes, orientation: str, box: tuple[float, float, float, float]) -> Layout:
    """A layout that draws ``hexes`` as large as fits ``box`` (x0, y0, x1, y1 mm), centred."""
    ux0, uy0, ux1, uy1 = _unit_bounds(orientation, frozenset(hexes))
    x0, y0, x1, y1 = box
    scale = min((x1 - x0) / (ux1 - ux0), (y1 - y0) / (uy1 - uy0))
    size = 10.0 * scale
    lay = Layout(orientation, size)
    bx0, by0, bx1, by1 = lay.bounds(hexes)
    return Layout(orientation, size, origin=(x0 + (x1 - x0 - (bx1 - bx0)) / 2 - bx0, y0 + (y1 - y0 - (by1 - by0)) / 2 - by0))


def _tile_ops(tile, lay: Layout, fill: str | None, line: str, width: float, ink: str, hidden=frozenset(),
              grid: Grid | None = None) -> list[Op]:
    """A tile's outline (one path round all its hexes) and its shape number on its middle hex (none when
    that hex is in ``hidden``: covered by the level drawn over it). ``grid``: the plan's (render/maps/clear.Grid):
    the outline runs along its hexes' edges, and the number is marked in it when it lies clear inside its hex."""
    number = tile.shape
    loops = outline_points(tile.hexes, lay)
    ops: list[Op] = [Path(tuple(tuple(p) for p in loops), Style(fill=fill, stroke=line, width=width), role="tile")]
    if grid is not None:
        in_grid(ops[0], grid)
    centres = [lay.hex_to_point(h) for h in tile.hexes]
    cx = sum(p[0] for p in centres) / len(tile.hexes)
    cy = sum(p[1] for p in centres) / len(tile.hexes)
    at = min(range(len(centres)), key=lambda i: (centres[i][0] - cx) ** 2 + (centres[i][1] - cy) ** 2)
    anchor, (ax, ay) = tile.hexes[at], centres[at]
    size = lay.size * (0.42 if len(number) < 3 else 0.34)
    if anchor not in hidden:
        ops.append(Text(ax, ay + size * 0.36, number, "sans-bold", size, ink, "middle"))
        if grid is not None and clear_inside(tuple(hex_corners(ax, ay, lay.radius, lay.orientation)),
                                             text_box(ops[-1])):
            in_grid(ops[-1], grid)
    return ops


PANEL_HEAD = 28.0  # mm above a level's drawing: its heading, tile count and notes
PANEL_GAP = 6.0  # mm between two levels on a page
FINISHED = 80.0  # mm: the picture of the finished battlefield on the guide's first page
PLAN_SHARE = 0.5  # of a level's width: its plan; the rest its picture
MIN_HEX = 6.0  # mm: a level drawn smaller than this would print its tiles' shape numbers below ~7 pt


def level_ops(m, data, tiling: Tiling, level: int, footprint, box: tuple[float, float, float, float],
              drawn: dict | None = None) -> list[Op]:
    """One level of the build in ``box`` (x0, y0, x1, y1 mm): its heading, its tiles' count, and where
    each of its tiles goes over the level below. ``drawn``: ``drawn_cells`` of the map, when the caller
    has it already (every level's picture shows the same cells)."""
    x0, y0, x1, y1 = box
    terrain = index_by_name(data.terrain)
    tiles = tiling.on_level(level)
    out: list[Op] = [heading(x0, y0 + 6, f"{m.name}: level {level}", pt(14))]
    counts = tiling.counts(level=level)
    summary = f"{len(tiles)} tile{'s' * (len(tiles) != 1)}: " + ", ".join(
        f"{n} x {_label(s, t)}" for (s, t), n in counts.items())
    f = fit([[Run(summary)]], x1 - x0, 9, max_size=pt(8.5), min_size=pt(6))
    if f:
        out += draw(f, x0, y0 + 8.5)
    note = ("Lay these tiles on the table." if level == 1 else
            f"Lay these tiles on level {level - 1}, drawn faintly underneath with its tiles' outlines and numbers.")
    out.append(Text(x0, y0 + 21, note + " The number on a tile is its shape: how many hexes it has.", "sans-italic",
                    pt(7.5), INK))
    where = "Below" if y1 - y0 - PANEL_HEAD > x1 - x0 else "Right"
    out.append(Text(x0, y0 + 25, f"{where}: the table once this level is laid, its new tiles in full colour and "
                    "outlined, the levels below faded.", "sans-italic", pt(7.5), INK))
    # the plan on the left, where each tile goes; on the right the picture of the table as it
    # stands once this level is laid, the new tiles in full colour (iso.py)
    # (in a box taller than wide, a level with a page to itself: the plan above, the picture below)
    if y1 - y0 - PANEL_HEAD > x1 - x0:
        mid = y0 + PANEL_HEAD + (y1 - y0 - PANEL_HEAD) / 2
        plan_box, iso_box = (x0, y0 + PANEL_HEAD, x1, mid - PANEL_GAP / 2), (x0, mid + PANEL_GAP / 2, x1, y1)
    else:
        mid = x0 + (x1 - x0) * PLAN_SHARE
        plan_box, iso_box = (x0, y0 + PANEL_HEAD, mid - PANEL_GAP / 2, y1), (mid + PANEL_GAP / 2, y0 + PANEL_HEAD, x1, y1)
    lay = _fit_layout(footprint, map_orientation(m, data), plan_box)
    colours = {k: t.colour for k, t in terrain.items()}
    drawn = drawn if drawn is not None else drawn_cells(m, data, tiling)
    ops: list[Op] = iso_ops(drawn, colours, level, tiles, map_orientation(m, data), iso_box)
    # the battlefield's extent, for reference: every hex's outline, as one path (a level's thousand hexagons
    # as a thousand shapes cost the preflight and the writers for nothing; stroked alike, they print alike),
    # faint grey under the plan: a background, as the preflight says of a ground the text may sit on
    ops.append(Path(tuple(tuple(lay.corners(h)) for h in sorted(footprint, key=lambda h: (h.r, h.q))),
                    Style(stroke="#ececec", width=0.15), role="background"))
    covered = frozenset(h for t in tiles for h in t.hexes)
    # (the plan's hexes and tiles' outlines lie along the edges of one layout's hexes, and each tile's number
    # inside one of them: a number clear inside its hex is crossed by none of them, render/maps/clear.Grid)
    grid = Grid()
    for t in tiling.on_level(level - 1):
        ops += _tile_ops(t, lay, FAINT_FILL, FAINT, 0.3, FAINT_NUMBER, covered, grid)
    for t in tiles:
        colour = terrain[name_key(t.terrain)].colour if name_key(t.terrain) in terrain else "#ffffff"
        style = Style(fill=colour, stroke=mix(colour, INK, 0.25), width=0.12)  # one object for the tile's hexes
        # each hex with its box, its centre plus its corners' extent (hexgrid.corner_extent), for the preflight
        ex0, ey0, ex1, ey1 = corner_extent(lay.radius, lay.orientation)
        for h in t.hexes:
            cx, cy = lay.hex_to_point(h)
            ops.append(in_grid(boxed(Poly(tuple(hex_corners(cx, cy, lay.radius, lay.orientation)), style),
                                     (cx + ex0, cy + ey0, cx + ex1, cy + ey1)), grid))
        ops += _tile_ops(t, lay, None, INK, 0.55, ink_on(colour), grid=grid)
    return out + ops


def overview_ops(m, data, spec: PageSpec, tiling: Tiling) -> tuple[list[Op], float]:
    """The guide's opening: what it builds from what, level by level; and where it ends (page mm)."""
    x0, y0, x1, y1 = spec.content
    ops: list[Op] = [heading(x0, y0 + 7, f"{m.name}: build guide", pt(16))]
    owned = ", ".join(f"{s.name}{f' x {s.copies}' if s.copies != 1 else ''}" for s in data.tile_sets) or "any tiles"
    if tiling.method == "pieces":
        owned = "the boxes the map's author used (printgen print-lacking prints what you lack)"
    how = {"exact": "the fewest tiles possible (proven)", "time-limited": "few tiles (the solver's time ran out)",
           "greedy": "a quick fill, largest tiles first", "pieces": "the map's own pieces"}[tiling.method]
    n, lv = len(tiling.tiles), len(tiling.levels)
    paras = [[Run(f"{n} tile{'s' * (n != 1)} on {lv} level{'s' * (lv != 1)}, {how}, from: {owned}.")],
             [Run("Build one level at a time, from level 1 up: each level below shows where every tile of it goes, "
                  "with its shape number, over the level below. A tile never spans a change of level, so every tile "
                  "lies flat on the tiles under it.")]]
    for lv in tiling.levels:
        counts = tiling.counts(level=lv)
        paras.append([Run(f"Level {lv}: ", "sans-bold")] + [Run(", ".join(f"{n} x {_label(s, t)}"
                                                                          for (s, t), n in counts.items()))])
    paras.append([Run("In all: ", "sans-bold")] + [Run(", ".join(f"{n} x {_label(s, t)}"
                                                                 for (s, t), n in tiling.counts().items()))])
    f = fit(paras, x1 - x0, y1 - y0 - 16, max_size=pt(9), min_size=pt(6.5))
    if not f:
        return ops, y0 + 14
    return ops + draw(f, x0, y0 + 12), y0 + 12 + f.height


def map_orientation(m, data) -> str:
    """How the map's hexes lie: its own orientation (an imported VirtualScape map is pointy-top in a
    game that may be flat-top), else the game's. The guide draws them so, as the map sheet does."""
    return m.orientation or data.game.hex.orientation


def panel_height(footprint, orientation: str, spec: PageSpec) -> float:
    """How tall (mm) a level's panel is: the battlefield as large as the page's width allows, but small
    enough that two levels share a page, unless that would draw its hexes smaller than MIN_HEX."""
    x0, y0, x1, y1 = spec.content
    ux0, uy0, ux1, uy1 = _unit_bounds(orientation, frozenset(footprint))
    wide = ((x1 - x0) * PLAN_SHARE - PANEL_GAP / 2) / (ux1 - ux0)
    half = ((y1 - y0 - PANEL_GAP) / 2 - PANEL_HEAD) / (uy1 - uy0)
    full = (y1 - y0 - PANEL_HEAD) / (uy1 - uy0)
    scale = min(wide, half) if 10.0 * min(wide, half) >= MIN_HEX else min(wide, full)
    return PANEL_HEAD + (uy1 - uy0) * scale


def guide_pages(m, data, spec: PageSpec) -> list[Page]:
    """The overview, then the levels in order, as many to a page as fit (a level of one tile needs no
    page of its own)."""
    tiling = map_tiling(m, data)
    footprint = stack_of(m, data).tiles[0]
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height, label="overview")
    ops, y = overview_ops(m, data, spec, tiling)
    page.add(*ops)
    # the finished battlefield first, as the editors show it (and as the gallery's thumbnail shows
    # the guide): every level laid, the top one outlined
    all_cells = drawn_cells(m, data, tiling)
    if all_cells:
        colours = {k: t.colour for k, t in index_by_name(data.terrain).items()}
        top = max(lv for _, lv in all_cells)
        shown = min(FINISHED, y1 - y - PANEL_GAP)
        if shown >= FINISHED / 2:
            page.add(*iso_ops(all_cells, colours, top, [], map_orientation(m, data),
                              (x0, y + PANEL_GAP, x1, y + PANEL_GAP + shown), fade=False))
            y += PANEL_GAP + shown
    pages, levels = [page], [[]]
    y += PANEL_GAP
    height = panel_height(footprint, map_orientation(m, data), spec)
    places: list[list[tuple[int, float]]] = [[]]  # per page: (level, top of its panel)
    for lv in tiling.levels:
        if y + height > y1 + 1e-6:
            places.append([])
            y = y0
        places[-1].append((lv, y))
        y += height + PANEL_GAP
    for i, on in enumerate(places):
        if i:
            page = Page(spec.width, spec.height)
            pages.append(page)
            levels.append([])
        for lv, top in on:
            # a level alone on a page of its own takes the whole page: larger, and no page left mostly empty
            bottom = y1 if i and len(on) == 1 else top + height
            pages[i].add(*level_ops(m, data, tiling, lv, footprint, (x0, top, x1, bottom), all_cells))
            levels[i].append(str(lv))
    for i, (p, on) in enumerate(zip(pages, levels)):
        if on:
            p.label = ("overview, " if i == 0 else "") + f"level{'s' * (len(on) > 1)} {', '.join(on)}"
    return pages


def render_guides(game, spec: PageSpec) -> dict[str, Document]:
    """Asset renderer: one build guide per map."""
    return one_per_item(game.data.maps, lambda m: guide_pages(m, game.data, spec), spec, game=game.data.game,
                        kind="build-guide", facts=PrintFacts(part="build-guide", notes=(
                            "one page per level: lay the tiles of each level as its page shows, from level 1 up",)))


__all__ = ["check_guide", "map_tiling", "render_guides"]
