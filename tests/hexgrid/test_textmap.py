"""Text maps in doubled coordinates, including the Hex Dice seed's own diagrams."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from printgen.hexgrid import Hex, TextMapError, distance, format_textmap, parse_textmap, rectangle

TEXTMAPS = Path(__file__).parent.parent / "fixtures" / "textmaps"
cells = st.dictionaries(st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6)),
                        st.sampled_from(list("abcxyz#.")), min_size=1, max_size=50)


def _normalise(d: dict) -> dict:
    q0 = min(h.q for h in d)
    r0 = min(h.r for h in d)
    return {Hex(h.q - q0, h.r - r0): v for h, v in d.items()}


def _same_up_to_translation(got: dict, want: dict) -> bool:
    if len(got) != len(want):
        return False
    a, b = min(got, key=lambda h: (h.r, h.q)), min(want, key=lambda h: (h.r, h.q))
    dq, dr = b.q - a.q, b.r - a.r
    return all(want.get(Hex(h.q + dq, h.r + dr)) == v for h, v in got.items())


@given(cells, st.sampled_from(["flat", "pointy"]), st.integers(1, 4))
def test_format_then_parse_round_trips_with_known_spacing(d, orientation, spacing):
    text = format_textmap(d, orientation, spacing=spacing)
    got = {h: c.char for h, c in parse_textmap(text, orientation, step=spacing).cells.items()}
    assert _same_up_to_translation(got, d)


@given(st.lists(st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40)), min_size=1, max_size=12, unique=True),
       st.sampled_from(["flat", "pointy"]))
def test_exact_notation_reads_scattered_hexes_back_where_they_were(hexes, orientation):
    d = {h: "abc"[i % 3] for i, h in enumerate(hexes)}
    text = format_textmap(d, orientation)
    got = {h: c.char for h, c in parse_textmap(text, orientation, notation="exact").cells.items()}
    assert _same_up_to_translation(got, d)


def test_exact_notation_is_what_keeps_lone_hexes_apart():
    lone = {Hex(0, 0): "a", Hex(4, 0): "a", Hex(8, 0): "a"}  # a row of hexes four apart
    text = format_textmap(lone, "pointy")
    inferred = parse_textmap(text, "pointy").cells
    assert max(distance(a, b) for a in inferred for b in inferred) == 2  # the picture infers a wider spacing
    exact = parse_textmap(text, "pointy", notation="exact").cells
    assert max(distance(a, b) for a in exact for b in exact) == 8
    with pytest.raises(TextMapError):  # nothing inferred: a character off the half-hex grid is blamed
        parse_textmap("a\na", "pointy", notation="exact")  # a row under a row is shifted one character


@given(st.integers(2, 9), st.integers(1, 9), st.sampled_from(["flat", "pointy"]), st.integers(1, 5),
       st.randoms(use_true_random=False))
def test_spacing_is_inferred_for_real_maps(w, h, orientation, spacing, rnd):
    d = {x: rnd.choice("abc.#") for x in rectangle(w, h, orientation)}
    text = format_textmap(d, orientation, spacing=spacing)
    got = {x: c.char for x, c in parse_textmap(text, orientation).cells.items()}
    assert _same_up_to_translation(got, d)


def test_flat_rectangle_reads_back():
    text = "A   .   .\n  .   .   .\n.   .   .\n  .   .   B"
    tm = parse_textmap(text, "flat")
    assert len(tm.cells) == 12
    assert set(tm.cells) == set(rectangle(6, 2, "flat"))
    assert tm.by_char("A") == [Hex(0, 0)]


def test_pointy_rows_are_shifted_half_a_hex():
    tm = parse_textmap(". . .\n . . .\n. . .", "pointy")
    assert len(tm.cells) == 9
    assert Hex(0, 1) in tm.cells and Hex(-1, 2) in tm.cells


@pytest.mark.parametrize("name", sorted(p.stem for p in TEXTMAPS.glob("hexdice-*.txt")))
def test_seed_hex_dice_diagrams_parse_as_a_radius_5_hexagon(name):
    tm = parse_textmap((TEXTMAPS / f"{name}.txt").read_text(), "flat")
    assert len(tm.cells) == 91  # the seed's diagrams hold 91 hexes: radius 5, not the R=6 its text names
    centre = Hex(sum(h.q for h in tm.cells) // 91, sum(h.r for h in tm.cells) // 91)
    assert max(distance(centre, h) for h in tm.cells) == 5


def test_seed_dice1_moves_are_on_the_primary_axis():
    tm = parse_textmap((TEXTMAPS / "hexdice-dice1.txt").read_text(), "flat")
    (unit,) = tm.by_char("1")
    moves = tm.by_char("+")
    assert sorted(distance(unit, m) for m in moves) == [1, 1, 2, 3]
    assert {m.q for m in moves} == {unit.q}  # straight up and down the column


@pytest.mark.parametrize("text,orientation,line,col,words", [
    ("", "flat", 0, 0, "no hexes"),
    (". . . .\n. . . .", "pointy", 1, 0, "not on the pointy-top hex grid"),
    (".   .\n.   .", "flat", 1, 0, "not on the flat-top hex grid"),
    ("a\tb", "flat", 0, 1, "tab"),
    (".   .   .\n  .   .\n .", "flat", 2, 1, "not lined up"),
])
def test_bad_text_maps_point_at_the_offending_character(text, orientation, line, col, words):
    with pytest.raises(TextMapError) as err:
        parse_textmap(text, orientation)
    assert (err.value.line, err.value.col) == (line, col)
    assert words in err.value.message


def test_a_text_read_again_is_the_same_textmap_as_reading_it_afresh(monkeypatch):
    """A process reads each map's text once (the checks, the pages, the guide and the terrain all ask): the same
    TextMap again, equal to reading it afresh; a text that does not read is refused every time; the memory is
    bounded."""
    import yaml

    from printgen.hexgrid import textmap

    monkeypatch.setattr(textmap, "_READ", type(textmap._READ)())
    root = Path(__file__).resolve().parents[2]
    texts = [m["layout"] for f in sorted((root / "data").glob("*/maps.yaml"))
             for m in yaml.safe_load(f.read_text())["maps"]]
    assert len(texts) >= 5
    read = 0
    for text in texts:
        for orientation, notation in (("flat", "picture"), ("pointy", "picture"), ("pointy", "exact")):
            try:
                fresh = textmap._parse_textmap(text, orientation, None, notation)
            except TextMapError:
                continue
            first = parse_textmap(text, orientation, notation=notation)
            assert first == fresh and parse_textmap(text, orientation, notation=notation) is first
            read += 1
    assert read >= len(texts)
    for _ in range(2):
        with pytest.raises(TextMapError):
            parse_textmap(". .\n.", "flat")
    monkeypatch.setattr(textmap, "_READ_KEPT", 3)
    for n in range(1, 6):
        parse_textmap(". " * n, "pointy")
    assert len(textmap._READ) == 3
