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

from reportlab.platypus import Paragraph

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
    """Data text as markup: escaped, control characters dropped."""
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


class _Paragraph(Paragraph):
    """A Paragraph that breaks its lines once per width. Platypus wraps most paragraphs two or three
    times at the same width (a keep-together group measures, then the frame places; a table measures
    its cells, then draws them), and only the width decides the lines (reportlab's own ``wrap`` reads
    nothing else). Splitting makes new paragraphs, which break their own lines."""

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
    return _Paragraph(markup, style, **kw)
