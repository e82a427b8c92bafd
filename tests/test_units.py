"""Lengths with units, named sizes."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from printgen.units import CARD_SIZES, PAPER_SIZES, UnitError, mm_to_pt, parse_length, parse_size, pt_to_mm


@pytest.mark.parametrize("text,mm", [
    ("25.4mm", 25.4), ("1in", 25.4), ("1 in", 25.4), ("2.5cm", 25.0), ("12pt", 12 * 25.4 / 72),
    (" 0.5 IN ", 12.7), (".5mm", 0.5), ("0mm", 0.0),
])
def test_lengths_parse_to_mm(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("value,words", [
    (25.4, "bare number 25.4"), (3, "bare number 3"), ("25.4", "cannot read"), ("3 furlong", "unknown unit"),
    ("-2mm", "zero or more"), (None, "expected a length"), (True, "expected a length"), ("mm", "cannot read"),
    ([1], "expected a length string"),
])
def test_bad_lengths_say_which_units_are_accepted(value, words):
    with pytest.raises(UnitError) as err:
        parse_length(value)
    assert words in str(err.value)
    if words.startswith("bare"):
        assert "mm, cm, in, pt" in str(err.value)


def test_zero_can_be_refused():
    with pytest.raises(UnitError):
        parse_length("0mm", allow_zero=False)


def test_named_sizes():
    assert CARD_SIZES["poker"] == (63.5, 88.9)
    assert CARD_SIZES["standard"] == (63.0, 88.0)
    assert {"bridge", "tarot", "mini"} <= set(CARD_SIZES)
    assert PAPER_SIZES["a4"] == (210.0, 297.0)
    assert PAPER_SIZES["letter"] == pytest.approx((215.9, 279.4))
    assert parse_size("Poker", CARD_SIZES) == (63.5, 88.9)
    assert parse_size("63.5mm x 88.9mm", CARD_SIZES) == pytest.approx((63.5, 88.9))
    assert parse_size("2.5in x 3.5in", CARD_SIZES) == pytest.approx((63.5, 88.9))
    with pytest.raises(UnitError):
        parse_size("huge", CARD_SIZES)
    with pytest.raises(UnitError):
        parse_size("63.5 x 88.9", CARD_SIZES)  # bare numbers are never guessed


@given(st.floats(min_value=0, max_value=1e4))
def test_points_round_trip(mm):
    assert pt_to_mm(mm_to_pt(mm)) == pytest.approx(mm)


@pytest.mark.parametrize("size,says", [
    ("63x88mm", "size '63x88mm': its width '63' has no unit; give each side its own, e.g. '63mm x 88mm'"),
    ("63 x 88", "its width '63' has no unit; give each side its own, e.g. '63mm x 88mm'"),
    ("63mm x 88", "its height '88' has no unit; give each side its own, e.g. '63mm x 88mm'"),
    ("0mm x 88mm", "size '0mm x 88mm': length '0mm' must be positive"),
])
def test_a_size_a_side_of_which_cannot_be_read_names_the_size_and_the_side(size, says):
    """'63x88mm' was "cannot read '63' as a length": neither the size nor that each side needs its unit."""
    with pytest.raises(UnitError) as exc:
        parse_size(size, {"poker": (63.5, 88.9)})
    assert says in str(exc.value)
    assert parse_size("63mm x 88mm", {}) == (63.0, 88.0) and parse_size("2.5in x 3.5in", {}) == pytest.approx((63.5, 88.9))
