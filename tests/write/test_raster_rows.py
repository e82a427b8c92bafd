"""pdfium drawing straight into a PNG's rows (printgen/write/raster.py Rows, page_rows, page_sheets): the
pixels are those of pdfium's own rendering cropped or padded to the size asked for, nothing is written
outside the rectangle drawn into, a deck sheet is its pages drawn alone and laid side by side, and the
PNG written from the rows reads back as those pixels."""

from __future__ import annotations

import io
import math

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from printgen.draw.document import Circle, Document, Page, Poly, Rect, Style, Text
from printgen.write.pdf import to_pdf
from printgen.write.raster import Rows, page_rows, page_sheets, paint


def _pdf(w: float = 63.0, h: float = 88.0, n: int = 3) -> bytes:
    """``n`` pages of ``w`` x ``h`` mm: a full-bleed fill, a circle crossing the foot, a hex, some text."""
    pages = [Page(w, h, [Rect(0, 0, w, h, Style(fill=f"#{40 * k + 20:02x}2f4a")),
                         Circle(w / 2, h - 3, w / 3, Style(fill="#c0392b", stroke="#1d1d1b", width=0.8, opacity=0.6)),
                         Poly(((5, 5), (15, 5), (20, 14), (15, 23), (5, 23), (0, 14)), Style(fill="#f4ecd8")),
                         Text(6, 40, f"Card {k}", "serif-bold", 9, "#f4ecd8")]) for k in range(n)]
    return to_pdf(Document(title="rows", pages=pages))


def _reference(pdf: bytes, size: tuple[int, int], transparent: bool = False) -> list[Image.Image]:
    """pypdfium2's own rendering at the width, then cropped or padded (white, or clear) to ``size``, or
    resampled to it when further off than 2 px."""
    doc = pdfium.PdfDocument(pdf)
    fill = (255, 255, 255, 0) if transparent else (255, 255, 255, 255)
    out = []
    for i in range(len(doc)):
        img = doc[i].render(scale=size[0] / doc[i].get_size()[0], fill_color=fill, may_draw_forms=False).to_pil()
        img = img.convert("RGBA" if transparent else "RGB")
        if abs(img.width - size[0]) > 2 or abs(img.height - size[1]) > 2:
            out.append(img.resize(size, Image.LANCZOS))
            continue
        canvas = Image.new(img.mode, size, fill if transparent else "white")
        canvas.paste(img.crop((0, 0, min(img.width, size[0]), min(img.height, size[1]))), (0, 0))
        out.append(canvas)
    return out


@pytest.mark.parametrize("transparent", [False, True])
@pytest.mark.parametrize("size", [(372, 520), (372, 519), (372, 522), (260, 225)])
def test_rows_at_a_size_are_pdfiums_pixels_cut_or_padded_at_the_foot(size, transparent):
    pdf = _pdf()
    doc = pdfium.PdfDocument(pdf)
    w_pt, h_pt = doc.get_page_size(0)
    natural = math.ceil(h_pt * size[0] / w_pt)
    # 520 px tall at this width: one taller, one shorter, one exact; 260 x 225 is resampled
    assert abs(natural - size[1]) <= 2 or size == (260, 225)
    rows = list(page_rows(pdf, size_px=size, transparent=transparent))
    assert len(rows) == 3
    for r, ref in zip(rows, _reference(pdf, size, transparent), strict=True):
        assert (r.width, r.height, r.mode) == (*size, "RGBA" if transparent else "RGB")
        assert len(r.data) == r.height * r.stride and bytes(r.data[::r.stride]) == bytes(r.height)  # filter bytes
        assert np.array_equal(np.asarray(r.image()), np.asarray(ref))
        back = Image.open(io.BytesIO(r.png(dpi=150)))
        assert back.size == size and back.info["dpi"] == pytest.approx((150, 150), abs=0.02)
        assert np.array_equal(np.asarray(back), np.asarray(ref))


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_painting_a_rectangle_writes_only_inside_it(mode):
    doc = pdfium.PdfDocument(_pdf(n=1))
    rows = Rows.blank(200, 150, mode)
    before = np.asarray(rows.image()).copy()
    w_pt, h_pt = doc.get_page_size(0)
    assert math.ceil(h_pt * 90 / w_pt) == 126  # the page's whole height at 90 px wide
    paint(rows, doc[0], (37, 21, 90, 126), 90 / w_pt)
    after = np.asarray(rows.image())
    assert bytes(rows.data[::rows.stride]) == bytes(150)
    changed = np.argwhere((after != before).any(axis=2))
    assert changed[:, 0].min() == 21 and changed[:, 0].max() <= 21 + 126 - 1
    assert changed[:, 1].min() == 37 and changed[:, 1].max() == 37 + 90 - 1
    # the rectangle holds the page as drawn alone at that size
    (alone,) = page_rows(_pdf(n=1), size_px=(90, 126), transparent=mode == "RGBA")
    assert np.array_equal(after[21:147, 37:127], np.asarray(alone.image()))
    with pytest.raises(ValueError):
        paint(rows, doc[0], (150, 0, 90, 110), 1.0)  # past the right edge


def _assert_slots(pixels, slots, cell, alone) -> None:
    """Each slot of a sheet three slots wide holds its page drawn alone (``alone[page]``), a blank one pure white."""
    for slot, page in enumerate(slots):
        x, y = (slot % 3) * cell[0], (slot // 3) * cell[1]
        got = pixels[y:y + cell[1], x:x + cell[0]]
        if page is None:
            assert (got == 255).all(), f"slot {slot} is blank"
        else:
            assert np.array_equal(got, alone[page]), f"slot {slot}"


@pytest.mark.parametrize("cell", [(186, 260), (186, 259), (186, 262)])
def test_a_sheet_is_its_pages_drawn_alone_side_by_side_blank_slots_white(cell):
    pdf = _pdf()
    alone = [np.asarray(r.image()) for r in page_rows(pdf, size_px=cell)]
    slots = [2, 0, None, 1, None, 2]  # page 2 twice, a blank slot under page 0, the last blank too
    (sheet,) = page_sheets(pdf, cell, [(3, 2, slots)])
    img = Image.open(io.BytesIO(sheet.png()))
    assert img.size == (3 * cell[0], 2 * cell[1])
    pixels = np.asarray(img)
    _assert_slots(pixels, slots, cell, alone)
    assert np.array_equal(np.asarray(sheet.cut(cell[0], 0, *cell).image()), alone[0])  # cut: a slot on its own


def test_rows_of_an_image_read_back_as_it():
    pixels = np.random.default_rng(3).integers(0, 256, (7, 5, 4), dtype=np.uint8)
    rows = Rows.of_image(Image.fromarray(pixels, "RGBA"))
    assert (rows.width, rows.height, rows.stride) == (5, 7, 21)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(rows.png()))), pixels)
    assert np.array_equal(np.asarray(rows.image()), pixels)


def test_a_sheet_of_faces_whose_scale_rounds_up_a_pixel_lays_out_every_slot():
    # A 30 mm square face 100 px wide: h * (c / w) is just over 100 where (h * c) / w is 100. The sheet's
    # spare rows and the painting once worked the height out each their way, and the slot in the last row
    # was refused as "not inside" the sheet (a build of the preflight corpus failed so).
    from printgen.draw.document import Document, Page, Rect, Style
    from printgen.write.pdf import to_pdf
    from printgen.write.raster import page_sheets

    pdf = to_pdf(Document(title="faces", pages=[Page(30, 30, [Rect(0, 0, 30, 30, Style(fill="#204080"))])] * 8))
    (sheet,) = page_sheets(pdf, (100, 100), [(4, 2, list(range(8)))])
    assert (sheet.width, sheet.height) == (400, 200)
    img = sheet.image()
    for slot in range(8):  # each slot filled with its face's blue, corner to corner
        x, y = (slot % 4) * 100, (slot // 4) * 100
        assert img.getpixel((x + 50, y + 50)) == (0x20, 0x40, 0x80)
        assert img.getpixel((x + 98, y + 98))[2] > 0x60


def test_an_opened_pdf_gives_the_rows_its_bytes_give_at_every_size_and_in_any_order():
    """An OpenPdf (printgen/write/raster.py) keeps its pages loaded between renders: a page drawn again, at
    another size, as a sheet's slot or out of order, has the very rows a freshly opened PDF gives."""
    from printgen.write.raster import OpenPdf

    pdf = _pdf(n=4)
    sizes = [(248, 346), (124, 173), (375, 525)]
    fresh = {size: [r.data for r in page_rows(pdf, size_px=size)] for size in sizes}
    sheets = [(3, 2, [2, 0, None, 1, 3, 3])]
    fresh_sheet = page_sheets(pdf, (124, 173), sheets)[0].data
    with OpenPdf(pdf) as opened:
        assert [r.data for r in page_rows(opened, size_px=sizes[0], pages=[3, 1])] == [fresh[sizes[0]][3],
                                                                                      fresh[sizes[0]][1]]
        for size in sizes + sizes[::-1]:
            assert [r.data for r in page_rows(opened, size_px=size)] == fresh[size]
        assert page_sheets(opened, (124, 173), sheets)[0].data == fresh_sheet
        assert sorted(opened.pages) == [0, 1, 2, 3]  # each page loaded once, kept for the next use
        assert [r.data for r in page_rows(opened, dpi=40, transparent=True)] == [
            r.data for r in page_rows(pdf, dpi=40, transparent=True)]
    assert not opened.pages  # closed with its pages
    with OpenPdf(pdf, keep=1) as few:  # past ``keep`` pages, each page is loaded for its use and closed after
        assert [r.data for r in page_rows(few, size_px=sizes[1])] == fresh[sizes[1]]
        assert page_sheets(few, (124, 173), sheets)[0].data == fresh_sheet
        assert list(few.pages) == [0]


@pytest.mark.parametrize("n", [0, 1, 4095, 200_003])
def test_a_png_chunk_carries_zlibs_crc_of_its_type_and_data(n):
    """A chunk's CRC is worked out by ISA-L over its type and then its data, without joining them: the very
    CRC-32 zlib gives for the two joined, whatever bytes-like object holds the data."""
    import random
    import struct
    import zlib

    from printgen.write.raster import _chunk

    data = random.Random(n).randbytes(n)
    want = struct.pack(">I", n) + b"IDAT" + data + struct.pack(">I", zlib.crc32(b"IDAT" + data))
    for held in (data, bytearray(data), memoryview(data)):
        assert _chunk(b"IDAT", held) == want


@pytest.mark.parametrize("cell", [(186, 100), (186, 40)])
def test_a_page_far_taller_than_its_slot_is_cut_at_the_slots_foot_whatever_lies_below(cell):
    # The sheet is made white once and each page drawn onto it without a fill of its own: what a page above ran
    # into (here over one or more whole slots) is whitened again before the page below is drawn, blank or not.
    pdf = _pdf()
    doc = pdfium.PdfDocument(pdf)
    w_pt, h_pt = doc.get_page_size(0)
    assert math.ceil(h_pt * cell[0] / w_pt) > 2 * cell[1]  # each page runs over the slot below it and more
    # each page drawn alone at the slot's width, cut at the slot's height
    alone = [np.asarray(r.image())[:cell[1]] for r in page_rows(pdf, width_px=cell[0])]
    slots = [0, 1, 2, None, 0, None, 2, None, 1]  # 3 x 3: blanks under pages, pages under blanks and pages
    (sheet,) = page_sheets(pdf, cell, [(3, 3, slots)])
    pixels = np.asarray(sheet.image())
    assert pixels.shape == (3 * cell[1], 3 * cell[0], 3) and bytes(sheet.data[::sheet.stride]) == bytes(3 * cell[1])
    _assert_slots(pixels, slots, cell, alone)


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_a_page_painted_on_blank_rows_unfilled_is_the_page_painted_with_pdfiums_fill(mode):
    doc = pdfium.PdfDocument(_pdf(n=1))
    w_pt, _ = doc.get_page_size(0)
    filled, on_blank = Rows(120, 170, mode, bytearray(170 * (1 + 120 * len(mode)))), Rows.blank(120, 170, mode)
    paint(filled, doc[0], (0, 0, 120, 170), 120 / w_pt)  # zeros, whitened by pdfium first
    paint(on_blank, doc[0], (0, 0, 120, 170), 120 / w_pt, white=True)
    assert on_blank.data == filled.data
    assert Rows.blank(3, 2, mode).data == bytearray((b"\0" + {"RGB": b"\xff" * 3, "RGBA": b"\xff\xff\xff\0"}[mode] * 3) * 2)
