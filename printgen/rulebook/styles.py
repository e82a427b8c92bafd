"""The rulebook's paragraph styles, made from its theme (rulebook/theme.py): fonts, colours, sizes, and
the measure that holds running text to 60-80 characters a line."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily

from ..draw.fonts import pdf_name, register_game_fonts
from .theme import Theme, default_theme

PT_PER_MM = 72.0 / 25.4


def _pt(mm: float) -> float:
    return mm * PT_PER_MM


def styles(theme: Theme | None = None, *, frame_width: float | None = None) -> dict[str, ParagraphStyle]:
    """The paragraph styles of a theme (the built-in one if None). ``frame_width`` (pt): the column's width;
    running text then stops at the theme's measure (pictures and tables take the whole column)."""
    t = theme or default_theme()
    register_game_fonts()
    f, c, z = t.fonts, t.colours, t.sizes
    sans, bold, ital, bi = f.body, f.bold, f.italic, f.bold_italic
    sans, bold, ital, bi = (pdf_name(x) for x in (sans, bold, ital, bi))
    registerFontFamily(sans, normal=sans, bold=bold, italic=ital, boldItalic=bi)
    for one in {f.headings, f.subheadings, f.captions, f.tables} - {f.body}:
        n = pdf_name(one)
        registerFontFamily(n, normal=n, bold=n, italic=n, boldItalic=n)
    head, sub, cap, tab = (pdf_name(x) for x in (f.headings, f.subheadings, f.captions, f.tables))
    ink = colors.HexColor(c.ink)
    accent = colors.HexColor(c.accent)
    minor = colors.HexColor(t.headings.h3_colour) if t.headings.h3_colour else ink
    indent = max(0.0, frame_width - _pt(t.page.measure)) if frame_width else 0.0

    def sz(name: str) -> dict:
        return {"fontSize": _pt(getattr(z, name).size), "leading": _pt(getattr(z, name).leading)}

    body = sz("body")
    base = ParagraphStyle("body", fontName=sans, textColor=ink, spaceAfter=5.5, rightIndent=indent, **body)
    cell = dict(parent=base, fontName=tab, spaceAfter=0, rightIndent=0, **sz("table"))
    header = dict(cell, fontName=bold if f.tables == f.body else tab, textColor=colors.HexColor(c.table_header_text))
    return {
        "body": base,
        "body-lead": ParagraphStyle("body-lead", parent=base, keepWithNext=1),
        "list": ParagraphStyle("list", parent=base, spaceAfter=2.5),
        "quote": ParagraphStyle("quote", parent=base, fontName=ital, textColor=colors.HexColor(c.callout_text),
                                spaceAfter=3, rightIndent=0),
        "code": ParagraphStyle("code", parent=base, fontName=sans, fontSize=body["fontSize"] * 0.885,
                               leading=body["leading"] * 0.82, textColor=colors.HexColor("#4a3b2a")),
        "h1": ParagraphStyle("h1", parent=base, keepWithNext=1, fontName=head, spaceBefore=20, spaceAfter=12,
                             textColor=accent, rightIndent=0, **sz("h1")),
        "h2": ParagraphStyle("h2", parent=base, keepWithNext=1, fontName=head, spaceBefore=10, spaceAfter=6,
                             textColor=accent, rightIndent=0, **sz("h2")),
        "h3": ParagraphStyle("h3", parent=base, keepWithNext=1, fontName=sub, spaceBefore=7, spaceAfter=4,
                             textColor=minor, rightIndent=0, **sz("h3")),
        "h4": ParagraphStyle("h4", parent=base, keepWithNext=1, fontName=sub, spaceBefore=5, spaceAfter=2,
                             textColor=minor, rightIndent=0, **sz("h4")),
        "th-left": ParagraphStyle("th", **header),
        "th-center": ParagraphStyle("thc", alignment=TA_CENTER, **header),
        "th-right": ParagraphStyle("thr", alignment=TA_RIGHT, **header),
        "td-left": ParagraphStyle("td", **cell),
        "td-center": ParagraphStyle("tdc", alignment=TA_CENTER, **cell),
        "td-right": ParagraphStyle("tdr", alignment=TA_RIGHT, **cell),
        "caption": ParagraphStyle("caption", parent=base, fontName=cap, alignment=TA_CENTER, rightIndent=0,
                                  textColor=colors.HexColor(c.caption), **sz("caption")),
        "toc-title": ParagraphStyle("toc-title", parent=base, fontName=head, fontSize=24, leading=29,
                                    textColor=accent, spaceAfter=14, rightIndent=0),
        "toc0": ParagraphStyle("toc0", parent=base, fontName=sub, fontSize=11, leading=17, leftIndent=0,
                               rightIndent=0),
        "toc1": ParagraphStyle("toc1", parent=base, fontSize=9.6, leading=13.5, leftIndent=14, rightIndent=0),
        "cover-title": ParagraphStyle("cover-title", parent=base, fontName=head, fontSize=44, leading=50,
                                      alignment=TA_CENTER, textColor=colors.HexColor(t.cover.title), rightIndent=0),
        "cover-sub": ParagraphStyle("cover-sub", parent=base, fontName=ital, fontSize=12.5, leading=17,
                                    alignment=TA_CENTER, textColor=colors.HexColor(t.cover.subtitle), rightIndent=0),
        "cover-meta": ParagraphStyle("cover-meta", parent=base, fontName=bold, fontSize=10, leading=14,
                                     alignment=TA_CENTER, textColor=colors.HexColor(t.cover.meta), rightIndent=0),
    }
