"""The bundled fonts read in bulk (draw/font_tables.py, draw/pdf_faces.py) against fontTools' and reportlab's own
readings: every width, every code point, every attribute of reportlab's face, and the subsets it embeds."""

from __future__ import annotations

import io

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from reportlab.pdfbase.ttfonts import TTFont

from printgen.draw import fonts
from printgen.draw.font_tables import FontTables, widths
from printgen.draw.fonts import FONT_DIR, FONTS, font_file
from printgen.draw.pdf_faces import BundledFace, BundledFont

# characters whose widths the two libraries' own readings could disagree on: the no-break space (reportlab draws
# it as a space), U+FFFF (the end segment), glyph 0's codes, unmapped and astral characters
AWKWARD = "\u00a0 \uffff\ufffe\u0000\u00ad\u200b\U0001f600\u2212ſ€ﬁAVAW…"


def fonttools_widths(font: str) -> tuple[dict[int, int], int, int]:
    """What draw/fonts measured with before: fontTools' best cmap (glyph names) and hmtx by name."""
    cmap = fonts._cmap(font)
    adv, upem = fonts._advances(font)
    notdef = adv.get(".notdef", upem // 2)
    return {code: adv.get(name, notdef) for code, name in cmap.items()}, notdef, upem


def old_em_width(text: str, font: str) -> float:
    """draw/fonts._em_width as it was (by glyph name)."""
    cmap = fonts._cmap(font)
    adv, upem = fonts._advances(font)
    notdef = adv.get(".notdef", upem // 2)
    total = 0
    for ch in text:
        g = cmap.get(ord(ch))
        total += adv.get(g, notdef) if g else notdef
    return total / upem


@pytest.mark.parametrize("font", list(FONTS))
def test_widths_are_fonttools(font):
    fast = widths(FontTables.read(font_file(font).read_bytes()))
    assert fast is not None
    assert fast == fonttools_widths(font)
    assert fonts.glyph_count(font) == fonts._tt(font)["maxp"].numGlyphs
    assert list(fast[0]) == sorted(fast[0])  # every code once
    text = AWKWARD + "".join(map(chr, range(0x20, 0x2FF)))
    assert fonts._em_width.__wrapped__(text, font) == old_em_width(text, font)
    for ch in AWKWARD:
        assert fonts._em_width.__wrapped__(ch, font) == old_em_width(ch, font), repr(ch)


@pytest.mark.parametrize("font", list(FONTS))
def test_game_font_path_measures_alike(font):
    """A game's font goes through fontTools; the same file as a bundled font measures the same."""
    key = fonts.add_game_font(font_file(font))
    assert fonts._widths(key) == fonts._widths(font)
    assert fonts.glyph_count(key) == fonts.glyph_count(font)
    assert fonts.missing_glyphs(AWKWARD, (key,)) == fonts.missing_glyphs(AWKWARD, (font,))


def _same(a, b, where):
    assert type(a) is type(b), where
    if callable(a):  # reportlab's scale: a function made afresh for each face
        assert [a(v) for v in (0, 1, 999, -250)] == [b(v) for v in (0, 1, 999, -250)], where
    elif isinstance(a, dict):
        assert list(a.items()) == list(b.items()), where  # in the same order too
    else:
        assert a == b, where


@pytest.mark.parametrize("font", list(FONTS))
def test_bundled_face_is_reportlabs(font):
    path = str(FONT_DIR / FONTS[font])
    ours, theirs = BundledFont("x-" + font, path), TTFont("x-" + font, path)
    assert vars(ours).keys() == vars(theirs).keys()
    for key in vars(theirs):
        if key not in ("face", "state", "encoding"):
            _same(vars(ours)[key], vars(theirs)[key], key)
    assert ours.encoding.name == theirs.encoding.name and ours.shapable == theirs.shapable
    face, rl = ours.face, theirs.face
    assert isinstance(face, BundledFace)
    assert sorted(vars(face)) == sorted(vars(rl))
    for key in vars(rl):
        _same(vars(face)[key], vars(rl)[key], key)
    assert ours.stringWidth(AWKWARD, 9.5) == theirs.stringWidth(AWKWARD, 9.5)
    subset = [0] + sorted(set(map(ord, "Print-and-play hexes: 12 × ½ €"))) + [0xA0]
    assert face.makeSubset(subset) == rl.makeSubset(subset)


def _format12_font() -> bytes:
    """A tiny TrueType font whose only character map is of format 12 (read by the libraries, not in bulk)."""
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "A", "B"])
    fb.setupCharacterMap({0x41: "A", 0x1F600: "B"})
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0)), pen.lineTo((0, 500)), pen.lineTo((400, 0)), pen.closePath()
    glyph = pen.glyph()
    fb.setupGlyf({".notdef": glyph, "A": glyph, "B": glyph})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (600, 0), "B": (700, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Regular", "psName": "Tiny-Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.font["cmap"].tables = [t for t in fb.font["cmap"].tables if t.format == 12]
    buf = io.BytesIO()
    fb.save(buf)
    return buf.getvalue()


def test_another_cmap_format_is_read_by_the_libraries(tmp_path):
    data = _format12_font()
    assert widths(FontTables.read(data)) is None  # fontTools measures it
    path = tmp_path / "tiny.ttf"
    path.write_bytes(data)
    ours, theirs = BundledFace(str(path)), TTFont("tiny", str(path)).face
    for key in vars(theirs):
        _same(vars(ours)[key], vars(theirs)[key], key)
    assert ours.charWidths[0x1F600] == 700
