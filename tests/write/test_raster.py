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
from printgen.write.raster import pdf_page_images, png_bytes


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
