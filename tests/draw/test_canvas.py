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
    return (list(c._code), c._fillColorObj, c._strokeColorObj, dict(c._extgstate._d))


@given(st.lists(st.tuples(hexes, st.booleans(), alphas), min_size=1, max_size=6))
def test_cached_colour_operators_equal_reportlabs(calls):
    # the same run of colours set both ways: the same operators, the same canvas state after
    fast, slow = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for hexstr, stroke, alpha in calls:
        _colour(fast, hexstr, stroke, alpha)
        setter = slow.setStrokeColor if stroke else slow.setFillColor
        setter(HexColor(hexstr), alpha=alpha if alpha != 1.0 else None)
    a, b = _state(fast), _state(slow)
    assert a[0] == b[0] and a[3] == b[3]
    assert [_rgba(o) for o in a[1:3]] == [_rgba(o) for o in b[1:3]]


def _rgba(colour):
    return (colour.red, colour.green, colour.blue, colour.alpha) if hasattr(colour, "red") else colour


def test_a_canvas_that_enforces_a_colour_space_still_checks_it():
    # the cached operators are for a canvas that takes any RGB colour; one that enforces CMYK refuses it
    c = Canvas(io.BytesIO(), enforceColorSpace="cmyk")
    with pytest.raises(ValueError):
        _colour(c, "#ff0000", False, 1.0)
    assert not any(code.endswith(" rg") for code in c._code)
