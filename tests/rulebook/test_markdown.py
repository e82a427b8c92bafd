"""Markdown to platypus: each construct becomes the right flowable, and a small book sets."""

from __future__ import annotations

import pymupdf
from reportlab.platypus import HRFlowable, ListFlowable, Paragraph, Preformatted, Table

from printgen.draw.document import Circle, Style
from printgen.draw.page import PageSpec
from printgen.rulebook.book import BookInfo, contents_story, cover_story, set_book, styles
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
    assert "PageBreak" in kinds  # the second chapter starts a page


def test_a_small_book_sets_with_contents_outline_and_links():
    st = styles()
    info = BookInfo("Test Game", "1.0", "A subtitle")

    def story(width):
        body = _converter(st, width).convert(SAMPLE)
        return cover_story(st, info) + contents_story(st, [f for f in body if isinstance(f, Heading)]) + body

    data, pages = set_book(story, PageSpec.for_paper("a4", 5.0), info)
    doc = pymupdf.open(stream=data)
    assert len(doc) == pages >= 4
    assert [t for _, t, _ in doc.get_toc()] == ["First Chapter", "Second Chapter", "Knockback"]
    jumps = [lk for page in doc for lk in page.get_links() if lk["kind"] == pymupdf.LINK_GOTO]
    targets = {lk["page"] for lk in jumps}
    second = next(p for _, t, p in doc.get_toc() if t == "Second Chapter") - 1
    assert second in targets
    assert any(lk["kind"] == pymupdf.LINK_URI and lk["uri"] == "https://example.org"
               for page in doc for lk in page.get_links())
    assert f"page 3 of {pages}" in doc[2].get_text()
