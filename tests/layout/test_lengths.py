"""Layout lengths: units, percentages of the box, bleed, sums; bare numbers refused."""

import pytest

from printgen.layout.lengths import LengthError, parse_extent


@pytest.mark.parametrize("text,mm", [("3mm", 3.0), ("1in", 25.4), ("72pt", 25.4), ("50%", 31.75),
                                     ("100% - 6mm", 57.5), ("-bleed", -3.0), ("13.5mm + bleed", 16.5),
                                     ("100% + 2bleed", 69.5), (0, 0.0)])
def test_lengths_parse_to_mm(text, mm):
    assert parse_extent(text, ref=63.5, bleed=3.0) == pytest.approx(mm)


@pytest.mark.parametrize("text,words", [(4, "bare number 4"), ("4", "no unit"), ("3mm 4mm", "join terms"),
                                        ("3 furlongs", "unknown unit"), ("3mm+", "cannot read"), ("", "empty")])
def test_bad_lengths_say_what_to_write(text, words):
    with pytest.raises(LengthError, match=words):
        parse_extent(text, ref=10.0)
