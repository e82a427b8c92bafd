"""Hex Dice: the rule pack, the data, the computed diagrams against the seed's own, the map."""

from __future__ import annotations

import pytest

from printgen.build import build
from printgen.project import validate_game
from printgen.hexgrid import Hex, distance, neighbours, parse_textmap, scale
from printgen.packs.hex_dice.patterns import AXES, face_pattern, rotate
from tests.conftest import FIXTURES, REPO
from tests.pdfmeasure import flat_to_flat, open_pdf, regular_hexagons

GAME = REPO / "data" / "hex-dice"
TEXTMAPS = FIXTURES / "textmaps"


@pytest.fixture(scope="module")
def game():
    return validate_game(GAME)


def test_bundled_data_validates_with_the_seed_inconsistencies_as_warnings(game):
    assert game.ok()
    assert sorted((f.code, f.loc.line) for f in game.findings) == sorted([
        ("face-stats", 9), ("face-stats", 23), ("face-stats", 76),  # Dice 1, 2 distance; Dice 6 attack
        ("jump-limit", 36), ("momentum-note", 25),  # Dice 3 jumps friends only; Dice 2 moves to attack
        ("deploy-room", 2), ("deploy-room", 2), ("deploy-room", 3), ("deploy-room", 4)])  # armies past their bases'
    # room (rules.yaml: 2 players' 6 and 8 dice, 3 players' 6, 4 players' 5; a base and its neighbours are 4)


def _seed(name: str) -> dict[str, set[Hex]]:
    tm = parse_textmap((TEXTMAPS / f"hexdice-{name}.txt").read_text(), "flat")
    (unit,) = [h for h, c in tm.cells.items() if c.char.isdigit()]
    out: dict[str, set[Hex]] = {}
    for h, c in tm.cells.items():
        if c.char not in ".0123456789":
            out.setdefault(c.char, set()).add(Hex(h.q - unit.q, h.r - unit.r))
    return out


KEYS = {"+": "move", "▪": "path", "x": "attack", "*": "aura"}


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_computed_diagrams_match_the_seed_diagrams(game, value):
    face = next(f for f in game.data.faces if f.value == value)
    computed = face_pattern(face)
    seed = _seed(f"dice{value}")
    for char, hexes in seed.items():
        assert computed[KEYS[char]] == hexes, (value, KEYS[char])
    for kind in ("move", "attack", "aura"):  # nothing computed that the seed does not draw...
        if computed[kind] and not any(KEYS[c] == kind for c in seed):
            # ...but the Dice 6 diagram shows only its aura: its Special Attack hits those same hexes
            assert (value, kind) == (6, "attack") and computed["attack"] == seed["*"]


def test_the_seed_text_and_its_dice_5_diagram_disagree():
    """Section 5 says a Dice 5 shoots along the six radial axes; its diagram marks every hex
    2-3 away. The data follows the unit table and diagram; this records the disagreement."""
    diagram = _seed("dice5")["x"]
    straight = {scale(d, k) for d in AXES for k in (2, 3)}
    assert len(diagram) == 30 and len(straight) == 12 and straight < diagram


def test_the_seed_diagrams_are_radius_5_while_the_text_says_radius_6(game):
    tm = parse_textmap((TEXTMAPS / "hexdice-bases2.txt").read_text(), "flat")
    assert len(tm.cells) == 91 != 3 * 6 * 7 + 1


def test_the_seed_two_player_base_diagram_is_larger_than_its_text():
    """The text: deploy on the base cell or its adjacent hexes (4 at a corner). The diagram marks 9."""
    tm = parse_textmap((TEXTMAPS / "hexdice-bases2.txt").read_text(), "flat")
    cells = set(tm.cells)
    reds = {h for h, c in tm.cells.items() if c.char == "R"}
    tip = min(reds, key=lambda h: (h.r, h.q))
    by_text = {tip} | {n for n in neighbours(tip) if n in cells}
    assert len(by_text) == 4 and len(reds) == 9 and by_text < reds


def test_patterns_turn_with_the_player():
    face_hexes = {Hex(0, -1), Hex(0, -2)}
    assert rotate(face_hexes, 3) == {Hex(0, 1), Hex(0, 2)}  # the opposite player moves the other way
    assert sorted(distance(Hex(0, 0), h) for h in rotate(face_hexes, 2)) == [1, 2]
    assert rotate(face_hexes, 6) == face_hexes


def test_the_battlefield_is_127_hexes_with_six_corner_bases(game):
    m = next(m for m in game.data.maps if m.name == game.rules.map)
    tm = parse_textmap(m.layout, "flat")
    assert len(tm.cells) == 127
    bases = {c.char: h for h, c in tm.cells.items() if c.char in "ABCDEF"}
    centre = Hex(sum(h.q for h in tm.cells) // 127, sum(h.r for h in tm.cells) // 127)
    assert all(distance(centre, h) == 6 for h in bases.values()) and len(bases) == 6
    two = next(s for s in game.data.setups if s.players == 2)
    a, d = (bases[z[-1]] for z in two.bases)
    assert distance(a, d) == 12  # the two-player bases face each other across the map


def test_map_prints_127_hexes_at_22_mm_on_one_a3_page(tmp_path):
    result = build(folders=[GAME], out=tmp_path, papers=["a3", "a4"], previews=False)
    assert result.ok
    a3 = open_pdf(tmp_path / "hex-dice/a3/map-battlefield.pdf")
    assert len(a3) == 1
    hexes = regular_hexagons(a3[0])
    assert len(hexes) == 127 and all(abs(flat_to_flat(h, "flat") - 22.0) <= 0.02 for h in hexes)
    a4 = open_pdf(tmp_path / "hex-dice/a4/map-battlefield.pdf")
    # the assembly guide and 2 tiles on A4 turned landscape (upright it took 2 x 2 tiles), at scale
    assert len(a4) == 3
    assert all(page.rect.width > page.rect.height for page in a4)
    tiles = [regular_hexagons(page) for page in a4[1:]]
    assert all(abs(flat_to_flat(h, "flat") - 22.0) <= 0.02 for t in tiles for h in t)
    assert all(len(t) > 40 for t in tiles)  # whole hexes; those the tile's edge cuts are not counted
    cards = open_pdf(tmp_path / "hex-dice/a4/unit-cards.pdf")
    text = " ".join(page.get_text() for page in cards)
    assert all(f.name in text for f in validate_game(GAME).data.faces)
    aid = open_pdf(tmp_path / "hex-dice/a4/player-aid.pdf")[0].get_text()
    assert "Momentum" in aid and "David and Goliath" in aid and "6 or 8" in aid
    guard = open_pdf(tmp_path / "hex-dice/a4/tokens.pdf")
    assert "Guard" in guard[0].get_text()


def test_the_mini_fixture_is_clean():
    assert validate_game(FIXTURES / "mini-dice").findings == []
