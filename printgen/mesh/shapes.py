"""Which hexes a terrain tile covers: named shapes, hexagons, rectangles, explicit lists, map regions.

    1, 2, 3, 7, 24        the classic terrain tiles (7 is the 2-3-2 flower, 24 the real 24-hex tile)
    hexagon:R             a hexagon of radius R (3R(R+1)+1 hexes)
    rect:WxH              W columns by H rows, as a map of that size is drawn
    0,0;1,0;1,-1          an explicit list of axial q,r hexes
    map:NAME[:TERRAIN[:LEVEL]]   the hexes of a map in the game's data (optionally one terrain / level up)
"""

from __future__ import annotations

import re

from ..hexgrid import Hex, hexagon, rectangle
from ..limits import limit
from ..names import by_name, name_key


class ShapeError(ValueError):
    """A shape that cannot be read; the message says what is accepted."""


NAMED: dict[str, list[Hex]] = {
    "1": [Hex(0, 0)],
    "2": [Hex(0, 0), Hex(1, 0)],
    "3": [Hex(0, 0), Hex(1, 0), Hex(0, 1)],
    "7": hexagon(1),
}


def _named_24() -> list[Hex]:
    # The real 24-hex land tile, as VirtualScape models it (TileGrass24 in its Tile*.cpp, rows of
    # 2, 3, 3, 5, 5, 6 hexes) and print-lacking places it: one 24-hex shape for terrain, stl and
    # print-lacking alike (issue 39). tests/mapio/test_pieces.py checks it against VirtualScape's
    # positions and against mapio.pieces.
    rows = ((0, 2), (-1, 3), (-1, 3), (-2, 5), (-2, 5), (-3, 6))  # (first q, hexes) of rows r = 0..5
    return [Hex(first + k, r) for r, (first, n) in enumerate(rows) for k in range(n)]


NAMED["24"] = _named_24()


def _bounded(count: int) -> None:
    """Refuse a tile of more hexes than limits['mesh-hexes'] before any of it is built."""
    most = int(limit("mesh-hexes"))
    if count > most:
        raise ShapeError(f"this shape has {count:,} hexes; a tile may have at most {most} "
                         f"(limit mesh-hexes): split it into smaller tiles")


def parse_shape(text: str, *, orientation: str = "flat", maps=None, data=None) -> list[Hex]:
    """The hexes of a shape description (see the module docstring). Raises ShapeError, also for a
    shape past limits['mesh-hexes'] (checked before the hexes are made)."""
    s = text.strip()
    if s in NAMED:
        return list(NAMED[s])
    m = re.fullmatch(r"hexagon:(\d{1,9})", s)
    if m:
        r = int(m.group(1))
        if r < 1:  # a hexagon of radius 0 is one hex: most likely a slip, and "1" already says one hex
            raise ShapeError("hexagon:0 is not a hexagon of hexes; hexagon:R needs R of 1 or more (hexagon:1 is "
                             "7 hexes), and one hex is --shape 1")
        _bounded(3 * r * (r + 1) + 1)
        return hexagon(r)
    m = re.fullmatch(r"rect:(\d{1,9})x(\d{1,9})", s)
    if m:
        w, h = int(m.group(1)), int(m.group(2))
        if not w or not h:
            raise ShapeError("rect:WxH needs positive W and H")
        _bounded(w * h)
        return rectangle(w, h, orientation)
    if s.startswith("map:"):
        hexes = _map_region(s[4:], data)
        _bounded(len(hexes))
        return hexes
    if re.fullmatch(r"\s*-?\d+\s*,\s*-?\d+\s*(;\s*-?\d+\s*,\s*-?\d+\s*)*;\s*", s):
        raise ShapeError(f"the hex list {text.strip()!r} ends with ';', which names no hex: remove it, or add the "
                         "hex that was meant")
    if re.fullmatch(r"\s*-?\d+\s*,\s*-?\d+\s*(;\s*-?\d+\s*,\s*-?\d+\s*)*", s):
        hexes = []
        parts = [p.strip() for p in s.split(";") if p.strip()]
        _bounded(len(parts))
        for part in parts:
            q, r = (int(v) for v in part.split(","))
            if max(abs(q), abs(r)) > limit("coordinate"):
                raise ShapeError(f"the coordinate {part!r} is past the limit of {limit('coordinate'):g} "
                                 "hexes from 0,0 (limit coordinate)")
            hexes.append(Hex(q, r))
        if len(set(hexes)) != len(hexes):
            raise ShapeError("the hex list names a hex twice")
        return hexes
    raise ShapeError(f"unknown shape {text!r}; use 1, 2, 3, 7, 24, hexagon:R, rect:WxH, a list like "
                     "'0,0;1,0;0,1', or map:NAME[:TERRAIN[:LEVEL]]")


def region_levels(spec: str, data) -> dict[Hex, int]:
    """``NAME[:TERRAIN[:LEVEL]]``: each hex of the map region with its height in levels (at least 1),
    from the map's legend levels and level layers; TERRAIN is the top hex's."""
    from ..hexgrid import TextMapError

    if data is None:
        raise ShapeError("map: shapes need a game (--game DIR, or run inside a project with data/)")
    name, _, rest = spec.partition(":")
    terrain, _, level = rest.partition(":")
    if level and not (level.isascii() and level.isdigit() and len(level) <= 3):
        raise ShapeError(f"the level in map:NAME:TERRAIN:LEVEL is a whole number, not {level!r}")
    m = by_name(data.maps, name)
    if m is None:
        raise ShapeError(f"no map named {name!r} (maps: {', '.join(x.name for x in data.maps)})")
    try:
        from ..model.maps import map_geometry  # a map's shape only: a plain shape imports no game model

        geom = map_geometry(m, data.game)
    except TextMapError as exc:  # the map's own check places it; stl --shape map:... needs a sentence
        raise ShapeError(f"map {m.name!r} cannot be read: {exc}") from None
    out: dict[Hex, int] = {}
    for h, (_, entry) in geom.cells.items():
        if terrain and name_key(entry.terrain) != name_key(terrain):
            continue
        if level and geom.levels[h] < int(level):
            continue
        out[h] = geom.levels[h]
    if not out:
        raise ShapeError(f"map {name!r} has no hexes of {terrain or 'any terrain'}"
                         + (f" at level {level} or above" if level else ""))
    return out


def _map_region(spec: str, data) -> list[Hex]:
    return sorted(region_levels(spec, data), key=lambda h: (h.r, h.q))
