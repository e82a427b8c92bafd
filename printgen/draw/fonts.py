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
    "serif-bold": "NotoSerif-Bold.ttf",
}


# A game's own fonts (game.yaml ``fonts:``), registered while its layouts are drawn: key -> file. Kept
# apart from FONTS, which the glyph check of every game reads.
GAME_FONTS: dict[str, Path] = {}
_REGISTERED: set[str] = set()


def font_file(font: str) -> Path:
    return FONT_DIR / FONTS[font] if font in FONTS else GAME_FONTS[font]


def add_game_font(path: Path) -> str:
    """Register a game's TrueType file; returns its font key (the same file, the same key)."""
    import hashlib

    data = Path(path).read_bytes()
    key = "game-" + hashlib.sha1(data).hexdigest()[:12]
    GAME_FONTS.setdefault(key, Path(path))
    return key


def pdf_name(font: str) -> str:
    """The name a font is registered under with reportlab."""
    return "printgen-" + font


@lru_cache(maxsize=None)
def register_pdf_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for key, file in FONTS.items():
        pdfmetrics.registerFont(TTFont(pdf_name(key), str(FONT_DIR / file)))


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
def _cmap(font: str) -> dict[int, str]:
    return _tt(font).getBestCmap()


@lru_cache(maxsize=None)
def _advances(font: str) -> tuple[dict[str, int], int]:
    tt = _tt(font)
    return {g: adv for g, (adv, _lsb) in tt["hmtx"].metrics.items()}, tt["head"].unitsPerEm


def has_glyph(font: str, char: str) -> bool:
    return ord(char) in _cmap(font)


@lru_cache(maxsize=None)
def _drawable(fonts: tuple[str, ...]) -> frozenset[int]:
    """The code points every one of ``fonts`` can draw."""
    points = None
    for f in fonts:
        points = set(_cmap(f)) if points is None else points & set(_cmap(f))
    return frozenset(points or ())


def missing_glyphs(text: str, fonts: tuple[str, ...] = tuple(FONTS)) -> list[str]:
    """Characters of ``text`` that one of ``fonts`` cannot draw (whitespace ignored)."""
    drawable = _drawable(tuple(fonts))
    # One set look-up per character: validating a large game reads every text once (linear).
    return [ch for ch in dict.fromkeys(text) if ord(ch) not in drawable and not ch.isspace()]


def text_width(text: str, font: str, size: float) -> float:
    """Advance width of ``text`` in mm at ``size`` mm (no kerning, as reportlab sets it)."""
    return _em_width(text, font) * size


@lru_cache(maxsize=65536)
def _em_width(text: str, font: str) -> float:
    """Advance width of ``text`` in em; cached, as fitting measures the same words at many sizes."""
    cmap = _cmap(font)
    adv, upem = _advances(font)
    notdef = adv.get(".notdef", upem // 2)
    total = 0
    for ch in text:
        g = cmap.get(ord(ch))
        total += adv.get(g, notdef) if g else notdef
    return total / upem


@lru_cache(maxsize=8192)
def text_outline(font: str, text: str) -> str:
    """SVG path data of a whole line of text in em units (y up), glyphs advanced in turn."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    tt = _tt(font)
    cmap = _cmap(font)
    adv, upem = _advances(font)
    glyphs = tt.getGlyphSet()
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:.4f}".rstrip("0").rstrip("."))
    x = 0
    for ch in text:
        name = cmap.get(ord(ch), ".notdef")
        glyphs[name].draw(TransformPen(pen, (1 / upem, 0, 0, 1 / upem, x / upem, 0)))
        x += adv.get(name, 0)
    return pen.getCommands()
