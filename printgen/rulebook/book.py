"""Setting the rulebook with platypus: cover, contents, chapters, outline, links, header and footer (the cover's
words and the contents page as flowables: front_matter.py).

One pass: the contents' page numbers and the "y" of every footer's "page x of
y" are PDF forms placed as the pages are set and defined when the last page is
(a form may be used before it is defined). The document is deterministic
(reportlab invariant mode) and embeds only the bundled fonts and the game's own. Its look (margins,
columns, cover, running head and foot, paragraph styles: styles.py) is the game's theme (theme.py).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import ActionFlowable, BaseDocTemplate, CondPageBreak, KeepTogether, PageBreak, PageTemplate

from ..draw.fonts import FONTS, pdf_name
from ..draw import pdf_format  # noqa: F401 (reportlab's objects written the same, at less cost)
from ..draw.page import PageSpec
from ..draw.subsets import unique_subset_names
from ..hexgrid import hex_corners, honeycomb
from ..units import mm_to_pt
from .arrange import floats
from .ending import NotesPanel
from .flowables import KeepWithPicture
from .frames import BookFrame
from .widths import remember_widths
from .record import book_canvas, recorded_pages
from .tables import Spanning
from .markdown import Heading
from .styles import _pt, styles  # noqa: F401 (styles: read here by the renderer and the tests)
from .theme import Theme, default_theme


@dataclass
class BookInfo:
    game: str
    version: str
    subtitle: str


HEAD_ROOM = 0.5  # a heading kept with a table across the page stays only with this share of a column left
CLEAR = mm_to_pt(3.0)  # pt the running head's and foot's rules keep off the body (the preflight asks for 2 mm)


class Rulebook(BaseDocTemplate):
    keepTogetherClass = KeepWithPicture  # a heading stays with a picture that fits a little smaller
    def __init__(self, buf, spec: PageSpec, info: BookInfo, theme: Theme | None = None, **kw):
        self.spec = spec
        self.info = info
        self.theme = t = theme or default_theme()
        pg = t.page
        w, h = mm_to_pt(spec.width), mm_to_pt(spec.height)
        super().__init__(buf, pagesize=(w, h), leftMargin=_pt(pg.margin_left), rightMargin=_pt(pg.margin_right),
                         topMargin=_pt(pg.margin_top), bottomMargin=_pt(pg.margin_bottom), invariant=1,
                         title=f"{info.game} rulebook", author=info.game, subject=f"{info.game} v{info.version}",
                         creator="printgen", initialFontName=pdf_name("sans"), **kw)
        # BaseDocTemplate sets its own keepTogetherClass on the instance (its _initArgs), hiding the class's
        self.keepTogetherClass = KeepWithPicture
        gap = _pt(pg.column_gap) if pg.columns == 2 else 0.0
        self.column = (self.width - gap) / pg.columns
        frames = [BookFrame(self.leftMargin + k * (self.column + gap), self.bottomMargin, self.column, self.height,
                            id=f"body{k}", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
                  for k in range(pg.columns)]
        cover = BookFrame(mm_to_pt(20), mm_to_pt(20), w - mm_to_pt(40), h - mm_to_pt(40), id="cover",
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        # the contents page is set in one column whatever the body's
        whole = BookFrame(self.leftMargin, self.bottomMargin, self.width, self.height, id="whole",
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("cover", [cover], onPage=self._cover_art),
                               PageTemplate("contents", [whole]), PageTemplate("body", frames)])

    @property
    def frame_width(self) -> float:
        return self.column

    # One pass: what the pages cannot know until the end (the contents' page numbers, the "y" of
    # "page x of y") is drawn as a PDF form named here and defined once the last page is set.
    def build(self, flowables, **kw):
        self.heading_pages: dict[str, int] = {}
        self._doSave = 0  # the forms come first
        super().build(flowables, **kw)
        self._define_forms()
        self.canv.save()

    def handle_flowable(self, flowables) -> None:
        self._span(flowables)
        if not flowables:
            return
        self._float(flowables)
        super().handle_flowable(flowables)

    def _span(self, flowables: list) -> None:
        """A table set across both columns (tables.Spanning) takes the top of a page's first column, the
        heading kept with it set across above it; the second column then starts under it (afterFlowable).
        Met lower on a page, it waits for the top of the next one as a book sets a figure, while what follows
        it fills this page (the heading and lead text kept with it stay here, above that text)."""
        if not getattr(self, "frame", None):
            return
        frame = self.frame
        # the top of a page: nothing set yet, or only tables across it (they stack)
        top = frame is self.pageTemplate.frames[0] and (
            frame._atTop or getattr(self, "_span_end", None) == (self.page, frame._y))
        waiting = getattr(self, "_waiting", None)
        if waiting and (top or len(flowables) <= 2):  # a fresh page, or the book's end (its notes panel)
            flowables[:0] = ([] if top else [PageBreak()]) + waiting
            self._waiting = []
            return
        if not flowables:
            return
        self.handle_keepWithNext(flowables)
        first = flowables[0]
        parts = getattr(first, "_content", None) if isinstance(first, KeepTogether) else [first]
        if not parts or not isinstance(parts[-1], Spanning):
            return
        if top and getattr(parts[-1], "whole", False) and not frame._atTop:  # a picture under another across:
            room = frame._y - frame._y1p  # one the page cannot hold heads the next (it cannot be split)
            if parts[-1].wrap(frame._getAvailableWidth(), room)[1] > room:
                flowables.insert(0, PageBreak())
                return
        if top:
            if len(parts) > 1:
                flowables[0] = parts[-1].with_lead(parts[:-1])
            return
        if len(flowables) == 1:  # the story's last: nothing after it to fill this page, so the next one
            flowables.insert(0, PageBreak())
            return
        lead = parts[:-1]
        if any(isinstance(p, Heading) for p in lead) and frame._y - frame._y1p < HEAD_ROOM * (frame._y2 - frame._y1p):
            # a heading kept with it near a column's foot would be left there alone: both start the next page
            flowables[0] = parts[-1].with_lead(lead)
            flowables.insert(0, PageBreak())
            return
        self._waiting = (waiting or []) + [parts[-1]]
        flowables[0:1] = parts[:-1]

    def _float(self, flowables: list) -> None:
        """A picture (or a row of them) that the room left on the page cannot hold waits while what follows
        it fits there: that text is set first and the picture heads the next page, as a book sets a figure
        (it was moved whole anyway, leaving the rest of the page empty). Never past a chapter's or
        section's heading (h1, h2), another picture, or a break."""
        if len(flowables) < 2 or not floats(flowables[0]):
            return
        frame, canv = self.frame, self.canv
        if getattr(frame, "_atTop", 1):
            return
        aw, ah = frame._getAvailableWidth(), frame._y - frame._y1p
        f = flowables[0]
        if f.wrapOn(canv, aw, ah)[1] + f.getSpaceBefore() <= ah:
            return
        rest = flowables[1:]
        self.handle_keepWithNext(rest)
        nxt = rest[0]
        if isinstance(nxt, CondPageBreak):
            if nxt.height > ah:
                return
            flowables[:] = [nxt, f] + rest[1:]
            return
        parts = getattr(nxt, "_content", None) or [nxt]
        if (isinstance(nxt, (ActionFlowable, PageBreak, NotesPanel)) or any(floats(p) for p in parts)
                or any(isinstance(p, Heading) and p.level <= 1 for p in parts)):
            return
        if isinstance(nxt, KeepTogether):
            nxt.wrapOn(canv, aw, ah)
            need = nxt._H
        else:
            need = nxt.wrapOn(canv, aw, ah)[1] + nxt.getSpaceBefore() + nxt.getSpaceAfter()
        if need <= ah:
            # what the text was kept with comes after the picture now: the picture is not pulled in with it
            for p in {id(nxt): nxt, id(parts[-1]): parts[-1]}.values():
                p.__dict__["keepWithNext"] = 0
            flowables[:] = [nxt, f] + rest[1:]

    def afterPage(self) -> None:
        self.furniture(self.canv)

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, Spanning):  # the columns beside a table set across start under it
            self._span_end = (self.page, self.frame._y)
            for other in self.pageTemplate.frames:
                if other is not self.frame:
                    other._y = min(other._y, self.frame._y)
        if isinstance(flowable, Heading):
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.title, flowable.key, level=flowable.level, closed=flowable.level > 0)
            self.heading_pages[flowable.key] = self.page

    def _cover_art(self, canv, doc) -> None:
        w, h = self.pagesize
        c = self.theme.cover
        # Home printers cannot print to the edge: the art stops at the safe margin.
        sm = mm_to_pt(self.spec.margin + 0.5)
        canv.saveState()
        clip = canv.beginPath()
        clip.roundRect(sm, sm, w - 2 * sm, h - 2 * sm, mm_to_pt(3))
        canv.clipPath(clip, stroke=0, fill=0)
        canv.setFillColor(colors.HexColor(c.background))
        canv.rect(sm, sm, w - 2 * sm, h - 2 * sm, stroke=0, fill=1)
        if c.pattern == "hexes":
            canv.setStrokeColor(colors.HexColor(c.pattern_colour))
            canv.setLineWidth(0.8)
            _honeycomb(canv, w, h, sm)
        if self.cover_art is not None:
            self._draw_art(canv, sm)
        if c.frame:
            canv.setStrokeColor(colors.HexColor(c.frame_colour))
            canv.setLineWidth(1.6)
            m = mm_to_pt(14)
            canv.roundRect(m, m, w - 2 * m, h - 2 * m, mm_to_pt(4), stroke=1, fill=0)
        canv.restoreState()

    cover_art = None  # (PNG or JPEG bytes, (width, height) px): the theme's cover picture, if any

    def _draw_art(self, canv, sm: float) -> None:
        """The cover picture: the whole cover to the safe margin, or a band across the page under the
        title (its whole width, a third of its height); cropped, centred, to the box's shape, so the
        file holds only what shows."""
        from PIL import Image
        from reportlab.lib.utils import ImageReader

        data, _ = self.cover_art
        w, h = self.pagesize
        if self.theme.cover.art_fit == "full":
            x, y, bw, bh = sm, sm, w - 2 * sm, h - 2 * sm
        else:
            bw, bh = w - 2 * sm, (h - 2 * sm) / 3
            x, y = sm, sm + mm_to_pt(18)
        with Image.open(io.BytesIO(data)) as im:
            pw, ph = im.size
            k = max(bw / pw, bh / ph)  # cover the box: the overhang is cut off, as much each side
            cw, ch = min(pw, round(bw / k)), min(ph, round(bh / k))
            left, top = (pw - cw) // 2, (ph - ch) // 2
            out = io.BytesIO()
            im.crop((left, top, left + cw, top + ch)).save(out, format="PNG")
        canv.drawImage(ImageReader(io.BytesIO(out.getvalue())), x, y, bw, bh)

    def furniture(self, canv) -> None:
        """Running header (game, version) and footer (page x of y) on every page but the cover."""
        n = canv.getPageNumber()
        if n == 1:
            return
        w, h = self.pagesize
        t = self.theme
        x0, x1 = _pt(t.page.margin_left), w - _pt(t.page.margin_right)
        canv.saveState()
        canv.setStrokeColor(colors.HexColor(t.colours.rules))
        canv.setLineWidth(0.5)
        # the head's and foot's rules stand CLEAR off the body: where a theme's narrow margin would bring the body
        # near them, they move out towards the paper's edge (not past its printable area)
        edge = mm_to_pt(self.spec.margin + 0.5)
        if t.page.running_head:
            top = max(h - mm_to_pt(14), min(h - _pt(t.page.margin_top) + CLEAR + 3, h - edge - 9))
            canv.line(x0, top - 3, x1, top - 3)
            canv.setFillColor(colors.HexColor(t.colours.accent))
            canv.setFont(pdf_name(t.fonts.headings), 9)
            canv.drawString(x0, top, self.info.game)
            canv.setFont(pdf_name(t.fonts.body), 8)
            canv.setFillColor(colors.HexColor(t.colours.muted))
            canv.drawRightString(x1, top, f"Rulebook, version {self.info.version}")
        if t.page.running_foot:
            bottom = min(mm_to_pt(11), max(_pt(t.page.margin_bottom) - CLEAR - 9, edge + 3))
            canv.line(x0, bottom + 9, x1, bottom + 9)
            canv.translate((x0 + x1) / 2, bottom)
            canv.doForm(f"printgen-footer-{n}")  # "page n of y", centred: set when y is known
        canv.restoreState()

    def _define_forms(self) -> None:
        canv, total = self.canv, self.page
        for n in range(2, total + 1):
            canv.beginForm(f"printgen-footer-{n}", -300, -20, 300, 20)
            canv.setFont(pdf_name(self.theme.fonts.body), 8)
            canv.setFillColor(colors.HexColor(self.theme.colours.muted))
            canv.drawCentredString(0, 0, f"page {n} of {total}")
            canv.endForm()
        for key, style in getattr(self, "contents_keys", {}).items():
            canv.beginForm(f"printgen-page-{key}", -300, -20, 300, 40)
            canv.setFont(style.fontName, style.fontSize)
            canv.setFillColor(style.textColor)
            canv.drawRightString(0, 0, str(self.heading_pages.get(key, "")))
            canv.endForm()


def _honeycomb(canv, w: float, h: float, sm: float) -> None:
    """The cover's pattern of whole hexes inside the safe margin ``sm`` of a ``w`` x ``h`` pt page. Every cover of
    one paper size draws the same paths (only their colour, set before, is the theme's): the operators written
    and the boxes noted (record.py) the first time are taken again by the next cover drawn from the same state
    (a worker sets several games' books)."""
    record = getattr(canv, "_items", None)
    key = (w, h, sm, canv._lineWidth, canv._fillMode, getattr(canv, "_ctm", None), type(canv))
    got = _HONEYCOMB.get(key) if record is not None else None
    if got is not None:
        canv._code.extend(got[0])
        record.extend(got[1])
        return
    code_at, items_at = len(canv._code), len(record) if record is not None else 0
    r = mm_to_pt(11)
    for cx, cy in honeycomb(w, h, r):
        if not (sm + r <= cx <= w - sm - r and sm + r <= cy <= h - sm - r):
            continue  # whole hexes only: nothing leans past the clip
        p = canv.beginPath()
        corners = hex_corners(cx, cy, r * 0.9)
        for i, (x, y) in enumerate(corners + corners[:1]):
            (p.moveTo if i == 0 else p.lineTo)(x, y)
        canv.drawPath(p, stroke=1, fill=0)
    if record is not None:
        if len(_HONEYCOMB) >= 16:
            _HONEYCOMB.clear()
        _HONEYCOMB[key] = (tuple(canv._code[code_at:]), tuple(record[items_at:]))


_HONEYCOMB: dict[tuple, tuple] = {}  # (page, margin, line width, fill mode, matrix, canvas) -> (operators, boxes)


def set_book(story_for, spec: PageSpec, info: BookInfo, theme: Theme | None = None,
             cover_art: tuple | None = None, pictures: list | None = None,
             tables: list | None = None, read: list | None = None) -> tuple[bytes, int]:
    """Typeset a story (built by ``story_for(frame_width_pt)``) into PDF bytes, in one pass; returns
    (bytes, pages). ``cover_art``: (PNG or JPEG bytes, (width, height) px) of the theme's cover picture;
    ``pictures``: a list that takes (page, ops, scale, (w, h) mm) of every picture as it is drawn; ``tables``:
    one that takes every table as drawn (tables.record); ``read``: one that takes each page's text runs and
    object boxes as drawn (record.recorded_pages; left empty when they could not all be followed)."""
    buf = io.BytesIO()
    doc = Rulebook(buf, spec, info, theme)
    fonts = doc.theme.fonts
    for name in {*FONTS, fonts.body, fonts.bold, fonts.italic, fonts.bold_italic, fonts.headings, fonts.subheadings,
                 fonts.captions, fonts.tables}:
        remember_widths(pdf_name(name))
    doc.cover_art = cover_art
    doc.pictures = pictures
    doc.tables = tables
    doc.build(story_for(doc.frame_width), canvasmaker=book_canvas)
    if read is not None:
        read.extend(recorded_pages(doc.canv, doc.pagesize) or ())
    pages = doc.page
    noted = getattr(doc.canv._doc, "_printgen_subsets", None)  # as written (book_canvas asked for them)
    _let_go(doc)
    return unique_subset_names(buf.getvalue(), noted), pages  # tags unique across a kit (draw/subsets.py)


def _let_go(doc: Rulebook) -> None:
    """Undo the references platypus and reportlab leave in cycles (the document and its canvas, the canvas and
    its PDF document, every PDF object and the document that numbers it), once the book is written: what a
    book allocated is then freed as it is let go, not left for the collector to find, a few tenths of a second
    of collections over a build's books."""
    canv = doc.__dict__.get("canv")
    pdf = getattr(canv, "_doc", None)
    for obj in (pdf, canv, doc):
        if obj is not None:
            obj.__dict__.clear()
