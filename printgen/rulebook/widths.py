"""The widths (and heights) reportlab measures the rulebook's words with, remembered: platypus asks for the width
of every word it sets and every piece of a line it draws, a hundred thousand times a pass over a big book, for
some eight thousand strings. The same numbers as reportlab's, kept per font object (a font registered again
under its name is a new object, measured afresh)."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.platypus import paragraph as _paragraph


def remember_widths(name: str) -> None:
    """Have the registered TrueType font ``name`` remember the widths reportlab measures with it (its
    ``stringWidth``, which platypus asks of every word it sets and every piece of a line it draws): a book asks
    a hundred thousand times a pass, for some eight thousand strings. The same numbers, kept per font object
    (a font registered again under the name is a new object, measuring afresh)."""
    try:
        font = getFont(name)
    except Exception:  # not registered (yet): measured as reportlab measures it
        return
    if not getattr(font, "_dynamicFont", False) or "stringWidth" in font.__dict__:
        return
    measured = font.stringWidth  # reportlab's own (bound to the font)
    known: dict[tuple, float] = {}

    def stringWidth(text, size, encoding="utf8"):
        if type(text) is not str:  # (bytes, or a shaped string, which is equal to its plain text)
            return measured(text, size, encoding)
        key = (text, size, encoding)
        got = known.get(key)
        if got is None:
            if len(known) >= WIDTHS_MAX:
                known.clear()
            got = known[key] = measured(text, size, encoding)
        return got

    font.stringWidth = stringWidth


WIDTHS_MAX = 50_000  # strings remembered per font


# (text, font name, size, encoding) -> (the font object measured, its width): what a paragraph asks
_WORDS: dict[tuple, tuple] = {}
_REGISTERED = pdfmetrics._fonts  # name -> font, as getFont finds a registered font
_string_width = pdfmetrics.stringWidth  # reportlab's own, which paragraph.py imported


def word_width(text, fontName, fontSize, encoding="utf8"):
    """``pdfmetrics.stringWidth`` as platypus' paragraphs call it (paragraph.py's own name for it): the width of
    a string met before with the same font object, size and encoding taken from what was measured then (one look
    up in place of reportlab's three calls, about a hundred thousand times a pass over the ten books)."""
    if type(text) is str:
        key = (text, fontName, fontSize, encoding)
        got = _WORDS.get(key)
        if got is not None and _REGISTERED.get(fontName) is got[0]:
            return got[1]
        font = getFont(fontName)
        width = font.stringWidth(text, fontSize, encoding=encoding)
        if len(_WORDS) >= WIDTHS_MAX:
            _WORDS.clear()
        _WORDS[key] = (font, width)
        return width
    return _string_width(text, fontName, fontSize, encoding)


_HEIGHTS: dict[tuple, tuple] = {}  # (font name, size) -> (the font object, its ascent and descent at that size)
_ascent_descent = pdfmetrics.getAscentDescent


def ascent_descent(fontName, fontSize=None):
    """``pdfmetrics.getAscentDescent`` as platypus' paragraphs call it, remembered per font object and size (a
    paragraph asks for each piece of each line it breaks)."""
    key = (fontName, fontSize)
    got = _HEIGHTS.get(key)
    if got is not None and _REGISTERED.get(fontName) is got[0]:
        return got[1]
    value = _ascent_descent(fontName, fontSize)
    if len(_HEIGHTS) >= WIDTHS_MAX:
        _HEIGHTS.clear()
    _HEIGHTS[key] = (getFont(fontName), value)
    return value


_paragraph.stringWidth = word_width
_paragraph.getAscentDescent = ascent_descent
