"""The print kit: one PDF per game and paper that a player can print from start to end.

Page 1 (more if a game has very many printables) says how to print the rest:
every printable with its pages in the kit, single- or double-sided and the edge
to flip, how many copies, what to cut and with what, and the calibration check.
Then the printables follow in a sensible order (rules and aids, cards, tokens,
maps, scenarios), each a bookmark. A double-sided printable always starts on an
odd kit page (a blank page goes before it when needed), so a printer's duplex
setting pairs each back with its front whatever range is printed.
"""

from __future__ import annotations

import io
from contextlib import ExitStack
from dataclasses import dataclass

import pikepdf

from ..draw.colour import INK
from ..draw.document import Document, Page, Text, pt
from ..draw.page import PageSpec
from ..draw.text import Run
from ..render.flow import Flow
from ..render.page import furniture
from ..write.pdf import to_pdf
from ..draw.facts import PrintFacts
from .guide import Guide, guide_for


@dataclass(frozen=True)
class Entry:
    """One printable in a kit: its file, advice, and where it sits in the kit (1-based pages)."""

    stem: str
    guide: Guide
    pages: int
    first: int = 0  # first kit page
    blank_before: bool = False

    @property
    def last(self) -> int:
        return self.first + self.pages - 1

    @property
    def page_range(self) -> str:
        return str(self.first) if self.pages == 1 else f"{self.first}-{self.last}"


def plan_entries(pdfs: dict[str, pikepdf.Pdf], facts: dict[str, PrintFacts | None]) -> list[Entry]:
    """The printables of one paper in kit order, page counts read from their PDFs (opened), advice from their
    facts (not yet placed)."""
    entries = [Entry(stem, guide_for(facts.get(stem), stem, len(pdf.pages)), len(pdf.pages))
               for stem, pdf in pdfs.items()]
    return sorted(entries, key=lambda e: (e.guide.rank, e.stem))


def place(entries: list[Entry], cover_pages: int) -> tuple[list[Entry], int]:
    """Kit page numbers for every entry after ``cover_pages``; returns (entries, total pages)."""
    placed = []
    page = cover_pages + 1
    for e in entries:
        blank = e.guide.starts_on_front and page % 2 == 0
        page += blank
        placed.append(Entry(e.stem, e.guide, e.pages, page, blank))
        page += e.pages
    return placed, page - 1


# The cover's advice, word for word: a translated edition's catalogue holds them too (printgen.editions)
SCALE_HEAD = "1. Check the scale first"
SCALE_BOLD = "Print this page on its own at 100 % "
SCALE_TEXT = ("(\"Actual size\"; never \"Fit to page\" or \"Shrink\"). The two bars at the foot of the page "
              "must measure 50 mm and 2 in. If they do not, fix the scaling in the print dialog before "
              "printing anything else: maps, tokens and cards are drawn to true size.")
PARTS_HEAD = "2. Print each part"
PAPER_HEAD = "3. Paper, double-sided printing, tools"
OTHER_HEAD = "4. Other ways to print (files beside this kit)"
TIPS = (
    "Plain 80-120 g/m\u00b2 paper suits rules, aids, maps and scenarios; cards, tokens and tiles last longer "
    "on 160-250 g/m\u00b2 card stock.",
    "Type each printable's kit pages into the print dialog's page range and set its sides there. Double-sided "
    "without a duplex printer: print the odd pages, turn the stack over along its long edge, feed it back and "
    "print the even pages.",
    "Every double-sided part starts on an odd page, so its backs land on its fronts.",
)
KIT_TEXTS = (SCALE_HEAD, SCALE_BOLD, SCALE_TEXT, PARTS_HEAD, PAPER_HEAD, *TIPS)


def _words(game):
    """The cover's words in the game's language: a translated edition's, else as written."""
    edition = getattr(game, "edition", None)
    table = edition.table if edition is not None else {}
    return lambda text: table.get(text, text)


def _cover_pages(game_cfg, paper: str, spec: PageSpec, entries: list[Entry], total: int,
                 tr=lambda text: text, offered: list[tuple[str, str]] = ()) -> list[Page]:
    flow = Flow(spec)
    flow.page.add(Text(flow.x0, flow.y + 8.8, f"{game_cfg.name}: print kit", "serif-bold", pt(22), INK))
    flow.page.add(Text(flow.x0 + flow.width, flow.y + 8.8, f"v{game_cfg.version}, {paper.upper()} paper, {total} pages",
                       "sans", pt(9), INK, "end"))
    flow.space(13)
    flow.heading(tr(SCALE_HEAD), pt(11))
    flow.paragraph([Run(tr(SCALE_BOLD), "sans-bold"), Run(tr(SCALE_TEXT))])
    flow.heading(tr(PARTS_HEAD), pt(11))
    rows = []
    for e in entries:
        what = [Run(e.guide.title, "sans-bold")]
        if e.guide.note:
            what += [Run(f" ({e.guide.note})", "sans-italic")]
        sides = e.guide.sides + (" (blank page before it)" if e.blank_before else "")
        rows.append([[Run(e.page_range, "sans-bold")], what, [Run(sides)], [Run(e.guide.copies)],
                     [Run(e.guide.cut or "nothing to cut")]])
    flow.table(["Kit pages", "Printable", "Sides", "Copies", "Cut with"], [1.1, 3.6, 2.2, 1.4, 3.6], rows,
               align=["center", "left", "left", "center", "left"])
    flow.heading(tr(PAPER_HEAD), pt(11))
    tips = [tr(t) for t in TIPS]
    tools = sorted({t for e in entries for t in e.guide.tools})
    if tools:
        tips.append("Tools: " + "; ".join(tools) + ".")
    for tip in tips:
        flow.paragraph([Run(tip)], indent=4, bullet="\u2022")
    if offered:  # the other ways to print this build made, with what each needs (publish/choices.py)
        flow.heading(tr(OTHER_HEAD), pt(11))
        for title, text in offered:
            flow.paragraph([Run(title + ": ", "sans-bold"), Run(text)], indent=4, bullet="\u2022")
    return flow.pages


def _blank(spec: PageSpec) -> Page:
    page = Page(spec.width, spec.height)
    x0, y0, x1, y1 = spec.content
    page.add(Text((x0 + x1) / 2, (y0 + y1) / 2, "This page is left blank on purpose: the next part is double-sided.",
                  "sans-italic", pt(9), "#6b6b6b", "middle"))
    return page


def _finish_cover(pages: list[Page], spec: PageSpec, game_cfg, total: int, title: str, first: int = 1) -> list[Page]:
    """The footer on kit pages numbered from ``first`` of ``total`` (the cover, or a blank page in its place)."""
    for i, page in enumerate(pages, start=first):
        page.add(*furniture(spec, game=game_cfg.name, version=game_cfg.version, title=title,
                            page_no=i, page_count=total))
    return pages


def build_kit(game, paper: str, pdfs: dict[str, bytes], facts: dict[str, PrintFacts | None] | None = None,
              offered: list[tuple[str, str]] = ()) -> tuple[bytes, list[Entry], int]:
    """The kit PDF of ``game`` on ``paper`` from its printables (stem -> PDF bytes) and their print facts
    (stem -> what the build wrote beside each PDF), where each landed, and the kit's page count;
    ``offered``: (title, text) of the other ways to print the build made (publish/choices.py)."""
    # each printable opened once: its page count for the cover, its pages for the join
    with ExitStack() as stack:
        opened = {stem: stack.enter_context(pikepdf.open(io.BytesIO(data))) for stem, data in pdfs.items()}
        return _build_kit(game, paper, opened, facts, offered)


def _build_kit(game, paper: str, pdfs: dict[str, pikepdf.Pdf], facts: dict[str, PrintFacts | None] | None,
               offered: list[tuple[str, str]]) -> tuple[bytes, list[Entry], int]:
    cfg = game.data.game
    spec = PageSpec.for_paper(paper, cfg.print.margin)
    entries = plan_entries(pdfs, facts or {})
    cover_n = 1
    while True:  # the cover's length decides the page numbers it lists
        placed, total = place(entries, cover_n)
        cover = _cover_pages(cfg, paper, spec, placed, total, _words(game), offered)
        if len(cover) == cover_n:
            break
        cover_n = len(cover)
    title = "print kit"
    cover = _finish_cover(cover, spec, cfg, total, title)
    # the blank pages after the cover in its own PDF, each numbered as the kit page it is (the page before its
    # part's first): one PDF, its fonts once, rather than a PDF a blank page
    blanks = {e.stem: len(cover) + k for k, e in enumerate(e for e in placed if e.blank_before)}
    for e in placed:
        if e.blank_before:
            cover += _finish_cover([_blank(spec)], spec, cfg, total, title, first=e.first - 1)
    own = to_pdf(Document(title=title, pages=cover))
    parts = [(own, "How to print this kit", False, range(len(cover) - len(blanks)))]
    for e in placed:
        if e.blank_before:
            parts.append((own, None, False, range(blanks[e.stem], blanks[e.stem] + 1)))
        parts.append((pdfs[e.stem], f"{e.guide.title} (p. {e.page_range})", True, None))
    info = {"/Title": f"{cfg.name} v{cfg.version}: print kit, {paper.upper()}", "/Author": cfg.name,
            "/Creator": "printgen"}
    return join_pdfs(parts, info), placed, total


def join_pdfs(parts: list[tuple[bytes | pikepdf.Pdf, str | None, bool, range | None]], info: dict[str, str]
              ) -> bytes:
    """One PDF of ``parts`` (PDF bytes or an open PDF, its bookmark title or None, whether its own bookmarks
    go under it, which of its pages: None for all) in order, opening on its bookmarks. qpdf copies the pages
    as they are (their streams are not decoded and compressed again); links and bookmarks inside a part keep
    pointing at its pages. A PDF given in several parts is read once, what its pages share copied once; an
    open PDF is its caller's to close (after this returns)."""
    out = pikepdf.new()
    sources = []  # opened here, kept open until the save: the copied pages read their streams from them
    chosen: dict[int, pikepdf.Pdf] = {}  # the PDFs given in parts of some pages, each opened once
    marks: list[Mark] = []
    for data, bookmark, nested, pages in parts:
        src = data if isinstance(data, pikepdf.Pdf) else chosen.get(id(data)) if pages is not None else None
        if src is None:
            src = pikepdf.open(io.BytesIO(data))
            sources.append(src)
            if pages is not None:
                chosen[id(data)] = src
        start = len(out.pages)
        out.pages.extend(src.pages if pages is None else [src.pages[i] for i in pages])
        if bookmark is None:
            continue
        children = []
        if nested:
            index = {page.obj.objgen: i for i, page in enumerate(src.pages)}
            children = _outline_copy(_read_outline(src), index, start)
        marks.append(Mark(bookmark, start, False, children))
    if marks:  # (no part with a bookmark: no /Outlines, as pikepdf's outline left untouched writes none)
        _write_outline(out, marks)
    out.Root.PageMode = pikepdf.Name.UseOutlines
    for key, value in info.items():
        out.docinfo[key] = value
    buf = io.BytesIO()
    # 1.4: the parts use transparency (reportlab writes 1.4; a new qpdf file would say 1.3)
    out.save(buf, deterministic_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none,
             min_version="1.4")
    for src in sources:
        src.close()
    return buf.getvalue()


# The bookmarks read and written as plain dictionaries, as pikepdf's outline model (pikepdf.OutlineItem, its
# open_outline) reads and writes them: the same objects, so the same kit bytes, without an OutlineItem made,
# resolved and written back for each of a rulebook's bookmarks, twice (a fifth of a kit's joining).
OUTLINE_DEPTH = 15  # the levels read and written below the root, as pikepdf's Outline (max_depth)


@dataclass
class Mark:
    """A bookmark: its title, where it lands (a page number, or a part's own destination as read), whether
    it is closed, and its bookmarks."""

    title: str
    dest: object
    closed: bool
    children: list


def _read_outline(pdf: pikepdf.Pdf) -> list[Mark]:
    """``pdf``'s bookmarks, each level followed from its /First along /Next as pikepdf's Outline reads them."""
    outlines = pdf.Root.get("/Outlines")
    first = outlines.get("/First") if isinstance(outlines, pikepdf.Dictionary) else None
    marks: list[Mark] = []
    if first:
        _read_level(first, marks, 0, set())
    return marks


def _read_level(node, marks: list[Mark], level: int, seen: set) -> None:
    while node:
        if node.objgen in seen:
            return  # a bookmark met again: the loop ends there
        seen.add(node.objgen)
        title = str(node.Title) if "/Title" in node else ""
        mark = Mark(title, node.get("/Dest"), False, [])
        child = node.get("/First")
        if isinstance(child, pikepdf.Dictionary) and level < OUTLINE_DEPTH:
            _read_level(child, mark.children, level + 1, seen)
            count = node.get("/Count")
            mark.closed = isinstance(count, int) and count < 0
        marks.append(mark)
        node = node.get("/Next")
        if node is not None and not isinstance(node, pikepdf.Dictionary):
            raise pikepdf.PdfError(f"a bookmark's /Next is not a dictionary: {node!r}")


def _write_outline(pdf: pikepdf.Pdf, marks: list[Mark]) -> None:
    """``marks`` as ``pdf``'s bookmarks (its /Outlines made), each landing on its page number's page."""
    outlines = pdf.Root.Outlines = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines))
    _write_level(pdf, outlines, marks, 0)


def _write_level(pdf: pikepdf.Pdf, parent, marks: list[Mark], level: int) -> None:
    count, first, prev = 0, None, None
    for mark in marks:
        node = pdf.make_indirect(pikepdf.Dictionary())
        node.Title = mark.title
        node.Dest = pikepdf.Array([pdf.pages[mark.dest].obj, pikepdf.Name.Fit])
        node.Parent = parent
        count += 1
        if prev is not None:
            prev.Next = node
            node.Prev = prev
        else:
            first = node
        prev = node
        _write_level(pdf, node, mark.children if level < OUTLINE_DEPTH else [], level + 1)
        if mark.closed:
            node.Count = -int(node.Count)
        else:
            count += int(node.Count)
    if count:
        parent.First, parent.Last = first, prev
    parent.Count = count


def _outline_copy(marks: list[Mark], index: dict, start: int) -> list[Mark]:
    """A part's bookmarks, landing on the same pages ``start`` pages into the joined PDF."""
    copied = []
    for mark in marks:
        dest = mark.dest
        page = dest[0] if isinstance(dest, pikepdf.Array) and len(dest) else None
        at = index.get(page.objgen) if isinstance(page, pikepdf.Dictionary) else None
        if at is None:
            continue  # a bookmark to nowhere in the part: left out rather than sent to page 1
        copied.append(Mark(mark.title, start + at, mark.closed, _outline_copy(mark.children, index, start)))
    return copied
