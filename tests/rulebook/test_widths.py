"""The widths platypus measures a rulebook's words with (printgen/rulebook/widths.py): remembered, and the very
numbers reportlab measures, for each font object registered under a name."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import paragraph

from printgen.draw.fonts import pdf_name, register_pdf_fonts
from printgen.rulebook import widths


def test_a_paragraph_measures_its_words_with_reportlabs_widths():
    register_pdf_fonts()
    assert paragraph.stringWidth is widths.word_width  # what platypus' paragraphs call
    words = ["Move", "Move 3", "ATK 4+", "a\xa0b", "Ωμέγα", " ", "", "ffi fl"]
    for name in (pdf_name("sans"), pdf_name("sans-bold"), "Helvetica", "Times-Bold"):
        for size in (6, 9.5, 12.0):
            for w in words + [b"Move"]:
                want = pdfmetrics.getFont(name).stringWidth(w, size)
                assert widths.word_width(w, name, size) == want
                assert widths.word_width(w, name, size) == want  # (the kept one)
            heights = pdfmetrics.getAscentDescent(name, size)
            assert widths.ascent_descent(name, size) == heights == widths.ascent_descent(name, size)
        assert widths.ascent_descent(name) == pdfmetrics.getAscentDescent(name)
    assert paragraph.getAscentDescent is widths.ascent_descent


def test_a_font_registered_anew_under_its_name_is_measured_afresh():
    register_pdf_fonts()
    sans = pdfmetrics.getFont(pdf_name("sans"))
    bold = pdfmetrics.getFont(pdf_name("sans-bold"))
    name = "printgen-test-widths"
    try:
        pdfmetrics.registerFont(TTFont(name, sans.face.filename))
        regular = widths.word_width("Move the models", name, 10)
        assert regular == sans.stringWidth("Move the models", 10)
        pdfmetrics.registerFont(TTFont(name, bold.face.filename))  # (reportlab keeps the first)
        assert widths.word_width("Move the models", name, 10) == pdfmetrics.stringWidth("Move the models", name, 10)
        pdfmetrics._fonts[name] = bold  # another font object under the name: its own widths
        assert widths.word_width("Move the models", name, 10) == bold.stringWidth("Move the models", 10) != regular
        assert widths.ascent_descent(name, 10) == pdfmetrics.getAscentDescent(name, 10)
    finally:
        pdfmetrics._fonts.pop(name, None)
