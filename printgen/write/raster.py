"""PDF pages to pixels, deterministically: pdfium (pypdfium2) rasterises, Pillow encodes.

The page previews come from here (the finished PDF, so a preview shows exactly
what prints), as do the players' thumbnails and exports (printgen.publish.raster).
Sizes are in pixels or dots per inch; ``px = mm / 25.4 * dpi``.

pdfium draws straight into the bytes a PNG holds (``Rows``: each row a filter byte, then its pixels),
at exactly the size asked for, so a page becomes a PNG with no copy between: no Pillow image, no row
join, no crop to the size.
"""

from __future__ import annotations

import ctypes
import io
import math
import struct
from dataclasses import dataclass
from typing import Iterator, Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from isal import isal_zlib
from PIL import Image

MM_PER_IN = 25.4
# ISA-L's level 2 (python-isal, the zlib format a PNG's IDAT holds): on the 158 A4 previews of the
# bundled games it deflated 165 MB of rows in 0.08 s where zlib's level 3 took 0.43 s, for files 15 %
# larger (12.3 MB against 10.7); zlib's level 1 still took 0.40 s. Deflating was a tenth of a cold
# build's CPU (issue 41). Its bytes are the same on every x86-64 with SSE4.2 (ISA-L picks its kernels
# by CPU, and they differ only below that), so a build is as repeatable as before on one machine.
# (On the exports' rows, 290 MB of every bundled game's POD, TTS and gallery images: 0.12 s against 0.59.)
DEFLATE_LEVEL = 2


def deflate(data) -> bytes:
    """``data`` (bytes-like) in the zlib format, by ISA-L at ``DEFLATE_LEVEL``: what a PNG's IDAT holds."""
    return isal_zlib.compress(data, DEFLATE_LEVEL)


def px(mm: float, dpi: float) -> int:
    """A length in mm as whole pixels at ``dpi``."""
    return round(mm / MM_PER_IN * dpi)


# PNG colour types of the 8-bit modes written directly; others go through Pillow.
_COLOUR_TYPE = {"L": 0, "RGB": 2, "LA": 4, "RGBA": 6}
WHITE = {"RGB": b"\xff\xff\xff", "RGBA": b"\xff\xff\xff\x00"}  # what a page is drawn on: white, or clear


@dataclass(frozen=True)
class Rows:
    """An image as a PNG's scanlines before compression: each of ``height`` rows is a 0 byte (PNG filter
    type "none") and then ``width`` packed 8-bit pixels of ``mode`` ("L", "LA", "RGB" or "RGBA")."""

    width: int
    height: int
    mode: str
    data: bytearray

    @classmethod
    def blank(cls, width: int, height: int, mode: str = "RGB", colour: bytes | None = None) -> "Rows":
        """``width`` x ``height`` px of white (RGB) or clear white (RGBA), or of ``colour`` (RGB: 3 bytes)."""
        # a row made once, then repeated into the bytearray (no joined copy between: a page is megabytes)
        return cls(width, height, mode, bytearray(b"\0" + (colour or WHITE[mode]) * width) * height)

    @classmethod
    def of_image(cls, img: Image.Image) -> "Rows":
        """An 8-bit Pillow image's pixels as rows (a copy)."""
        raw, stride = img.tobytes(), img.width * len(img.mode)
        view = memoryview(raw)
        data = b"\0" + b"\0".join([view[i:i + stride] for i in range(0, len(raw), stride)]) if raw else b""
        return cls(img.width, img.height, img.mode, bytearray(data))

    @property
    def stride(self) -> int:
        """Bytes a row takes, its filter byte included."""
        return 1 + self.width * len(self.mode)

    def png(self, dpi: float | None = None) -> bytes:
        """PNG bytes of these pixels (unfiltered, no timestamp), the resolution stated when given."""
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, _COLOUR_TYPE[self.mode], 0, 0, 0)
        phys = (_chunk(b"pHYs", struct.pack(">IIB", *(int(dpi / 0.0254 + 0.5),) * 2, 1)) if dpi else b"")
        return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + phys
                + _chunk(b"IDAT", deflate(self.data)) + _chunk(b"IEND", b""))

    def image(self) -> Image.Image:
        """A Pillow image of these pixels (a copy)."""
        if not self.height:
            return Image.new(self.mode, (self.width, 0))
        # the rows from the first pixel on, a byte added so that the last row too is a whole stride long
        return Image.frombytes(self.mode, (self.width, self.height), self.data[1:] + b"\0", "raw", self.mode,
                               self.stride, 1)

    def cut(self, x: int, y: int, w: int, h: int) -> "Rows":
        """The ``w`` x ``h`` px at (``x``, ``y``) as rows of their own (a copy)."""
        bpp, stride = len(self.mode), self.stride
        view = memoryview(self.data)
        start = 1 + x * bpp
        return Rows(w, h, self.mode, bytearray(b"\0" + b"\0".join(
            [view[r * stride + start:r * stride + start + w * bpp] for r in range(y, y + h)])))


def _chunk(kind: bytes, data) -> bytes:
    # the CRC by ISA-L, over the type and then the data (no copy of the two joined): the same CRC-32 as
    # zlib's, seven times as fast (an export's IDAT chunk is hundreds of kB, a deck sheet's megabytes)
    return b"".join((struct.pack(">I", len(data)), kind, data,
                     struct.pack(">I", isal_zlib.crc32(data, isal_zlib.crc32(kind)))))


def png_bytes(img: Image.Image, *, dpi: float | None = None) -> bytes:
    """PNG bytes of an image (no timestamp chunks: same pixels, same bytes), its resolution stated when given.

    8-bit images are written here rather than by Pillow, whose encoder tries five filters on every
    row: on rasterised print art (flat colour, crisp edges) no filter at all compresses better, and
    skipping the search makes encoding 1.2-2.5x faster and the files about a fifth smaller (measured
    on previews, print-on-demand faces, TTS sheets and thumbnails). Any PNG reader reads them.
    The pixels are deflated by ISA-L (``DEFLATE_LEVEL``), not zlib: see ``deflate``."""
    if img.mode not in _COLOUR_TYPE:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=3, **({"dpi": (dpi, dpi)} if dpi else {}))
        return buf.getvalue()
    return Rows.of_image(img).png(dpi)


def paint(rows: Rows, page, at: tuple[int, int, int, int], scale: float, *, white: bool = False) -> None:
    """Draw pdfium ``page`` into the ``at`` = (x, y, w, h) px of ``rows`` (RGB or RGBA), at ``scale`` px per
    point from its top-left corner, on white (clear white for RGBA); what falls outside is cut off, what
    the page does not reach stays white. pdfium writes in RGB(A) byte order, straight into the rows.
    ``white``: those pixels are white (clear white) already (``Rows.blank``), so not whitened again."""
    x, y, w, h = at
    bpp = len(rows.mode)
    if rows.mode not in WHITE:
        raise ValueError(f"pdfium draws RGB or RGBA rows, not {rows.mode}")
    if not (0 <= x and x + w <= rows.width and 0 <= y and y + h <= rows.height and w > 0 and h > 0):
        raise ValueError(f"{at} is not inside {rows.width} x {rows.height} px")
    if rows.mode == "RGBA":
        # pdfium wants a 32-bit bitmap's rows on 4-byte boundaries, which a row after its filter byte is
        # not: drawn packed (on clear white, as pdfium's fill leaves it), then copied into place, row by row
        packed = bytearray(WHITE["RGBA"] * w) * h  # a row repeated
        _draw(packed, 0, w * 4, w, h, pdfium_c.FPDFBitmap_BGRA, None, page, scale)
        start, row, stride = y * rows.stride + 1 + x * 4, w * 4, rows.stride
        for r in range(h):
            rows.data[start + r * stride:start + r * stride + row] = packed[r * row:(r + 1) * row]
        return
    # opaque white (0xAARRGGBB)
    _draw(rows.data, y * rows.stride + 1 + x * bpp, rows.stride, w, h, pdfium_c.FPDFBitmap_BGR,
          None if white else 0xFFFFFFFF, page, scale)


def _draw(data: bytearray, offset: int, stride: int, w: int, h: int, fmt: int, fill: int | None, page,
          scale: float) -> None:
    """pdfium draws ``page`` into ``data`` from byte ``offset``, ``w`` x ``h`` px, each row ``stride``
    bytes after the one before, filled with ``fill`` first (fill and pixels in RGB(A) byte order; None:
    drawn over what is there). A buffer made white beforehand (a row repeated: memory-copy speed) costs
    less than pdfium's fill, which sets the pixels one by one (0.5 ms a print-on-demand face)."""
    buf = (ctypes.c_ubyte * len(data)).from_buffer(data)
    try:
        bitmap = pdfium_c.FPDFBitmap_CreateEx(w, h, fmt, ctypes.addressof(buf) + offset, stride)
        if not bitmap:
            raise pdfium.PdfiumError("pdfium could not make a bitmap")
        try:
            if fill is not None:
                pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, w, h, fill)
            w_pt, h_pt = page.get_size()
            pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, 0, math.ceil(w_pt * scale), math.ceil(h_pt * scale),
                                           0, pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
        finally:
            pdfium_c.FPDFBitmap_Destroy(bitmap)
    finally:
        del buf  # the buffer is free again (a bytearray with a view on it cannot change size)


class OpenPdf:
    """A PDF opened by pdfium once for several renders (``page_rows`` and ``page_sheets`` take it in place of
    the bytes): the fonts pdfium loads for the document are loaded once, and its first ``keep`` pages stay
    loaded (their content parsed once) between renders, however often and at whatever sizes they are drawn
    (a page past those is loaded for each use and closed after it: a deck of a thousand cards does not hold
    a thousand parsed pages). A page drawn again gives the pixels a freshly opened one gives. Close it after
    (``with`` or ``close``)."""

    KEEP = 128  # pages kept loaded: a game's deck or two

    def __init__(self, pdf: bytes, keep: int = KEEP) -> None:
        self.doc = pdfium.PdfDocument(pdf)
        self.keep = keep
        self.pages: dict[int, object] = {}
        # page index -> the RGB colour (3 bytes) of the opaque rectangle filling that page, which its maker left
        # out of the page: the pixels the page covers are made that colour before pdfium draws the rest, as
        # pdfium's own fill of a page-sized rectangle sets them (``page_rows``, ``page_sheets``; issue 41)
        self.grounds: dict[int, bytes] = {}

    def __len__(self) -> int:
        return len(self.doc)

    def page(self, i: int):
        """Page ``i``, loaded; hand it back to ``done`` after drawing it."""
        page = self.pages.get(i)
        if page is None:
            page = self.doc[i]
            if len(self.pages) < self.keep:
                self.pages[i] = page
        return page

    def done(self, i: int, page) -> None:
        """Page ``i`` (as ``page`` gave it) is drawn: closed unless it is kept."""
        if self.pages.get(i) is not page:
            page.close()

    def page_size(self, i: int) -> tuple[float, float]:
        return self.doc.get_page_size(i)

    def close(self) -> None:
        for page in self.pages.values():
            page.close()
        self.pages.clear()
        self.doc.close()

    def __enter__(self) -> "OpenPdf":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Pages:
    """The pages of ``pdf``: its bytes, opened here and closed at the end (each page closed after its use),
    or an OpenPdf, its caller's (its pages kept loaded as it keeps them)."""

    def __init__(self, pdf: "bytes | OpenPdf") -> None:
        self.own = not isinstance(pdf, OpenPdf)
        self.opened = OpenPdf(pdf, keep=0) if self.own else pdf
        self.grounds = self.opened.grounds

    def __len__(self) -> int:
        return len(self.opened)

    def page(self, i: int):
        return self.opened.page(i)

    def page_size(self, i: int) -> tuple[float, float]:
        return self.opened.page_size(i)

    def done(self, i: int, page) -> None:
        self.opened.done(i, page)

    def close(self) -> None:
        if self.own:
            self.opened.close()


def page_rows(pdf: "bytes | OpenPdf", *, width_px: int | None = None, dpi: float | None = None,
              size_px: tuple[int, int] | None = None, pages: Sequence[int] | None = None,
              transparent: bool = False) -> Iterator[Rows]:
    """Each of ``pages`` (all when None) of a PDF (its bytes, or an OpenPdf) as rows on white (clear white
    when ``transparent``): at ``dpi``, or ``width_px`` wide, or at exactly ``size_px`` (drawn ``size_px[0]``
    wide; a pixel row or column over or short, from rounding, is cut or left white at the bottom or right
    edge, in the bleed, rather than the whole face resampled: slower, and softer; a size further off is
    resampled). A page of the OpenPdf's ``grounds`` is drawn on its ground colour where the page reaches,
    white beyond."""
    doc = _Pages(pdf)
    mode = "RGBA" if transparent else "RGB"
    try:
        for i in (range(len(doc)) if pages is None else pages):
            page = doc.page(i)
            try:
                w_pt, h_pt = page.get_size()
                want = size_px[0] if size_px else width_px
                scale = want / w_pt if want else dpi / 72.0
                full = (math.ceil(w_pt * scale), math.ceil(h_pt * scale))
                size = size_px or full
                ground = doc.grounds.get(i)
                if ground is not None and transparent:
                    raise ValueError("a page drawn on its ground colour is opaque: not drawn on clear white")
                if abs(full[0] - size[0]) > 2 or abs(full[1] - size[1]) > 2:
                    drawn = Rows.blank(*full, mode, ground)
                    paint(drawn, page, (0, 0, *full), scale, white=True)
                    yield Rows.of_image(drawn.image().resize(size, Image.LANCZOS))
                    continue
                # drawn to the page's foot when it is taller, the rows past the size dropped after: pdfium
                # clips the paths crossing a bitmap's edge, which moves their anti-aliased pixels a little
                tall = max(size[1], full[1])
                rows = Rows.blank(size[0], tall, mode, ground)
                if ground is not None:  # what the page does not reach (a row or column short, from rounding): white
                    _fill(rows, (full[0], 0, size[0] - full[0], tall), WHITE[mode])
                    _fill(rows, (0, full[1], size[0], tall - full[1]), WHITE[mode])
                paint(rows, page, (0, 0, size[0], tall), scale, white=True)
                del rows.data[size[1] * rows.stride:]
                yield Rows(size[0], size[1], mode, rows.data)
            finally:
                doc.done(i, page)
    finally:
        doc.close()


def page_sheets(pdf: "bytes | OpenPdf", cell: tuple[int, int], sheets: Sequence[tuple[int, int, Sequence[int | None]]]
                ) -> list[Rows]:
    """Pages of a PDF (its bytes, or an OpenPdf) laid out on sheets (RGB, white): each sheet (columns, rows,
    the page in each slot in reading order, None for a blank one) of ``cell`` px slots, each page drawn
    ``cell[0]`` px wide into its slot as ``page_rows`` draws it at ``size_px=cell``: straight into the sheet,
    no page image between."""
    doc = _Pages(pdf)
    out = []
    try:
        for cols, nrows, slots in sheets:
            # a page taller than its slot, from rounding, is drawn on into the slot below (painted over next,
            # as slots go in reading order) or into spare rows under the sheet, dropped at the end: as page_rows
            spare = 0
            for i in slots:
                if i is not None:
                    w_pt, h_pt = doc.page_size(i)
                    # the scale worked out exactly as where the page is painted (h * (c / w) and (h * c) / w
                    # can round to either side of a whole pixel)
                    spare = max(spare, math.ceil(h_pt * (cell[0] / w_pt)) - cell[1])
            # made white whole (a row repeated: memory-copy speed; a deck's sheet is up to 40 MB), each page
            # drawn onto it with no fill of its own: only the rows a page above ran into are whitened again
            width = cols * cell[0]
            sheet = Rows.blank(width, nrows * cell[1] + spare, "RGB")
            page_at = [slots[slot] if slot < len(slots) else None for slot in range(cols * nrows)]
            # each slot's own colour: its page's ground (doc.grounds), else white; a band of slots with a ground
            # among them coloured in place, a row written and copied on (memory-copy speed, as the white sheet)
            colours = [doc.grounds.get(i, WHITE["RGB"]) if i is not None else WHITE["RGB"] for i in page_at]
            for band in range(nrows):
                if any(c is not WHITE["RGB"] for c in colours[band * cols:(band + 1) * cols]):
                    _repeat_row(sheet, band * cell[1], cell[1],
                                b"".join(c * cell[0] for c in colours[band * cols:(band + 1) * cols]))
            reach = [0] * cols  # each column of slots: the row its last page drawn reaches down to
            for slot in range(cols * nrows):
                col = slot % cols
                x, y = col * cell[0], (slot // cols) * cell[1]
                _fill(sheet, (x, y, cell[0], reach[col] - y), colours[slot])
                reach[col] = 0
                i = page_at[slot]
                if i is None:
                    continue
                page = doc.page(i)
                try:
                    w_pt, h_pt = page.get_size()
                    scale = cell[0] / w_pt
                    full = math.ceil(h_pt * scale)
                    tall = max(cell[1], full)
                    if colours[slot] is not WHITE["RGB"]:  # the slot's rows under a page short of it: white
                        _fill(sheet, (x, y + full, cell[0], cell[1] - full), WHITE["RGB"])
                        _fill(sheet, (x + math.ceil(w_pt * scale), y, cell[0] - math.ceil(w_pt * scale), cell[1]),
                              WHITE["RGB"])
                    paint(sheet, page, (x, y, cell[0], tall), scale, white=True)
                    reach[col] = y + tall
                finally:
                    doc.done(i, page)
            del sheet.data[nrows * cell[1] * sheet.stride:]
            out.append(Rows(sheet.width, nrows * cell[1], "RGB", sheet.data))
    finally:
        doc.close()
    return out


def _repeat_row(rows: Rows, y: int, h: int, pixels: bytes) -> None:
    """Rows ``y`` to ``y + h`` of ``rows`` made ``pixels`` (a whole row's pixel bytes, its filter byte 0 before
    them): the first written, then the rows so far copied onto the next as many, doubling (each byte written
    once)."""
    stride = rows.stride
    start = y * stride
    rows.data[start:start + stride] = b"\0" + pixels
    done = 1
    with memoryview(rows.data) as view:  # (a view's slice copied into another: no copy made between)
        while done < h:
            n = min(done, h - done)
            view[start + done * stride:start + (done + n) * stride] = view[start:start + n * stride]
            done += n


def _fill(rows: Rows, box: tuple[int, int, int, int], colour: bytes) -> None:
    """The ``box`` = (x, y, w, h) px of ``rows`` made ``colour`` (one pixel's bytes), row by row (if any)."""
    x, y, w, h = box
    if w <= 0 or h <= 0:
        return
    bpp, stride = len(rows.mode), rows.stride
    run = colour * w
    for r in range(y, y + h):
        start = r * stride + 1 + x * bpp
        rows.data[start:start + w * bpp] = run


def pdf_page_images(pdf: bytes, *, width_px: int | None = None, dpi: float | None = None,
                    pages: Sequence[int] | None = None, transparent: bool = False) -> list[Image.Image]:
    """Pages of a PDF as images (RGB, or RGBA when ``transparent``), at ``width_px`` pixels wide or at ``dpi``."""
    return [rows.image() for rows in page_rows(pdf, width_px=width_px, dpi=dpi, pages=pages, transparent=transparent)]


def pdf_page_pngs(pdf: bytes, *, width_px: int | None = None, dpi: float | None = None,
                  pages: Sequence[int] | None = None, stated_dpi: float | None = None) -> list[bytes]:
    """Pages of a PDF as PNG bytes on white, at ``width_px`` pixels wide or at ``dpi`` (``stated_dpi``: the
    resolution written in the file, when one is): the bytes ``png_bytes`` writes for ``pdf_page_images``'
    images, made from pdfium's pixels without a Pillow image between (the build's page previews)."""
    return [rows.png(stated_dpi) for rows in page_rows(pdf, width_px=width_px, dpi=dpi, pages=pages)]


def pdf_pngs(pdf: bytes, *, dpi: float) -> list[bytes]:
    """Every page of a PDF as PNG bytes at ``dpi`` on white: the build's page previews."""
    return pdf_page_pngs(pdf, dpi=dpi)
