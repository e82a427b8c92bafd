"""HexPrint: the rule pack, the bundled data, the Hex Timer's geometry."""

from __future__ import annotations

import pytest

from printgen.packs.hexprint.checks import card_lines
from printgen.packs.hexprint.dial import Dial, dial_for
from printgen.project import validate_game
from tests.conftest import FIXTURES, REPO

GAME = REPO / "data" / "hexprint"


@pytest.fixture(scope="module")
def game():
    return validate_game(GAME)


def test_bundled_data_is_clean(game):
    assert game.ok() and game.findings == []


def test_the_mini_fixture_is_clean():
    assert validate_game(FIXTURES / "mini-hexprint").findings == []


def test_at_least_eight_units_use_every_mechanic_the_seed_names(game):
    units = game.data.units
    assert len(units) >= 8
    abilities = [a for u in units for a in u.abilities]
    assert any(u.statics for u in units)
    assert {a.uses.per for a in abilities if a.uses} == {"turn", "round"}
    assert {a.reaction.mode for a in abilities if a.reaction} == {"may", "must"}
    assert any(a.no_los for a in abilities)
    assert any(u.size.hexes > 1 for u in units) and any(u.size.models > 1 for u in units)
    assert all(u.grants for u in units)
    text = " ".join(a.text for a in abilities)
    for word in ("Push", "Pull", "Slide", "Downed", "Death Die", "boxed", "TAR", "MOV", "cover"):
        assert word in text or any(word in s.text for u in units for s in u.statics), word
    tags = {t for u in units for t in u.tags}
    assert game.rules.character_tag in tags


def test_every_card_s_slots_cover_the_die_once(game):
    for u in game.data.units:
        values = sorted(v for _, _, line in card_lines(u) for v in range(line.slots[0], line.slots[1] + 1))
        assert values == list(range(1, game.rules.damage_die + 1)), u.type
        assert 1 <= u.act.value <= game.rules.action_cap
        assert 2 <= u.tar.value <= 6


def test_terrain_has_land_water_and_both(game):
    tags = {tuple(sorted(t.tags)) for t in game.data.terrain}
    assert {("Land",), ("Water",), ("Land", "Water")} <= tags
    assert {t.height for t in game.data.terrain if "Water" in t.tags} == {0}
    assert any(t.card and t.card.activation for t in game.data.terrain)


def test_missions_say_who_places_first_and_use_their_maps(game):
    for ms in game.data.missions:
        assert ms.symmetric != bool(ms.defender)
        assert any(m.name == ms.map for m in game.data.maps)
    assert any(ms.neutrals for ms in game.data.missions) and any(ms.time_limit is None for ms in game.data.missions)


def test_a_timer_segment_holds_every_initiative_marker(game):
    dial = dial_for(game.data.looks, game.rules)
    assert dial.capacity() >= game.rules.max_units
    spots = dial.spots(1)
    assert len(spots) == dial.capacity()
    m = dial.marker
    for i, (x, y) in enumerate(spots):  # no two spots overlap; each lies inside the ring
        r = (x * x + y * y) ** 0.5
        assert dial.hub / 2 + m / 2 <= r <= dial.radius - m / 2
        for x2, y2 in spots[i + 1:]:
            assert ((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= m


def test_a_small_dial_holds_fewer_markers():
    assert Dial(100, 20, 6, 16, 8).capacity() < Dial(190, 24, 6, 16, 8).capacity()
