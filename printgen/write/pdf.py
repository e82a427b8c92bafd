"""Documents to PDF bytes with reportlab, deterministic (invariant) and with embedded font subsets.

A page that carries faces (cards, tokens, tiles) says where they are cut (``Page.trim``) and how far
their bleed reaches (``Page.bleed``): they become the page's TrimBox and BleedBox, which a print
shop's preflight and imposition read. Every font subset gets a tag of its own (draw/subsets.py), so
the PDFs can be joined into a kit without two different subsets sharing a name.
"""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas as rl_canvas

from ..draw.canvas import draw_ops, share_repeats, track_state
from ..draw.document import Document
from ..draw.fonts import pdf_name, register_game_fonts
from ..draw.subsets import unique_subset_names
from ..units import mm_to_pt


def pdf_box(box: tuple[float, float, float, float] | None, height: float) -> tuple[float, ...] | None:
    """A box (x0, y0, x1, y1) in mm with y down, as PDF's [llx lly urx ury] in points with y up."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    return tuple(round(mm_to_pt(v), 4) for v in (x0, height - y1, x1, height - y0))


def to_pdf(doc: Document) -> bytes:
    """Render a Document to PDF bytes. Same document, same bytes."""
    register_game_fonts()
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, invariant=1, pageCompression=1, initialFontName=pdf_name("sans"))
    c.setTitle(doc.title)
    c.setAuthor(doc.author or "printgen")
    c.setSubject(doc.subject)
    c.setCreator("printgen")
    share_repeats(c, doc.pages)  # repeated art (card backs, token copies) drawn once, placed by reference
    for page in doc.pages:
        w, h = mm_to_pt(page.width), mm_to_pt(page.height)
        c.setPageSize((w, h))
        # reportlab keeps a box for the following pages: set (or clear) both on every page
        c.setTrimBox(pdf_box(page.trim, page.height))
        c.setBleedBox(pdf_box(page.bleed or page.trim, page.height))
        c.saveState()
        # Draw in mm with y down: flip and scale once per page.
        c.transform(mm_to_pt(1), 0, 0, -mm_to_pt(1), 0, h)
        track_state(c)  # a new page starts from the default graphics state
        draw_ops(c, page.ops)
        c.restoreState()
        c.showPage()
    c.save()
    return unique_subset_names(buf.getvalue())
