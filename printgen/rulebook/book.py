"""Setting the rulebook with platypus: cover, contents, chapters, outline, links, header and footer.

One pass: the contents' page numbers and the "y" of every footer's "page x of
y" are PDF forms placed as the pages are set and defined when the last page is
(a form may be used before it is defined). The document is deterministic
(reportlab invariant mode) and embeds only the bundled fonts.
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate, Spacer, Table, TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from ..draw.colour import mix
from ..draw.fonts import pdf_name, register_game_fonts
from ..draw.page import PageSpec
from ..draw.subsets import unique_subset_names
from ..hexgrid import hex_corners, honeycomb
from ..units import mm_to_pt
from ..safety.markup import paragraph, tag, text
from .flowables import KeepWithPicture
from .markdown import Heading

INK = "#1d1d1b"
ACCENT = "#3b2f4a"
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 20.0, 22.0, 20.0  # mm


def styles() -> dict[str, ParagraphStyle]:
    register_game_fonts()
    sans, bold, ital, bi = (pdf_name(f) for f in ("sans", "sans-bold", "sans-italic", "sans-bolditalic"))
    registerFontFamily(sans, normal=sans, bold=bold, italic=ital, boldItalic=bi)
    serif = pdf_name("serif-bold")
    registerFontFamily(serif, normal=serif, bold=serif, italic=serif, boldItalic=serif)
    ink = colors.HexColor(INK)
    base = ParagraphStyle("body", fontName=sans, fontSize=9.6, leading=13.4, textColor=ink, spaceAfter=5.5)
    return {
        "body": base,
        "body-lead": ParagraphStyle("body-lead", parent=base, keepWithNext=1),
        "list": ParagraphStyle("list", parent=base, spaceAfter=2.5),
        "quote": ParagraphStyle("quote", parent=base, fontName=ital, textColor=colors.HexColor("#3a3a3a"),
                                spaceAfter=3),
        "code": ParagraphStyle("code", parent=base, fontName=sans, fontSize=8.5, leading=11,
                               textColor=colors.HexColor("#4a3b2a")),
        "h1": ParagraphStyle("h1", parent=base, keepWithNext=1, fontName=serif, fontSize=24, leading=29, spaceBefore=20,
                             spaceAfter=12, textColor=colors.HexColor(ACCENT)),
        "h2": ParagraphStyle("h2", parent=base, keepWithNext=1, fontName=serif, fontSize=15, leading=19, spaceBefore=10,
                             spaceAfter=6, textColor=colors.HexColor(ACCENT)),
        "h3": ParagraphStyle("h3", parent=base, keepWithNext=1, fontName=bold, fontSize=11, leading=14, spaceBefore=7, spaceAfter=4),
        "h4": ParagraphStyle("h4", parent=base, keepWithNext=1, fontName=bold, fontSize=9.6, leading=13, spaceBefore=5, spaceAfter=2),
        "th-left": ParagraphStyle("th", parent=base, fontName=bold, fontSize=8.6, leading=11,
                                  textColor=colors.white, spaceAfter=0),
        "th-center": ParagraphStyle("thc", parent=base, fontName=bold, fontSize=8.6, leading=11,
                                    textColor=colors.white, spaceAfter=0, alignment=TA_CENTER),
        "th-right": ParagraphStyle("thr", parent=base, fontName=bold, fontSize=8.6, leading=11,
                                   textColor=colors.white, spaceAfter=0, alignment=TA_RIGHT),
        "td-left": ParagraphStyle("td", parent=base, fontSize=8.6, leading=11.2, spaceAfter=0),
        "td-center": ParagraphStyle("tdc", parent=base, fontSize=8.6, leading=11.2, spaceAfter=0,
                                    alignment=TA_CENTER),
        "td-right": ParagraphStyle("tdr", parent=base, fontSize=8.6, leading=11.2, spaceAfter=0, alignment=TA_RIGHT),
        "caption": ParagraphStyle("caption", parent=base, fontName=ital, fontSize=8, leading=10,
                                  alignment=TA_CENTER, textColor=colors.HexColor("#5a5a5a")),
        "toc-title": ParagraphStyle("toc-title", parent=base, fontName=serif, fontSize=24, leading=29,
                                    textColor=colors.HexColor(ACCENT), spaceAfter=14),
        "toc0": ParagraphStyle("toc0", parent=base, fontName=bold, fontSize=11, leading=17, leftIndent=0),
        "toc1": ParagraphStyle("toc1", parent=base, fontSize=9.6, leading=13.5, leftIndent=14),
        "cover-title": ParagraphStyle("cover-title", parent=base, fontName=serif, fontSize=44, leading=50,
                                      alignment=TA_CENTER, textColor=colors.white),
        "cover-sub": ParagraphStyle("cover-sub", parent=base, fontName=ital, fontSize=12.5, leading=17,
                                    alignment=TA_CENTER, textColor=colors.HexColor("#e9dfc7")),
        "cover-meta": ParagraphStyle("cover-meta", parent=base, fontName=bold, fontSize=10, leading=14,
                                     alignment=TA_CENTER, textColor=colors.HexColor("#d9c9a3")),
    }


def _canvas(*args, **kwargs) -> Canvas:
    # Without this, reportlab starts every page in Helvetica: an unembedded font in the file.
    kwargs.setdefault("initialFontName", pdf_name("sans"))
    return Canvas(*args, **kwargs)


@dataclass
class BookInfo:
    game: str
    version: str
    subtitle: str


class Rulebook(BaseDocTemplate):
    keepTogetherClass = KeepWithPicture  # a heading stays with a picture that fits a little smaller
    def __init__(self, buf, spec: PageSpec, info: BookInfo, **kw):
        self.spec = spec
        self.info = info
        w, h = mm_to_pt(spec.width), mm_to_pt(spec.height)
        super().__init__(buf, pagesize=(w, h), leftMargin=mm_to_pt(MARGIN_X), rightMargin=mm_to_pt(MARGIN_X),
                         topMargin=mm_to_pt(MARGIN_TOP), bottomMargin=mm_to_pt(MARGIN_BOTTOM), invariant=1,
                         title=f"{info.game} rulebook", author=info.game, subject=f"{info.game} v{info.version}",
                         creator="printgen", initialFontName=pdf_name("sans"), **kw)
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover = Frame(mm_to_pt(20), mm_to_pt(20), w - mm_to_pt(40), h - mm_to_pt(40), id="cover",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("cover", [cover], onPage=self._cover_art),
                               PageTemplate("body", [frame])])

    @property
    def frame_width(self) -> float:
        return self.width

    # One pass: what the pages cannot know until the end (the contents' page numbers, the "y" of
    # "page x of y") is drawn as a PDF form named here and defined once the last page is set.
    def build(self, flowables, **kw):
        self.heading_pages: dict[str, int] = {}
        self._doSave = 0  # the forms come first
        super().build(flowables, **kw)
        self._define_forms()
        self.canv.save()

    def afterPage(self) -> None:
        self.furniture(self.canv)

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, Heading):
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.title, flowable.key, level=flowable.level, closed=flowable.level > 0)
            self.heading_pages[flowable.key] = self.page

    def _cover_art(self, canv, doc) -> None:
        w, h = self.pagesize
        # Home printers cannot print to the edge: the art stops at the safe margin.
        sm = mm_to_pt(self.spec.margin + 0.5)
        canv.saveState()
        clip = canv.beginPath()
        clip.roundRect(sm, sm, w - 2 * sm, h - 2 * sm, mm_to_pt(3))
        canv.clipPath(clip, stroke=0, fill=0)
        canv.setFillColor(colors.HexColor(ACCENT))
        canv.rect(sm, sm, w - 2 * sm, h - 2 * sm, stroke=0, fill=1)
        line = colors.HexColor(mix(ACCENT, "#ffffff", 0.16))
        canv.setStrokeColor(line)
        canv.setLineWidth(0.8)
        r = mm_to_pt(11)
        for cx, cy in honeycomb(w, h, r):
            if not (sm + r <= cx <= w - sm - r and sm + r <= cy <= h - sm - r):
                continue  # whole hexes only: nothing leans past the clip
            p = canv.beginPath()
            corners = hex_corners(cx, cy, r * 0.9)
            for i, (x, y) in enumerate(corners + corners[:1]):
                (p.moveTo if i == 0 else p.lineTo)(x, y)
            canv.drawPath(p, stroke=1, fill=0)
        canv.setStrokeColor(colors.HexColor("#d9c9a3"))
        canv.setLineWidth(1.6)
        m = mm_to_pt(14)
        canv.roundRect(m, m, w - 2 * m, h - 2 * m, mm_to_pt(4), stroke=1, fill=0)
        canv.restoreState()

    def furniture(self, canv) -> None:
        """Running header (game, version) and footer (page x of y) on every page but the cover."""
        n = canv.getPageNumber()
        if n == 1:
            return
        w, h = self.pagesize
        x0, x1 = mm_to_pt(MARGIN_X), w - mm_to_pt(MARGIN_X)
        canv.saveState()
        canv.setStrokeColor(colors.HexColor("#8c7b5f"))
        canv.setLineWidth(0.5)
        top = h - mm_to_pt(14)
        canv.line(x0, top - 3, x1, top - 3)
        canv.setFillColor(colors.HexColor(ACCENT))
        canv.setFont(pdf_name("serif-bold"), 9)
        canv.drawString(x0, top, self.info.game)
        canv.setFont(pdf_name("sans"), 8)
        canv.setFillColor(colors.HexColor("#5a5a5a"))
        canv.drawRightString(x1, top, f"Rulebook, version {self.info.version}")
        bottom = mm_to_pt(11)
        canv.line(x0, bottom + 9, x1, bottom + 9)
        canv.translate(w / 2, bottom)
        canv.doForm(f"printgen-footer-{n}")  # "page n of y", centred: set when y is known
        canv.restoreState()

    def _define_forms(self) -> None:
        canv, total = self.canv, self.page
        for n in range(2, total + 1):
            canv.beginForm(f"printgen-footer-{n}", -300, -20, 300, 20)
            canv.setFont(pdf_name("sans"), 8)
            canv.setFillColor(colors.HexColor("#5a5a5a"))
            canv.drawCentredString(0, 0, f"page {n} of {total}")
            canv.endForm()
        for key, style in getattr(self, "contents_keys", {}).items():
            canv.beginForm(f"printgen-page-{key}", -300, -20, 300, 40)
            canv.setFont(style.fontName, style.fontSize)
            canv.setFillColor(style.textColor)
            canv.drawRightString(0, 0, str(self.heading_pages.get(key, "")))
            canv.endForm()


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
            para = paragraph(tag(f'<a href="#{k}">') + text(title)
                             + tag(f'</a><onDraw name="printgenContentsEnd" label="{level},{k}"/>'), style)
            rows.append([para])
        self._table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height


def cover_story(st, info: BookInfo) -> list:
    return [
        Spacer(1, mm_to_pt(62)),
        paragraph(text(info.game), st["cover-title"]),
        Spacer(1, mm_to_pt(8)),
        paragraph(text(info.subtitle), st["cover-sub"]),
        Spacer(1, mm_to_pt(12)),
        paragraph(text(f"RULEBOOK, VERSION {info.version}"), st["cover-meta"]),
        NextPageTemplate("body"),
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
    return [paragraph(text("Contents"), st["toc-title"]), toc, PageBreak()]


def set_book(story_for, spec: PageSpec, info: BookInfo) -> tuple[bytes, int]:
    """Typeset a story (built by ``story_for(frame_width_pt)``) into PDF bytes, in one pass; returns
    (bytes, pages)."""
    buf = io.BytesIO()
    doc = Rulebook(buf, spec, info)
    doc.build(story_for(doc.frame_width), canvasmaker=_canvas)
    return unique_subset_names(buf.getvalue()), doc.page  # tags unique across a kit (draw/subsets.py)
