"""PDF pages to pixels, deterministically: pdfium (pypdfium2) rasterises, Pillow encodes.

The page previews come from here (the finished PDF, so a preview shows exactly
what prints), as do the players' thumbnails and exports (printgen.publish.raster).
Sizes are in pixels or dots per inch; ``px = mm / 25.4 * dpi``.
"""

from __future__ import annotations

import io
from typing import Sequence

import pypdfium2 as pdfium
from PIL import Image

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


def pdf_pngs(pdf: bytes, *, dpi: float) -> list[bytes]:
    """Every page of a PDF as PNG bytes at ``dpi`` on white: the build's page previews."""
    return [png_bytes(img) for img in pdf_page_images(pdf, dpi=dpi)]
