"""High Ground (heroscape-style): the data, the level rules on battlefields, and the printables measured."""

from __future__ import annotations

import math

import pytest

from printgen.hexgrid import Hex
from printgen.names import name_key
from printgen.packs.heroscape_style.checks import army_cost
from printgen.packs.heroscape_style.markers import glyph_copies
from printgen.hexgrid.coords import components
from printgen.packs.heroscape_style.levels import cells, char, fluid_terrain, stack_of, standing_level
from printgen.project import validate_game
from tests.conftest import FIXTURES, REPO
from tests.pdfmeasure import circles, drawings, flat_to_flat, open_pdf, regular_hexagons, text_spans

GAME = REPO / "data" / "heroscape-style"


@pytest.fixture(scope="module")
def game():
    return validate_game(GAME)


@pytest.fixture(scope="module")
def out(bundled_build):
    return bundled_build / "heroscape-style"  # built once for the test run (conftest.bundled_build)


def test_bundled_data_is_clean(game):
    assert game.ok() and game.findings == []


def test_the_army_covers_every_kind_of_card(game):
    units = game.data.units
    assert len(units) >= 10
    kinds = {(u.type, u.rarity) for u in units}
    assert kinds == {("hero", "unique"), ("hero", "common"), ("squad", "unique"), ("squad", "common")}
    assert {u.hexes for u in units} == {1, 2} and {u.size for u in units} == {"small", "medium", "large", "huge"}
    assert all(u.life == 1 for u in units if u.type == "squad")
    powers = {name_key(p.power) for u in units for p in u.powers}
    kinds_of = {p.kind for p in game.data.powers if name_key(p.name) in powers}
    assert {"movement", "attack", "special attack", "defense", "support"} <= kinds_of
    named = {p.name for p in game.data.powers}
    assert {"Flying", "Super Strength"} <= named  # the two icons the summary names


def test_terrain_effects_and_level_rules_are_data(game):
    t = {x.name: x for x in game.data.terrain}
    assert t["Water"].stops_move and t["Water"].fluid and not t["Swamp Water"].stops_move and t["Swamp Water"].water
    assert t["Molten Lava"].enter_survive_d20 == 20 and t["Lava Field"].round_wound_roll
    assert t["Road"].road_bonus == 3 and t["Slippery Ice"].extra_move == 1 and t["Heavy Snow"].extra_move == 1
    assert t["Thicket"].cover and t["Thicket"].blocked
    r = game.rules
    assert (r.climb_cost, r.climb_margin, r.disengage_dice) == (1, 1, 1)
    assert [(b.over, b.dice, b.survive_d20) for b in r.falling] == [(0, 1, None), (10, 3, None), (20, None, 19)]
    assert [(b.from_, b.dice) for b in r.height_advantage] == [(1, 1), (10, 2)]


def test_armies_fit_their_scenarios_and_hold_one_of_each_unique(game):
    armies = {a.name: a for a in game.data.armies}
    units = {u.name: u for u in game.data.units}
    for s in game.data.scenarios:
        for name in s.armies:
            assert army_cost(armies[name], game.data.units) <= s.points
    for a in game.data.armies:
        uniques = [c for c in a.cards if units[c.card].rarity == "unique"]
        assert all(c.copies == 1 for c in uniques) and len({c.card for c in uniques}) == len(uniques)


def test_battlefields_are_stacked_level_by_level(game):
    fluid = fluid_terrain(game.data)
    sizes = {}
    for m in game.data.maps:
        st = stack_of(m, game.data)
        sizes[m.name] = (len(st.tiles[0]), st.top_level)
        assert len(components(st.tiles[0])) == 1
        for level in range(2, st.top_level + 1):
            for h in st.tiles[level - 1]:
                below = char(st, h, level - 1)
                assert below is not None and name_key(m.legend[below].terrain) not in fluid
        # a figure on water stands at the level of the tile under it
        for h in st.tiles[0]:
            top = st.top(h)
            is_fluid = name_key(m.legend[char(st, h, top)].terrain) in fluid
            assert standing_level(m, st, h, fluid) == top - is_fluid
        assert len(cells(m, st)) == sum(len(t) for t in st.tiles)
    assert sizes == {"Cinder Ridge": (308, 5), "Frostmere Crossing": (160, 4)}


def test_the_mini_fixture_is_clean():
    assert validate_game(FIXTURES / "mini-heroscape").findings == []


def test_army_cards_print_at_their_size_with_mirrored_backs(game, out):
    doc = open_pdf(out / "a4" / "army-cards.pdf")
    text = " ".join(p.get_text() for p in doc)
    assert all(u.name in text for u in game.data.units)
    assert len(doc) == 2 * math.ceil(len(game.data.units) / 4)  # 4 cards a sheet, each with a backs page
    # the card's background fills its bleed box: 3.5 x 5 in (88.9 x 127 mm) plus 3 mm all round
    boxes = [d["mm"] for d in drawings(doc[0]) if d.get("fill") is not None]
    full = [(x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes if abs(x1 - x0 - 94.9) < 0.05]
    assert sum(1 for w, h in full if abs(h - 133) < 0.05) == 4
    zones = [d for d in drawings(doc[0]) if d.get("fill") is not None and abs((d.get("fill_opacity") or 1) - 0.55) < 0.01]
    assert len(zones) == 4  # one red target zone on each card


def test_order_markers_for_every_colour_and_glyphs_share_backs(game, out):
    doc = open_pdf(out / "a4" / "markers.pdf")
    cuts = [c for c in circles(doc[0], stroke="#000000")]
    d = game.data.game.token.diameter
    tokens = sum(glyph_copies(game.data))  # Frostmere Crossing places the Glyph of Haste twice: two tokens
    assert tokens == len(game.data.glyphs) + 1
    assert len(cuts) == 4 * len(game.rules.players) + tokens
    assert all(abs((c["mm"][2] - c["mm"][0]) - d) < 0.05 for c in cuts)
    fronts = [s["text"] for s in text_spans(doc[0])]
    assert fronts.count("X") == len(game.rules.players) and fronts.count("1") >= len(game.rules.players)
    assert fronts.count("HASTE") == 2 and fronts.count("VALOR") == 1
    backs = [s["text"] for s in text_spans(doc[1])]
    assert backs.count("?") == tokens and "1" not in backs and "X" not in backs


def test_dice_stickers_measure_their_size(game, out):
    doc = open_pdf(out / "a4" / "dice-stickers.pdf")
    d6 = next(d for d in game.data.dice if d.sides == 6)
    squares = [x for x in drawings(doc[0]) if x.get("fill") is not None and abs(x["mm"][2] - x["mm"][0] - d6.size) < 0.05
               and abs(x["mm"][3] - x["mm"][1] - d6.size) < 0.05]
    assert len(squares) == 6 * d6.count
    numbers = {s["text"] for s in text_spans(doc[0])}
    assert {"6.", "9.", "20"} <= numbers


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_battlefields_print_one_inch_hexes_with_their_levels(game, out, paper):
    doc = open_pdf(out / paper / "map-cinder-ridge.pdf")
    assert len(doc) > 2 and "assembly guide" in doc[0].get_text()
    seen = 0
    for page in doc[1:]:
        whole = regular_hexagons(page)
        seen += len(whole)
        assert all(abs(flat_to_flat(h, "flat") - 25.4) < 0.02 for h in whole)
    assert seen >= 200  # hexes cut by a tile's edge are drawn in part on both tiles
    labels = {s["text"] for p in doc[1:] for s in text_spans(p)}
    assert {"1", "2", "3", "4", "5"} <= labels


def test_round_track_counts_the_rounds(game, out):
    text = open_pdf(out / "a4" / "round-track.pdf")[0].get_text()
    assert all(str(n) in text.split() for n in range(1, game.rules.round_track + 1))


def test_levels_read_from_a_fixture():
    g = validate_game(FIXTURES / "mini-heroscape")
    m = g.data.maps[0]
    st = stack_of(m, g.data)
    assert st.top_level == 3 and len(st.tiles[0]) == 18
    tops = sorted(st.top(h) for h in st.tiles[0])
    assert tops.count(3) == 1 and tops.count(2) == 3
    water = next(h for h in st.tiles[0] if char(st, h, 2) == "w")
    assert standing_level(m, st, water, fluid_terrain(g.data)) == 1
    assert isinstance(water, Hex)


def test_the_rulebook_tables_come_from_the_data(game, out):
    doc = open_pdf(out / "a4" / "rulebook.pdf")
    text = " ".join(p.get_text() for p in doc).replace("\n", " ")
    for u in game.data.units:
        assert u.name in text
    for t in game.data.terrain:
        assert t.name in text
    for g in game.data.glyphs:
        assert g.name in text
    assert "height + 20 levels or more" in text and "survives on 19 or more" in text
    assert "Ember Host (Crimson, 385 points)" in text
    assert "1-9 levels higher" in text and "10 or more levels higher" in text
