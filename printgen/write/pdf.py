"""Documents to PDF bytes with reportlab, deterministic (invariant) and with embedded font subsets.

A page that carries faces (cards, tokens, tiles) says where they are cut (``Page.trim``) and how far
their bleed reaches (``Page.bleed``): they become the page's TrimBox and BleedBox, which a print
shop's preflight and imposition read. Every font subset gets a tag of its own (draw/subsets.py), so
the PDFs can be joined into a kit without two different subsets sharing a name.
"""

from __future__ import annotations

import io
import zlib
from collections import OrderedDict

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfgen import canvas as rl_canvas

from ..draw.canvas import draw_ops, share_repeats, track_state
from ..draw import pdf_format  # noqa: F401 (reportlab's objects written the same, at less cost)
from ..draw.document import Document
from ..draw.fonts import pdf_name, register_game_fonts
from ..draw.subsets import unique_subset_names
from ..units import mm_to_pt


class _KeptFlate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter, keeping what it compressed last (by the bytes, so the same input gives
    the same output, as zlib does): every document of a build embeds the same few font subsets (the
    digits, a title's capitals) and many draw the same pages (both papers' card backs), and compressing
    them again and again was a tenth of writing a PDF. Small streams are compressed afresh (cheaper than
    keeping them); what is kept is bounded by size, the least recently used going first."""

    MIN_BYTES = 1024
    MAX_KEPT = 16 * 2**20  # bytes in and out

    def __init__(self) -> None:
        self.kept: OrderedDict[bytes, bytes] = OrderedDict()
        self.size = 0

    def encode(self, text):
        if isinstance(text, str):
            text = text.encode("utf8")
        if len(text) < self.MIN_BYTES:
            return zlib.compress(text)
        out = self.kept.get(text)
        if out is not None:
            self.kept.move_to_end(text)
            return out
        out = self.kept[text] = zlib.compress(text)
        self.size += len(text) + len(out)
        while self.size > self.MAX_KEPT:
            key, value = self.kept.popitem(last=False)
            self.size -= len(key) + len(value)
        return out


# reportlab looks its filter up by this name each time it writes a page, a form or a font stream
pdfdoc.PDFZCompress = _KeptFlate()

_make_subset = ttfonts.TTFontFile.makeSubset
_SUBSETS: OrderedDict[tuple, bytes] = OrderedDict()  # (font file, its glyph codes) -> the subset's font program
_SUBSETS_MAX = 512


def _kept_subset(self, subset):
    """reportlab's makeSubset (a TrueType program holding ``subset``'s glyphs), kept per font and codes:
    the same subsets are embedded in document after document, and making one reads the font's tables."""
    key = (self, tuple(subset))
    program = _SUBSETS.get(key)
    if program is None:
        program = _SUBSETS[key] = _make_subset(self, subset)
        while len(_SUBSETS) > _SUBSETS_MAX:
            _SUBSETS.popitem(last=False)
    else:
        _SUBSETS.move_to_end(key)
    return program


ttfonts.TTFontFile.makeSubset = _kept_subset

# each font subset is noted as it is embedded by draw/subsets.py's hook on reportlab (the rulebook uses it too)

_array_format = pdfdoc.PDFArray.format
_ARRAYS: OrderedDict[tuple, bytes] = OrderedDict()  # a long array of numbers -> its bytes in the file
_ARRAYS_MAX = 1024
LONG_ARRAY = 16


def _kept_array_format(self, document, IND=b"\n "):
    """reportlab's PDFArray.format, the bytes of a long array of plain numbers kept: each embedded font
    subset carries its glyphs' widths (a hundred numbers or more), and the same subsets are embedded in
    document after document. A number is written alike in every document (fp_str), so the same numbers
    make the same bytes; anything else in an array is written afresh."""
    seq = self.sequence
    if len(seq) < LONG_ARRAY or not all([type(e) is int or type(e) is float for e in seq]):
        return _array_format(self, document, IND)
    key = (type(self), self.multiline, rl_config.pdfMultiLine, IND, tuple(seq))
    out = _ARRAYS.get(key)
    if out is None:
        out = _ARRAYS[key] = _array_format(self, document, IND)
        while len(_ARRAYS) > _ARRAYS_MAX:
            _ARRAYS.popitem(last=False)
    else:
        _ARRAYS.move_to_end(key)
    return out


pdfdoc.PDFArray.format = _kept_array_format


def pdf_box(box: tuple[float, float, float, float] | None, height: float) -> tuple[float, ...] | None:
    """A box (x0, y0, x1, y1) in mm with y down, as PDF's [llx lly urx ury] in points with y up."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    return tuple(round(mm_to_pt(v), 4) for v in (x0, height - y1, x1, height - y0))


def to_pdf(doc: Document, *, joinable: bool = True) -> bytes:
    """Render a Document to PDF bytes. Same document, same bytes. ``joinable`` False: a PDF only rasterised
    (an export's faces or map, never written): its font subsets keep reportlab's tags, unique within the
    one file, which is all pdfium needs (the renaming reads the whole PDF back: 2 ms a file)."""
    register_game_fonts()
    buf = io.BytesIO()
    # a PDF only rasterised keeps its streams plain: compressing them is work pdfium then undoes
    c = rl_canvas.Canvas(buf, invariant=1, pageCompression=int(joinable), initialFontName=pdf_name("sans"))
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
    c._doc._printgen_subsets = subsets = []
    c.save()
    return unique_subset_names(buf.getvalue(), subsets) if joinable else buf.getvalue()
