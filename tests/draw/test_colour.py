"""The colour helpers layouts and maps choose text colours with: each choice reaches WCAG's 4.5:1 where a
choice can, measured with the preflight's own ratio, and keeps as much of the colour it was given."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printgen.draw.colour import INK, READABLE, WHITE, contrast, ink_on, legible, mix, readable, text_on
from printgen.layout.game_layouts import TERM_GROUND
from printgen.render.maps.hexes import NUDGE, level_fill, level_shade

colours = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")


@given(colours, st.booleans())
def test_text_on_takes_the_better_of_black_and_white(ground, meaning):
    chosen = text_on(ground, meaning)
    other = WHITE if chosen == INK else INK
    assert contrast(chosen, ground, meaning) >= contrast(other, ground, meaning)


def test_ink_on_a_middle_green_is_the_ink_wcag_prefers():
    # #3f8f3a: white reads at 4.04:1, the ink at 4.18:1 (the old cut at 0.55 of a gamma lightness said white)
    assert ink_on("#3f8f3a") == INK
    assert ink_on("#357a32") == WHITE and contrast(WHITE, "#357a32") >= READABLE


@given(colours, colours, st.booleans())
def test_readable_reads_wherever_black_or_white_would(colour, ground, meaning):
    out = readable(colour, ground, READABLE, meaning)
    if contrast(colour, ground, meaning) >= READABLE:
        assert out == colour  # a colour that reads is left alone
    elif contrast(text_on(ground, meaning), ground, meaning) >= READABLE:
        assert contrast(out, ground, meaning) >= READABLE
        # on the way from the colour to black or white, at the first twentieth that reads
        end = text_on(ground, meaning)
        steps = [k for k in range(1, 21) if mix(colour, end, k / 20) == out]
        assert steps and all(contrast(mix(colour, end, k / 20), ground, meaning) < READABLE
                             for k in range(1, steps[0]))


def test_a_token_term_darkens_only_as_far_as_the_cream_paper_needs():
    # Heroes of Hex's Focus token (#c9a227) was printed as #977a1d on a class card's #fffaf0: 3.94:1
    term = readable(mix("#c9a227", "#000000", 0.25), TERM_GROUND)
    assert contrast(term, "#fffaf0") >= READABLE and contrast(term, TERM_GROUND) >= READABLE
    assert contrast(mix(term, "#ffffff", 0.05), TERM_GROUND) < READABLE + 0.6  # no darker than it takes


@given(colours, st.booleans(), st.sampled_from([None, "#000000", "#ffffff"]))
def test_legible_is_a_ground_black_or_white_reads_on(ground, meaning, toward):
    out = legible(ground, meaning, toward)
    assert contrast(text_on(out, meaning), out, meaning) >= READABLE
    if contrast(text_on(ground, meaning), ground, meaning) >= READABLE:
        assert out == ground
    elif toward is not None:
        assert any(mix(ground, toward, k / 50) == out for k in range(1, 51))  # moved that way only


@given(colours, st.integers(1, 9))
def test_a_level_fill_stays_within_half_a_level_of_its_shade_and_in_order(colour, level):
    fill, shade = level_fill(colour, level), level_shade(colour, level)
    if level == 1:
        assert fill == colour  # the terrain's own colour, as its legend swatch shows it
    reach = max(NUDGE) * 255 + 1
    assert all(abs(int(fill[i:i + 2], 16) - int(shade[i:i + 2], 16)) <= reach for i in (1, 3, 5))
    darker = level_fill(colour, level + 1)
    assert all(int(darker[i:i + 2], 16) <= int(fill[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("colour", ["#7faa4f", "#8d8a84", "#dcc47e", "#b69867", "#3771ae", "#5e7f58", "#8e4a3c",
                                    "#e3561f", "#cfe6f1", "#9fcbe4", "#f0f3f5", "#d7dde2", "#2e6436"])
@pytest.mark.parametrize("level", [2, 3, 4, 5, 6])
def test_high_ground_terrain_prints_its_level_numbers_readably_for_every_vision(colour, level):
    # every terrain of the bundled High Ground, stacked up to level 6 (at level 1, its own colour, molten lava
    # and swamp water read at 3.4:1 and 4.4:1 as the colour-blind see them: no battlefield of the game lays
    # them there, and the map's preflight would say so)
    fill = level_fill(colour, level)
    assert contrast(text_on(fill, True), fill, True) >= READABLE, (colour, level, fill)
