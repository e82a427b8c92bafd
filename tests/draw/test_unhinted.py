"""Font subsets embedded without their glyphs' hinting instructions (printgen/draw/unhinted.py): the same
glyphs (outlines, components, metrics) as reportlab's own subset, read back by fontTools, with no program."""

from __future__ import annotations

import io

import pikepdf
import pytest
from fontTools.ttLib import TTFont
from hypothesis import given, settings, strategies as st
from reportlab.pdfbase.pdfmetrics import getFont

from printgen.draw import subsets
from printgen.draw.document import Document, Page, Text
from printgen.draw.fonts import FONTS, pdf_name, register_game_fonts
from printgen.draw.unhinted import bare_glyph, unhinted
from printgen.write.pdf import to_pdf

# text reaching composite glyphs (accented letters), symbols and digits
SAMPLE = "Hexes & Heroes: 0123456789 éÅñüç ÉÖ – • → ½ “quoted” Ω"


def _face(font: str):
    register_game_fonts()
    return getFont(pdf_name(font)).face


def _glyphs(program: bytes) -> dict:
    """Each glyph of a font program as fontTools reads it: its points, end points, flags or components, and
    its instructions' bytes."""
    tt = TTFont(io.BytesIO(program))
    glyf = tt["glyf"]
    out = {}
    for name in tt.getGlyphOrder():
        g = glyf[name]
        if g.isComposite():
            shape = [(c.glyphName, c.x, c.y, c.flags & ~0x100, getattr(c, "transform", None)) for c in g.components]
        elif g.numberOfContours > 0:
            shape = (list(g.coordinates), list(g.endPtsOfContours), list(g.flags))
        else:
            shape = None
        program_bytes = g.program.getBytecode() if hasattr(g, "program") else b""
        out[name] = (shape, program_bytes, tt["hmtx"][name])
    return out


@pytest.mark.parametrize("font", sorted(FONTS))
def test_a_subset_has_the_same_glyphs_and_no_programs(font):
    face = _face(font)
    codes = sorted({ord(ch) for ch in SAMPLE if ord(ch) in face.charToGlyph})
    hinted = subsets._make_subset(face, codes)  # reportlab's own
    bare = unhinted(hinted)
    before, after = _glyphs(hinted), _glyphs(bare)
    assert before.keys() == after.keys()
    assert any(program for _, program, _ in before.values())  # the bundled fonts are hinted
    assert any(isinstance(shape, list) for shape, _, _ in before.values())  # composites were met
    for name, (shape, program, metrics) in after.items():
        assert program == b"", name
        assert shape == before[name][0] and metrics == before[name][2], name
    tt = TTFont(io.BytesIO(bare))
    assert tt["maxp"].maxSizeOfInstructions == 0
    assert {"fpgm", "prep", "cvt "} <= set(tt.keys())  # the font's own programs stay: only the glyphs' go
    assert len(bare) < len(hinted)


def test_every_subset_a_pdf_embeds_is_unhinted():
    doc = Document(title="t", pages=[Page(100, 100, [Text(10, 20, SAMPLE, font, 4.0) for font in
                                                      ("sans", "sans-bold", "serif", "serif-italic")])])
    with pikepdf.open(io.BytesIO(to_pdf(doc))) as pdf:
        programs = list(subsets.subset_fonts(pdf).values())
    assert len(programs) == 4
    for program in programs:
        assert all(not program_bytes for _, program_bytes, _ in _glyphs(program).values())


def test_a_glyph_without_instructions_and_an_empty_one_stay_as_they_are():
    face = _face("sans")
    bare = unhinted(subsets._make_subset(face, [ord("a"), ord("b")]))
    assert unhinted(bare) == bare  # nothing left to take
    assert bare_glyph(b"") == b""


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(32, 0x24F), min_size=1, max_size=60))
def test_any_subset_reads_back_with_the_same_outlines(codes):
    face = _face("sans")
    codes = sorted(c for c in codes if c in face.charToGlyph) or [ord("x")]
    hinted = subsets._make_subset(face, codes)
    before, after = _glyphs(hinted), _glyphs(unhinted(hinted))
    assert {k: (v[0], v[2]) for k, v in after.items()} == {k: (v[0], v[2]) for k, v in before.items()}


def test_a_composite_glyph_loses_its_program_and_its_flag():
    from struct import pack, unpack_from

    words, instructions, more = 0x0001, 0x0100, 0x0020
    header = pack(">h4h", -1, 0, 0, 10, 10)
    first = pack(">HHhh", words | more, 1, 0, 0)
    last = pack(">HHhh", words | instructions, 2, 5, 5)
    glyph = header + first + last + pack(">H", 3) + b"\xb0\x01\x2f"
    bare = bare_glyph(glyph)
    assert bare == header + first + pack(">HHhh", words, 2, 5, 5)
    assert not unpack_from(">H", bare, 10)[0] & instructions
    # three points on the curve, each x and y one byte (flags 0x37), padded to 4 bytes with the program
    outline = b"\x37\x37\x37" + b"\x05\x05\x00" + b"\x00\x05\x05"
    simple = pack(">h4h", 1, 0, 0, 10, 10) + pack(">H", 2) + pack(">H", 2) + b"\xb0\x01" + outline + b"\0"
    assert bare_glyph(simple) == pack(">h4h", 1, 0, 0, 10, 10) + pack(">H", 2) + b"\0\0" + outline
    repeated = pack(">h4h", 1, 0, 0, 10, 10) + pack(">H", 2) + pack(">H", 0) + b"\x3f\x02" + b"\x05\x05\x00" * 2
    assert bare_glyph(repeated + b"\0\0") == repeated  # a flag repeated twice more: three points all the same
    with pytest.raises(ValueError):
        bare_glyph(simple[:-4])  # cut short inside its coordinates


def test_a_font_whose_glyphs_cannot_be_taken_apart_is_embedded_as_reportlab_made_it(monkeypatch):
    """A game's font that reportlab subsets but whose glyph entries are cut short: the subset goes in hinted,
    as made, never a traceback."""
    face = _face(sorted(FONTS)[0])
    made = subsets._make_subset(face, [ord(c) for c in "Hex"])
    found = subsets.unhinted.__globals__["tables"](made)
    cut = bytearray(made)
    start = made.index(found["glyf"])
    cut[start:start + len(found["glyf"])] = b"\xff" * len(found["glyf"])  # every contour count -1: composites
    monkeypatch.setattr(subsets, "_make_subset", lambda self, subset: bytes(cut))
    with pytest.raises(Exception):
        unhinted(bytes(cut))
    assert subsets._unhinted_subset(face, [ord(c) for c in "Hex"]) == bytes(cut)


@pytest.mark.parametrize("font", sorted(FONTS))
def test_a_bare_subset_keeps_no_spare_bytes_after_a_glyph(font, caplog):
    """Each glyph's entry ends at its last coordinate or component, padded to 4 bytes: fontTools, reading every
    glyph, finds no excess data (it warns of 4 bytes or more past a glyph's end)."""
    made = unhinted(subsets._make_subset(_face(font), [ord(c) for c in SAMPLE]))
    with caplog.at_level("WARNING", logger="fontTools"):
        _glyphs(made)
    assert not [r for r in caplog.records if "too much glyph data" in r.getMessage()]
    found = subsets.unhinted.__globals__["tables"](made)
    assert len(found["glyf"]) % 4 == 0
