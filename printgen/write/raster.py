"""PDF pages to pixels, deterministically: pdfium (pypdfium2) rasterises, Pillow encodes.

The page previews come from here (the finished PDF, so a preview shows exactly
what prints), as do the players' thumbnails and exports (printgen.publish.raster).
Sizes are in pixels or dots per inch; ``px = mm / 25.4 * dpi``.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Sequence

import pypdfium2 as pdfium
from isal import isal_zlib
from PIL import Image

MM_PER_IN = 25.4


def px(mm: float, dpi: float) -> int:
    """A length in mm as whole pixels at ``dpi``."""
    return round(mm / MM_PER_IN * dpi)


# PNG colour types of the 8-bit modes written directly; others go through Pillow.
_COLOUR_TYPE = {"L": 0, "RGB": 2, "LA": 4, "RGBA": 6}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(img: Image.Image, *, dpi: float | None = None) -> bytes:
    """PNG bytes of an image (no timestamp chunks: same pixels, same bytes), its resolution stated when given.

    8-bit images are written here rather than by Pillow, whose encoder tries five filters on every
    row: on rasterised print art (flat colour, crisp edges) no filter at all compresses better, and
    skipping the search makes encoding 1.2-2.5x faster and the files about a fifth smaller (measured
    on previews, print-on-demand faces, TTS sheets and thumbnails). Any PNG reader reads them.
    The pixels are deflated by ISA-L (``DEFLATE_LEVEL``), not zlib: see ``deflate``."""
    colour = _COLOUR_TYPE.get(img.mode)
    if colour is None:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=3, **({"dpi": (dpi, dpi)} if dpi else {}))
        return buf.getvalue()
    return _png(img.width, img.height, colour, img.tobytes(), dpi)


# ISA-L's level 2 (python-isal, the zlib format a PNG's IDAT holds): on the 158 A4 previews of the
# bundled games it deflated 165 MB of rows in 0.08 s where zlib's level 3 took 0.43 s, for files 15 %
# larger (12.3 MB against 10.7); zlib's level 1 still took 0.40 s. Deflating was a tenth of a cold
# build's CPU (issue 41). Its bytes are the same on every x86-64 with SSE4.2 (ISA-L picks its kernels
# by CPU, and they differ only below that), so a build is as repeatable as before on one machine.
DEFLATE_LEVEL = 2


def deflate(data) -> bytes:
    """``data`` (bytes-like) in the zlib format, by ISA-L at ``DEFLATE_LEVEL``: what a PNG's IDAT holds."""
    return isal_zlib.compress(data, DEFLATE_LEVEL)


def _png(w: int, h: int, colour: int, raw, dpi: float | None) -> bytes:
    """PNG bytes of ``h`` rows of packed 8-bit pixels ``raw`` (PNG colour type ``colour``), unfiltered."""
    stride = len(raw) // h if h else 0
    view = memoryview(raw)
    # each row: its filter type, 0 (none), then its pixels (a join, not numpy: a worker need not load it)
    rows = b"\0" + b"\0".join([view[i:i + stride] for i in range(0, len(raw), stride)]) if len(raw) else b""
    header = struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0)
    phys = (_chunk(b"pHYs", struct.pack(">IIB", *(int(dpi / 0.0254 + 0.5),) * 2, 1)) if dpi else b"")
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + phys
            + _chunk(b"IDAT", deflate(rows)) + _chunk(b"IEND", b""))


def _rendered(doc, pages: Sequence[int] | None, width_px: int | None, dpi: float | None, transparent: bool):
    """Each of ``pages`` (all when None) of an open pdfium document as a bitmap in RGB (RGBA when
    ``transparent``) byte order, packed: pdfium writes the bytes a PNG row and Pillow's "RGB" hold
    (its default, BGR, had every page's pixels reordered by Pillow and then copied once more)."""
    for i in (range(len(doc)) if pages is None else pages):
        page = doc[i]
        w_pt, _ = page.get_size()
        scale = width_px / w_pt if width_px else dpi / 72.0
        fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
        yield page.render(scale=scale, fill_color=fill, may_draw_forms=False, rev_byteorder=True)
        page.close()


def pdf_page_images(pdf: bytes, *, width_px: int | None = None, dpi: float | None = None,
                    pages: Sequence[int] | None = None, transparent: bool = False) -> list[Image.Image]:
    """Pages of a PDF as images (RGB, or RGBA when ``transparent``), at ``width_px`` pixels wide or at ``dpi``."""
    doc = pdfium.PdfDocument(pdf)
    try:
        # an RGB bitmap is copied into Pillow's own layout; an RGBA one is shared with pdfium's buffer: copied
        return [bitmap.to_pil().copy() if transparent else bitmap.to_pil()
                for bitmap in _rendered(doc, pages, width_px, dpi, transparent)]
    finally:
        doc.close()


def pdf_page_pngs(pdf: bytes, *, width_px: int | None = None, dpi: float | None = None,
                  pages: Sequence[int] | None = None, stated_dpi: float | None = None) -> list[bytes]:
    """Pages of a PDF as PNG bytes on white, at ``width_px`` pixels wide or at ``dpi`` (``stated_dpi``: the
    resolution written in the file, when one is): the bytes ``png_bytes`` writes for ``pdf_page_images``'
    images, made from pdfium's pixels without a Pillow image between (the build's page previews)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [_png(b.width, b.height, _COLOUR_TYPE["RGB"], _packed(b), stated_dpi)
                for b in _rendered(doc, pages, width_px, dpi, False)]
    finally:
        doc.close()


def _packed(bitmap) -> memoryview:
    """A bitmap's pixels, row after row without padding."""
    row = bitmap.width * 3
    data = memoryview(bitmap.buffer).cast("B")
    if bitmap.stride == row:
        return data
    return memoryview(b"".join([data[y * bitmap.stride:y * bitmap.stride + row] for y in range(bitmap.height)]))


def pdf_pngs(pdf: bytes, *, dpi: float) -> list[bytes]:
    """Every page of a PDF as PNG bytes at ``dpi`` on white: the build's page previews."""
    return pdf_page_pngs(pdf, dpi=dpi)
