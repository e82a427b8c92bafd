"""A plain paragraph drawn the short way on the rulebook's canvas (rulebook/para_draw.py) writes, notes and leaves
exactly what reportlab's own drawOn and drawPara write, note and leave: the same operators, the same recorded
runs, the same canvas state after, the same PDF; a paragraph drawn again on the same canvas (from what its first
drawing kept) too."""

from __future__ import annotations

import io
import os

import pytest
from hypothesis import given, settings, strategies as st
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from printgen.draw.fonts import pdf_name, register_pdf_fonts
from printgen.rulebook import para_draw
from printgen.rulebook.record import RecordingCanvas, recorded_pages
from printgen.rulebook.record_text import RecordingText
from printgen.rulebook.styles import styles
from printgen.safety.markup import paragraph, tag, text

EXAMPLES = 400 if os.environ.get("PRINTGEN_NIGHTLY") else 60
NIGHTLY = bool(os.environ.get("PRINTGEN_NIGHTLY"))


def _canvas() -> tuple[RecordingCanvas, io.BytesIO]:
    register_pdf_fonts()
    styles()  # the book's font families
    buf = io.BytesIO()
    return RecordingCanvas(buf, pagesize=(420, 300), invariant=1, initialFontName=pdf_name("sans")), buf


def _state(c: RecordingCanvas) -> tuple:
    """What a drawing leaves on the canvas: its code, its record, its graphics and text state."""
    return (list(c._code), list(c._items), list(c._rec_text), c._ctm, c._ctm_before, len(c._rec_stack),
            len(c.state_stack), {n: getattr(c, n) for n in c.STATE_ATTRIBUTES if n != "_extgstate"},
            dict(c._extgstate._d), c._doc._pdfVersion)


def _both(paras_for, places) -> tuple[tuple[bool, ...], int]:
    """Draw the paragraphs ``paras_for()`` makes at ``places`` on one canvas the short way and on another
    reportlab's way, then a second set of them elsewhere, a little wider (what the short way kept from the first
    drawing, taken again where it still holds); assert the two the same after each, and their PDFs; which ones
    took the short way, and how many drawings the short way kept."""
    short, buf_a = _canvas()
    long_, buf_b = _canvas()
    took = []
    for c in (short, long_):
        c.setFont(pdf_name("sans"), 10)
        c.drawString(10, 10, "Warm: the same fonts' subsets on both canvases")
        c.bookmarkPage("x")  # (a linked paragraph's destination)
    kept = 0
    for turn in (0, 1):
        for (pa, pb), (x, y, w) in zip(zip(paras_for(), paras_for()), places):
            x, y, w = x + 7.25 * turn, y - 3.5 * turn, w + 11 * turn  # (a left-aligned line's spare room differs)
            pa.wrapOn(short, w, 1000)
            pb.wrapOn(long_, w, 1000)
            took.append(para_draw.draw_paragraph(short, pa, x, y))
            if not took[-1]:
                Paragraph.drawOn(pa, short, x, y)
            Paragraph.drawOn(pb, long_, x, y)  # Flowable.drawOn -> Paragraph.drawPara: reportlab's own way
            assert _state(short) == _state(long_)
        if turn == 0:
            kept = len(short._paras)
    assert took[:len(places)] == took[len(places):], "the same ones took the short way again"
    for c in (short, long_):
        c.showPage()
    assert recorded_pages(short, (420, 300)) == recorded_pages(long_, (420, 300))
    short.save()
    long_.save()
    assert buf_a.getvalue() == buf_b.getvalue()
    return tuple(took[:len(places)]), kept


def test_a_paragraph_class_that_draws_its_own_way_keeps_it():
    from printgen.safety.markup import BookParagraph

    class Ruled(BookParagraph):
        def draw(self):
            super().draw()
            self.canv.line(0, -3, self.width, -3)

    c, _ = _canvas()
    para = Ruled(text("A plain line"), styles()["body"])
    para.wrapOn(c, 200, 100)
    assert not para_draw.draw_paragraph(c, para, 10, 10)
    para.drawOn(c, 10, 10)
    assert c._code[-2:] == ["n 0 -3 m 200 -3 l S", "Q"], "its rule drawn, inside its move"


def test_a_text_object_made_the_short_way_is_reportlabs():
    c, _ = _canvas()
    c.setFont(pdf_name("serif"), 9, 11)
    for x, y in ((0, 0), (3, -7.25), (12.345678, 401.5), (-0.0, 1e-9)):
        assert RecordingText.at(c, x, y).__dict__ == RecordingText(c, x, y).__dict__


def test_the_books_plain_paragraphs_and_cells_are_drawn_as_reportlab_draws_them():
    st_ = styles()
    words = ("Move up to three hexes, then attack an adjacent enemy with a roll of two dice; "
             "a unit that is hit twice is out (\u00e9tude, 5\u00a0+ 2, \u2014 \u201cquoted\u201d).")

    def paras():
        out = []
        for name in ("body", "td-left", "td-center", "td-right", "th-left", "caption", "cover-title", "toc0"):
            style = st_[name]
            out.append(paragraph(text(words), style))
            out.append(paragraph(text("7"), style))
        out.append(paragraph(text(words), ParagraphStyle("j", parent=st_["body"], alignment=4)))
        out.append(paragraph(text(words), ParagraphStyle("i", parent=st_["body"], firstLineIndent=12,
                                                         leftIndent=6)))
        out.append(paragraph(text("Two words"), ParagraphStyle("k", parent=st_["body"], alignment=4)))
        # what reportlab's way keeps: a link, a bullet, a background, several fonts
        out.append(paragraph(tag('<a href="#x">') + text("linked") + tag("</a>"), st_["body"]))
        out.append(paragraph(text("bulleted"), st_["body"], bulletText="\u2022"))
        out.append(paragraph(text("boxed"), ParagraphStyle("b", parent=st_["body"], backColor=colors.yellow)))
        out.append(paragraph(text("half ") + tag("<b>") + text("bold") + tag("</b>"), st_["body"]))
        out.append(paragraph(text("faint"), ParagraphStyle("f", parent=st_["body"],
                                                          textColor=colors.Color(0.2, 0.3, 0.4, alpha=0.5))))
        return out

    places = [(20 + 3.3 * k, 280 - 11.7 * k, 90 + 13 * (k % 5)) for k in range(len(paras()))]
    took, kept = _both(paras, places)
    assert all(took[:19]), "the plain ones took the short way"
    # each one-line paragraph kept for its second drawing (two alike in all that is drawn share one)
    assert 8 <= kept <= 9
    assert not any(took[19:]), "reportlab's way for a link, a bullet, a background, several fonts, an alpha"


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(st.tuples(
    st.text(alphabet="abcdefghij KLMN\u00e9\u00fc\u00a0\u2014-.,;0123456789", min_size=0, max_size=80),
    st.sampled_from([0, 1, 2, 4]),  # left, centre, right, justified
    st.sampled_from(["sans", "sans-bold", "serif"]),
    st.floats(5.5, 14), st.floats(0, 8), st.floats(-6, 10),
    st.floats(0, 300), st.floats(0, 290), st.floats(18, 220)), min_size=1, max_size=6))
def test_any_plain_paragraph_is_drawn_as_reportlab_draws_it(specs):
    def paras():
        return [paragraph(text(words), ParagraphStyle("p", fontName=pdf_name(font), fontSize=size,
                                                      leading=size * 1.2, alignment=align, leftIndent=left,
                                                      firstLineIndent=first, textColor=colors.Color(0.1, 0.2, 0.3)))
                for words, align, font, size, left, first, *_ in specs]

    took, _ = _both(paras, [(x, y, w) for *_, x, y, w in specs])
    for (words, *_), short in zip(specs, took):
        if any(ch.isalnum() for ch in words):
            assert short, "a plain paragraph with words takes the short way"



def _noting(monkeypatch, module, name: str) -> list:
    """``module.name`` replaced by itself noting each of its results in the list returned."""
    real, noted = getattr(module, name), []

    def noting(*args):
        noted.append(real(*args))
        return noted[-1]

    monkeypatch.setattr(module, name, noting)
    return noted

@pytest.mark.parametrize("game", ["heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint"]
                         if NIGHTLY else ["heroes-of-hex"])
def test_a_book_is_the_same_with_its_paragraphs_drawn_again_or_afresh(monkeypatch, game):
    """The book (A4; nightly every bundled book on both papers) set with its one-line plain paragraphs drawn again
    from what their first drawing kept and with each drawn afresh: the same files, the same record of every page,
    the same findings; and many were drawn again (a table's values down its columns)."""
    from printgen.build import render_target
    from printgen.plan import plan_build
    from printgen.project import validate_game
    from printgen.rulebook import book
    from tests.conftest import REPO

    checked = validate_game(REPO / "data" / game)
    papers = ["a4", "letter"] if NIGHTLY else ["a4"]
    targets = [t for t in plan_build([checked], papers=papers) if t.asset.name == "rulebook"]
    records = _noting(monkeypatch, book, "recorded_pages")
    keys = _noting(monkeypatch, para_draw, "_drawn_key")
    kept = [render_target(t, previews=False) for t in targets]
    kept_records = records[:]
    records.clear()
    monkeypatch.setattr(para_draw, "_drawn_key", lambda *args: None)
    afresh = [render_target(t, previews=False) for t in targets]
    assert len(kept) == len(papers) and kept_records and kept_records[0]
    for a, b in zip(kept, afresh):
        assert any(k.endswith("rulebook.pdf") for k in a.files)
        assert a.files == b.files
        assert a.findings == b.findings == []
    assert kept_records == records
    known = [k for k in keys if k is not None]
    assert len(known) - len(set(known)) > 50, "a table's values down its columns drawn again"


@pytest.mark.parametrize("game", ["heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint"]
                         if NIGHTLY else ["hex-dice"])
def test_a_books_other_paper_takes_what_the_first_drew_as_if_drawn_afresh(monkeypatch, game):
    """The book's Letter edition set after its A4 one in the same process (as a build's worker sets them), its
    one-line plain paragraphs taken from what the A4 book's drawing kept (para_draw._OTHERS), and set with none
    taken: the same file, the same record of every page, the same findings; and many were taken."""
    from printgen.build import render_target
    from printgen.plan import plan_build
    from printgen.project import validate_game
    from printgen.rulebook import book
    from tests.conftest import REPO

    checked = validate_game(REPO / "data" / game)
    a4, letter = (next(t for t in plan_build([checked], papers=[p]) if t.asset.name == "rulebook")
                  for p in ("a4", "letter"))
    records = _noting(monkeypatch, book, "recorded_pages")
    taken = _noting(monkeypatch, para_draw, "_from_another")
    para_draw._OTHERS.clear()
    render_target(a4, previews=False)
    records.clear()
    took = render_target(letter, previews=False)
    took_records = records[:]
    records.clear()
    monkeypatch.setattr(para_draw, "_from_another", lambda *args: None)
    afresh = render_target(letter, previews=False)
    assert any(k.endswith("rulebook.pdf") for k in took.files)
    assert took.files == afresh.files
    assert took.findings == afresh.findings == []
    assert took_records == records and records[0]
    assert sum(t is not None for t in taken) > 50, "most of the Letter book's one-line paragraphs taken"
