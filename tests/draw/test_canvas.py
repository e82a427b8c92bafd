"""The canvas writer's cached colour operators against reportlab's own colour setters."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, strategies as st
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printgen.draw.canvas import _colour

hexes = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")
alphas = st.sampled_from([1.0, 0.0, 0.25, 0.5, 0.999])


def _state(c) -> tuple:
    return (list(c._code), c._fillColorObj, c._strokeColorObj, dict(c._extgstate._d), c._doc._pdfVersion)


@given(st.lists(st.tuples(hexes, st.booleans(), alphas), min_size=1, max_size=6))
def test_cached_colour_operators_equal_reportlabs(calls):
    # the same run of colours set both ways: the same operators, the same canvas state after
    fast, slow = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for hexstr, stroke, alpha in calls:
        _colour(fast, hexstr, stroke, alpha)
        setter = slow.setStrokeColor if stroke else slow.setFillColor
        setter(HexColor(hexstr), alpha=alpha if alpha != 1.0 else None)
    a, b = _state(fast), _state(slow)
    assert a[0] == b[0] and a[3] == b[3] and a[4] == b[4]
    assert [_rgba(o) for o in a[1:3]] == [_rgba(o) for o in b[1:3]]


def _rgba(colour):
    return (colour.red, colour.green, colour.blue, colour.alpha) if hasattr(colour, "red") else colour


def test_a_canvas_that_enforces_a_colour_space_still_checks_it():
    # the cached operators are for a canvas that takes any RGB colour; one that enforces CMYK refuses it
    c = Canvas(io.BytesIO(), enforceColorSpace="cmyk")
    with pytest.raises(ValueError):
        _colour(c, "#ff0000", False, 1.0)
    assert not any(code.endswith(" rg") for code in c._code)


# --- the operators the canvas writer writes itself, against reportlab's own way of writing them ---------

from reportlab.lib.rl_accel import fp_str  # noqa: E402
from reportlab.pdfgen.pathobject import PDFPathObject  # noqa: E402

from printgen.draw import canvas as writer  # noqa: E402
from printgen.draw import operators  # noqa: E402
from printgen.draw.document import Text  # noqa: E402
from printgen.draw.fonts import FONTS, register_pdf_fonts  # noqa: E402

coords = st.one_of(st.floats(-1e6, 1e6, allow_nan=False), st.integers(-5000, 5000),
                   st.sampled_from([0.0, -0.0, 1e-7, -1e-7, 1.5e-7, 0.5, -0.5, 1.0, 9.99999951, 99.999995]))
loops_ = st.lists(st.lists(st.tuples(coords, coords), min_size=1, max_size=8), min_size=1, max_size=3)


@given(loops_, st.booleans())
def test_a_paths_operators_are_the_ones_reportlabs_path_object_writes(loops, closed):
    p = PDFPathObject()
    for loop in loops:
        p.moveTo(*loop[0])
        for x, y in loop[1:]:
            p.lineTo(x, y)
        if closed:
            p.close()
    assert operators.path_code(loops, closed) == p.getCode()


@given(st.lists(coords, min_size=1, max_size=30))
def test_numbers_looked_up_are_written_as_fp_str_writes_them(values):
    # equal numbers share a key (0.0 and -0.0, 3 and 3.0): fp_str writes them alike, whichever came first
    for v in values + [-v for v in values] + [float(v) for v in values]:
        assert operators.NUMBERS[v] == fp_str(v)


def test_the_number_table_stays_bounded(monkeypatch):
    monkeypatch.setattr(operators.Numbers, "MAX", 10)
    table = operators.Numbers()
    for v in range(35):
        assert table[v + 0.25] == fp_str(v + 0.25)
        assert len(table) <= 10


widths = st.sampled_from([0.1, 0.25, 0.3, 0.35, 1, 2.54, 1e-3, 12.75])
dashes = st.one_of(st.none(), st.just(()), st.lists(st.sampled_from([0.5, 1, 1.5, 2.0, 3.25]), min_size=1,
                                                         max_size=4).map(tuple))


@given(widths, dashes)
def test_line_width_and_dash_are_written_as_reportlab_writes_them(width, dash):
    c = Canvas(io.BytesIO())
    c.setLineWidth(width)
    c.setDash(list(dash) if dash else [])
    assert list(operators.line_codes(width, dash)) == c._code[-2:]


def test_a_dash_reportlab_refuses_is_refused():
    for dash in ((0, 0), (-1, 2)):
        with pytest.raises(ValueError):
            Canvas(io.BytesIO()).setDash(list(dash))
        with pytest.raises(ValueError):
            operators.line_codes(0.3, dash)


words = st.text(st.sampled_from("Ab9 ()\\é—ŁØ→½"), min_size=0, max_size=12)
texts_ = st.lists(st.builds(Text, st.floats(-50, 300), st.floats(-50, 300), words, st.sampled_from(sorted(FONTS)),
                            st.sampled_from([1.5, 2.2, 3.0, 4.4]), st.sampled_from(["#000000", "#c0392b", "#ffffff"]),
                            st.sampled_from(["start", "middle", "end"])), min_size=1, max_size=8)


def _drawn(texts_runs, fast: bool, bottomup: int, alpha: bool = True) -> tuple:
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, bottomup=bottomup)
    if alpha:
        c.setFillAlpha(0.5)  # the text object's first colour sets the fill alpha back, in its own code
    writer.track_state(c)
    for run in texts_runs + texts_runs[:1]:  # the first run again: its texts shown before
        (operators.write_texts if fast else operators.rl_texts)(c, run)
    code = list(c._code)
    c.showPage()
    c.save()
    return code, c._printgen_state, buf.getvalue()


@given(st.lists(texts_, min_size=1, max_size=3), st.sampled_from([0, 1]), st.booleans())
def test_texts_are_written_as_reportlabs_text_object_writes_them(runs, bottomup, alpha):
    # the same operators, the same state left, and the same file (font subsets assigned alike, the same PDF
    # version): after an alpha was set, and on a page whose fill alpha is still the default
    register_pdf_fonts()
    assert _drawn(runs, True, bottomup, alpha) == _drawn(runs, False, bottomup, alpha)


def test_a_canvas_that_makes_its_own_text_objects_is_given_them():
    made = []

    class Own(Canvas):
        def beginText(self, x=0, y=0, direction=None):
            made.append(1)
            return super().beginText(x, y, direction)

    register_pdf_fonts()
    operators.write_texts(Own(io.BytesIO()), [Text(1.0, 2.0, "x", "sans", 3.0)])
    assert made


from printgen.draw.document import Circle, Rect, Style  # noqa: E402

places = st.one_of(st.floats(-300, 300, allow_nan=False), st.integers(-50, 300))
sizes = st.one_of(st.floats(0.01, 80, allow_nan=False), st.integers(1, 40))
looks = st.sampled_from([Style(fill="#224466"), Style(stroke="#000000", width=0.3),
                         Style(fill="#ffffff", stroke="#c0392b", width=1.2)])


@given(st.lists(st.one_of(st.builds(Circle, places, places, sizes, looks),
                          st.builds(Rect, places, places, sizes, sizes, looks, sizes)), min_size=1, max_size=6),
       st.booleans())
def test_discs_and_rounded_boxes_are_written_as_reportlabs_canvas_writes_them(ops, even_odd):
    ours, theirs = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for c in (ours, theirs):
        c._fillMode = 1 if even_odd else 0
    for _ in range(2):  # worked out, then taken again
        for op in ops:
            writer.draw_op(ours, op)
            fill, stroke = writer._style(theirs, op.style)
            if isinstance(op, Circle):
                theirs.circle(op.cx, op.cy, op.r, stroke=int(stroke), fill=int(fill))
            else:
                theirs.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(stroke), fill=int(fill))
    assert ours._code == theirs._code


def test_a_canvas_of_its_own_kind_draws_its_discs_and_boxes_itself():
    drawn = []

    class Own(Canvas):
        def circle(self, *a, **k):
            drawn.append("circle")
            return super().circle(*a, **k)

        def roundRect(self, *a, **k):
            drawn.append("roundRect")
            return super().roundRect(*a, **k)

    c = Own(io.BytesIO())
    writer.draw_op(c, Circle(5.0, 5.0, 2.0, Style(fill="#000000")))
    writer.draw_op(c, Rect(1.0, 1.0, 9.0, 9.0, Style(fill="#000000"), radius=1.5))
    assert drawn == ["circle", "roundRect"]


# --- runs of plain shapes on a page with a state record (canvas._tracked_run), against drawing them one by one --

from printgen.draw.document import Path as PathOp, Poly  # noqa: E402

STYLES = [Style(fill="#224466"), Style(fill="#224466", stroke="#000000", width=0.3), Style(stroke="#c0392b", width=1.2),
          Style(fill="#ffffff", stroke="#2b2b2b", width=0.25, dash=(1.0, 0.5)), Style(), Style(fill="#224466")]
points = st.lists(st.tuples(places, places), min_size=2, max_size=6).map(tuple)
shapes = st.one_of(st.builds(Poly, points, st.sampled_from(STYLES), closed=st.booleans()),
                   st.builds(Circle, places, places, sizes, st.sampled_from(STYLES)),
                   st.builds(Rect, places, places, sizes, sizes, st.sampled_from(STYLES), st.sampled_from([0.0, 1.5])),
                   st.builds(PathOp, st.lists(points, min_size=1, max_size=2).map(tuple), st.sampled_from(STYLES)))


def _page(ops, tracked_runs: bool, alpha: float | None):
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    if alpha is not None:
        c.setFillAlpha(alpha)  # a page whose alpha was set before, or left at its default
    writer.track_state(c)
    if tracked_runs:
        writer.draw_ops(c, ops)
    else:
        for op in ops:  # the shapes one by one, each asking for its style
            writer.draw_op(c, op)
    code = list(c._code)
    state = dict(c._printgen_state)
    c.showPage()
    c.save()
    return code, state, buf.getvalue()


@given(st.lists(shapes, min_size=1, max_size=20), st.sampled_from([None, 0.5, 1.0]))
def test_runs_of_shapes_are_written_as_shapes_drawn_one_by_one(ops, alpha):
    # the same operators (a style met again in a row is not asked again), state record and file
    ops = ops + ops[:9]  # a run met again on the page (taken from the run memo)
    assert _page(ops, True, alpha) == _page(ops, False, alpha)
