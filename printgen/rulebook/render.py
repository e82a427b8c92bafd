"""The rulebook asset: templates + data -> Markdown -> flowables -> PDF, for one paper."""

from __future__ import annotations

import bisect
import re

from reportlab.platypus import Spacer

from ..deps import content_scope
from ..draw.document import Group, Page, PdfFile
from ..draw.facts import PrintFacts
from ..draw.page import PageSpec
from ..names import slug
from ..safety import markup as mk
from ..units import mm_to_pt, pt_to_mm
from .book import BookInfo, set_book, styles
from .front_matter import contents_story, cover_story
from .theme import game_theme
from .ending import NotesPanel
from .flowables import OpsFlowable, scaled
from .images import ImageError, across_columns, hand_on_pictures, key_of, resolve
from .sizing import least_of, needed_scale, picture_scale
from .markdown import Converter, Heading, nesting, parse, table_columns
from ..safety.paths import escaping_link
from .templates import book_chapters, chapter_files, render_chapters, template_dir

CELL_ICON, CELL_MAX = 9.0, 24.0  # mm: a picture in a table cell, and one whose words must be read
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def template_scope(game) -> dict:
    """What rulebook templates see: the data by kind, the settings, the rule numbers."""
    return content_scope(game)


def term_anchors(markdown: str, game) -> dict[str, str]:
    """Keywords and tokens that have a heading of their own somewhere in the book -> that heading's anchor."""
    headings = {m.group(1).strip() for m in _HEADING.finditer(markdown)}
    names = [k.name for k in game.data.keywords] + [t.name for t in game.data.tokens]
    return {n: "h-" + slug(n) for n in names if n in headings}


def render_rulebook(game, spec: PageSpec) -> dict[str, PdfFile]:
    """Asset renderer: the rulebook, when the game has rulebook templates."""
    if not chapter_files(template_dir(game)):
        return {}
    chapters, findings = book_chapters(game)  # as validation rendered them, when it handed them on
    if findings:  # the validator reports these; a build never gets here with them
        raise ValueError("; ".join(f.format() for f in findings))
    text = "\n\n".join(md for _, md in chapters)
    theme, art, found = game_theme(game)
    if found:
        raise ValueError("; ".join(f.format() for f in found))
    st = styles(theme)
    pack_images = game.pack.images if game.pack else {}

    least = least_of(game)

    def image(address: str, alt: str, width: float, cell: bool):
        ops, w, h = resolve(address, game, pack_images)
        if cell:  # inside a table: a drawing sized by its column, an icon, unless it has words to read
            scale = picture_scale(ops, w, h, max_w=CELL_ICON, max_h=CELL_ICON, least=least)
            if needed_scale(ops, least) > scale:
                scale = picture_scale(ops, w, h, max_w=CELL_MAX, max_h=CELL_MAX, least=least)
            return OpsFlowable(ops, w, h, scale=scale, least=least, in_cell=True)
        max_w = pt_to_mm(width)
        scale = picture_scale(ops, w, h, max_w=max_w, max_h=200.0, least=least)
        key = key_of(address, game, max_w)
        if scale < needed_scale(ops, least) and w > h:
            # too small to read upright (its words would be floored onto its lines): turn it a quarter on a
            # page of its own when that sets it readable, or at least a fifth larger (a wide battlefield in a
            # narrow column)
            # the page's frame less the map's key, its caption and the heading and lines kept with it
            room = (spec.height - theme.page.margin_top - theme.page.margin_bottom - 28.0
                    - ((key[2] + 2.0) if key else 0.0))
            turned = min(max_w / h, room / w, 1.0)
            if turned >= min(needed_scale(ops, least), scale * 1.2) and turned > scale * 1.05:
                ops, w, h, scale = [Group(tuple(ops), (0.0, 1.0, -1.0, 0.0, h, 0.0))], h, w, turned
        def caption():
            return mk.paragraph(mk.text(alt), st["caption"]) if alt else None

        flow = OpsFlowable(ops, w, h, scale=scale, caption=caption(), space=5.0, key=key, least=least)
        return across_columns(flow, address, game, caption, width=width, column=columns[0], span=columns[1]) or flow

    columns = [0.0, 0.0]  # pt: a column of the book, and both columns with their gap (two-column books)

    def story(frame_width: float) -> list:
        nonlocal st
        st = styles(theme, frame_width=frame_width)
        pg = theme.page
        span = 2 * frame_width + mm_to_pt(pg.column_gap) if pg.columns == 2 else 0.0
        columns[:] = [frame_width, span]
        conv = Converter(st, image, terms=term_anchors(text, game), frame_width=frame_width, theme=theme,
                         span_width=span, least_text=least.text)
        g = game.data.game
        info = BookInfo(g.name, g.version, g.description or "")
        body = conv.convert(text)
        # a heading kept with its picture sits in a KeepTogether (arrange.py): the contents list it too
        headings = [h for f in body for h in (getattr(f, "_content", None) or [f]) if isinstance(h, Heading)]
        room = mm_to_pt(spec.height - theme.page.margin_top - theme.page.margin_bottom)
        # the book lays out its end: a last page left mostly empty becomes a ruled notes panel (after an empty
        # spacer, so a lead paragraph kept with what follows it is not kept with the panel)
        return (cover_story(st, info, theme) + contents_story(st, headings, room) + body
                + [Spacer(0, 0), NotesPanel(st["body"])])

    g = game.data.game
    drawn: list = []
    tables: list = []
    read: list = []
    data, pages = set_book(story, spec, BookInfo(g.name, g.version, g.description or ""), theme, art, drawn,
                           tables, read)
    # each picture as printed, and at its own print size: what the preflight tells apart to find the labels the
    # book's scale crowded onto its lines
    pictures = tuple((page, Page(w * k, h * k, [scaled(ops, k)]), Page(w, h, list(design)), k)
                     for page, ops, k, (w, h), design in drawn)
    return {"rulebook": PdfFile(title=f"{g.name} rulebook", data=data, pages=pages, pictures=pictures,
                                  tables=tuple(tables), drawn=tuple(read),
                                  area=(theme.page.margin_left, theme.page.margin_top, theme.page.margin_right,
                                        theme.page.margin_bottom),
                                  facts=PrintFacts(title="Rulebook", part="rules", book=True,
                                                   notes=("fold or staple on the left edge",)))}


def image_addresses(tokens) -> list[tuple[str, int]]:
    """The ``src`` of every image in parsed Markdown, as the converter will see it (escapes decoded), with
    the line (from 1) of the block holding it."""
    found: list[tuple[str, int]] = []
    for tok in tokens:
        for child in tok.children or []:
            if child.type == "image":
                found.append((child.attrGet("src") or "", (tok.map[0] + 1) if tok.map else 1))
    return found


def check_rulebook(game) -> list:
    """Validation hook of the rulebook asset: once the data is clean, the templates render and every
    printgen: image resolves (``game`` is a ValidatedGame). The book is checked as it is set: its
    chapters' Markdown joined, parsed once (the build's workers take that parse, printgen.rulebook.markdown);
    each finding lands in the chapter that holds its line."""
    if game.rules is None or not game.ok():
        return []
    from ..findings import Location, error, quoted
    from ..limits import LIMITS
    from ..load.game_folder import display_path

    folder = template_dir(game)
    if folder is not None and escaping_link(folder, folder.parent) is not None:
        return render_chapters(game, {})[1]  # a linked rulebook/: its finding, nothing of it read
    if not chapter_files(folder):
        return []
    chapters, findings = book_chapters(game)  # rendered once: the build's workers take them (and the pictures)
    findings = game_theme(game)[2] + findings
    if not chapters:
        return findings
    extra = game.pack.images if game.pack else {}
    tokens = parse("\n\n".join(md for _, md in chapters))
    starts, at = [], 0  # the book's line (from 0) where each chapter starts
    for _, md in chapters:
        starts.append(at)
        at += md.count("\n") + 2

    def chapter_of(book_line: int) -> tuple[int, int]:
        """A line of the book (from 1) -> (its chapter, its line there, from 1)."""
        k = max(bisect.bisect_right(starts, book_line - 1) - 1, 0)
        return k, book_line - starts[k]

    sources = [path.read_text(encoding="utf-8", errors="replace").splitlines() for path, _ in chapters]

    def _translated(game, source: list[str], snippet: str):
        """In a translated edition, the msgstr line of the translated paragraph holding ``snippet``."""
        edition = getattr(game, "edition", None)
        return edition.place_in_chapter("\n".join(source), snippet) if edition is not None else None

    shapes = (("rulebook-nesting", nesting, "block quotes and lists nest {} levels deep here",
               "nest fewer of them inside each other"),
              ("rulebook-table-columns", table_columns, "this table has {} columns",
               "split it, or turn it round (rows for columns)"))
    for name, measure, what, hint in shapes:
        lim = LIMITS[name]
        first: dict[int, tuple[int, int]] = {}  # chapter -> its first (measure, line) over the limit
        for n, book_line in measure(tokens):
            if n > lim.value:
                k, line = chapter_of(book_line)
                first.setdefault(k, (n, line))
        for k, (n, line) in sorted(first.items()):
            (path, md), source = chapters[k], sources[k]
            # at the template's line that shows it (it may come from a loop: else the Markdown's)
            text = md.splitlines()[line - 1].strip() if line <= len(md.splitlines()) else ""
            line = next((i + 1 for i, ln in enumerate(source) if text and ln.strip() == text), line)
            findings.append(error(lim.code, f"{what.format(n)}; the limit is {lim.value:g} {lim.unit}; {hint}",
                                  _translated(game, source, text) or
                                  Location(display_path(path), min(line, len(source) or 1), 1)))
    for (path, md), source in zip(chapters, sources):
        bad = mk.CONTROL.search(md.replace("\r", ""))
        if bad:  # markdown-it would print it as a replacement box
            ch = bad.group()
            at = next(((i + 1, ln.index(ch) + 1) for i, ln in enumerate(source) if ch in ln), None)
            findings.append(error("text-control", f"a control character (U+{ord(ch):04X}) cannot be printed; "
                                  "remove it", (_translated(game, source, ch) if at is None else None)
                                  or Location(display_path(path), *(at or (1, 1)))))
    for src, book_line in image_addresses(tokens):
        try:
            resolve(src, game, extra)
        except ImageError as exc:
            k = chapter_of(book_line)[0]
            path, source = chapters[k][0], sources[k]
            kind = src.partition("/")[0]
            line = next((i + 1 for i, ln in enumerate(source) if src in ln), 0)
            at = _translated(game, source, src) if not line else None
            line = line or next((i + 1 for i, ln in enumerate(source) if kind in ln), 1)
            why = str(exc) if len(str(exc)) <= 200 else str(exc)[:197] + "..."  # it may repeat a long name
            findings.append(error("template-image", f"rulebook image {quoted(src)}: {why}",
                                  at or Location(display_path(path), line, 1)))
    hand_on_pictures(game)
    return findings
