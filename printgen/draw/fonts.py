"""The bundled fonts (Noto Sans and Noto Serif, SIL OFL): metrics, coverage, outlines.

Never the system's fonts: PDFs embed subsets of these files, SVGs carry their
glyphs as paths, so a sheet looks the same on every machine.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

FONTS: dict[str, str] = {
    "sans": "NotoSans-Regular.ttf",
    "sans-bold": "NotoSans-Bold.ttf",
    "sans-italic": "NotoSans-Italic.ttf",
    "sans-bolditalic": "NotoSans-BoldItalic.ttf",
    "serif": "NotoSerif-Regular.ttf",
    "serif-bold": "NotoSerif-Bold.ttf",
    "serif-italic": "NotoSerif-Italic.ttf",
    "serif-bolditalic": "NotoSerif-BoldItalic.ttf",
}

# The four styles a family may have (the OS/2 table's style linking: regular, bold, italic, bold italic).
STYLES = ("regular", "bold", "italic", "bold italic")

# Every font's family and style, and back: how a layout names a face ("serif italic", "Ember Hand bold")
# and how bold text in a run finds its family's bold. Bundled families are "sans" and "serif"; a game's
# own are added with add_game_font.
STYLE_OF: dict[str, tuple[str, str]] = {
    key: (key.split("-")[0], {"": "regular", "bolditalic": "bold italic"}.get(key.partition("-")[2],
                                                                           key.partition("-")[2]))
    for key in FONTS
}


def styled(font: str, style: str) -> str:
    """The face of ``font``'s family in ``style`` (``font`` itself when the family has none)."""
    family = STYLE_OF.get(font, (None,))[0]
    return next((k for k, fs in STYLE_OF.items() if fs == (family, style)), font) if family else font


# A game's own fonts (game.yaml ``fonts:``), registered while its layouts are drawn: key -> file. Kept
# apart from FONTS, which the glyph check of every game reads.
GAME_FONTS: dict[str, Path] = {}
_REGISTERED: set[str] = set()


def font_file(font: str) -> Path:
    return FONT_DIR / FONTS[font] if font in FONTS else GAME_FONTS[font]


def add_game_font(path: Path, family: str | None = None, style: str = "regular") -> str:
    """Register a game's TrueType file; returns its font key (the same file, the same key). ``family``
    and ``style`` (from its name and OS/2 tables) let bold text find the family's bold face."""
    import hashlib

    data = Path(path).read_bytes()
    key = "game-" + hashlib.sha1(data).hexdigest()[:12]
    GAME_FONTS.setdefault(key, Path(path))
    if family:
        STYLE_OF.setdefault(key, ("game:" + family.casefold(), style))
    return key


def pdf_name(font: str) -> str:
    """The name a font is registered under with reportlab."""
    return "printgen-" + font


@lru_cache(maxsize=None)
def register_pdf_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics

    from .pdf_faces import BundledFont  # reportlab's TTFont, its tables read in bulk (the same face)

    for key, file in FONTS.items():
        pdfmetrics.registerFont(BundledFont(pdf_name(key), str(FONT_DIR / file)))


def register_game_fonts() -> None:
    """Register with reportlab the game fonts added since the last call (embedded as subsets like the rest)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    register_pdf_fonts()
    for key, path in list(GAME_FONTS.items()):
        if key not in _REGISTERED:
            pdfmetrics.registerFont(TTFont(pdf_name(key), str(path)))
            _REGISTERED.add(key)


@lru_cache(maxsize=None)
def _tt(font: str):
    import io

    from fontTools.ttLib import TTFont

    # From memory, not an open file: forked build workers would otherwise share
    # one file offset and read each other's tables.
    return TTFont(io.BytesIO(font_file(font).read_bytes()), lazy=True)


@lru_cache(maxsize=None)
def _widths(font: str) -> tuple[dict[int, int], int, int]:
    """(code point -> advance in font units, the advance of a code no glyph draws, units per em): what text
    measurements and the glyph check read. A bundled font's read from its tables (draw/font_tables: the same
    values as fontTools' best cmap and ``hmtx``, without naming every glyph first), a game font's from fontTools."""
    if font in FONTS:
        from .font_tables import widths

        got = widths(_bundled_tables(font))
        if got is not None:
            return got
    cmap = _cmap(font)
    adv, upem = _advances(font)
    notdef = adv.get(".notdef", upem // 2)
    return {code: adv.get(name, notdef) for code, name in cmap.items()}, notdef, upem


@lru_cache(maxsize=None)
def _cmap(font: str) -> dict[int, str]:
    return _tt(font).getBestCmap()


@lru_cache(maxsize=None)
def _advances(font: str) -> tuple[dict[str, int], int]:
    tt = _tt(font)
    return {g: adv for g, (adv, _lsb) in tt["hmtx"].metrics.items()}, tt["head"].unitsPerEm


def glyph_count(font: str) -> int:
    if font in FONTS:  # a bundled font's maxp read with its other tables, without fontTools
        return _bundled_tables(font).glyphs
    return _tt(font)["maxp"].numGlyphs


@lru_cache(maxsize=None)
def _bundled_tables(font: str):
    """A bundled font's tables, read once per process (draw/font_tables.py)."""
    from .font_tables import FontTables

    return FontTables.read(font_file(font).read_bytes())


def has_glyph(font: str, char: str) -> bool:
    return ord(char) in _widths(font)[0]


@lru_cache(maxsize=None)
def _drawable(fonts: tuple[str, ...]) -> frozenset[int]:
    """The code points every one of ``fonts`` can draw."""
    points = None
    for f in fonts:
        points = set(_widths(f)[0]) if points is None else points & _widths(f)[0].keys()
    return frozenset(points or ())


@lru_cache(maxsize=None)
def _drawable_chars(fonts: tuple[str, ...]) -> frozenset[str]:
    return frozenset(map(chr, _drawable(fonts)))


def missing_glyphs(text: str, fonts: tuple[str, ...] = tuple(FONTS)) -> list[str]:
    """Characters of ``text`` that one of ``fonts`` cannot draw (whitespace ignored), in text order."""
    # One set difference per text (in C): validating a large game reads every text once (linear).
    missing = set(text).difference(_drawable_chars(tuple(fonts)))
    if not missing:
        return []
    return [ch for ch in dict.fromkeys(text) if ch in missing and not ch.isspace()]


def text_width(text: str, font: str, size: float) -> float:
    """Advance width of ``text`` in mm at ``size`` mm (no kerning, as reportlab sets it)."""
    return _em_width(text, font) * size


@lru_cache(maxsize=65536)
def _em_width(text: str, font: str) -> float:
    """Advance width of ``text`` in em; cached, as fitting measures the same words at many sizes."""
    advances, notdef, upem = _widths(font)
    return sum([advances.get(ord(ch), notdef) for ch in text]) / upem


def _num(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


@lru_cache(maxsize=None)
def _glyph_path(font: str, name: str) -> str:
    """One glyph's outline as SVG path data in em units (y up), every command relative, so a line of
    text places it with one absolute move: outlining a word reads each glyph once per process, not
    once per text (a rulebook's SVG pages name the same few dozen glyphs thousands of times)."""
    from fontTools.pens.basePen import BasePen

    tt = _tt(font)
    upem = _advances(font)[1]
    out: list[str] = []

    class RelativePen(BasePen):
        # deltas between points rounded to 1e-4 em, so the relative steps never drift
        def __init__(self, glyph_set):
            super().__init__(glyph_set)
            self.cur = self.start = (0.0, 0.0)

        def _step(self, p):
            x, y = round(p[0] / upem, 4), round(p[1] / upem, 4)
            d = f"{_num(x - self.cur[0])} {_num(y - self.cur[1])}"
            self.cur = (x, y)
            return d

        def _moveTo(self, p):
            out.append("m" + self._step(p))
            self.start = self.cur

        def _lineTo(self, p):
            out.append("l" + self._step(p))

        def _qCurveToOne(self, p1, p2):
            c = self.cur
            a = (round(p1[0] / upem, 4), round(p1[1] / upem, 4))
            out.append(f"q{_num(a[0] - c[0])} {_num(a[1] - c[1])} " + self._step(p2))

        def _curveToOne(self, p1, p2, p3):
            c = self.cur
            pts = [(round(p[0] / upem, 4), round(p[1] / upem, 4)) for p in (p1, p2)]
            out.append("c" + " ".join(f"{_num(x - c[0])} {_num(y - c[1])}" for x, y in pts) + " " + self._step(p3))

        def _closePath(self):
            out.append("z")
            self.cur = self.start

    glyphs = _glyph_set(font)
    if name in glyphs:
        glyphs[name].draw(RelativePen(glyphs))
    return "".join(out)


@lru_cache(maxsize=None)
def _glyph_set(font: str):
    return _tt(font).getGlyphSet()


@lru_cache(maxsize=8192)
def text_outline(font: str, text: str) -> str:
    """SVG path data of a whole line of text in em units (y up), glyphs advanced in turn."""
    cmap = _cmap(font)
    adv, upem = _advances(font)
    x = 0
    parts = []
    for ch in text:
        name = cmap.get(ord(ch), ".notdef")
        path = _glyph_path(font, name)
        if path:
            parts.append(f"M{_num(x / upem)} 0{path}")
        x += adv.get(name, 0)
    return "".join(parts)
