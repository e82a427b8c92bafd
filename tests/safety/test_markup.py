"""Rulebook paragraphs (printgen/safety/markup.py): escaped text only, and lines broken once per width
without changing a single byte of what is drawn."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Table

from printgen.safety import markup as mk

STYLE = ParagraphStyle("body", fontName="Helvetica", fontSize=9, leading=12)
WORDS = "Each unit moves up to its Move in hexes, then may attack an adjacent enemy. " * 6


def test_unescaped_text_never_becomes_a_paragraph():
    with pytest.raises(TypeError):
        mk.paragraph("<b>raw</b>", STYLE)


def test_lines_are_broken_once_per_width(monkeypatch):
    p = mk.paragraph(mk.text(WORDS), STYLE)
    calls = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: calls.append(widths) or real(self, widths))
    first = p.wrap(200, 500)
    assert p.wrap(200, 300) == first and len(calls) == 1  # the height offered does not change the lines
    narrower = p.wrap(120, 500)
    assert narrower[1] > first[1] and len(calls) == 2
    p.wrap(200, 500)
    assert len(calls) == 3
    del p.blPara  # what platypus does when it wants the lines broken again
    p.wrap(200, 500)
    assert len(calls) == 4


def _pdf(make) -> bytes:
    buf = io.BytesIO()
    story = [KeepTogether([make(f"Rule {n}. " + WORDS), make(WORDS)]) for n in range(30)]
    story.append(Table([[make(WORDS), make(WORDS)]], colWidths=[150, 150]))
    SimpleDocTemplate(buf, invariant=1).build(story)
    return buf.getvalue()


def test_a_book_comes_out_byte_for_byte_as_with_reportlabs_paragraph():
    ours = _pdf(lambda t: mk.paragraph(mk.text(t), STYLE))
    theirs = _pdf(lambda t: Paragraph(str(mk.text(t)), STYLE))
    assert ours == theirs
    import pymupdf

    assert len(pymupdf.open(stream=ours)) >= 3  # groups kept together across pages, a table of paragraphs
