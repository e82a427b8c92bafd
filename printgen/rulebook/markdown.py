"""Markdown to platypus flowables, through markdown-it-py's token stream.

Supports headings (with bookmarks, outline entries and anchors), paragraphs,
emphasis, links, lists (nested), tables, block quotes, rules, code, and
images. Images with a ``printgen:`` address (``printgen:card/Knight``,
``printgen:map/...``, ``printgen:icon/wound``) are drawn as vector flowables.
Keywords and tokens named in running text link to their reference entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from markdown_it import MarkdownIt
from reportlab.lib import colors
from reportlab.platypus import (
    CondPageBreak, Flowable, HRFlowable, ListFlowable, ListItem, Paragraph, Preformatted,
    Spacer, TableStyle,
)

from ..names import slug
from ..safety import markup as mk
from ..safety.markup import Markup, tag
from ..safety.markup import text as escape
from .arrange import arrange
from .flowables import Heading  # noqa: F401 (re-exported: the book and the tests read it here)
from .shapes import nesting, table_columns  # noqa: F401 (re-exported: render.py reads them here)
from .markdown_tables import TableConverter
from .table_flow import BreakingTable

ImageResolver = Callable[[str, str, float, bool], "Flowable | None"]  # (address, alt, width pt, in a cell)


QUOTE_INSET = 17.0  # pt: a block quote's left padding (with its bar) and right padding


_PARSED: dict[str, list] = {}
PARSED_MAX = 12  # texts kept: more than a build's books (with four, a serial build of the five bundled games,
# which validates them all before setting them, dropped the first and parsed all five again)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def parse(text: str) -> list:
    """The markdown-it tokens of a rulebook's Markdown (CommonMark, no HTML, tables), read-only. Parsed
    once per process per text: validation parses the whole book to check it, and a worker forked after
    validation sets the same text without parsing it again. The last few texts only (PARSED_MAX)."""
    tokens = _PARSED.get(text)
    if tokens is None:
        tokens = _parser().parse(text)
        if len(_PARSED) >= PARSED_MAX:
            _PARSED.clear()
        _PARSED[text] = tokens
    return tokens


# id(an inline token's children) -> (those children, what else their markup depends on, their markup)
_INLINE: dict[int, tuple] = {}
INLINE_MAX = 20_000  # a book has a few thousand inline tokens


CHAPTER_ROOM = 230.0  # pt: a chapter starts a new page unless at least this much of the page is left


class RuledHeading(Heading):
    """A heading with a line under it (the theme's ``headings: rule_under``), in the colour ``rule``."""

    rule = "#000000"

    def draw(self) -> None:
        super().draw()
        self.canv.saveState()
        self.canv.setStrokeColor(colors.HexColor(self.rule))
        self.canv.setLineWidth(0.8)
        self.canv.line(0, -3, self.width, -3)
        self.canv.restoreState()


@dataclass
class Converter(TableConverter):
    styles: dict
    resolve_image: ImageResolver
    terms: dict[str, str] = field(default_factory=dict)  # term -> anchor key of its reference entry
    frame_width: float = 400.0  # pt
    first_h1: bool = True
    theme: object = None  # the book's Theme (rulebook/theme.py): its colours, headings and measure
    span_width: float = 0.0  # pt: both columns of a two-column book (a table too wide for one spans them)
    least_text: float = 0.0  # pt: the game's least text size; a table is never set smaller

    def colour(self, name: str) -> str:
        if self.theme is None:
            from .theme import default_theme

            self.theme = default_theme()
        return getattr(self.theme.colours, name)

    @property
    def term_colour(self) -> str:
        return self.colour("terms")

    def __post_init__(self) -> None:
        self._keys: dict[str, int] = {}
        self._column_width = self.frame_width  # a table spans only from the column itself, not a quote
        self._span_width = self.span_width
        names = sorted(self.terms, key=len, reverse=True)
        self._term_re = re.compile(
            r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])") if names else None
        self._terms_key = tuple(sorted(self.terms.items()))

    # -- inline ----------------------------------------------------------------
    def _link_terms(self, text: str, linked: set[str]) -> Markup:
        """Escape ``text``; the defined terms in it become links to their reference entries."""
        if not self._term_re:
            return escape(text)
        out, pos = [], 0
        for m in self._term_re.finditer(text):
            out.append(escape(text[pos:m.start()]))
            key = self.terms[m.group(1)]
            out.append(tag(f'<a href="#{escape(key)}" color="{self.term_colour}"><b>') + escape(m.group(1))
                       + tag("</b></a>"))
            linked.add(key)
            pos = m.end()
        out.append(escape(text[pos:]))
        return mk.join(out)

    def inline(self, children, *, link_terms: bool = True) -> Markup:
        """Inline tokens as paragraph markup: every piece of text escaped, tags only from this code. Worked out
        once per process for the same tokens (a book's parse is kept: markdown.parse), terms and colour: the
        other paper's book sets the same paragraphs."""
        if not children or self.theme is None:
            return self._inline(children, link_terms)
        # what its markup depends on besides its tokens: the terms linked and their colour
        key = (link_terms, self._terms_key, self.theme.colours.terms)
        got = _INLINE.get(id(children))
        if got is not None and got[0] is children and got[1] == key:
            return got[2]
        markup = self._inline(children, link_terms)
        if len(_INLINE) >= INLINE_MAX:
            _INLINE.clear()
        _INLINE[id(children)] = (children, key, markup)
        return markup

    def _inline(self, children, link_terms: bool) -> Markup:
        out: list[Markup] = []
        in_link = 0
        stack: list[str] = []
        linked: set[str] = set()
        for tok in children or []:
            t = tok.type
            if t == "text":
                out.append(self._link_terms(tok.content, linked) if link_terms and not in_link else escape(tok.content))
            elif t == "strong_open":
                out.append(tag("<b>"))
            elif t == "strong_close":
                out.append(tag("</b>"))
            elif t == "em_open":
                out.append(tag("<i>"))
            elif t == "em_close":
                out.append(tag("</i>"))
            elif t == "code_inline":
                out.append(tag('<font color="#4a3b2a"><b>') + escape(tok.content) + tag("</b></font>"))
            elif t == "link_open":
                href = tok.attrGet("href") or ""
                if href.startswith("#"):
                    href = "#h-" + slug(href[1:]) if not href.startswith("#h-") else href
                target = mk.href(href)
                # A link to anything but an anchor or a web address stays plain text.
                out.append(tag(f'<a href="{target}" color="#1f5f8b">') if target else tag("<u>"))
                stack.append("</a>" if target else "</u>")
                in_link += 1
            elif t == "link_close":
                out.append(tag(stack.pop() if stack else ""))
                in_link -= 1
            elif t in ("softbreak",):
                out.append(tag(" "))
            elif t == "hardbreak":
                out.append(tag("<br/>"))
            elif t == "image":
                out.append(escape("".join(_plain(c) for c in tok.children or []) or tok.content or ""))
        return mk.join(out)

    # -- blocks ------------------------------------------------------------------
    def convert(self, text: str) -> list[Flowable]:
        tokens = parse(text)
        flow, _ = self._blocks(tokens, 0, len(tokens))
        return arrange(flow, self.frame_width)

    def _blocks(self, tokens, i: int, end: int, *, style: str = "body") -> tuple[list[Flowable], int]:
        out: list[Flowable] = []
        after_heading = False
        while i < end:
            tok = tokens[i]
            t = tok.type
            if t == "heading_open":
                level = int(tok.tag[1])
                text = self.inline(tokens[i + 1].children, link_terms=False)
                out += self._heading(text, level)
                i += 3
                after_heading = True
                continue
            elif t == "paragraph_open":
                inline = tokens[i + 1]
                img = self._lone_image(inline)
                if img is not None:
                    out.append(img)
                else:
                    st = self.styles[style]
                    if after_heading:  # a heading's lead paragraph stays with what follows it
                        st = self.styles[style + "-lead"] if style + "-lead" in self.styles else st
                    out.append(mk.paragraph(self.inline(inline.children), st))
                i += 3
            elif t in ("bullet_list_open", "ordered_list_open"):
                j = self._close(tokens, i)
                out.append(self._list(tokens, i, j))
                i = j + 1
            elif t == "table_open":
                j = self._close(tokens, i)
                out.append(self._table(tokens, i, j))
                i = j + 1
            elif t == "blockquote_open":
                j = self._close(tokens, i)
                outer = self.frame_width
                # a quote is a box of running text: no wider than the theme's measure
                box = min(outer, self.theme.page.measure * 72 / 25.4) if self.theme is not None else outer
                self.frame_width = box - QUOTE_INSET  # what is inside a quote: its tables, its pictures
                try:
                    inner, _ = self._blocks(tokens, i + 1, j, style="quote")
                finally:
                    self.frame_width = outer
                out.append(self._quote(inner, box))
                i = j + 1
            elif t == "hr":
                out.append(HRFlowable(width="100%", thickness=0.6, color=colors.HexColor(self.colour("rules")), spaceBefore=4,
                                      spaceAfter=6))
                i += 1
            elif t in ("fence", "code_block"):
                out.append(Preformatted(tok.content.rstrip("\n"), self.styles["code"]))
                i += 1
            else:
                i += 1
            after_heading = False
        return out, i

    @staticmethod
    def _close(tokens, i: int) -> int:
        depth = 0
        for j in range(i, len(tokens)):
            depth += tokens[j].nesting
            if depth == 0:
                return j
        return len(tokens) - 1

    def _heading(self, text: Markup, level: int) -> list[Flowable]:
        key = "h-" + slug(mk.plain(text))
        # Headings repeat ("Preparation" in every scenario): later ones get numbered keys, so
        # every outline entry and link lands on its own heading; terms link to the first.
        self._keys[key] = self._keys.get(key, 0) + 1
        if self._keys[key] > 1:
            key = f"{key}-{self._keys[key]}"
        style = self.styles[f"h{min(level, 4)}"]
        out: list[Flowable] = []
        if level == 1:
            # A chapter goes on where the last one ends unless little of the page is left: a new page per
            # chapter left short chapters' pages mostly empty (a page 9 % used for a four-line summary).
            if not self.first_h1:
                out.append(CondPageBreak(CHAPTER_ROOM))
            self.first_h1 = False
        else:
            out.append(CondPageBreak(style.fontSize * 6))
        if level == 1 and self.theme is not None and self.theme.headings.numbered:
            self._chapter = getattr(self, "_chapter", 0) + 1
            text = escape(f"{self._chapter}  ") + text
        ruled = level <= 2 and self.theme is not None and self.theme.headings.rule_under
        heading = (RuledHeading if ruled else Heading)(text, style, level=level - 1, key=key, toc=level <= 2)
        if ruled:
            heading.rule = self.colour("accent")
        out.append(heading)
        return out

    def _lone_image(self, inline, *, cell: bool = False) -> Flowable | None:
        kids = [c for c in inline.children or [] if not (c.type == "text" and not c.content.strip())]
        if len(kids) == 1 and kids[0].type == "image":
            img = kids[0]
            # the alt text as Markdown reads it (escapes decoded: a template's "Fool\\'s" prints "Fool's"), not
            # its source, whose backslashes would print
            alt = "".join(_plain(c) for c in img.children or []) if img.children else (img.content or "")
            return self.resolve_image(img.attrGet("src") or "", alt, self.frame_width, cell)
        return None

    def _list(self, tokens, i: int, j: int) -> ListFlowable:
        ordered = tokens[i].type == "ordered_list_open"
        items = []
        k = i + 1
        while k < j:
            if tokens[k].type == "list_item_open":
                m = self._close(tokens, k)
                inner = []
                n = k + 1
                while n < m:
                    tk = tokens[n]
                    if tk.type == "paragraph_open":
                        inner.append(mk.paragraph(self.inline(tokens[n + 1].children), self.styles["list"]))
                        n += 3
                    elif tk.type in ("bullet_list_open", "ordered_list_open"):
                        e = self._close(tokens, n)
                        inner.append(self._list(tokens, n, e))
                        n = e + 1
                    else:
                        n += 1
                items.append(ListItem(inner, leftIndent=12))
                k = m + 1
            else:
                k += 1
        if ordered:
            return ListFlowable(items, bulletType="1", bulletFontName=self.styles["list"].fontName,
                                bulletFontSize=self.styles["list"].fontSize, leftIndent=14, bulletFormat="%s.")
        return ListFlowable(items, bulletType="bullet", start="•", bulletFontName=self.styles["list"].fontName,
                            bulletFontSize=self.styles["list"].fontSize,
                            leftIndent=12, bulletColor=colors.HexColor(self.colour("rules")))

    def _quote(self, inner: list[Flowable], width: float) -> Flowable:
        # One row per paragraph: a quote longer than a page carries on over the next (one cell holding
        # it all could not be placed); a paragraph taller than a page goes on unboxed (see table_flow.BreakingTable).
        t = BreakingTable([[f] for f in inner] or [[Spacer(1, 1)]], colWidths=[width], hAlign="LEFT")
        t.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), self.styles["body"].fontName),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(self.colour("callout"))),
            ("LINEBEFORE", (0, 0), (0, -1), 2.5, colors.HexColor(self.colour("callout_bar"))),
            ("LEFTPADDING", (0, 0), (-1, -1), 9),
            ("RIGHTPADDING", (0, 0), (-1, -1), QUOTE_INSET - 9),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("TOPPADDING", (0, 0), (-1, 0), 5),
            ("BOTTOMPADDING", (0, -1), (-1, -1), 6),
        ]))
        t.spaceBefore, t.spaceAfter = 2, 4
        return t


def _plain(tok) -> str:
    """The text an inline token prints, markup aside (an image's alt read from its parsed children)."""
    if tok.type in ("text", "code_inline"):
        return tok.content
    if tok.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(_plain(c) for c in tok.children or [])
