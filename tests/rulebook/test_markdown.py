"""Markdown to platypus: each construct becomes the right flowable, and a small book sets."""

from __future__ import annotations

import pymupdf
from reportlab.platypus import HRFlowable, ListFlowable, Paragraph, Preformatted, Table

from printgen.draw.document import Circle, Style
from printgen.draw.page import PageSpec
from printgen.rulebook.book import BookInfo, set_book, styles
from printgen.rulebook.front_matter import contents_story, cover_story
from printgen.rulebook.flowables import OpsFlowable
from printgen.rulebook.markdown import Converter, Heading

SAMPLE = """# First Chapter

Some **bold**, *italic* and `code`, a [link](https://example.org) and [a jump](#second-chapter).
Apply Knockback 2 to it.

- one
- two
  1. nested a
  2. nested b

| Name | Value |
|---|:---:|
| Knockback | 2 |

> A quoted rule.

---

![A circle](printgen:test/circle)

    code block

# Second Chapter

## Knockback

Pushes.
"""


def _converter(st, width=450.0):
    def image(address, alt, w, cell):
        assert address == "printgen:test/circle"
        return OpsFlowable([Circle(10, 10, 9, Style(fill="#ff0000"))], 20, 20)

    return Converter(st, image, terms={"Knockback": "h-knockback"}, frame_width=width)


def test_each_construct_becomes_its_flowable():
    st = styles()
    flow = _converter(st).convert(SAMPLE)
    kinds = [type(f).__name__ for f in flow]
    assert [f.plain for f in flow if isinstance(f, Heading)] == ["First Chapter", "Second Chapter", "Knockback"]
    assert [f.level for f in flow if isinstance(f, Heading)] == [0, 0, 1]
    para = next(f for f in flow if isinstance(f, Paragraph) and "bold" in f.text)
    assert "<b>bold</b>" in para.text and "<i>italic</i>" in para.text
    assert 'href="https://example.org"' in para.text and 'href="#h-second-chapter"' in para.text
    assert 'href="#h-knockback"' in para.text  # the keyword links to its entry
    lists = [f for f in flow if isinstance(f, ListFlowable)]
    assert len(lists) == 1 and any(isinstance(x, ListFlowable) for item in lists[0]._flowables for x in item._flowables)
    table = next(f for f in flow if isinstance(f, Table))
    assert len(table._cellvalues) == 2
    assert any(isinstance(f, HRFlowable) for f in flow)
    assert any(isinstance(f, Preformatted) for f in flow)
    assert any(isinstance(f, OpsFlowable) for f in flow)
    # the second chapter starts a page only when little of it is left (a page per chapter left holes)
    from printgen.rulebook.markdown import CHAPTER_ROOM

    breaks = [f for f in flow if type(f).__name__ == "CondPageBreak"]
    assert "PageBreak" not in kinds and any(b.height == CHAPTER_ROOM for b in breaks)


def test_a_small_book_sets_with_contents_outline_and_links():
    st = styles()
    info = BookInfo("Test Game", "1.0", "A subtitle")

    def story(width):
        body = _converter(st, width).convert(SAMPLE)
        return cover_story(st, info) + contents_story(st, [f for f in body if isinstance(f, Heading)]) + body

    data, pages = set_book(story, PageSpec.for_paper("a4", 5.0), info)
    doc = pymupdf.open(stream=data)
    assert len(doc) == pages >= 3  # cover, contents, and two short chapters sharing a page
    assert [t for _, t, _ in doc.get_toc()] == ["First Chapter", "Second Chapter", "Knockback"]
    jumps = [lk for page in doc for lk in page.get_links() if lk["kind"] == pymupdf.LINK_GOTO]
    targets = {lk["page"] for lk in jumps}
    second = next(p for _, t, p in doc.get_toc() if t == "Second Chapter") - 1
    assert second in targets
    assert any(lk["kind"] == pymupdf.LINK_URI and lk["uri"] == "https://example.org"
               for page in doc for lk in page.get_links())
    assert f"page 3 of {pages}" in doc[2].get_text()


def _quote_boxes(doc) -> list[tuple[int, float, float]]:
    """(page, top, bottom) mm of the quote background (#f3ede0) on each page."""
    out = []
    for n, page in enumerate(doc):
        fills = [d["rect"] for d in page.get_drawings()
                 if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], (0xf3 / 255, 0xed / 255, 0xe0 / 255)))]
        if fills:
            out.append((n, min(r.y0 for r in fills) * 25.4 / 72, max(r.y1 for r in fills) * 25.4 / 72))
    return out


def test_a_block_quote_longer_than_a_page_carries_on_over_the_next():
    st = styles()
    info = BookInfo("Quotes", "1.0", "")
    text = "# Long\n\n" + "\n>\n".join(["> Paragraph %d of a long quoted rule, to run past the foot of the page." % n
                                         for n in range(120)]) + "\n\nAfter the quote.\n"

    def story(width):
        return _converter(st, width).convert(text)

    data, pages = set_book(story, PageSpec.for_paper("a4", 5.0), info)
    doc = pymupdf.open(stream=data)
    boxes = _quote_boxes(doc)
    assert len(boxes) >= 2 and pages >= 3  # one cell could not be placed at all: a LayoutError before
    words = " ".join(p.get_text() for p in doc)
    assert "Paragraph 0 of" in words and "Paragraph 119 of" in words and "After the quote." in words
    for _, top, bottom in boxes[:-1]:  # each full page of quote runs to near its frame's foot
        assert bottom > 297 - 40


def test_a_quote_in_a_quote_fits_inside_it():
    st = styles()
    conv = _converter(st, 400.0)
    flow = conv.convert("> outer\n>\n> > inner\n")
    outer = flow[0]
    inner_table = next(f for row in outer._cellvalues for cell in row
                       for f in (cell if isinstance(cell, list) else [cell]) if isinstance(f, Table))
    assert outer._colWidths == [400.0] and inner_table._colWidths == [400.0 - 17.0]
    assert conv.frame_width == 400.0  # restored after the quote


def test_one_quoted_paragraph_taller_than_a_page_carries_on_too():
    # (a cell of a table does the same: tests/rulebook/test_rulebook.py)
    st = styles()
    text = "# Long\n\n> " + " ".join(["Rules"] * 1500) + "\n\n> " + "A" * 10000 + "\n\nAfter.\n"

    def story(width):
        return _converter(st, width).convert(text)

    data, pages = set_book(story, PageSpec.for_paper("a4", 5.0), BookInfo("Quotes", "1.0", ""))
    doc = pymupdf.open(stream=data)
    words = "".join(p.get_text() for p in doc)
    # each paragraph taller than a page goes on unboxed, breaking over pages: all of it printed
    assert words.count("Rules") == 1500 and words.count("A") >= 10000 and "After." in doc[-1].get_text()
    assert pages >= 4


def test_a_paragraphs_markup_is_worked_out_once_for_its_tokens_terms_and_colour():
    """Converter.inline keeps the markup of the book's parsed tokens (the other paper sets the same paragraphs):
    the same as worked out afresh, and another book's terms or term colour get their own."""
    from printgen.rulebook import markdown
    from printgen.rulebook.markdown import parse
    from printgen.rulebook.theme import default_theme

    text = "A Knight moves two hexes; a *Knight* at a Ford waits.\n\n| Unit | Note |\n|---|---|\n| Knight | Ford |\n"
    tokens = parse(text)
    inlines = [t.children for t in tokens if t.type == "inline"]
    st = styles()

    def conv(terms, colour=None):
        theme = default_theme()
        if colour is not None:
            theme = theme.model_copy(update={"colours": theme.colours.model_copy(update={"terms": colour})})
        return Converter(st, lambda *a: None, terms=terms, theme=theme)

    markdown._INLINE.clear()
    first = [conv({"Knight": "h-knight"}).inline(c) for c in inlines]
    assert len(markdown._INLINE) == len(inlines)
    again = [conv({"Knight": "h-knight"}).inline(c) for c in inlines]
    assert again == first and all(a is b for a, b in zip(again, first))  # looked up
    fresh = [conv({"Knight": "h-knight"})._inline(c, True) for c in inlines]
    assert fresh == first
    other = [conv({"Ford": "h-ford"}).inline(c) for c in inlines]
    assert other != first and 'href="#h-ford"' in other[0] and 'h-knight' not in "".join(other)
    coloured = conv({"Knight": "h-knight"}, "#aa0000").inline(inlines[0])
    assert 'color="#aa0000"' in coloured and coloured != first[0]
    assert conv({"Knight": "h-knight"}).inline(inlines[0], link_terms=False) == conv({})._inline(inlines[0], False)


def test_a_heading_with_an_ampersand_prints_it_once_on_the_contents_page():
    """The contents page sets a heading's plain form, which is markup already: escaped again, "Salt & Steel"
    printed "Salt &amp; Steel" there (and only there)."""
    st = styles()
    info = BookInfo("Test Game", "1.0", "A subtitle")
    text = '# Salt & Steel\n\nA chapter.\n\n## "Quoted" <Rules>\n\nMore.\n'

    def story(width):
        body = _converter(st, width).convert(text)
        return cover_story(st, info) + contents_story(st, [f for f in body if isinstance(f, Heading)]) + body

    data, _ = set_book(story, PageSpec.for_paper("a4", 5.0), info)
    doc = pymupdf.open(stream=data)
    contents = doc[1].get_text()
    assert "Salt & Steel" in contents and '"Quoted" <Rules>' in contents
    assert "&amp;" not in contents and "&quot;" not in contents and "&lt;" not in contents
    assert "Salt & Steel" in doc[2].get_text()
