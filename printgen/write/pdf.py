"""Documents to PDF bytes with reportlab, deterministic (invariant) and with embedded font subsets."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas as rl_canvas

from ..draw.canvas import draw_ops, share_repeats, track_state
from ..draw.document import Document
from ..draw.fonts import pdf_name, register_game_fonts
from ..units import mm_to_pt


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
        c.saveState()
        # Draw in mm with y down: flip and scale once per page.
        c.transform(mm_to_pt(1), 0, 0, -mm_to_pt(1), 0, h)
        track_state(c)  # a new page starts from the default graphics state
        draw_ops(c, page.ops)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()
