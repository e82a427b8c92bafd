"""Battle maps at exact scale, tiled across pages when larger than one.

A map is drawn from its text layout at the game's hex size (flat-to-flat).
Terrain colours the hexes; blocked terrain is hatched; deployment zones get a
coloured inner rim and their initial; objectives a marked disc. A map larger
than a page's content area is cut into overlapping tiles (A1, A2, ... B1)
with dashed overlap lines, alignment crosses and an assembly guide page.

    hexes.py    the map's hexes, for any window of it
    kept.py     what its hexes are drawn with on every page alike, kept per map
    legend.py   its legend row
    tiling.py   tiles, overlap marks and the assembly guide
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from ...draw.colour import INK
from ...draw.document import Document, Page, Text, pt
from ...draw.facts import PrintFacts
from ...draw.page import MAP_LEGEND_H as LEGEND_H, MAP_TITLE_H as TITLE_H, PageSpec, map_fits_page, terrain_picture_width
from ...model.content import MapDef
from ...model.maps import map_geometry
from ...names import name_key
from ..compose import heading, one_per_item
from .hexes import map_ops
from .legend import legend_ops
from .tiling import assembly_guide, map_marks, plan_tiles, printed_tiles, tile_page


def map_pictures(game) -> dict:
    """Terrain name key -> its picture (printgen.layout.art.Art) for the terrains that have one."""
    with_picture = [t for t in game.data.terrain if t.image]
    if not with_picture:
        return {}
    from ...layout.art import load_art

    size = game.data.game.hex.size
    return {name_key(t.name): load_art(game.folder, t.image, width_mm=terrain_picture_width(t.image_fit, size))
            for t in with_picture}


def render_map(mapdef: MapDef, data, spec: PageSpec, *, title: str | None = None,
               pictures: dict | None = None) -> list[Page]:
    """Pages for one map: one page when it fits, else tiles plus an assembly guide (``pictures``: see
    map_pictures)."""
    geom = _geometry(mapdef, data.game)
    x0, y0, x1, y1 = spec.content
    name = title or mapdef.name
    if map_fits_page(geom.width, geom.height, spec):
        page = Page(spec.width, spec.height)
        dx = x0 + (x1 - x0 - geom.width) / 2
        dy = y0 + TITLE_H + (y1 - y0 - TITLE_H - LEGEND_H - geom.height) / 2
        page.add(heading(x0, y0 + 5.6, name, pt(14)))
        page.add(Text(x1, y0 + 5.6, f"{geom.layout.size:.1f} mm hexes", "sans", pt(7), INK, "end"))
        page.add(*map_ops(geom, data, (0.0, 0.0, geom.width, geom.height), dx, dy, pictures))
        page.add(*legend_ops(geom, data, x0, y1 - LEGEND_H + 3, x1 - x0))
        return [page]
    marks, labels = _marks(geom, data, pictures)
    spec, tiling = tile_plan(geom, spec, marks)
    pages = [assembly_guide(geom, data, spec, tiling, name)]
    for r, c in printed_tiles(geom, tiling):  # a map in parts: no page between its parts
        pages.append(tile_page(geom, data, spec, tiling, r, c, name, pictures, labels))
    return pages


# The maps drawn last, for the other paper of the same map (both papers of a printable are drawn one after
# the other in one process, from one game): id(mapdef) -> (mapdef, its geometry's settings, the geometry,
# and the marks of (the terrains, the pictures) it was last marked with). The entry holds the map itself, so
# no other map can take its id while it is kept.
_KEPT: OrderedDict[int, list] = OrderedDict()
KEPT_MAPS = 16
_LOCK = threading.Lock()  # the studio may draw from more than one thread


def _geometry(mapdef: MapDef, game):
    """``map_geometry(mapdef, game)``, worked out once for both papers. The game's settings it reads are
    read here alike (a render's read log notes the same keys: printgen.deps), and are part of the key."""
    settings = (mapdef.orientation or game.hex.orientation, game.hex.size)
    with _LOCK:
        kept = _KEPT.get(id(mapdef))
        if kept is not None and kept[0] is mapdef and kept[1] == settings:
            _KEPT.move_to_end(id(mapdef))
            return kept[2]
    geom = map_geometry(mapdef, game)
    with _LOCK:
        _KEPT[id(mapdef)] = [mapdef, settings, geom, None]
        while len(_KEPT) > KEPT_MAPS:
            _KEPT.popitem(last=False)
    return geom


def _marks(geom, data, pictures: dict | None):
    """``map_marks(geom, data, pictures)``, kept with the geometry it marks (``_geometry``) for the same
    terrains and pictures: the marks are the whole map's, the same on every paper. (Every tile page draws
    the map's hexes again, reading the same data, so the render's read log stays the same.)"""
    terrain = data.terrain
    key = (terrain, tuple(sorted(pictures.items())) if pictures else ())
    with _LOCK:
        kept = next((k for k in _KEPT.values() if k[2] is geom), None)
        got = kept[3] if kept is not None else None
    if got is not None and got[0][0] is terrain and got[0][1] == key[1]:
        marks, labels = got[1]
        return list(marks), list(labels)
    marks, labels = map_marks(geom, data, pictures)
    if kept is not None:
        kept[3] = (key, (tuple(marks), tuple(labels)))
    return marks, labels


def tile_plan(geom, spec: PageSpec, marks=()):
    """(page spec, tiling) of a map larger than a page: the paper upright or turned landscape
    (furniture and all), whichever takes fewer pages, then whichever keeps every seam clear of the
    map's markers (``marks``: boxes in map mm, see map_marks); upright on a tie."""
    landscape = PageSpec(spec.paper, spec.height, spec.width, spec.margin)
    best = None
    for s in (spec, landscape):
        x0, y0, x1, y1 = s.content
        tiling = plan_tiles(geom.width, geom.height, x1 - x0, y1 - y0 - TITLE_H, markers=marks)
        rank = (tiling.rows * tiling.cols, not tiling.clear)
        if best is None or rank < best[0]:
            best = (rank, s, tiling)
    return best[1], best[2]


def render_maps(game, spec: PageSpec) -> dict[str, Document]:
    """Asset renderer: one document per map."""
    pictures = map_pictures(game)
    return one_per_item(game.data.maps, lambda m: render_map(m, game.data, spec, pictures=pictures), spec, game=game.data.game,
                        kind="map", facts=PrintFacts(part="map"))


__all__ = ["legend_ops", "map_ops", "map_pictures", "render_map", "render_maps"]
