"""The one place data text becomes reportlab paragraph markup.

reportlab's ``Paragraph`` reads a small XML dialect in which ``<img src=...>``
embeds any file the process can read and a stray ``<`` crashes the build.
Text from a game folder must therefore never reach it raw. The rule:

- ``Markup`` is a ``str`` that is known to be safe markup;
- ``text(s)`` is the only way data text becomes ``Markup``: it escapes ``& < > "``
  and drops control characters (which PDF text and SVG cannot hold);
- ``tag(...)`` marks printgen's own markup (``<b>``, ``<a href=...>``);
- ``paragraph(markup, style)`` is the only constructor of paragraphs, and it
  refuses a plain ``str``: forgetting to escape is a TypeError in the tests,
  never a file embedded in a rulebook. (``tests/safety`` checks that no other
  module calls ``Paragraph(`` directly.)
"""

from __future__ import annotations

import html
import re
from typing import Iterable

from reportlab.lib import fonts as _fonts
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import textTransformFrags
from reportlab.platypus.paraparser import ParaFrag

from . import para_break, para_parse

# C0 and C1 controls, DEL, lone surrogates and non-characters: not text in a PDF or SVG.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_SAFE_SCHEMES = ("http://", "https://", "mailto:")


class Markup(str):
    """Text that is safe reportlab paragraph markup."""

    def __add__(self, other: str) -> "Markup":
        if not isinstance(other, Markup):
            return NotImplemented
        return Markup(str.__add__(self, other))


def clean(value: str) -> str:
    """``value`` without control characters (tabs and newlines become spaces)."""
    return CONTROL.sub("", value.replace("\t", " ").replace("\n", " ").replace("\r", " "))


def text(value: object) -> Markup:
    """Data text as markup: escaped, control characters dropped. Markup is returned as it is: escaped a second
    time, its entities would print ("&amp;" for "&")."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(clean(str(value)), quote=True).replace("&#x27;", "'"))


def tag(markup: str) -> Markup:
    """printgen's own markup, written in printgen's code (never built from data)."""
    return Markup(markup)


def join(parts: Iterable[Markup]) -> Markup:
    parts = list(parts)
    for p in parts:
        if not isinstance(p, Markup):
            raise TypeError(f"unescaped text would reach paragraph markup: {p[:40]!r}")
    return Markup("".join(parts))


def href(url: str) -> Markup | None:
    """A link target from data: an in-document anchor or a web/mail address, escaped; else None."""
    url = clean(url).strip()
    if url.startswith("#") or url.lower().startswith(_SAFE_SCHEMES):
        return text(url)
    return None


def plain(markup: Markup) -> str:
    """The text a reader sees: tags removed, entities decoded (for outlines and measuring)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


# What reportlab's paragraph parser reads of a style (paraparser.py ``_initial_frag`` and its tags): two
# styles alike in these parse the same markup to the same pieces (the rest, indents and spacing, is read
# when the lines are broken). The name only labels a parse error.
_PARSE_READS = ("fontName", "fontSize", "textColor", "bulletFontName", "bulletFontSize", "bulletColor",
                "textTransform", "linkUnderline", "underlineWidth", "underlineColor", "underlineOffset",
                "underlineGap", "strikeWidth", "strikeColor", "strikeOffset", "strikeGap")
PARSED_MAX = 4096  # distinct (markup, style) parses kept; a book has a few thousand paragraphs at most
_PARSED: dict[tuple, tuple] = {}  # (markup, style's parse key, bullet, cleaner) -> (text, pristine pieces)
_STYLE_KEYS: dict[int, tuple] = {}  # id(style) -> (the style, its parse key)
_FAMILIES: list = [None, None]  # reportlab's font families (<b>, <i> -> a font) when _PARSED was filled


def _value_key(value):
    """A style value as a dict key: a colour by its components (reportlab's colours compare loosely)."""
    if hasattr(value, "__dict__") and not isinstance(value, (str, int, float)):
        return (type(value).__name__,) + tuple(sorted((k, repr(v)) for k, v in vars(value).items()))
    return value


def _parse_key(style) -> tuple:
    """What the parser reads of ``style``, worked out once per style object (a book's styles are made
    for it and not changed after)."""
    known = _STYLE_KEYS.get(id(style))
    if known is None or known[0] is not style:
        if len(_STYLE_KEYS) >= PARSED_MAX:
            _STYLE_KEYS.clear()
        known = _STYLE_KEYS[id(style)] = (style, tuple(_value_key(getattr(style, name, None))
                                                      for name in _PARSE_READS))
    return known[1]


_new_frag = object.__new__


def _copied(frags: list) -> list:
    """Pieces a paragraph may change (line breaking sets a piece's text) as its own: each piece, its links,
    its underline marks and its draw callback copied."""
    out = []
    for f in frags:
        if type(f) is ParaFrag:  # its clone(), without passing every attribute through keywords: the same dict
            g = _new_frag(ParaFrag)
            g.__dict__.update(f.__dict__)
        else:
            g = f.clone()
        for name in ("link", "us_lines"):
            if isinstance(g.__dict__.get(name), list):
                g.__dict__[name] = list(g.__dict__[name])
        if hasattr(g.__dict__.get("cbDefn"), "clone"):
            g.cbDefn = g.cbDefn.clone()
        out.append(g)
    return out


def _families_unchanged() -> bool:
    """Are reportlab's font families as when the parses were kept? (A game registers its own: a font that
    is the body of one book and a heading of another maps <b> differently.) Else forget them."""
    if _FAMILIES[0] == _fonts._tt2ps_map and _FAMILIES[1] == _fonts._ps2tt_map:
        return True
    _PARSED.clear()
    _FAMILIES[:] = [dict(_fonts._tt2ps_map), dict(_fonts._ps2tt_map)]
    return False


class BookParagraph(Paragraph):
    """A Paragraph whose markup is parsed once per process (``_setup``) and whose lines are broken once per
    width. Platypus wraps most paragraphs two or three
    times at the same width (a keep-together group measures, then the frame places; a table measures
    its cells, then draws them), and only the width decides the lines (reportlab's own ``wrap`` reads
    nothing else). Splitting makes new paragraphs, which break their own lines."""

    def _setup(self, text, style, bulletText, frags, cleaner):
        """reportlab's, but the markup parsed once per process per (markup, what the parser reads of the
        style): a book sets the same cell text and table many times (each paper, each try at a table's
        size), and the parse is most of what making a paragraph costs. Each paragraph gets its own copy."""
        if frags is not None or not isinstance(text, str):
            return super()._setup(text, style, bulletText, frags, cleaner)
        key = (text, _parse_key(style), bulletText, cleaner)
        hit = _PARSED.get(key) if _families_unchanged() else None
        if hit is None:
            self._parse(text, style, bulletText, cleaner)
            if self.style is style and self.bulletText is bulletText:  # no <para> or <bullet> of its own
                if len(_PARSED) >= PARSED_MAX:
                    _PARSED.clear()
                _PARSED[key] = entry = (self.text, _copied(self.frags))
                self._printgen_parsed = (entry, self.frags)
            return None
        self.text, self.frags, self.style, self.bulletText, self.debug = hit[0], _copied(hit[1]), style, bulletText, 0
        # the parse it was made from, and its pieces as made: what is worked out from those alone (a table cell's
        # words and widths, rulebook/tables.py) is the same for every paragraph made from the same parse
        self._printgen_parsed = (hit, self.frags)
        return None

    def _parse(self, text, style, bulletText, cleaner) -> None:
        """reportlab's Paragraph._setup for markup not parsed before: the markup read without reportlab's HTML
        tokenizer when printgen wrote it (para_parse.py: the same handlers make the same pieces), else by
        reportlab's own parser (which reports what is wrong with it)."""
        cleaned = cleaner(text)
        got = para_parse.parse(cleaned, style, self.caseSensitive)
        if got is None:
            super()._setup(text, style, bulletText, None, cleaner)
            return
        style, frags, bullet = got
        textTransformFrags(frags, style)
        self.text, self.frags, self.style, self.bulletText, self.debug = cleaned, frags, style, bullet or bulletText, 0

    def drawOn(self, canvas, x, y, _sW=0):
        # a canvas with a short way of drawing a plain paragraph (the rulebook's: rulebook/para_draw.py) takes it
        draw = getattr(canvas, "draw_paragraph", None)
        if draw is None or not draw(self, x, y, _sW):
            super().drawOn(canvas, x, y, _sW)

    def breakLines(self, width):
        # a paragraph of several fonts or colours, of the shape the books write, broken the short way
        # (para_break.py: reportlab's very answer); anything else reportlab's way
        got = para_break.break_lines(self, width)
        return got if got is not None else super().breakLines(width)

    def wrap(self, availWidth, availHeight):
        if availWidth == self.__dict__.get("_wrapped_at") and "blPara" in self.__dict__:
            return self.width, self.height  # (platypus drops blPara when it wants the lines broken again)
        size = super().wrap(availWidth, availHeight)
        if size[1] != 0x7FFFFFFF:  # "cannot fit here" sets nothing to keep
            self._wrapped_at = availWidth
        return size


def paragraph(markup: Markup, style, **kw) -> Paragraph:
    """The only way printgen builds a reportlab Paragraph."""
    if not isinstance(markup, Markup):
        raise TypeError(f"unescaped text would reach paragraph markup: {str(markup)[:40]!r}")
    return BookParagraph(markup, style, **kw)
