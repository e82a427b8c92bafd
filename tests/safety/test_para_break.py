"""A paragraph of several fonts or colours broken the short way (safety/para_break.py) gets reportlab's very answer:
the same lines, each the same pieces with the same attributes in the same order, and the same paragraph attributes
(its words, height, widest line); whatever the short way does not follow is left to reportlab, changing nothing."""

from __future__ import annotations

import os

from hypothesis import given, settings, strategies as st
from reportlab.lib import colors
from reportlab.lib.abag import ABag
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from printgen.draw.fonts import pdf_name, register_pdf_fonts
from printgen.rulebook.styles import styles
from printgen.safety import para_break
from printgen.safety.markup import BookParagraph, paragraph, tag, text

EXAMPLES = 400 if os.environ.get("PRINTGEN_NIGHTLY") else 80


def _dump(x):
    """Everything of a broken paragraph's answer, in order: classes, attributes, values."""
    if isinstance(x, ABag):
        return (type(x).__name__, [(k, _dump(v)) for k, v in x.__dict__.items()])
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [_dump(v) for v in x])
    if isinstance(x, dict):
        return [(k, _dump(v)) for k, v in x.items()]
    return (type(x).__name__, repr(x))


def _both(make, width):
    """Break ``make()``'s paragraph at ``width`` the short way and another reportlab's way; assert the two
    answers and the two paragraphs the same; whether the short way took it."""
    a, b = make(), make()
    got = para_break.break_lines(a, list(width) if isinstance(width, list) else width)
    took = got is not None
    if not took:  # (then reportlab's way on the same paragraph: what it leaves is compared below)
        got = Paragraph.breakLines(a, width)
    want = Paragraph.breakLines(b, width)
    assert _dump(got) == _dump(want)
    assert _dump(a.__dict__) == _dump(b.__dict__)
    return took


def _style(**kw) -> ParagraphStyle:
    register_pdf_fonts()
    return ParagraphStyle("p", parent=styles()["body"], **kw)


def test_the_shapes_the_books_write_are_broken_as_reportlab_breaks_them():
    body = styles()["body"]
    cases = [
        tag("<b>") + text("Act.") + tag("</b>") + text(" Spend AP on Movement and Actions. Each Action can be used "
                                                       "once per Turn unless it says more."),
        tag('<a name="h-the-map-2"/>') + text("The map"),
        tag('<a href="#h-cleric">') + text("Cleric") + tag("</a>")
        + tag('<onDraw name="printgenContentsEnd" label="1,h-cleric"/>'),
        text("Make a Special Attack, ") + tag('<a href="#h-range" color="#7a2318"><b>') + text("Range")
        + tag("</b></a>") + text(" 4. If it hits, the target suffers Death."),
        text("Heroes in this mould: ") + tag("<i>") + text("Loki, Puck, Anansi, Reynard the Fox, Q, Hoid")
        + tag("</i>") + text("."),
        text("one") + tag("<br/>") + text("two ") + tag("<b>") + text("three") + tag("</b>") + tag("<br/>"),
        text("a\u00a0b ") + tag("<b>") + text("c\u00a0d") + tag("</b>") + text(" e"),
    ]
    for markup in cases:
        for width in (20, 60, 140, 333.82677165354335, [300, 280], (150, 90, 120)):
            took = _both(lambda m=markup: paragraph(m, body), width)
            assert took or width in (20, 60), (markup, width)  # (a word wider than a narrow line: reportlab's)


def test_what_the_short_way_does_not_follow_is_reportlabs():
    body = styles()["body"]
    mixed = text("half ") + tag("<b>") + text("bold") + tag("</b>") + text(" text")
    left = [
        lambda: paragraph(mixed, body, bulletText="\u2022"),  # a bullet (narrows the first line)
        lambda: paragraph(text("soft\u00adhyphen ") + tag("<b>") + text("b") + tag("</b>"), body),
        lambda: paragraph(mixed, ParagraphStyle("h", parent=body, hyphenationLang="en_GB")),
        lambda: paragraph(mixed, ParagraphStyle("r", parent=body, wordWrap="RTL")),
        lambda: paragraph(text("plain, one piece"), body),
        # a word wider than the line: reportlab splits it
        lambda: paragraph(text("x ") + tag("<b>") + text("Supercalifragilistic") + tag("</b>"), body),
    ]
    for n, make in enumerate(left):
        assert not _both(make, 40), n
    long_word = lambda: paragraph(text("x ") + tag("<b>") + text("Supercalifragilistic") + tag("</b>"), body)  # noqa: E731
    assert _both(long_word, 400), "the same words on a wide line"


def test_a_split_paragraph_breaks_its_words_reportlabs_way():
    body = styles()["body"]
    markup = text("Deploy your Heroes on ") + tag("<b>") + text("Initial Positions") + tag("</b>") + text(
        " and name one of them the Treasure Keeper; it carries the ") + tag('<a href="#h-g">') + text(
        "Golden Artifact") + tag("</a>") + text(" for the rest of the game.")
    para = paragraph(markup, body)
    para.wrap(120, 1000)
    first, rest = para.split(120, body.leading * 2)
    assert isinstance(first, BookParagraph) and isinstance(rest, BookParagraph)
    assert not para_break.break_lines(rest, 120), "its pieces are words already: reportlab's"


def test_the_same_style_of_two_pieces_is_sameFrags():
    from reportlab.lib.rl_accel import sameFrag
    from reportlab.platypus.paraparser import ParaFrag

    red, red2, blue = colors.Color(1, 0, 0), colors.Color(1, 0, 0), colors.Color(0, 0, 1)
    kinds = [dict(fontName="A", fontSize=9, textColor=red, rise=0, us_lines=[], link=[]),
             dict(fontName="A", fontSize=9, textColor=red2, rise=0, us_lines=[], link=[]),
             dict(fontName="A", fontSize=9.0, textColor=red, rise=0, us_lines=[], link=[]),
             dict(fontName="B", fontSize=9, textColor=red, rise=0, us_lines=[], link=[]),
             dict(fontName="A", fontSize=9, textColor=blue, rise=0, us_lines=[], link=[]),
             dict(fontName="A", fontSize=9, textColor=red, rise=1, us_lines=[], link=[]),
             dict(fontName="A", fontSize=9, textColor=red, rise=0, us_lines=[], link=["x"]),
             dict(fontName="A", fontSize=9, textColor=red, rise=0, us_lines=[], link=[], backColor=blue),
             dict(fontName="A", fontSize=9, textColor=red, rise=0, us_lines=[], link=[], nobr=True),
             dict(fontName="A", fontSize=9, textColor=red, rise=0, link=[]),
             dict(fontName="A", fontSize=9, textColor=red, rise=0, us_lines=[], link=[], cbDefn=ABag()),
             dict(fontName="A", fontSize=9, textColor=red, rise=0, us_lines=[], link=[], lineBreak=1)]
    pieces = [ParaFrag(text="t", **k) for k in kinds]
    for f in pieces:
        for g in pieces:
            assert para_break.same_style(f, g) == bool(sameFrag(f, g))


_WORDS = st.text(alphabet="abcde FGH\u00e9\u00a0-,.0123", min_size=0, max_size=30)
_RUN = st.tuples(_WORDS, st.sampled_from(["", "b", "i", "bi", "font", "link", "anchor", "br", "sub"]))


def _markup(runs) -> object:
    out = text("")
    for n, (words, kind) in enumerate(runs):
        body = text(words)
        if kind == "b":
            out += tag("<b>") + body + tag("</b>")
        elif kind == "i":
            out += tag("<i>") + body + tag("</i>")
        elif kind == "bi":
            out += tag("<b><i>") + body + tag("</i></b>")
        elif kind == "font":
            out += tag(f'<font size="{7 + n % 6}" color="#{n % 9}{n % 7}3366">') + body + tag("</font>")
        elif kind == "link":
            out += tag('<a href="#h-x" color="#7a2318">') + body + tag("</a>")
        elif kind == "anchor":
            out += tag(f'<a name="h-{n}"/>') + body
        elif kind == "br":
            out += body + tag("<br/>")
        elif kind == "sub":
            out += tag("<sub>") + body + tag("</sub>")
        else:
            out += body
    return out


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(_RUN, min_size=1, max_size=8), st.sampled_from(["sans", "serif", "sans-bold"]),
       st.floats(6, 14), st.one_of(st.floats(8, 400), st.lists(st.floats(8, 400), min_size=1, max_size=3)),
       st.sampled_from([0, 1, 2, 4]), st.sampled_from([0.05, 0, 0.2]))
def test_any_mixed_paragraph_is_broken_as_reportlab_breaks_it(runs, font, size, width, align, shrink):
    style = _style(fontName=pdf_name(font), fontSize=size, leading=size * 1.2, alignment=align,
                   spaceShrinkage=shrink)
    markup = _markup(runs)
    took = _both(lambda: paragraph(markup, style), width)
    para = paragraph(markup, style)
    widths = width if isinstance(width, list) else [width]
    if len(para.frags) > 1 and "\u00ad" not in markup:  # else reportlab's way, always
        from reportlab.platypus.paragraph import _getFragWords

        assert took or max(w[0] for w in _getFragWords(para.frags, widths[0])) > min(widths), \
            "reportlab's way only for a word wider than a line"
