"""Paragraph markup read without reportlab's HTML tokenizer (printgen/safety/para_parse.py): the very pieces
reportlab's own parser makes, attribute for attribute and in the same order, for every markup printgen writes;
anything else is left to reportlab."""

from __future__ import annotations

import os
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText
from reportlab.platypus.paraparser import ParaParser

from printgen.safety import markup as mk
from printgen.safety import para_parse

STYLE = ParagraphStyle("body", fontName="Helvetica", fontSize=9, leading=12, textColor="#222222")
CONTENTS = ParagraphStyle("toc", parent=STYLE, fontName="Helvetica-Bold", fontSize=11)
EXAMPLES = 1000 if os.environ.get("PRINTGEN_NIGHTLY") else 60


def _reportlab(text: str, style):
    p = ParaParser()
    p.caseSensitive = 1  # as a Paragraph sets it
    return p.parse(text, style)


def _same(text: str, style) -> None:
    ours, theirs = para_parse.parse(text, style, 1), _reportlab(text, style)
    assert ours is not None, text
    assert ours[0] is theirs[0]  # the style, unchanged
    # every piece alike, attribute for attribute, in the order set (a pickle writes a piece's dict in order)
    assert pickle.dumps(ours[1:]) == pickle.dumps(theirs[1:]), text


def test_the_book_s_own_markup_parses_to_reportlab_s_pieces():
    for markup, style in (
        (mk.text('Plain words & "quotes" <not tags> it\'s 2 > 1'), STYLE),
        (mk.tag('<a name="h-move"/>') + mk.text("Move"), STYLE),  # a heading's anchor
        (mk.tag('<b>Attack</b> with <i>every</i> <a href="#h-move" color="#1f5f8b">unit</a> in range; '
                '<font color="#4a3b2a"><b>2+</b></font> hits.<br/>') + mk.text("Then & again."), STYLE),
        (mk.tag('<a href="#h-x">') + mk.text("Setup") + mk.tag('</a><onDraw name="printgenContentsEnd" '
                                                                'label="0,h-x"/>'), CONTENTS),  # a contents line
        (mk.text(""), STYLE),
    ):
        _same(cleanBlockQuotedText(markup), style)


_WORD = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12).map(mk.text)


@st.composite
def _markup(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["text", "text", "b", "i", "font", "link", "anchor", "br"]
                                    if depth < 3 else ["text"]))
        if kind == "text":
            parts.append(draw(_WORD))
        elif kind in ("anchor", "br"):
            parts.append('<a name="h-x"/>' if kind == "anchor" else "<br/>")
        else:
            inner = draw(_markup(depth + 1))
            opening = {"b": "<b>", "i": "<i>", "font": '<font color="#aa0000">',
                       "link": draw(st.sampled_from(['<a href="#h-move">', '<a href="#h-a" color="#1f5f8b">']))}
            closing = {"b": "</b>", "i": "</i>", "font": "</font>", "link": "</a>"}
            parts.append(opening[kind] + inner + closing[kind])
    return "".join(parts)


@settings(max_examples=EXAMPLES, deadline=None)
@given(_markup())
def test_any_markup_printgen_writes_parses_to_reportlab_s_pieces(markup):
    _same(cleanBlockQuotedText(markup), STYLE)


def test_other_markup_is_left_to_reportlab():
    for text in ("a &#169; b", "a &nbsp; b", "<!-- x -->a", "<para>a</para>", '<a href="#a&amp;b">x</a>',
                 "a < b", "<b >x</b>", "<a href='#x'>x</a>", "x</b"):
        assert para_parse.parse(text, STYLE, 1) is None, text


def test_a_paragraph_of_markup_reportlab_refuses_still_says_why():
    import pytest

    for bad in ("<b>never closed", "</i>closed only", "<nosuchtag>x</nosuchtag><b>"):
        with pytest.raises(ValueError) as theirs:
            Paragraph(bad, STYLE)
        with pytest.raises(ValueError) as ours:
            mk.BookParagraph(bad, STYLE)
        assert str(ours.value) == str(theirs.value)


def test_a_book_paragraph_holds_what_a_reportlab_paragraph_holds():
    markup = mk.tag('<b>Ash</b> <a href="#h-ash" color="#1f5f8b">') + mk.text("Warden & co") + mk.tag("</a>")
    mk._PARSED.clear()
    ours, theirs = mk.paragraph(markup, STYLE), Paragraph(str(markup), STYLE)
    assert (ours.text, ours.style, ours.bulletText) == (theirs.text, theirs.style, theirs.bulletText)
    assert pickle.dumps(ours.frags) == pickle.dumps(theirs.frags)
