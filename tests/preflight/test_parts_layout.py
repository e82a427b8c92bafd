"""The cards of one layout read by their parts find what reading them ink by ink finds: faces that place the
same elements again but for texts of their own (a name, a stamp), read through the layout's memo
(preflight/pairs.py ``_fixed``), and sheets whose loose 'page x of y' differs from page to page, read through
the memo of loose runs found clean (preflight/placed.py ``loose_shape``). Random faces (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from printgen.draw.document import Document, Group, Page, Rect, Style, Text, pt
from printgen.preflight import parts as parts_module
from printgen.preflight.run import ALL_PAGE_CHECKS, check_document

from ..conftest import NIGHTLY, examples
from .test_parts import S, _alike, _sheet, _card, ink_by_ink
from .test_parts_agree import COLOURS, X, Y, _op

WORDS = st.sampled_from(["A", "12", "Knight", "Some words here", "{name}", "Scout \\'s"])


@st.composite
def _text(draw):
    return Text(draw(X), draw(Y), draw(WORDS), draw(st.sampled_from(["sans", "sans-bold"])),
                pt(draw(st.sampled_from([5, 7, 9, 14]))), draw(COLOURS), draw(st.sampled_from(["start", "middle"])))


@st.composite
def _element(draw):
    """A face's element: an op, or a group of a few (a layout's stats block: texts that are not the face's own)."""
    if draw(st.booleans()):
        return draw(_op())
    return Group(tuple(draw(st.lists(st.one_of(_op(), _text()), min_size=1, max_size=3))))


def _again(ops: tuple, texts: list) -> tuple:
    """``ops`` with each text op replaced by the next of ``texts`` (the other elements the very same ops)."""
    it = iter(texts)
    return tuple(next(it, op) if isinstance(op, Text) else op for op in ops)


@settings(max_examples=1000 if NIGHTLY else 100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_element(), min_size=1, max_size=7), st.lists(_text(), max_size=4), st.lists(_text(), max_size=4),
       st.lists(st.tuples(st.sampled_from(["page 1 of 3", "page 2 of 3", "{n} of 3", "Note"]), COLOURS,
                          st.floats(40, 250)), min_size=3, max_size=3))
def test_faces_of_one_layout_and_pages_alike_find_what_ink_by_ink_finds(ops, texts_b, texts_c, notes):
    a = tuple(ops)
    b, c = _again(a, texts_b), _again(a, texts_c)
    pages = []
    for cards, (words, colour, y) in zip(([a, b, c], [c, a, b], [b, b, a]), notes):
        page = _sheet(cards, [(20, 20), (70, 20), (120, 20)])
        page.add(Text(190, y, words, "sans", pt(7), colour, "end", role="furniture"))
        pages.append(page)
    doc = Document("d", pages)
    parts_module._VERIFY = True  # (each face's hits also checked against its inks read whole)
    try:
        fast = check_document(doc, S, stem="d", paper="a4")
    finally:
        parts_module._VERIFY = False
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))


def test_a_page_like_a_clean_one_is_clean_and_one_unlike_it_is_read_afresh():
    """The loose runs of a page shaped like a page found clean by the pairwise checks are clean; a page note
    in another colour (a contrast) or at another place is not shaped alike."""
    card = _card("Knight", over=False)
    first = _sheet([card, card], [(20, 20), (70, 20)])
    marks = first.ops[2:]  # (a sheet's crop marks and furniture: the same ops on every page, as layout/sheets.py)

    def page(note: str, colour: str, y: float):
        p = Page(first.width, first.height, [*first.ops[:2], *marks, Text(100, y, note, "sans", pt(8), colour)])
        p.trim = first.trim
        return p

    # pages 1-2 alike (the same box: digits print alike wide); 3 a pale note; 4 the note lower down
    doc = Document("d", [page("page 1 of 4", "#1d1d1b", 200), page("page 2 of 4", "#1d1d1b", 200),
                         page("page 3 of 4", "#eeeeee", 200), page("page 4 of 4", "#1d1d1b", 250)])
    parts = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S)
    sheets = [parts.sheet(p, n + 1, 4) for n, p in enumerate(doc.pages)]
    shapes = [s.loose_scan.shape for s in sheets]
    assert shapes[0] == shapes[1] and len(set(shapes)) == 3
    from printgen.preflight import run

    fast = check_document(doc, S, stem="d", paper="a4", game_key="layout-test")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))
    assert [(h.cls, h.page) for h in fast if "'page " in h.message] == [("contrast", 3)]
    # the pairwise checks found pages 1, 2 and 4 clean, and page 3 (its contrast) not
    clean = {(name, shape) for name, shape in run._LAST.pop(("layout-test", S)).clean}
    assert {("contrast", shapes[0]), ("contrast", shapes[3]), ("overlap", shapes[2])} <= clean
    assert ("contrast", shapes[2]) not in clean


@st.composite
def _loose(draw):
    """A loose op in the page's lower half, clear of the cards (a sheet's notes, grounds and rules)."""
    op = draw(_op())
    from dataclasses import replace

    if isinstance(op, Text):
        return replace(op, x=op.x * 4, y=op.y + 180)
    if hasattr(op, "points"):
        return replace(op, points=tuple((x * 4, y + 180) for x, y in op.points))
    if hasattr(op, "cx"):
        return replace(op, cx=op.cx * 4, cy=op.cy + 180)
    return replace(op, x=op.x * 4, y=op.y + 180)


@settings(max_examples=600 if NIGHTLY else 60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_loose(), _loose()), min_size=1, max_size=6),
       st.lists(st.lists(st.booleans(), min_size=6, max_size=6), min_size=3, max_size=3))
def test_loose_runs_placed_again_among_other_neighbours_find_what_ink_by_ink_finds(pool, picks):
    """The very same loose ops (a note, a ground, a rule) at the same places on several pages, each page choosing
    one of two at each place: what a run of one text gave is looked up by its number with the same neighbours
    only (preflight/pairs.py ``_context``), and every page finds what it finds ink by ink."""
    card = _card("Knight", over=False)
    pages = []
    for pick in picks:
        page = _sheet([card, card], [(20, 20), (70, 20)])
        page.add(*[pair[1 if chosen else 0] for pair, chosen in zip(pool, pick)])
        pages.append(page)
    doc = Document("d", pages)
    fast = check_document(doc, S, stem="d", paper="a4")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))


@st.composite
def _strip_op(draw):
    """An op of a page's footer strip: a furniture text (pale or dark, apart or over another, or reaching up
    into the cards or past the margin), or a ruler's tick."""
    from printgen.draw.document import Poly, Style

    x, y = draw(st.floats(2, 200)), draw(st.sampled_from([285.0, 288.0, 290.0, 296.0, 60.0]))
    if draw(st.booleans()):
        return Poly(((x, y), (x, y + 2)), Style(stroke="#000000", width=0.2), closed=False)
    return Text(x, y, draw(st.sampled_from(["page 1 of 2", "0", "50 mm", "{n}", "PRINT AT 100%"])), "sans",
                pt(draw(st.sampled_from([4, 7]))), draw(COLOURS), draw(st.sampled_from(["start", "end"])),
                role="furniture")


@settings(max_examples=600 if NIGHTLY else 60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_strip_op(), min_size=1, max_size=5), st.lists(st.lists(st.booleans(), min_size=5, max_size=5),
                                                                min_size=2, max_size=3), st.booleans())
def test_a_sheets_footer_strip_read_through_the_memo_of_strips_finds_what_ink_by_ink_finds(strip, picks, meet):
    """Sheets of faces whose footer strips (the same ops on several pages, in several documents) are read apart
    through the process's memo of strips (placed.PartSheet._strip) where they meet nothing else, and with the
    page where they do, or where a check finds something in them, find what their pages find ink by ink."""
    card = _card("Knight", over=False)
    for stem in ("d", "e"):  # (a second document meets the strips in the memo already)
        pages = []
        for pick in picks:
            page = _sheet([card, card], [(20, 20), (70, 20)])
            if meet:  # (a loose ground under a card: the page's parts meet, and it is read ink by ink)
                page.ops.insert(0, Rect(15, 15, 30, 30, Style(fill="#eeeeee")))
            page.add(Text(10, 284, "fronts", "sans", pt(6), role="furniture"),
                     *[op for op, chosen in zip(strip, pick) if chosen])
            pages.append(page)
        doc = Document(stem, pages)
        fast = check_document(doc, S, stem=stem, paper="a4", game_key=("strip-test", stem))
        assert _alike(fast) == _alike(ink_by_ink(doc, S, stem))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(["group", "text", "furniture", "ruler", "tick", "filled", "rect-furniture"]),
                max_size=12))
def test_a_sheet_finds_its_strip_where_the_pages_read_ink_by_ink_find_it(kinds):
    """placed.PartSheet finds where a page's footer strip starts in its one pass over the ops, as tail.strip_start
    finds it for a page read ink by ink (or reads the page whole where a run of shapes goes on into the strip)."""
    from printgen.draw.document import Poly, Style
    from printgen.preflight.tail import furniture, strip_start

    made = {"group": lambda: Group((Rect(0, 0, 4, 4, Style(fill="#eeeeee")),), (1.0, 0.0, 0.0, 1.0, 20, 20)),
            "text": lambda: Text(10, 280, "note", "sans", pt(7)),
            "furniture": lambda: Text(10, 290, "page 1", "sans", pt(7), role="furniture"),
            "ruler": lambda: Poly(((5, 292), (55, 292)), Style(stroke="#000000", width=0.2), role="ruler:50 mm"),
            "tick": lambda: Poly(((5, 292), (5, 294)), Style(stroke="#000000", width=0.2), closed=False),
            "filled": lambda: Poly(((5, 292), (6, 294), (7, 292)), Style(fill="#000000")),
            "rect-furniture": lambda: Rect(5, 285, 3, 1, Style(fill="#000000"), role="furniture")}
    page = Page(210, 297, [made[k]() for k in kinds])
    page.trim = (20, 20, 24, 24)
    parts = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S)
    parts.furniture = furniture(S, ALL_PAGE_CHECKS)
    sheet = parts_module.PartSheet(parts, page, 1, 1)
    chunks, start = sheet._read(page.ops, True)
    want = strip_start(page.ops)
    assert start == want or (start is None and any(c[0] < want < c[0] + len(c[1]) for c in chunks))
