"""The real Heroscape piece set as VirtualScape numbers it: each piece's code, terrain, role,
footprint (six rotations) and height in levels.

A code is ``kind * 1000 + n``: kind 1 is grass, 2 rock, ... (VirtualScape's TYPE_ table); n is
the hex count for land, or a variant number. Footprints are axial hexes relative to the piece's
anchor. VirtualScape turns a piece clockwise in 60-degree steps and anchors every rotation at its
first hex in reading order (top row, leftmost), so one rotation-0 shape gives all six; the test
``tests/mapio/test_pieces.py`` checks all six against the positions VirtualScape's Tile*.cpp lists.
Heights of obstacles are the levels a figure cannot see past, as the map editors count them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..hexgrid.coords import Hex, normalise

# Roles: what a piece is on the table.
LAND = "land"          # one level of solid ground
FLUID = "fluid"        # a thin overlay (water, lava, ice, swamp water, shadow): no height of its own
OBSTACLE = "obstacle"  # stands on the hexes under it (trees, ruins, glaciers, walls)
CASTLE = "castle"      # castle bases, walls, arches, wall walks, battlements, ladders
START = "start"        # a start-zone marker on the top of a hex
GLYPH = "glyph"        # a glyph on the top of a hex; the letter is in the code
OTHER = "other"        # figures and custom tiles: kept out of the terrain

# Rotation-0 shapes, axial (q, r), rows top to bottom, each written as "q,r;q,r;...".
SHAPES: dict[str, str] = {
    "1": "0,0",
    "2": "0,0;1,0",
    "3": "0,0;1,0;0,1",
    "4": "0,0;1,0;0,1;1,1",
    "line3": "0,0;1,0;2,0",
    "line4": "0,0;1,0;2,0;3,0",
    "line5": "0,0;1,0;2,0;3,0;4,0",
    "6": "0,0;1,0;2,0;-1,1;0,1;1,1",
    "ruin6": "0,0;1,0;0,1;1,1;2,1;3,1",
    "7": "0,0;1,0;-1,1;0,1;1,1;-1,2;0,2",
    "walk7": "0,0;1,0;2,0;3,0;0,1;1,1;2,1",
    "walk9": "0,0;1,0;2,0;3,0;4,0;0,1;1,1;2,1;3,1",
    "24": "0,0;1,0;-1,1;0,1;1,1;-1,2;0,2;1,2;-2,3;-1,3;0,3;1,3;2,3;-2,4;-1,4;0,4;1,4;2,4;"
          "-3,5;-2,5;-1,5;0,5;1,5;2,5",
}


class PieceDef(NamedTuple):
    code: int
    name: str      # printgen's name for it: lower-case words and dashes
    terrain: str   # the terrain it brings to the map
    role: str
    shape: str     # a SHAPES key
    height: int    # levels: 1 for land, 0 for fluid, what an obstacle rises


def _land(kind: int, terrain: str, sizes: tuple[int, ...]) -> list[PieceDef]:
    word = terrain.lower().replace(" ", "-")
    return [PieceDef(kind * 1000 + n, f"{word}-{n}", terrain, LAND, str(n), 1) for n in sizes]


def _fluid(code: int, terrain: str, shape: str = "1") -> PieceDef:
    return PieceDef(code, f"{terrain.lower().replace(' ', '-')}-{len(SHAPES[shape].split(';'))}", terrain, FLUID,
                    shape, 0)


_ALL: list[PieceDef] = [
    *_land(1, "Grass", (1, 2, 3, 7, 24)),
    *_land(2, "Rock", (1, 2, 3, 7, 24)),
    *_land(3, "Sand", (1, 2, 3, 7)),
    *_land(7, "Lava Field", (1, 2, 7)),
    *_land(8, "Road", (1, 2)),
    PieceDef(8005, "road-5", "Road", LAND, "line5", 1),
    *_land(9, "Snow", (1, 2)),
    *_land(20, "Swamp", (1, 2, 3, 7, 24)),
    *_land(21, "Concrete", (1, 2, 7)),
    *_land(22, "Asphalt", (1, 2, 7)),
    *_land(26, "Dungeon", (1, 2, 3, 7, 24)),
    PieceDef(24001, "jungle-1", "Jungle", LAND, "1", 1),  # VirtualScape reads 24001 as its Ticalla grass
    _fluid(4001, "Water"),
    _fluid(5001, "Ice"),
    _fluid(6001, "Lava"),
    _fluid(19001, "Swamp Water"),
    _fluid(25001, "Shadow"),
    PieceDef(10004, "tree-15", "Tree", OBSTACLE, "4", 14),
    PieceDef(10011, "tree-10", "Tree", OBSTACLE, "1", 9),
    PieceDef(10012, "tree-11", "Tree", OBSTACLE, "1", 10),
    PieceDef(10013, "tree-12", "Tree", OBSTACLE, "1", 11),
    PieceDef(11002, "ruin-2", "Ruin", OBSTACLE, "2", 5),
    PieceDef(11003, "ruin-3", "Ruin", OBSTACLE, "line3", 5),
    PieceDef(11006, "city-ruin-6", "Ruin", OBSTACLE, "ruin6", 8),
    PieceDef(11007, "city-ruin-6-broken", "Ruin", OBSTACLE, "ruin6", 8),
    PieceDef(12004, "road-wall-4", "Wall", OBSTACLE, "line4", 2),
    PieceDef(13001, "glacier-1", "Glacier", OBSTACLE, "1", 7),
    PieceDef(13003, "glacier-3", "Glacier", OBSTACLE, "3", 9),
    PieceDef(13004, "glacier-4", "Glacier", OBSTACLE, "4", 8),
    PieceDef(13006, "glacier-6", "Glacier", OBSTACLE, "6", 16),
    PieceDef(23006, "hive-6", "Hive", OBSTACLE, "6", 16),
    PieceDef(24002, "brush-9", "Brush", OBSTACLE, "1", 8),
    PieceDef(24014, "palm-14", "Palm", OBSTACLE, "1", 14),
    PieceDef(24015, "palm-15", "Palm", OBSTACLE, "1", 15),
    PieceDef(24016, "palm-16", "Palm", OBSTACLE, "1", 16),
    PieceDef(27001, "outcrop-1", "Outcrop", OBSTACLE, "1", 6),
    PieceDef(27003, "outcrop-3", "Outcrop", OBSTACLE, "3", 8),
    PieceDef(16001, "wall-walk-1", "Castle", CASTLE, "1", 1),
    PieceDef(16007, "wall-walk-7", "Castle", CASTLE, "walk7", 1),
    PieceDef(16009, "wall-walk-9", "Castle", CASTLE, "walk9", 1),
    PieceDef(16101, "castle-base-corner", "Castle", CASTLE, "1", 1),
    PieceDef(16102, "castle-base-straight", "Castle", CASTLE, "1", 1),
    PieceDef(16103, "castle-base-end", "Castle", CASTLE, "1", 1),
    PieceDef(16201, "castle-wall-corner", "Castle", CASTLE, "1", 9),
    PieceDef(16202, "castle-wall-straight", "Castle", CASTLE, "1", 9),
    PieceDef(16203, "castle-wall-end", "Castle", CASTLE, "1", 9),
    # a battlement stands on a wall's top edge: 3 levels on the outside face, 2 on the inside
    PieceDef(16301, "battlement", "Castle", CASTLE, "1", 3),
    PieceDef(16401, "castle-arch-door", "Castle", CASTLE, "line3", 10),
    PieceDef(16402, "ladder", "Castle", CASTLE, "1", 0),
    PieceDef(16403, "flag", "Castle", CASTLE, "1", 0),
    PieceDef(16404, "castle-arch", "Castle", CASTLE, "line3", 10),
    PieceDef(15001, "start", "", START, "1", 0),
]

PIECES: dict[int, PieceDef] = {p.code: p for p in _ALL}
# Add-ons hang on an edge (a wall top, a road side) rather than fill a hex of their own.
ADDON_NAMES = frozenset({"battlement", "ladder", "flag", "road-wall-4"})
BY_NAME: dict[str, PieceDef] = {p.name: p for p in _ALL}

GLYPH_KIND = 14        # codes 14002..14254: a glyph whose letter is chr(code - 14000)
PERSONAL_CODE = 17000  # VirtualScape's custom tile: carries extra strings in the file
FIGURE_KIND = 18       # a figure standing on the map: carries extra strings in the file


def glyph_code(letter: str) -> int:
    return GLYPH_KIND * 1000 + ord(letter)


def glyph_letter(code: int) -> str | None:
    """The letter of a glyph code (VirtualScape: 14001 < code < 14255), else None."""
    return chr(code - GLYPH_KIND * 1000) if GLYPH_KIND * 1000 + 1 < code < GLYPH_KIND * 1000 + 255 else None


def piece(code: int) -> PieceDef | None:
    """The piece with this code, a glyph (made on demand), or None for a code printgen does not know."""
    if code in PIECES:
        return PIECES[code]
    letter = glyph_letter(code)
    if letter is not None:
        return PieceDef(code, glyph_piece_name(letter), "", GLYPH, "1", 0)
    return None


def glyph_piece_name(letter: str) -> str:
    """``glyph-A``; a glyph whose letter cannot be printed (a control byte, a space) by its number,
    ``glyph-#27``, so a map file's bytes never put a control character into the game's YAML."""
    return f"glyph-{letter}" if letter.isprintable() and not letter.isspace() and letter != "#" else f"glyph-#{ord(letter)}"


def glyph_code_of_name(name: str) -> int | None:
    """The code of a glyph piece's name (``glyph-A``, ``glyph-#27``), else None."""
    rest = name[6:] if name.startswith("glyph-") else ""
    if len(rest) == 1:
        return glyph_code(rest)
    if rest[:1] == "#" and rest[1:].isdigit() and 1 < int(rest[1:]) < 255:
        return GLYPH_KIND * 1000 + int(rest[1:])
    return None


def _cw(h: Hex) -> Hex:
    """Turn 60 degrees clockwise on a pointy-top map drawn with y down (VirtualScape's turn)."""
    return Hex(-h.r, h.q + h.r)


@lru_cache(maxsize=None)
def footprint(shape: str, rotation: int) -> tuple[Hex, ...]:
    """The hexes of a shape turned ``rotation`` steps clockwise, relative to its anchor: the first
    hex in reading order (top row, then leftmost), as VirtualScape anchors every rotation."""
    cells = [Hex(int(q), int(r)) for q, r in (c.split(",") for c in SHAPES[shape].split(";"))]
    for _ in range(rotation % 6):
        cells = [_cw(h) for h in cells]
    return normalise(cells)


# VirtualScape's positions are "odd-r" offset coordinates: rows of hexes, odd rows pushed half a
# hex right. A piece's hexes are the anchor's axial hex plus its footprint.
def offset_to_axial(x: int, y: int) -> Hex:
    return Hex(x - (y - (y & 1)) // 2, y)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def cells_of(p: PieceDef, x: int, y: int, rotation: int) -> list[Hex]:
    a = offset_to_axial(x, y)
    return [Hex(a.q + d.q, a.r + d.r) for d in footprint(p.shape, rotation)]
