"""The rulebook's pages as its canvas notes them while drawing (rulebook/record.py) are the pages the preflight
read back from the finished PDF: the same text runs (text, printed size, box, weight) and object boxes, so the
same findings at the same places."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from printgen.project import validate_game
from printgen.draw.canvas import draw_ops
from printgen.draw.document import Poly, Style, Text
from printgen.draw.fonts import pdf_name, register_pdf_fonts
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight.book import book_hits, drawn_pages, read_pages
from printgen.preflight.checks import Settings
from printgen.rulebook.record import RecordingCanvas, recorded_pages
from printgen.rulebook.styles import styles

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STRICT = Settings(empty_page=0.9, min_text=11, min_label=9, printable=25)  # findings on every page


def _same(read, drawn) -> None:
    assert len(read) == len(drawn)
    for p, q in zip(read, drawn):
        assert (p.number, p.width, p.height) == (q.number, q.width, q.height)
        # a reader sees one space where two are drawn, and may add one at a run's end: the words are the same
        assert [" ".join(r.text.split()) for r in p.runs] == [" ".join(r.text.split()) for r in q.runs]
        assert [r.bold for r in p.runs] == [r.bold for r in q.runs]
        assert [r.size for r in p.runs] == pytest.approx([r.size for r in q.runs], abs=1e-9)
        assert len(p.boxes) == len(q.boxes)
        for a, b in zip([r.box for r in p.runs] + p.boxes, [r.box for r in q.runs] + q.boxes):
            assert a == pytest.approx(b, abs=1e-3)  # mm


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_small_books_recorded_pages_are_its_pdf_read_back(paper):
    game = validate_game(FIXTURES / "preflight-corpus")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    book = target.asset.render(game, spec)["rulebook"]
    assert book.drawn, "the book's canvas followed everything it drew"
    read, drawn = read_pages(book.data), drawn_pages(book.drawn)
    _same(read, drawn)
    assert sum(len(p.runs) for p in drawn) > 20
    hits = [(h.cls, h.message, h.page) for h, _ in book_hits(drawn, STRICT, 10.0)]
    assert hits == [(h.cls, h.message, h.page) for h, _ in book_hits(read, STRICT, 10.0)]
    assert {"small-text", "empty-page"} <= {cls for cls, _, _ in hits}


def _canvas() -> tuple[RecordingCanvas, io.BytesIO]:
    register_pdf_fonts()
    styles()  # the book's font families: <b> in a paragraph sets the bold face, as in a book
    buf = io.BytesIO()
    return RecordingCanvas(buf, pagesize=(420, 300), invariant=1, initialFontName=pdf_name("sans")), buf


def test_what_a_canvas_draws_is_noted_as_a_reader_reads_it():
    c, buf = _canvas()
    c.setLineWidth(2)
    c.line(20, 20, 120, 40)
    c.rect(30, 60, 50.3, 20.7, stroke=1, fill=0)
    c.roundRect(100, 60, 60, 30, 6, stroke=1, fill=1)
    c.circle(200, 80, 15, stroke=1, fill=0)
    c.setFont(pdf_name("sans"), 11)
    c.drawString(20, 120, "Plain text, then a heading")
    style = ParagraphStyle("p", fontName=pdf_name("sans"), fontSize=9.6, leading=12, alignment=4)
    para = Paragraph("A justified paragraph with <b>bold words</b> and a second line set wide enough "
                     "to wrap onto a third, with ünïcödé and a no-break\xa0space.", style)
    para.wrapOn(c, 200, 100)
    para.drawOn(c, 20, 140)
    c.saveState()
    c.translate(250, 280)
    c.scale(1.7, -1.7)  # as a picture is set: mm ops, y down, scaled
    hexes = [Poly(tuple((cx + 6 * math.cos(math.pi / 3 * k), cy + 6 * math.sin(math.pi / 3 * k)) for k in range(6)),
                  Style(stroke="#203040", width=0.5)) for cx, cy in ((10, 50), (19, 55.2), (28, 50))]  # alike, moved
    draw_ops(c, [Poly(((0, 0), (30, 10), (25, 40), (5, 30)), Style(fill="#c0d0e0", stroke="#203040", width=0.8)),
                 Poly(((40, 0), (70, 4), (40, 9)), Style(stroke="#000000", width=1.2)),  # a sharp corner
                 Poly(((40, 20), (66, 31), (45, 44)), Style(stroke="#000000", width=0.3), closed=False),
                 *hexes, Text(10, 20, "A 7", "sans-bold", 6.2, "#000000")])
    c.restoreState()
    c.showPage()
    pages = recorded_pages(c, (420, 300))
    c.save()
    drawn = drawn_pages(pages)
    _same(read_pages(buf.getvalue()), drawn)
    assert [r.bold for r in drawn[0].runs if r.text.startswith("bold")] == [True]
    # the line, rect, round rect, circle, three polygons and three hexes
    assert len(drawn[0].boxes) == len(drawn[0].runs) + 10


def test_a_canvas_that_draws_what_it_does_not_follow_leaves_the_pdf_to_be_read():
    c, _ = _canvas()
    t = c.beginText(20, 20)
    t.setHorizScale(80)  # stretched text: not followed
    t.textLine("stretched")
    c.drawText(t)
    c.showPage()
    assert recorded_pages(c, (420, 300)) is None


def test_shortcuts_of_the_record_give_what_reportlab_and_the_long_way_give():
    """The record's shortcuts (measure.py, record.py) change no number: a string's extent kept per font is the
    one worked out afresh; a run coded at once in the first subset is reportlab's own split, new characters,
    no-break spaces and characters past the first subset included; a font's remembered widths are its own."""
    from reportlab.pdfbase.pdfmetrics import getFont
    from reportlab.pdfbase.ttfonts import TTFont

    from printgen.rulebook.measure import _extent, extent, metrics_of, remember_widths
    from printgen.rulebook.record import _split

    register_pdf_fonts()
    name = pdf_name("sans")
    metrics, font = metrics_of(name), getFont(name)
    words = ["Move", "Move 3", "ATK 4+", "the Glyph of Haste", "a\xa0b", "Ωμέγα", "Move", " ", "ffi fl", "Move 3"]
    for size, cs, ws in ((9.5, 0.0, 0.0), (7.0, 0.4, 1.2), (7.0, -0.2, 0.0)):
        for w in words:
            assert extent(w, metrics, size, cs, ws) == _extent(w, metrics, size, cs, ws)
            assert extent(w, metrics, size, cs, ws) == _extent(w, metrics, size, cs, ws)  # (the kept one)
    # two documents, one split the short way and one reportlab's, the same strings in the same order: the same
    # codes given, the same runs; past the first 256 characters the second subset starts
    many = "".join(chr(c) for c in range(0x20, 0x250) if c in font.face.charToGlyph)

    class Doc:
        pass

    short, plain = Doc(), Doc()
    for text in words + [many, many[:40], "Move" + many[-5:], ""] + words + [many]:
        assert _split(font, text, short) == font.splitString(text, plain), text
    assert font.state[short].assignments == font.state[plain].assignments
    assert any(subset > 0 for subset, _ in _split(font, many, short))
    remember_widths(name)
    assert "stringWidth" in font.__dict__
    for w in words + [many]:
        for size in (6.0, 9.5):
            assert font.stringWidth(w, size) == TTFont.stringWidth(font, w, size)
            assert font.stringWidth(w, size) == TTFont.stringWidth(font, w, size)
    remember_widths(name)  # (once per font object)
    assert font.stringWidth(b"Move", 9.5) == TTFont.stringWidth(font, b"Move", 9.5)


def test_a_book_set_leaves_nothing_for_the_collector():
    """A book's document, canvas and PDF objects, and its paragraphs' text objects, are freed as they are let
    go (book._let_go, RecordingCanvas.drawText): reportlab's cycles would leave hundreds of objects a book for
    the collector, whose passes cost a build tenths of a second."""
    import gc

    game = validate_game(FIXTURES / "preflight-corpus")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    target.asset.render(game, spec)  # (what a first book loads and keeps: fonts, metrics, parses)
    gc.collect()
    book = target.asset.render(game, spec)["rulebook"]
    assert book.pages >= 3 and book.drawn
    assert gc.collect() < 50


def test_a_books_subset_tags_come_from_the_subsets_noted_as_embedded_and_equal_the_read_back(monkeypatch):
    from printgen.draw import subsets
    from printgen.rulebook import book

    calls = []
    real = subsets.unique_subset_names

    def both(data, noted=None):
        calls.append((noted, real(data, noted), real(data)))
        return calls[-1][1]

    monkeypatch.setattr(book, "unique_subset_names", both)
    game = validate_game(Path(__file__).resolve().parents[2] / "data" / "hex-dice")
    target = next(t for t in plan_build([game], papers=["letter"]) if t.asset.name == "rulebook")
    target.asset.render(game, PageSpec.for_paper("letter", game.data.game.print.margin))
    assert calls
    for noted, fast, read_back in calls:
        assert noted and subsets._noted(noted)  # the book's canvas asked for them, and they are plain names
        assert fast == read_back


def test_a_string_printed_again_is_written_and_noted_as_the_first_time(monkeypatch):
    """A run printed before in its font's first subset is written and noted from what was worked out then
    (RecordingText._formatText): the same PDF and the same record as when each is worked out afresh."""
    from printgen.rulebook import para_draw, record

    game = validate_game(Path(__file__).resolve().parents[2] / "data" / "hex-dice")
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    hits: list[int] = []
    init = record.RecordingCanvas.__init__

    class Counting(dict):
        def get(self, key, default=None):
            got = super().get(key, default)
            hits.append(got is not None)
            return got

    def counting(self, *a, **k):
        init(self, *a, **k)
        self._runs = Counting()

    monkeypatch.setattr(record.RecordingCanvas, "__init__", counting)
    para_draw._OTHERS.clear()  # (what another document kept: tests/rulebook/test_para_draw.py)
    quick = target.asset.render(game, spec)["rulebook"]
    assert sum(hits) > 100  # a book prints many of its strings again (a fifth of its runs here)

    class Forgetting(dict):
        def __setitem__(self, key, value):
            pass

    def forgetting(self, *a, **k):
        init(self, *a, **k)
        self._runs = Forgetting()

    monkeypatch.setattr(record.RecordingCanvas, "__init__", forgetting)
    monkeypatch.setattr(para_draw, "_from_another", lambda *args: None)
    slow = target.asset.render(game, spec)["rulebook"]
    assert quick.data == slow.data
    assert quick.drawn and quick.drawn == slow.drawn



def test_a_fill_colour_is_set_as_reportlab_sets_it():
    """The recording canvas and its text objects set a plain RGB fill colour the short way (record_text.fill_colour):
    the same operators, the same colour kept, the same transparency states and PDF version as reportlab's own."""
    from reportlab.lib.colors import CMYKColor, Color, HexColor
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.textobject import PDFTextObject

    colours = [HexColor("#1f5f8b"), Color(0.2, 0.3, 0.4, alpha=0.5), Color(1, 0, 0, alpha=1), Color(0, 0, 0),
               Color(0.1, 0.1, 0.1, alpha=0.5), CMYKColor(0.1, 0.2, 0.3, 0.4), "red", (0.5, 0.5, 0.5),
               Color(0.3, 0.3, 0.3, alpha=None), HexColor("#1f5f8b")]
    ours, _ = _canvas()
    theirs, _ = _canvas()
    text, plain = ours.beginText(5, 5), theirs.beginText(5, 5)
    for colour in colours:
        ours.setFillColor(colour)
        Canvas.setFillColor(theirs, colour)
        text.setFillColor(colour)
        PDFTextObject.setFillColor(plain, colour)
    ours.setFillColor(colours[0], alpha=0.25)
    Canvas.setFillColor(theirs, colours[0], alpha=0.25)
    assert ours._code == theirs._code and text._code == plain._code
    assert ours._fillColorObj is theirs._fillColorObj and text._fillColorObj is plain._fillColorObj
    assert (ours._extgstate._d, ours._extgstate._c) == (theirs._extgstate._d, theirs._extgstate._c)
    assert ours._doc._pdfVersion == theirs._doc._pdfVersion == (1, 4)
    assert any("gs" in code for code in ours._code)  # the half-transparent ones


def test_a_pictures_alphas_already_set_are_skipped_as_reportlab_would_write_nothing(monkeypatch):
    """draw/canvas.py skips setting an alpha the recording canvas already has (reportlab's setter would write
    and change nothing): the same operators and states as setting each one."""
    import printgen.draw.canvas as dc

    shapes = [Poly(((0, 0), (10, 0), (5, 8)), style=Style(fill=f, stroke=s, width=0.3, opacity=o))
              for f, s, o in (("#aa0000", "#000000", 1.0), ("#00aa00", None, 0.5), ("#0000aa", "#222222", 0.5),
                              ("#aa0000", "#000000", 1.0), (None, "#123456", 0.25), ("#aa0000", None, 1.0))]

    def drawn():
        c, _ = _canvas()
        draw_ops(c, shapes * 3)
        return c._code, c._extgstate._d, c._extgstate._c, c._doc._pdfVersion

    assert dc._plain_alpha(RecordingCanvas)
    ours = drawn()
    monkeypatch.setattr(dc, "_plain_alpha", lambda kind: False)  # every alpha set through reportlab's setter
    assert drawn() == ours
    assert any(code.endswith(" gs") for code in ours[0])


def test_a_covers_hexes_taken_again_are_what_drawing_them_afresh_writes_and_notes():
    from printgen.rulebook import book

    book._HONEYCOMB.clear()
    done = []
    for _ in range(3):  # afresh, then twice from what the first wrote and noted
        c, _ = _canvas()
        c.setLineWidth(0.8)
        code_at, items_at = len(c._code), len(c._items)
        book._honeycomb(c, 595.27, 841.89, 28.3)
        done.append((c._code[code_at:], c._items[items_at:]))
    assert len(book._HONEYCOMB) == 1
    assert done[0] == done[1] == done[2] and len(done[0][1]) > 100
    c, _ = _canvas()  # another page size or line width: drawn afresh
    c.setLineWidth(0.5)
    book._honeycomb(c, 612, 792, 28.3)
    assert len(book._HONEYCOMB) == 2
