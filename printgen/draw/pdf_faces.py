"""reportlab's faces of the bundled fonts, their character maps, metrics and glyph offsets read in bulk
(printgen.draw.font_tables) into the attributes reportlab's ``TTFontFile.extractInfo`` sets, the same values in
the same order: a build registers the eight bundled fonts before its workers start, and reportlab's own reading
(two bytes at a time) was about 0.05 s of that serial start (issue 41). tests/draw/test_pdf_faces.py compares
every attribute with reportlab's for each bundled font; a game's own font is read by reportlab as before.
"""

from __future__ import annotations

from fnmatch import fnmatch
from struct import error as struct_error
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace, TTFontFile
from reportlab.rl_config import unShapedFontGlob

from .font_tables import FontError, FontTables, u16, u32, reportlab_choice, reportlab_cmap


class BundledFace(TTFontFace):
    """reportlab's TrueType face of a bundled font: ``extractInfo`` reads the header tables reportlab's way
    and the character map, metrics and glyph offsets in bulk into the same attributes."""

    def extractInfo(self, charInfo=1):  # noqa: N802, N803 (reportlab's names)
        TTFontFile.extractInfo(self, charInfo=0)  # names, head, OS/2, post, hhea, maxp: as reportlab reads them
        if not charInfo:
            return
        try:
            tables = FontTables.read(self._ttf_data)
            at = reportlab_choice(tables.subtables)
            seg = tables.segments(at) if at is not None else None
        except (FontError, KeyError, struct_error):
            seg = None
        if seg is None or tables.head(52) != 0 or tables.head(50) not in (0, 1) or "loca" not in tables.tables:
            TTFontFile.extractInfo(self, charInfo)  # anything else: reportlab's own reading (and its errors)
            return
        self.charToGlyph, self.glyphToChar = to_glyph, to_chars = reportlab_cmap(seg)
        self.hmetrics = tables.advances()
        scale = self._pdfScale
        self.defaultWidth = scale(self.hmetrics[0][0])
        self.charWidths = widths = {}
        for glyph, (advance, _lsb) in enumerate(self.hmetrics):
            chars = to_chars.get(glyph)
            if chars:
                width = scale(advance)
                for char in chars:
                    widths[char] = width
        loca, long = tables.tables["loca"][0], tables.head(50) == 1
        self.glyphPos = list(u32(self._ttf_data, loca, tables.glyphs + 1)) if long else \
            [v << 1 for v in u16(self._ttf_data, loca, tables.glyphs + 1)]
        self._pos = loca + (tables.glyphs + 1) * (4 if long else 2)  # where reportlab's reading stops
        if 0x20 in to_glyph:  # reportlab draws a no-break space with the space's glyph
            to_glyph[0xA0] = to_glyph[0x20]
            widths[0xA0] = widths[0x20]
        elif 0xA0 in to_glyph:
            to_glyph[0x20] = to_glyph[0xA0]
            widths[0x20] = widths[0xA0]


class BundledFont(TTFont):
    """reportlab's TTFont of a bundled font, with its face read by BundledFace: what ``TTFont.__init__`` sets,
    set the same way (tests/draw/test_font_tables.py compares every attribute with reportlab's own)."""

    def __init__(self, name: str, filename: str) -> None:  # noqa: D107
        self.fontName = name
        self.face = BundledFace(filename)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)
