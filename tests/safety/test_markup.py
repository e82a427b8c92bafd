"""Rulebook paragraphs (printgen/safety/markup.py): escaped text only, and lines broken once per width
without changing a single byte of what is drawn."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Table

from printgen.safety import markup as mk

STYLE = ParagraphStyle("body", fontName="Helvetica", fontSize=9, leading=12)
WORDS = "Each unit moves up to its Move in hexes, then may attack an adjacent enemy. " * 6


def test_unescaped_text_never_becomes_a_paragraph():
    with pytest.raises(TypeError):
        mk.paragraph("<b>raw</b>", STYLE)


def test_lines_are_broken_once_per_width(monkeypatch):
    p = mk.paragraph(mk.text(WORDS), STYLE)
    calls = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: calls.append(widths) or real(self, widths))
    first = p.wrap(200, 500)
    assert p.wrap(200, 300) == first and len(calls) == 1  # the height offered does not change the lines
    narrower = p.wrap(120, 500)
    assert narrower[1] > first[1] and len(calls) == 2
    p.wrap(200, 500)
    assert len(calls) == 3
    del p.blPara  # what platypus does when it wants the lines broken again
    p.wrap(200, 500)
    assert len(calls) == 4


def _pdf(make) -> bytes:
    buf = io.BytesIO()
    story = [KeepTogether([make(f"Rule {n}. " + WORDS), make(WORDS)]) for n in range(30)]
    story.append(Table([[make(WORDS), make(WORDS)]], colWidths=[150, 150]))
    SimpleDocTemplate(buf, invariant=1).build(story)
    return buf.getvalue()


def test_a_book_comes_out_byte_for_byte_as_with_reportlabs_paragraph():
    ours = _pdf(lambda t: mk.paragraph(mk.text(t), STYLE))
    theirs = _pdf(lambda t: Paragraph(str(mk.text(t)), STYLE))
    assert ours == theirs
    import pymupdf

    assert len(pymupdf.open(stream=ours)) >= 3  # groups kept together across pages, a table of paragraphs


# -- the markup parsed once per (markup, what the parser reads of the style) ------------------------------

RICH = mk.tag('<b>Attack</b> with <i>every</i> <a href="#h-move" color="#1f5f8b">unit</a> in range; '
              '<font color="#4a3b2a"><b>2+</b></font> hits.<br/>') + mk.text(WORDS)


def _pieces(p) -> list[dict]:
    return [dict(vars(f)) for f in p.frags]


def test_a_cached_parse_equals_a_fresh_one_and_is_its_own_copy():
    mk._PARSED.clear()
    first = mk.paragraph(RICH, STYLE)
    again = mk.paragraph(RICH, ParagraphStyle("other-name", parent=STYLE))  # alike in what the parser reads
    fresh = Paragraph(str(RICH), STYLE)
    assert len(mk._PARSED) == 1
    assert _pieces(first) == _pieces(again) == _pieces(fresh) and again.text == fresh.text
    assert all(a is not b for a, b in zip(first.frags, again.frags))
    assert all(a.link is not b.link for a, b in zip(first.frags, again.frags))
    again.frags[0].text = "changed"  # what line breaking may do to a piece: the cache keeps its own
    assert mk.paragraph(RICH, STYLE).frags[0].text == fresh.frags[0].text


def test_styles_that_parse_differently_do_not_share_a_parse():
    red = ParagraphStyle("red", parent=STYLE, textColor="#aa0000")
    big = ParagraphStyle("big", parent=STYLE, fontSize=14)
    for style in (STYLE, red, big, STYLE):
        p = mk.paragraph(RICH, style)
        assert _pieces(p) == _pieces(Paragraph(str(RICH), style))


def test_a_font_family_registered_anew_is_parsed_anew():
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    markup = mk.tag("<b>bold</b> and plain")
    try:
        registerFontFamily("Courier", normal="Courier", bold="Courier-Bold", italic="Courier-Oblique",
                           boldItalic="Courier-BoldOblique")
        style = ParagraphStyle("mono", parent=STYLE, fontName="Courier")
        assert mk.paragraph(markup, style).frags[0].fontName == "Courier-Bold"
        registerFontFamily("Courier", normal="Courier", bold="Courier", italic="Courier", boldItalic="Courier")
        assert mk.paragraph(markup, style).frags[0].fontName == Paragraph(str(markup), style).frags[0].fontName \
            == "Courier"
    finally:
        registerFontFamily("Courier", normal="Courier", bold="Courier-Bold", italic="Courier-Oblique",
                           boldItalic="Courier-BoldOblique")


def test_a_book_of_rich_markup_comes_out_byte_for_byte_as_with_reportlabs_paragraph():
    mk._PARSED.clear()

    def book(make) -> bytes:
        buf = io.BytesIO()
        story = [make(mk.tag('<a name="h-move"/>Move'), STYLE)]
        story += [KeepTogether([make(RICH, STYLE), make(RICH, ParagraphStyle("narrow", parent=STYLE,
                                                                            rightIndent=120))])
                 for _ in range(12)]
        story.append(Table([[make(RICH, STYLE), make(RICH, STYLE)]], colWidths=[150, 150]))
        SimpleDocTemplate(buf, invariant=1).build(story)
        return buf.getvalue()

    ours = book(mk.paragraph)
    assert ours == book(lambda m, s: Paragraph(str(m), s)) == book(mk.paragraph)


def test_markup_is_never_escaped_twice():
    from printgen.safety.markup import Markup, text

    once = text('Salt & "Steel" <b>')
    assert once == 'Salt &amp; &quot;Steel&quot; &lt;b&gt;' and isinstance(once, Markup)
    assert text(once) is once  # already markup: its entities stay entities, printed as the characters they are
    assert text(str(once)) == 'Salt &amp;amp; &amp;quot;Steel&amp;quot; &amp;lt;b&amp;gt;'  # plain text: escaped
