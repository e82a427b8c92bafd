"""The rows notation: a line a row, a character a hex; a block of text is a block of hexes."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from printgen.hexgrid import distance
from printgen.hexgrid.textmap import TextMapError, parse_textmap


def _grid(cols: int, rows: int, sep: str = " ", indent_odd: bool = False) -> str:
    lines = []
    for r in range(rows):
        lead = " " if indent_odd and r % 2 else ""
        lines.append(lead + sep.join(chr(ord("a") + (r * cols + c) % 26) for c in range(cols)))
    return "\n".join(lines)


@given(st.integers(1, 9), st.integers(1, 9), st.sampled_from(["flat", "pointy"]), st.sampled_from(["", " "]),
       st.booleans())
def test_a_block_of_text_is_a_block_of_hexes(cols, rows, orientation, sep, indent):
    indent = indent and cols > 1  # one hex a line: nothing says what a step is, so an indent is a column
    tm = parse_textmap(_grid(cols, rows, sep, indent and sep == " "), orientation, notation="rows")
    assert len(tm.cells) == cols * rows
    by_place = {(c.line, c.col): h for h, c in tm.cells.items()}
    step = len(sep) + 1
    for r in range(rows):
        lead = 1 if indent and sep == " " and r % 2 else 0
        for c in range(cols):
            h = by_place[(r, lead + c * step)]
            if c + 1 < cols:  # the next character of a line is a neighbouring hex
                assert distance(h, by_place[(r, lead + (c + 1) * step)]) == 1
            if r + 1 < rows:  # so is the character below (same column, next row)
                below = by_place[(r + 1, (1 if indent and sep == " " and (r + 1) % 2 else 0) + c * step)]
                assert distance(h, below) == 1


def test_spacing_and_half_step_indents_read_the_same():
    plain = parse_textmap("....\n.^^.\n.^^.\n....", "flat", notation="rows")
    spaced = parse_textmap(". . . .\n. ^ ^ .\n. ^ ^ .\n. . . .", "flat", notation="rows")
    drawn = parse_textmap(". . . .\n . ^ ^ .\n. ^ ^ .\n . . . .", "flat", notation="rows")
    as_chars = lambda tm: {h: c.char for h, c in tm.cells.items()}  # noqa: E731
    assert as_chars(plain) == as_chars(spaced) == as_chars(drawn)
    ridge = [h for h, c in plain.cells.items() if c.char == "^"]
    # a compact 2x2 (a rhombus of four), not a strip: each ridge hex touches two others or more
    assert max(distance(a, b) for a in ridge for b in ridge) == 2
    assert all(sum(distance(a, b) == 1 for b in ridge) >= 2 for a in ridge)


def test_the_picture_notation_is_unchanged_and_a_stray_character_is_located():
    picture = parse_textmap(". . . .\n . ^ ^ .", "flat")
    ridge = [h for h, c in picture.cells.items() if c.char == "^"]
    assert len(picture.cells) == 8 and max(distance(a, b) for a in ridge for b in ridge) == 2  # zigzag strip
    with pytest.raises(TextMapError) as exc:
        parse_textmap(". . .\n.  . .", "flat", notation="rows")
    assert (exc.value.line, exc.value.col) == (1, 3)
