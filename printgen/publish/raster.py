"""Pixels from vector pages: PDF pages and drawing-model items to PNG, deterministically.

pdfium (pypdfium2) rasterises; Pillow encodes. Sizes are given in pixels or
dots per inch; the drawing model is in mm, so ``px = mm / 25.4 * dpi``.
"""

from __future__ import annotations

import io
from typing import Sequence

import pypdfium2 as pdfium
from PIL import Image

from ..draw.document import Document, Group, Op, Page
from ..write.pdf import to_pdf

MM_PER_IN = 25.4


def px(mm: float, dpi: float) -> int:
    """A length in mm as whole pixels at ``dpi``."""
    return round(mm / MM_PER_IN * dpi)


def png_bytes(img: Image.Image, *, dpi: float | None = None) -> bytes:
    """PNG bytes of an image (no timestamp chunks: same pixels, same bytes), its resolution stated when given."""
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    img.save(buf, "PNG", compress_level=3, **extra)  # 6 is slower and hardly smaller
    return buf.getvalue()


def pdf_page_images(pdf: bytes, *, width_px: int | None = None, dpi: float | None = None,
                    pages: Sequence[int] | None = None, transparent: bool = False) -> list[Image.Image]:
    """Pages of a PDF as images, at ``width_px`` pixels wide or at ``dpi``."""
    doc = pdfium.PdfDocument(pdf)
    try:
        out = []
        for i in (range(len(doc)) if pages is None else pages):
            page = doc[i]
            w_pt, _ = page.get_size()
            scale = width_px / w_pt if width_px else dpi / 72.0
            fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
            bitmap = page.render(scale=scale, fill_color=fill, may_draw_forms=False)
            out.append(bitmap.to_pil().convert("RGBA" if transparent else "RGB"))
            page.close()
        return out
    finally:
        doc.close()


def items_pdf(items: Sequence[Sequence[Op]], w: float, h: float) -> bytes:
    """One PDF page of ``w`` x ``h`` mm per item, each item drawn from its own (0, 0) top-left."""
    pages = [Page(w, h, [Group(tuple(ops))]) for ops in items]
    return to_pdf(Document(title="items", pages=pages))


def items_images(items: Sequence[Sequence[Op]], w: float, h: float, *, size_px: tuple[int, int],
                 transparent: bool = False) -> list[Image.Image]:
    """Each item (``w`` x ``h`` mm) as an image of exactly ``size_px`` pixels."""
    if not items:
        return []
    images = pdf_page_images(items_pdf(items, w, h), width_px=size_px[0], transparent=transparent)
    return [img if img.size == size_px else img.resize(size_px, Image.LANCZOS) for img in images]
