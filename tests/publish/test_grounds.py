"""A card's ground laid under its page rather than drawn by pdfium (publish/raster.py opened_items and ground,
write/raster.py page_rows and page_sheets): the pixels are those of the page drawn whole, at every 8-bit level
of every channel, at a size a row or column over or short of the page's, resampled, and on a TTS sheet."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from printgen.draw.document import Circle, Rect, Style, Text
from printgen.publish import raster
from printgen.publish.cards import shared_faces

W, H = 20.0, 28.0  # mm


def _face(level: int, *, radius: float = 0.0, opacity: float = 1.0, stroke: str | None = None) -> list:
    colour = f"#{level:02x}{255 - level:02x}{(level * 7) % 256:02x}"
    return [Rect(0.0, 0.0, W, H, Style(fill=colour, stroke=stroke, width=0.3 if stroke else 0.0, opacity=opacity),
                 radius=radius, role="ground"),
            Circle(W / 2, H / 2, 6.3, Style(fill="#ffffff", stroke="#202020", width=0.4)),
            Rect(2.1, 3.3, 9.7, 4.4, Style(fill=colour, opacity=0.5)),  # the ground's colour again, see-through
            Text(3.0, H - 4.0, "Ag 7", "sans-bold", 3.0, "#000000")]


def _rows(items, **kw) -> list[bytes]:
    return [bytes(r.data) for r in raster.items_rows(items, W, H, **kw)]


def test_every_level_of_every_channel_comes_out_as_drawn_whole():
    items = [_face(level) for level in range(256)]
    size = (raster.px(W, 40), raster.px(H, 40))
    plain = _rows(items, size_px=size)  # outside shared_faces: every op drawn by pdfium
    with shared_faces():
        opened = raster.opened_items(items, W, H)
        assert len(opened.grounds) == 256  # each face's ground left out of its page...
        assert opened.grounds[0x2a] == bytes([0x2a, 255 - 0x2a, (0x2a * 7) % 256])
        together = _rows(items, size_px=size)
    assert together == plain  # ...and its pixels the same, byte for byte
    # (and the ground is really there: the corner pixel of each face is its colour)
    assert all(rows[1:4] == bytes([v, 255 - v, (v * 7) % 256]) for v, rows in enumerate(plain))


@pytest.mark.parametrize("dpi, over", [(150, (0, 0)), (150, (0, 1)), (150, (1, 0)), (150, (0, -1)), (100, (1, 1)),
                                       (300, (0, 2)), (72, (0, 5)), (96, (-4, 3))])
def test_a_size_off_the_page_by_rounding_or_resampled_is_the_same(dpi, over):
    items = [_face(level) for level in (0, 17, 128, 255)]
    size = (raster.px(W, dpi) + over[0], raster.px(H, dpi) + over[1])
    plain = _rows(items, size_px=size)
    with shared_faces():
        assert _rows(items, size_px=size) == plain


def test_a_tts_sheet_of_grounded_and_other_faces_is_the_same():
    items = [_face(level) for level in (3, 200, 90)] + [_face(40, radius=1.5), _face(60, opacity=0.8),
                                                       _face(80, stroke="#000000"), [], _face(250)]
    cell = (raster.px(W, 150), raster.px(H, 150) + 2)  # a row taller than a page: white under each
    sheets = [(3, 3, [0, 1, 2, 3, None, 4, 5, 6, 7]), (2, 2, [7, 0])]
    plain = [bytes(s.data) for s in raster.sheet_rows(items, W, H, cell=cell, sheets=sheets)]
    with shared_faces():
        opened = raster.opened_items(items, W, H)
        assert sorted(opened.grounds) == [0, 1, 2, 7]  # a rounded, see-through or stroked ground is drawn
        assert [bytes(s.data) for s in raster.sheet_rows(items, W, H, cell=cell, sheets=sheets)] == plain


def test_what_is_a_ground():
    face = _face(0x80)
    assert raster.ground(face, W, H) == bytes([0x80, 0x7f, 0x80])
    assert raster.ground(face, W + 0.01, H) is None  # short of the page
    assert raster.ground(face[1:], W, H) is None  # not the first op
    assert raster.ground([], W, H) is None
    assert raster.ground(_face(1, radius=0.5), W, H) is None
    assert raster.ground(_face(1, opacity=0.99), W, H) is None
    assert raster.ground(_face(1, stroke="#000000"), W, H) is None
    for fill in (None, "#80808080", "#abc", "red", "#gg0000"):
        assert raster.ground([Rect(0.0, 0.0, W, H, Style(fill=fill))], W, H) is None


def test_transparent_faces_keep_their_ground():
    items = [_face(level) for level in (5, 250)]
    size = (raster.px(W, 60), raster.px(H, 60))
    plain = _rows(items, size_px=size, transparent=True)
    with shared_faces():
        assert _rows(items, size_px=size, transparent=True) == plain
        assert not raster.opened_items(items, W, H, grounds=False).grounds


NIGHTLY = os.environ.get("PRINTGEN_NIGHTLY", "") not in ("", "0")


@settings(max_examples=400 if NIGHTLY else 40, deadline=None)
@given(w=st.floats(8.0, 120.0), h=st.floats(8.0, 120.0), dpi=st.sampled_from([60, 72, 96, 100, 150, 300]),
       over=st.tuples(st.integers(-2, 2), st.integers(-2, 2)), level=st.integers(0, 255),
       snap=st.booleans())
def test_any_page_size_and_resolution_comes_out_as_drawn_whole(w, h, dpi, over, level, snap):
    """Pages whose edges fall anywhere on the pixel grid, or (``snap``) on a whole pixel, where rounding
    decides the last row or column."""
    if snap:  # a page a whole number of pixels long at this resolution
        w, h = (round(v / 25.4 * dpi) * 25.4 / dpi for v in (w, h))
    colour = f"#{level:02x}{(level * 5) % 256:02x}{255 - level:02x}"
    items = [[Rect(0.0, 0.0, w, h, Style(fill=colour)), Circle(w / 2, h / 2, min(w, h) / 3, Style(fill="#ffffff"))]]
    size = (max(1, raster.px(w, dpi) + over[0]), max(1, raster.px(h, dpi) + over[1]))
    plain = [bytes(r.data) for r in raster.items_rows(items, w, h, size_px=size)]
    cell = (raster.px(w, dpi), raster.px(h, dpi) + max(0, over[1]))
    plain_sheet = [bytes(s.data) for s in raster.sheet_rows(items * 2, w, h, cell=cell, sheets=[(2, 2, [0, 1])])]
    with shared_faces():
        assert raster.opened_items(items, w, h).grounds
        assert [bytes(r.data) for r in raster.items_rows(items, w, h, size_px=size)] == plain
        assert [bytes(s.data) for s in raster.sheet_rows(items * 2, w, h, cell=cell,
                                                          sheets=[(2, 2, [0, 1])])] == plain_sheet


def test_faces_alike_but_for_their_grounds_come_out_as_drawn_whole():
    """Faces that differ only in their ground colour (a token in each player's colour) are one drawing once their
    grounds are laid under: the PDF writer would make them one form, which pdfium places a picture in a pixel
    apart from the same picture drawn on the page at low resolutions. Laid under, they must still come out as
    each face drawn whole by pdfium."""
    import io

    from PIL import Image as PILImage

    from printgen.draw.document import Image

    picture = PILImage.new("LA", (37, 23))
    picture.putdata([((x * 37 + y * 11) % 256, (x * 5 + y * 29) % 256) for y in range(23) for x in range(37)])
    data = io.BytesIO()
    picture.save(data, "PNG")
    art = Image(W * 0.3, H * 0.3, W * 0.8, H * 0.8, data.getvalue())
    items = [[Rect(0.0, 0.0, W, H, Style(fill=colour)), art] for colour in ("#000000", "#4d8fb2", "#feff01")]
    items.append([Rect(0.0, 0.0, W, H, Style(fill="#4d8fb2")), art])  # (and one alike with its ground too)
    items.append([art])  # (and one with no ground at all: the others' drawing once theirs is laid under)
    for dpi in (72, 150):
        size = (raster.px(W, dpi), raster.px(H, dpi))
        plain = _rows(items, size_px=size)
        with shared_faces():
            assert _rows(items, size_px=size) == plain
