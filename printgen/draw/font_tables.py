"""The bundled fonts' character maps, advance widths and glyph offsets read in bulk from their tables.

A build reads every bundled font twice before its workers start: fontTools for the text measurements
(``getBestCmap``, which names every glyph from the ``post`` table first, and ``hmtx``) and reportlab for
the PDFs (``TTFontFile.extractInfo``, which reads its tables two bytes at a time). Together that was about
0.1 s of the main process's serial start, while the other core idles (issue 41). Here the same tables are
read as arrays, once per font, and handed to both in the form each reads itself:

- ``widths``: code point -> advance (font units), exactly as fontTools' best cmap and ``hmtx`` give them
  (printgen.draw.fonts measures text with it);
- ``reportlab_cmap`` and the rest: what reportlab's face of the font holds (printgen.draw.pdf_faces).

Only the bundled fonts come this way (tests/draw/test_font_tables.py compares every value with fontTools'
and reportlab's own for each of them); a game's own font, and a character map of another format than 4,
go through fontTools and reportlab as before. Standard library only: text is measured without reportlab.
"""

from __future__ import annotations

import struct
import sys
from array import array
from dataclasses import dataclass


class FontError(ValueError):
    """A table this reader cannot read (reportlab's reading then says what is wrong)."""


def u16(data: bytes, start: int, count: int, signed: bool = False) -> array:
    """``count`` big-endian 16-bit values from ``data`` at byte ``start``."""
    out = array("h" if signed else "H", data[start:start + 2 * count])
    if len(out) != count:
        raise FontError("a font table ends early")
    if sys.byteorder != "big":
        out.byteswap()
    return out


def u32(data: bytes, start: int, count: int) -> array:
    out = array("L" if array("L").itemsize == 4 else "I", data[start:start + 4 * count])
    if len(out) != count:
        raise FontError("a font table ends early")
    if sys.byteorder != "big":
        out.byteswap()
    return out


@dataclass(frozen=True)
class Segments:
    """A format 4 character map subtable: its segments' arrays, and the bytes its glyph id array is read from."""

    data: bytes  # the whole file
    start: int  # byte offset of the subtable in the file
    length: int  # its length in bytes, as its header says
    ends: array
    starts: array
    deltas: array  # signed
    range_offsets: array
    range_at: int  # byte offset of idRangeOffset in the file (a segment's glyph ids are found from there)


@dataclass(frozen=True)
class FontTables:
    """What both readers take from one TrueType file (``data``)."""

    data: bytes
    tables: dict[str, tuple[int, int]]  # tag -> (offset, length)
    subtables: list[tuple[int, int, int]]  # the cmap's (platform, encoding, offset from the cmap's start)
    glyphs: int  # maxp numGlyphs
    hmetrics: int  # hhea numberOfHMetrics

    @classmethod
    def read(cls, data: bytes) -> "FontTables":
        if struct.unpack_from(">L", data, 0)[0] not in (0x00010000, 0x74727565):
            raise FontError("not a single TrueType font")
        (count,) = struct.unpack_from(">H", data, 4)
        tables = {}
        for n in range(count):
            tag, _checksum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
            tables[tag.decode("latin-1")] = (offset, length)
        cmap = tables["cmap"][0]
        version, number = struct.unpack_from(">HH", data, cmap)
        if number == 0 and version != 0:  # as reportlab reads a swapped header
            number = version
        subtables = [struct.unpack_from(">HHL", data, cmap + 4 + 8 * n) for n in range(number)]
        return cls(data, tables, subtables, struct.unpack_from(">H", data, tables["maxp"][0] + 4)[0],
                   struct.unpack_from(">H", data, tables["hhea"][0] + 34)[0])

    def head(self, offset: int, fmt: str = ">h") -> int:
        """A value of the ``head`` table at ``offset`` (18: unitsPerEm, 50: indexToLocFormat, 52: glyphDataFormat)."""
        return struct.unpack_from(fmt, self.data, self.tables["head"][0] + offset)[0]

    def segments(self, offset: int) -> Segments | None:
        """The format 4 subtable at ``offset`` from the cmap's start, or None (another format)."""
        at = self.tables["cmap"][0] + offset
        fmt, length = struct.unpack_from(">HH", self.data, at)
        if fmt != 4:
            return None
        n = struct.unpack_from(">H", self.data, at + 6)[0] // 2
        return Segments(self.data, at, length, u16(self.data, at + 14, n), u16(self.data, at + 16 + 2 * n, n),
                        u16(self.data, at + 16 + 4 * n, n, signed=True), u16(self.data, at + 16 + 6 * n, n),
                        at + 16 + 6 * n)

    def advances(self) -> list[tuple[int, int]]:
        """(advance, left side bearing read unsigned) of every glyph, as reportlab lists ``hmetrics`` (a glyph
        past numberOfHMetrics has the last advance)."""
        offset = self.tables["hmtx"][0]
        pairs = u16(self.data, offset, 2 * self.hmetrics)
        out = list(zip(pairs[0::2], pairs[1::2]))
        last = out[-1][0]
        out += [(last, lsb) for lsb in u16(self.data, offset + 4 * self.hmetrics, self.glyphs - self.hmetrics)]
        return out


def _through_array(seg: Segments, n: int, code: int) -> int:
    """reportlab's glyph for ``code`` in segment ``n`` through the glyph id array (a word at or past the
    subtable's end is glyph 0)."""
    offset = seg.range_at + 2 * n + (code - seg.starts[n]) * 2 + seg.range_offsets[n]
    if offset >= seg.start + seg.length:
        return 0
    glyph = struct.unpack_from(">H", seg.data, offset)[0]
    return (glyph + seg.deltas[n]) & 0xFFFF if glyph else 0


def reportlab_cmap(seg: Segments) -> tuple[dict[int, int], dict[int, list[int]]]:
    """reportlab's charToGlyph and glyphToChar of a format 4 subtable: every segment (0xFFFF's too), a later
    segment's glyph (0 included) replacing an earlier one's, and every glyph's codes in the order read."""
    to_glyph: dict[int, int] = {}
    to_chars: dict[int, list[int]] = {}
    for n in range(len(seg.starts)):
        codes = range(seg.starts[n], seg.ends[n] + 1)
        if seg.range_offsets[n] == 0:
            delta = seg.deltas[n]
            glyphs = [(code + delta) & 0xFFFF for code in codes]
        else:
            glyphs = [_through_array(seg, n, code) for code in codes]
        for code, glyph in zip(codes, glyphs):
            to_glyph[code] = glyph
            chars = to_chars.get(glyph)
            if chars is None:
                to_chars[glyph] = [code]
            else:
                chars.append(code)
    return to_glyph, to_chars


def fonttools_cmap(seg: Segments) -> dict[int, int]:
    """fontTools' reading of a format 4 subtable (``cmap_format_4.decompile``), by glyph id: every segment but
    the last (0xFFFF), glyph 0 left out (it does not replace an earlier segment's glyph)."""
    segs = len(seg.starts)
    words = max(0, (seg.start + seg.length - (seg.range_at + 2 * segs)) // 2)
    ids = u16(seg.data, seg.range_at + 2 * segs, words)  # glyphIndexArray, to the subtable's end
    out: dict[int, int] = {}
    for n in range(segs - 1):
        codes = range(seg.starts[n], seg.ends[n] + 1)
        delta = seg.deltas[n]
        if seg.range_offsets[n] == 0:
            glyphs = [(code + delta) & 0xFFFF for code in codes]
        else:
            partial = seg.range_offsets[n] // 2 - seg.starts[n] + n - segs
            glyphs = []
            for code in codes:
                index = code + partial
                if not 0 <= index < words:
                    raise FontError("cmap format 4: a glyph index array offset out of range")
                glyphs.append((ids[index] + delta) & 0xFFFF if ids[index] else 0)
        out.update((code, glyph) for code, glyph in zip(codes, glyphs) if glyph)
    return out


# fontTools' getBestCmap order of (platform, encoding)
_BEST = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def reportlab_choice(subtables: list[tuple[int, int, int]]) -> int | None:
    """The cmap subtable reportlab's extractInfo reads (its own rule: the last that fits)."""
    offset, enc = None, 0
    for platform, encoding, at in subtables:
        if platform == 3:
            enc, offset = 1, at
        elif platform == 1 and encoding == 0 and enc != 1:
            enc, offset = 2, at
        elif platform == 1 and encoding == 1:
            enc, offset = 1, at
        elif platform == 0 and encoding != 5:
            enc, offset = 1, at
    return offset


def widths(tables: FontTables) -> tuple[dict[int, int], int, int] | None:
    """(code point -> advance in font units, the advance of glyph 0, units per em) of a TrueType file's
    ``tables`` as fontTools reads them (its best Unicode cmap, ``hmtx``), or None when that cmap is not of
    format 4 (then ask fontTools)."""
    first = {(p, e): at for p, e, at in reversed(tables.subtables)}  # the first of each pair, as getcmap finds
    at = next((first[k] for k in _BEST if k in first), None)
    seg = tables.segments(at) if at is not None else None
    if seg is None:
        return None
    metrics = tables.advances()
    count, notdef = len(metrics), metrics[0][0]
    return ({code: metrics[g][0] if g < count else notdef for code, g in fonttools_cmap(seg).items()},
            notdef, tables.head(18, ">H"))
