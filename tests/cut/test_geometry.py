"""Property tests of the cut geometry: every loop is closed on its outline at the size asked for, the kerf
moves it out by itself, the SVG and DXF writers keep it to 0.01 mm, and the layout keeps every piece's
bleed box inside the machine's area, clear of the marks' keep-outs and of every other piece."""

from __future__ import annotations

import io
import math

import ezdxf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.cut.files import dxf_bytes, svg_bytes
from printgen.cut.machines import MACHINES
from printgen.cut.outline import bounds, loop_points, piece_loop
from printgen.cut.pieces import Piece
from printgen.cut.sheet import GAP, lay_out
from tests.conftest import NIGHTLY
from tests.cut.svgloops import bbox, svg_loops

sizes = st.floats(min_value=5.0, max_value=120.0)
kerfs = st.floats(min_value=0.0, max_value=1.0)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["circle", "rect", "hex"]), sizes, sizes, st.floats(0.0, 6.0), kerfs,
       st.floats(0.0, 50.0), st.floats(0.0, 50.0))
def test_a_loop_is_its_outline_moved_out_by_the_kerf(shape, w, h, corner, kerf, x, y):
    if shape == "circle":
        h = w
    if shape == "hex":
        w = h * 2 / math.sqrt(3)
    loop = piece_loop(shape, x, y, w, h, corner, kerf)
    across = kerf * (2 / math.sqrt(3) if shape == "hex" else 1.0)  # a hexagon's corners move out 2/sqrt 3 as far
    assert bounds(loop) == pytest.approx((x - across, y - kerf, x + w + across, y + h + kerf), abs=1e-3)
    if shape == "circle":
        c = (x + w / 2, y + h / 2)
        assert all(abs(math.dist(p, c) - (w / 2 + kerf)) < 1e-6 for p in loop_points(loop))


# each example writes and reads back a DXF (ezdxf's reader: a tenth of a second or more)
@settings(max_examples=40 if NIGHTLY else 15, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["circle", "rect", "hex"]), sizes, sizes, st.floats(0.0, 5.0)),
                min_size=1, max_size=5), kerfs)
def test_svg_and_dxf_hold_the_loops_to_a_hundredth(shapes, kerf):
    loops = [(f"p{i}", piece_loop(s, 10 + 3 * i, 20 + 2 * i, w, h if s != "circle" else w, c, kerf))
             for i, (s, w, h, c) in enumerate(shapes)]
    (_, _), read = svg_loops(svg_bytes(loops, 215.9, 279.4, "t"))
    doc = ezdxf.read(io.StringIO(dxf_bytes(loops, 215.9, 279.4).decode()))
    polys = list(doc.modelspace().query("LWPOLYLINE"))
    assert len(read) == len(polys) == len(loops)
    for (_, loop), (_, pts, closed), poly in zip(loops, read, polys):
        assert closed and poly.closed
        assert bbox(pts) == pytest.approx(bounds(loop), abs=0.01)
        back = [(x, 279.4 - yy, -b) for x, yy, _s, _e, b in poly.get_points("xyseb")]
        assert bounds(back) == pytest.approx(bounds(loop), abs=0.01)


def _piece(shape: str, w: float, count: int) -> Piece:
    h = w * math.sqrt(3) / 2 if shape == "hex" else (w if shape == "circle" else w * 1.4)
    return Piece(f"{shape} {w:.1f}", shape, w, h, lambda b: [], count, None)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["circle", "rect", "hex"]), st.floats(6.0, 90.0),
                          st.integers(1, 12)), min_size=1, max_size=4),
       st.sampled_from(list(MACHINES)), st.floats(0.0, 3.0))
def test_the_layout_keeps_pieces_in_the_area_apart_and_off_the_marks(specs, machine, bleed):
    m = MACHINES[machine]
    pieces = [_piece(*s) for s in specs]
    sheets = lay_out(pieces, m, 215.9, 279.4, bleed)
    assert sum(len(s.placed) for s in sheets) == sum(p.count for p in pieces)
    x0, y0, x1, y1 = m.area(215.9, 279.4)
    for sheet in sheets:
        boxes = []
        for p in sheet.placed:
            bw, bh = p.piece.box(bleed)
            box = (p.x, p.y, p.x + bw, p.y + bh)
            assert x0 - 1e-6 <= box[0] and box[2] <= x1 + 1e-6 and y0 - 1e-6 <= box[1] and box[3] <= y1 + 1e-6
            for k in m.keepouts(215.9, 279.4):
                assert box[2] <= k[0] + 1e-6 or box[0] >= k[2] - 1e-6 or box[3] <= k[1] + 1e-6 or box[1] >= k[3] - 1e-6
            for other in boxes:
                assert (box[2] + GAP <= other[0] + 1e-6 or other[2] + GAP <= box[0] + 1e-6
                        or box[3] + GAP <= other[1] + 1e-6 or other[3] + GAP <= box[1] + 1e-6)
            boxes.append(box)


@settings(max_examples=25, deadline=None)
@given(st.floats(20.0, 90.0), st.floats(20.0, 120.0), st.floats(0.0, 3.0), st.floats(0.0, 4.0))
def test_a_turned_card_is_cut_where_its_face_prints(w, h, bleed, corner):
    """A card turned a quarter (cut sheets that hold more so): its face, drawn upright in its own box and
    turned onto the sheet, prints its trim exactly where its cut loop runs."""
    from printgen.draw.document import Rect, Style
    from printgen.preflight.scene import flatten

    def face(b: float) -> list:
        return [Rect(b, b, w, h, Style(stroke="#000000", width=0.1), role="probe")]

    card = Piece("card", "rect", w, h, face, 1, None, corner=corner).turned()
    sheets = lay_out([card], MACHINES["silhouette"], 215.9, 279.4, bleed)
    if not sheets:
        return  # too big for the area turned
    [probe] = [i for i in flatten(sheets[0].page) if i.role == "probe"]
    [(_, loop)] = sheets[0].loops(bleed, 0.0)
    half = 0.05  # the probe's stroke
    x0, y0, x1, y1 = probe.box
    assert bounds(loop) == pytest.approx((x0 + half, y0 + half, x1 - half, y1 - half), abs=1e-6)
    assert (x1 - x0 - 2 * half, y1 - y0 - 2 * half) == pytest.approx((h, w), abs=1e-6)  # turned: h across
