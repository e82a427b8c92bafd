"""VirtualScape's ``.hsc`` map file, read and written in its own bytes.

The file is an MFC archive, little-endian: a float64 file version (0.0001 to 0.0007), the map's
header fields (which ones depends on the version), an int32 tile count, then per tile its int32
code, a float64 tile version (0.0001 to 0.0003) and the tile's fields. Strings are MFC CStrings:
a length prefix (a byte; 0xFF then a uint16; 0xFFFF then a uint32), an optional 0xFF 0xFE 0xFF
marker meaning UTF-16 text. Every read is bounded by the bytes that remain, every count by
LIMITS, so a damaged or hostile file is refused at its byte offset in time linear in its size.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from .pieces import FIGURE_KIND, PERSONAL_CODE

FILE_VERSIONS = (0.0001, 0.0002, 0.0003, 0.0004, 0.0005, 0.0006, 0.0007)
TILE_VERSIONS = (0.0001, 0.0002, 0.0003)
WRITE_VERSION = 0.0007

# Bounds on what a map file may hold (the docs page lists them).
LIMITS = {
    "file-bytes": 8_000_000,  # the biggest real maps are a few hundred kB
    "tiles": 5_000,           # tiles in one map: a huge tournament map has about 1,500
    "string": 10_000,         # characters in one name or string
    "scenario": 1_000_000,    # bytes of the scenario's rich text
    "coordinate": 1_000,      # |x|, |y| of a tile (offset coordinates)
    "level": 200,             # a tile's z (levels above the table)
    # What a map may span, checked as its tiles are read (check_extent): the levels from its lowest
    # tile to its highest, and the hex positions of its bounding box over all of them. A map that
    # spans more is a text map of millions of characters (401 levels of scattered hexes: 13 MB).
    "levels": 64,
    "area": 400_000,          # hex positions: bounding box width x depth x levels
}


class HscError(ValueError):
    """A file that is not a readable VirtualScape map; ``offset`` is the byte where reading stopped."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(f"byte {offset}: {message}")
        self.message = message
        self.offset = offset


@dataclass
class Tile:
    code: int
    rotation: int = 0
    x: int = 0
    y: int = 0
    z: int = 0
    glyph_letter: str = ""
    glyph_name: str = ""
    start_name: str = ""
    colour: int = 0          # COLORREF: 0x00BBGGRR
    extra: tuple = ()        # a custom tile's or a figure's own strings, kept to write back
    version: float = 0.0003
    offset: int = 0          # where the tile starts in the file it came from


@dataclass
class HscMap:
    name: str = ""
    author: str = ""
    players: str = ""
    scenario: bytes = b""    # rich text, as stored
    levels_per_page: int = 6
    transparency: int = 80
    grid: int = 1
    tile_numbers: int = 0
    start_as_level: int = 1
    tiles: list[Tile] = field(default_factory=list)
    version: float = WRITE_VERSION
    name_at: int = 0         # the byte where the map name is stored (0: none)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int, what: str) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            raise HscError(f"the file ends inside {what} ({len(self.data) - self.pos} bytes left, {n} needed): "
                           "the file is cut short or is not a VirtualScape map", self.pos)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def i32(self, what: str) -> int:
        return struct.unpack("<i", self.take(4, what))[0]

    def u32(self, what: str) -> int:
        return struct.unpack("<I", self.take(4, what))[0]

    def f64(self, what: str) -> float:
        return struct.unpack("<d", self.take(8, what))[0]

    def u8(self, what: str) -> int:
        return self.take(1, what)[0]

    def u16(self, what: str) -> int:
        return struct.unpack("<H", self.take(2, what))[0]

    def cstring(self, what: str) -> str:
        start = self.pos
        unicode = False
        n = self.u8(what)
        if n == 0xFF:
            n = self.u16(what)
            if n == 0xFFFE:  # the UTF-16 marker, then the length again
                unicode = True
                n = self.u8(what)
                if n == 0xFF:
                    n = self.u16(what)
                    if n == 0xFFFF:
                        n = self.u32(what)
            elif n == 0xFFFF:
                n = self.u32(what)
        if n > LIMITS["string"]:
            raise HscError(f"{what} claims {n} characters, more than the {LIMITS['string']} a map string may "
                           "hold", start)
        raw = self.take(2 * n if unicode else n, what)
        return raw.decode("utf-16-le", errors="replace") if unicode else raw.decode("cp1252", errors="replace")


def _version(value: float, known: tuple[float, ...], what: str, offset: int) -> float:
    for v in known:
        if abs(value - v) < 1e-9:
            return v
    shown = f"{value:.6g}" if value == value else "not a number"
    raise HscError(f"{what} {shown} is not one VirtualScape wrote (it wrote "
                   f"{', '.join(f'{v:.4f}' for v in known)}): not a VirtualScape map, or a damaged one", offset)


def read_hsc(data: bytes) -> HscMap:
    """Read a whole map. Raises HscError at the first byte that cannot be read."""
    if len(data) > LIMITS["file-bytes"]:
        raise HscError(f"the file is {len(data)} bytes, more than the {LIMITS['file-bytes']} a map may be", 0)
    r = _Reader(data)
    m = HscMap()
    m.version = v = _version(r.f64("the file version"), FILE_VERSIONS, "file version", 0)
    if v >= 0.0002:
        m.name_at = r.pos
        m.name = r.cstring("the map name")
        m.author = r.cstring("the author")
    if v >= 0.0003:
        m.players = r.cstring("the player number")
    if v == 0.0003:
        m.scenario = r.cstring("the scenario").encode("utf-8")
    elif v >= 0.0004:
        at = r.pos
        n = r.i32("the scenario length")
        if n < 0 or n > LIMITS["scenario"]:
            raise HscError(f"the scenario length {n} is out of range (0 to {LIMITS['scenario']})", at)
        m.scenario = r.take(n, "the scenario")
    if v >= 0.0002:
        m.levels_per_page = r.i32("levels per page")
        m.transparency = r.i32("the printing transparency")
        m.grid = r.i32("the printing grid flag")
    if v >= 0.0005:
        m.tile_numbers = r.i32("the tile-number flag")
    if v >= 0.0007:
        m.start_as_level = r.i32("the start-area flag")
    at = r.pos
    count = r.i32("the tile count")
    if count < 0 or count > LIMITS["tiles"]:
        raise HscError(f"the tile count {count} is out of range (0 to {LIMITS['tiles']} tiles)", at)
    # every tile takes at least 28 bytes: a count the rest of the file cannot hold is refused now
    if count * 28 > len(data) - r.pos:
        raise HscError(f"the tile count {count} needs at least {count * 28} bytes but {len(data) - r.pos} remain: "
                       "the file is cut short", at)
    extent = Extent()
    for i in range(count):
        m.tiles.append(_read_tile(r, i))
        extent.add(m.tiles[-1], i)
    return m


class Extent:
    """The levels and bounding box of the tiles read so far; ``add`` refuses the first tile that takes the
    map past LIMITS["levels"] or LIMITS["area"], at its offset (before any text map is made of it)."""

    def __init__(self) -> None:
        self.lo = self.hi = None

    def add(self, t: Tile, i: int) -> None:
        p = (t.x, t.y, t.z)
        self.lo = p if self.lo is None else tuple(map(min, self.lo, p))
        self.hi = p if self.hi is None else tuple(map(max, self.hi, p))
        (x0, y0, z0), (x1, y1, z1) = self.lo, self.hi
        levels = z1 - z0 + 1
        if levels > LIMITS["levels"]:
            raise HscError(f"tile {i + 1} at level {t.z} makes the map span {levels} levels ({z0} to {z1}), more "
                           f"than the {LIMITS['levels']} a map may span", t.offset)
        area = (x1 - x0 + 1) * (y1 - y0 + 1) * levels
        if area > LIMITS["area"]:
            raise HscError(f"tile {i + 1} at ({t.x}, {t.y}, level {t.z}) spreads the map over {area:,} hex "
                           f"positions (its bounding box, {levels} levels), more than the {LIMITS['area']:,} a map "
                           "may cover: its hexes lie too far apart", t.offset)


def _read_tile(r: _Reader, i: int) -> Tile:
    t = Tile(code=0, offset=r.pos)
    t.code = r.i32(f"tile {i + 1}'s code")
    t.version = _version(r.f64(f"tile {i + 1}'s version"), TILE_VERSIONS, f"tile {i + 1}'s version", r.pos - 8)
    t.rotation = r.i32(f"tile {i + 1}'s rotation")
    xy = r.pos
    t.x, t.y, t.z = (r.i32(f"tile {i + 1}'s position") for _ in range(3))
    if not 0 <= t.rotation <= 5:
        raise HscError(f"tile {i + 1}'s rotation is {t.rotation}; it is 0 to 5", xy - 4)
    lim = LIMITS["coordinate"]
    if abs(t.x) > lim or abs(t.y) > lim or not -LIMITS["level"] <= t.z <= LIMITS["level"]:
        raise HscError(f"tile {i + 1} lies at ({t.x}, {t.y}, level {t.z}), outside the map area "
                       f"(|x|, |y| <= {lim}, |z| <= {LIMITS['level']})", xy)
    if t.version >= 0.0002:
        t.glyph_letter = r.take(1, f"tile {i + 1}'s glyph letter").decode("latin-1")  # any byte, kept as is
        t.glyph_name = r.cstring(f"tile {i + 1}'s glyph name")
        t.start_name = r.cstring(f"tile {i + 1}'s start name")
    if t.version >= 0.0003:
        t.colour = r.u32(f"tile {i + 1}'s colour")
        if t.code == PERSONAL_CODE:
            size = r.i32(f"tile {i + 1}'s hex count")
            t.extra = (size, *(r.cstring(f"tile {i + 1}'s custom texture") for _ in range(4)))
        elif t.code // 1000 == FIGURE_KIND:
            t.extra = tuple(r.cstring(f"tile {i + 1}'s figure name") for _ in range(2))
    return t


def _cstring(s: str) -> bytes:
    """A CString as VirtualScape's Unicode build stores it: the UTF-16 marker, a length, the text."""
    raw = s.encode("utf-16-le")
    n = len(raw) // 2
    head = b"\xff\xfe\xff" + (bytes([n]) if n < 0xFF else b"\xff" + struct.pack("<H", n) if n < 0xFFFE
                               else b"\xff\xff\xff" + struct.pack("<I", n))
    return head + raw


def write_hsc(m: HscMap) -> bytes:
    """The map as a version 0.0007 file, tiles as version 0.0003 (what VirtualScape writes)."""
    out = [struct.pack("<d", WRITE_VERSION), _cstring(m.name), _cstring(m.author), _cstring(m.players),
           struct.pack("<i", len(m.scenario)), m.scenario,
           struct.pack("<5i", m.levels_per_page, m.transparency, m.grid, m.tile_numbers, m.start_as_level),
           struct.pack("<i", len(m.tiles))]
    for t in m.tiles:
        out.append(struct.pack("<idiiii", t.code, 0.0003, t.rotation, t.x, t.y, t.z))
        out.append((t.glyph_letter or "\0").encode("latin-1", errors="replace")[:1])
        out += [_cstring(t.glyph_name), _cstring(t.start_name), struct.pack("<I", t.colour & 0xFFFFFFFF)]
        if t.code == PERSONAL_CODE:
            size, *names = t.extra or (1, "", "", "", "")
            out += [struct.pack("<i", size), *(_cstring(s) for s in names)]
        elif t.code // 1000 == FIGURE_KIND:
            out += [_cstring(s) for s in (t.extra or ("", ""))]
    return b"".join(out)


def too_deep(data: bytes, depth: int = 500) -> int:
    """The byte offset where JSON ``data`` first nests ``depth`` arrays or objects deep (strings skipped),
    else 0: where a parser that recursed too deeply gave up."""
    import re

    import numpy as np

    # every string blanked to the same length, so offsets stay those of the file
    flat = re.sub(rb'"(?:[^"\\]|\\.)*"', lambda m: b" " * len(m.group()), data)
    raw = np.frombuffer(flat, dtype=np.uint8)
    step = np.isin(raw, (ord("["), ord("{"))).astype(np.int64) - np.isin(raw, (ord("]"), ord("}")))
    levels = np.cumsum(step)
    deep = np.flatnonzero(levels >= depth)
    return int(deep[0]) if deep.size else 0
