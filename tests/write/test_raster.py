"""PNG bytes written by printgen (printgen/write/raster.py): every 8-bit mode read back pixel for pixel
by Pillow and pymupdf, the resolution stated, the same pixels giving the same bytes, and smaller than
Pillow's own encoding of rasterised print art."""

from __future__ import annotations

import io

import numpy as np
import pymupdf
import pytest
from PIL import Image

from printgen.draw.document import Circle, Document, Page, Rect, Style, Text
from printgen.write.pdf import to_pdf
from printgen.write.raster import pdf_page_images, pdf_page_pngs, png_bytes


@pytest.mark.parametrize("mode,shape", [("L", (37, 53)), ("LA", (9, 7, 2)), ("RGB", (37, 53, 3)), ("RGB", (1, 1, 3)), ("L", (5, 1)),
                                        ("RGBA", (20, 11, 4))])
def test_every_8_bit_mode_reads_back_pixel_for_pixel(mode, shape):
    pixels = np.random.default_rng(7).integers(0, 256, shape, dtype=np.uint8)
    data = png_bytes(Image.fromarray(pixels, mode), dpi=300)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == mode and np.array_equal(np.asarray(back), pixels)
    assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert data == png_bytes(Image.fromarray(pixels, mode), dpi=300)  # no time or other varying chunk
    pix = pymupdf.Pixmap(data)
    assert (pix.width, pix.height) == (shape[1], shape[0]) and pix.xres == 300


def test_other_modes_go_through_pillow():
    img = Image.new("P", (4, 3))
    assert Image.open(io.BytesIO(png_bytes(img))).mode == "P"


def test_print_art_is_smaller_than_pillows_encoding():
    page = Page(210, 297, [Rect(10, 10, 190, 120, Style(fill="#3b2f4a")),
                           Circle(105, 200, 60, Style(fill="#f4ecd8", stroke="#1d1d1b", width=1.0)),
                           Text(20, 150, "Heroes of Hex", "serif-bold", 14)])
    (img,) = pdf_page_images(to_pdf(Document(title="art", pages=[page])), dpi=60)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    ours = png_bytes(img)
    assert len(ours) < len(buf.getvalue())
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(ours)).convert("RGB")), np.asarray(img))


def _art() -> bytes:
    pages = [Page(63, 88, [Rect(0, 0, 63, 88, Style(fill="#3b2f4a")), Text(5, 20, "Knight", "serif-bold", 9, "#f4ecd8"),
                           Circle(31.5, 55, 20, Style(fill="#c0392b", stroke="#1d1d1b", width=0.8, opacity=0.6))]),
             Page(100, 50, [Rect(10, 10, 30, 20, Style(fill="#00ff00"))])]
    return to_pdf(Document(title="art", pages=pages))


def _pdfium_bgr(pdf: bytes, scale: float, transparent: bool) -> list[Image.Image]:
    """The pages as pdfium renders them by default (BGR byte order, Pillow reordering the pixels)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
    return [doc[i].render(scale=scale, fill_color=fill, may_draw_forms=False).to_pil()
            .convert("RGBA" if transparent else "RGB") for i in range(len(doc))]


@pytest.mark.parametrize("transparent", [False, True])
def test_pages_rendered_in_rgb_order_have_the_pixels_of_the_default_order(transparent):
    # pdfium writes RGB(A) straight away (no reordering by Pillow): the same pixels
    pdf = _art()
    ours = pdf_page_images(pdf, dpi=150, transparent=transparent)
    for img, ref in zip(ours, _pdfium_bgr(pdf, 150 / 72, transparent), strict=True):
        assert img.mode == ("RGBA" if transparent else "RGB") and img.size == ref.size
        assert img.tobytes() == ref.tobytes()


@pytest.mark.parametrize("size", [dict(dpi=60), dict(dpi=100, stated_dpi=100), dict(width_px=220), dict(dpi=37)])
def test_pngs_straight_from_pdfium_are_the_bytes_of_its_images_encoded(size):
    pdf = _art()
    stated = size.pop("stated_dpi", None)
    pngs = pdf_page_pngs(pdf, **size, stated_dpi=stated)
    images = pdf_page_images(pdf, **size)
    assert pngs == [png_bytes(img, dpi=stated) for img in images]
    assert pdf_page_pngs(pdf, **size, pages=[1], stated_dpi=stated) == pngs[1:]
    back = Image.open(io.BytesIO(pngs[0]))
    assert back.size == images[0].size and np.array_equal(np.asarray(back), np.asarray(images[0]))
    if stated:
        assert back.info["dpi"] == pytest.approx((stated, stated), abs=0.01)


def test_pixels_are_deflated_by_isal_into_what_zlib_inflates_the_same_every_time():
    from printgen.write.raster import deflate
    import zlib

    (img,) = pdf_page_images(_art(), dpi=150, pages=[0])
    rows = img.tobytes()
    packed = deflate(rows)
    assert zlib.decompress(packed) == rows  # the zlib format a PNG's IDAT holds
    assert deflate(rows) == packed  # repeatable: a build writes the same bytes for the same page
    assert len(packed) < len(rows) / 10  # flat print art: a real deflate, not a stored block
