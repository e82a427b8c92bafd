"""The rulebook's front matter as flowables: the cover's words and the contents page, whose entries are the
book's headings and whose page numbers are forms the book defines when its last page is set (book.py)."""

from __future__ import annotations

import html

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import NextPageTemplate, PageBreak, Spacer, Table, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from ..safety.markup import paragraph, tag, text
from ..units import mm_to_pt
from .book import BookInfo
from .styles import _pt
from .theme import Theme, default_theme


class Contents(TableOfContents):
    """The table of contents, set in the one pass: its entries are the book's headings, known before
    it is set; each page number is a form the book defines at the end (``Rulebook._define_forms``),
    right-aligned under room for three digits, with the dot leader up to that room."""

    def __init__(self, entries: list, **kw) -> None:
        super().__init__(**kw)
        self._fixed = list(entries)

    def isIndexing(self) -> int:
        return 0

    def wrap(self, availWidth, availHeight):
        doc = self.canv._doctemplate
        doc.contents_keys = {key: self.getLevelStyle(level) for level, _, _, key in self._fixed}

        def entry_end(canvas, kind, label):
            level, key = label.split(",", 1)
            style = self.getLevelStyle(int(level))
            x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
            room = stringWidth("000", style.fontName, style.fontSize)
            dot = " . "
            dots = int((availWidth - x - room) / stringWidth(dot, style.fontName, style.fontSize))
            if dots > 0:
                canvas.setFont(style.fontName, style.fontSize)
                canvas.setFillColor(style.textColor)
                canvas.drawRightString(availWidth - room, y, dots * dot)
            canvas.saveState()
            canvas.translate(availWidth, y)
            canvas.doForm(f"printgen-page-{key}")
            canvas.restoreState()
            canvas.linkRect("", key, (availWidth - room, y, availWidth, y + style.leading), relative=1)

        self.canv.setNamedCB("printgenContentsEnd", entry_end)
        rows = []
        for level, title, _, key in self._fixed:
            style = self.getLevelStyle(level)
            k = html.escape(key, quote=True)
            # a heading's plain form is markup already (its entities kept): text() takes it as it is
            para = paragraph(tag(f'<a href="#{k}">') + text(title)
                             + tag(f'</a><onDraw name="printgenContentsEnd" label="{level},{k}"/>'), style)
            rows.append([para])
        self._table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height


def cover_story(st, info: BookInfo, theme: Theme | None = None) -> list:
    return [
        Spacer(1, _pt((theme or default_theme()).cover.title_at)),
        paragraph(text(info.game), st["cover-title"]),
        Spacer(1, mm_to_pt(8)),
        paragraph(text(info.subtitle), st["cover-sub"]),
        Spacer(1, mm_to_pt(12)),
        paragraph(text(f"RULEBOOK, VERSION {info.version}"), st["cover-meta"]),
        NextPageTemplate("contents"),
        PageBreak(),
    ]


def _contents_styles(st, entries: list, room: float | None) -> list[ParagraphStyle]:
    """The styles of the contents' two levels: the usual ones, or tighter ones when that keeps the
    contents on one page that would otherwise spill a few lines onto a second (``room``: the body
    frame's height in points)."""
    usual = [st["toc0"], st["toc1"]]
    title = st["toc-title"].leading + st["toc-title"].spaceAfter

    def height(levels):
        return title + sum(levels[min(level, 1)].leading for level, *_ in entries)

    if room is None or height(usual) <= room:
        return usual
    tight = [ParagraphStyle("toc0-tight", parent=st["toc0"], fontSize=10.2, leading=13.2),
             ParagraphStyle("toc1-tight", parent=st["toc1"], fontSize=9.0, leading=11.0)]
    return tight if height(tight) <= room else usual


def contents_story(st, headings: list, room: float | None = None) -> list:
    """The contents page: one line per heading (its page number filled in at the end). ``room``: the
    body frame's height in points, if known (see _contents_styles)."""
    entries = [(h.level, h.plain, 0, h.key) for h in headings if h.toc]
    toc = Contents(entries, dotsMinLevel=0, tableStyle=TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), st["body"].fontName),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]))
    toc.levelStyles = _contents_styles(st, entries, room)
    return [paragraph(text("Contents"), st["toc-title"]), toc, NextPageTemplate("body"), PageBreak()]
