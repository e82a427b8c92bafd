"""A line of a paragraph of several fonts drawn the short way (rulebook/para_lines.py) writes, calls and leaves
exactly what reportlab's own ``_putFragLine`` does: the same operators, recorded runs, links, bookmarks and
callbacks, the same canvas state after each paragraph, the same PDF; a whole book the same bytes either way."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from reportlab.platypus import paragraph as rl

from printgen.draw.fonts import pdf_name
from printgen.rulebook import para_lines
from printgen.rulebook.record import recorded_pages
from printgen.rulebook.styles import styles
from printgen.safety import para_break
from printgen.safety.markup import paragraph, tag, text
from tests.rulebook.test_para_draw import _canvas, _state
from tests.safety.test_para_break import _markup, _RUN

EXAMPLES = 300 if os.environ.get("PRINTGEN_NIGHTLY") else 30
NIGHTLY = bool(os.environ.get("PRINTGEN_NIGHTLY"))


def _callback(canvas, kind, label):
    """What the contents' callback does (front_matter.entry_end): a font, a colour, a string, a form, a link."""
    info = canvas._curr_tx_info
    canvas.setFont(pdf_name("sans"), 8)
    canvas.setFillColor("#336699")
    canvas.drawRightString(300, info["cur_y"], f". . . {label}")
    canvas.saveState()
    canvas.translate(300, info["cur_y"])
    canvas.restoreState()
    canvas.linkRect("", "x", (280, info["cur_y"], 300, info["cur_y"] + info["leading"]), relative=1)


def _both(paras_for, places, monkeypatch) -> int:
    """Draw ``paras_for()``'s paragraphs at ``places`` (x, y, width) on one canvas with the short way and on
    another with reportlab's own line drawing; assert the two the same after each paragraph, their records and
    their PDFs; how many lines reportlab's own drew on the first."""
    fell_back = []
    reportlabs = para_lines.rl_put_frag_line

    def own(*args):
        fell_back.append(1)
        return reportlabs(*args)

    monkeypatch.setattr(para_lines, "rl_put_frag_line", own)
    short, buf_a = _canvas()
    long_, buf_b = _canvas()
    for c in (short, long_):
        c.setFont(pdf_name("sans"), 10)
        c.drawString(10, 10, "Warm: the same fonts' subsets on both canvases")
        c.bookmarkPage("x")
        c.bookmarkPage("h-x")
        c.setNamedCB("ends", _callback)
    for (pa, pb), (x, y, w) in zip(zip(paras_for(), paras_for()), places):
        pa.wrapOn(short, w, 1000)
        pb.wrapOn(long_, w, 1000)
        monkeypatch.setattr(rl, "_putFragLine", para_lines.put_frag_line)
        Paragraph.drawOn(pa, short, x, y)
        monkeypatch.setattr(rl, "_putFragLine", reportlabs)
        Paragraph.drawOn(pb, long_, x, y)
        assert _state(short) == _state(long_)
        assert short._annotationCount == long_._annotationCount
        assert short._doc.idToObject.keys() == long_._doc.idToObject.keys()
    for c in (short, long_):
        c.showPage()
    assert recorded_pages(short, (420, 300)) == recorded_pages(long_, (420, 300))
    short.save()
    long_.save()
    assert buf_a.getvalue() == buf_b.getvalue()
    return len(fell_back)


def test_the_books_mixed_lines_are_drawn_as_reportlab_draws_them(monkeypatch):
    st_ = styles()
    body = st_["body"]
    words = text(" to move up to three hexes, then attack an adjacent enemy (\u00e9tude, 5\u00a0+ 2) with ")

    def paras():
        out = []
        for align in (0, 1, 2, 4):
            style = ParagraphStyle(f"a{align}", parent=body, alignment=align)
            out += [
                paragraph(tag("<b>") + text("Act.") + tag("</b>") + words + tag("<i>") + text("two dice")
                          + tag("</i>") + words, style),
                paragraph(tag('<a name="h-a"/>') + text("A heading with its anchor"), style),
                paragraph(tag('<a href="#h-x">') + text("Cleric") + tag("</a>")
                          + tag('<onDraw name="ends" label="1,h-x"/>'), style),
                paragraph(text("Make a Special Attack, ") + tag('<a href="#h-x" color="#7a2318"><b>')
                          + text("Range and a long linked reach") + tag("</b></a>") + words
                          + tag('<a href="#x">') + text("and another link") + tag("</a>") + text(" after."), style),
                paragraph(tag('<font color="#aa3311">') + text("red") + tag("</font>") + text(" plain ")
                          + tag('<font size="14">') + text("large") + tag("</font>") + words, style),
            ]
        return out

    places = [(10 + 2.1 * k, 290 - 14 * k, 70 + 37 * (k % 5)) for k in range(len(paras()))]
    assert _both(paras, places, monkeypatch) == 0, "every line of these the short way"


def test_what_the_short_way_does_not_follow_is_reportlabs(monkeypatch):
    body = styles()["body"]

    def paras():
        return [
            paragraph(text("under ") + tag("<u>") + text("lined") + tag("</u>") + text(" text"), body),
            paragraph(text("struck ") + tag("<strike>") + text("out") + tag("</strike>"), body),
            paragraph(text("raised ") + tag("<super>") + text("2") + tag("</super>"), body),
            paragraph(text("behind ") + tag('<span backColor="#ffee00">') + text("it") + tag("</span>"), body),
            paragraph(text("auto ") + tag("<b>") + text("leading") + tag("</b>"),
                      ParagraphStyle("m", parent=body, autoLeading="max")),
        ]

    assert _both(paras, [(10, 280 - 30 * k, 150) for k in range(5)], monkeypatch) == 5


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(st.tuples(st.lists(_RUN, min_size=1, max_size=6), st.sampled_from([0, 1, 2, 4]),
                          st.sampled_from(["sans", "serif"]), st.floats(6, 12), st.floats(0, 6),
                          st.floats(-4, 8), st.floats(40, 300)), min_size=1, max_size=4))
def test_any_mixed_paragraph_is_drawn_as_reportlab_draws_it(specs):
    def paras():
        return [paragraph(_markup(runs), ParagraphStyle("p", fontName=pdf_name(font), fontSize=size,
                                                        leading=size * 1.25, alignment=align, leftIndent=left,
                                                        firstLineIndent=first))
                for runs, align, font, size, left, first, _ in specs]

    with pytest.MonkeyPatch.context() as monkeypatch:
        _both(paras, [(12 + 5 * k, 285 - 60 * k, w) for k, (*_, w) in enumerate(specs)], monkeypatch)


@pytest.mark.parametrize("game", ["heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint"]
                         if NIGHTLY else ["heroes-of-hex"])
def test_a_book_is_the_same_bytes_either_way(monkeypatch, game):
    """The book (A4; nightly every bundled book on both papers) set with the short ways of breaking and drawing
    mixed paragraphs (safety/para_break.py, para_lines.py) and with reportlab's own: the same files."""
    from printgen.build import render_target
    from printgen.plan import plan_build
    from printgen.project import validate_game
    from tests.conftest import REPO

    checked = validate_game(REPO / "data" / game)
    papers = ["a4", "letter"] if NIGHTLY else ["a4"]
    targets = [t for t in plan_build([checked], papers=papers) if t.asset.name == "rulebook"]
    short = [render_target(t, previews=False) for t in targets]
    monkeypatch.setattr(rl, "_putFragLine", para_lines.rl_put_frag_line)
    monkeypatch.setattr(para_break, "break_lines", lambda para, width: None)
    own = [render_target(t, previews=False) for t in targets]
    assert len(short) == len(papers)
    for a, b in zip(short, own):
        assert a.files.keys() == b.files.keys() and any(k.endswith("rulebook.pdf") for k in a.files)
        assert a.files == b.files
        assert a.findings == b.findings == []
