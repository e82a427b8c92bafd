"""The bundled Heroes of Hex data: complete, faithful to the v0.5 rules, and valid."""

from __future__ import annotations

from collections import Counter

import pytest

from printgen.project import validate_game
from printgen.check.maps import fits_page, map_extent
from printgen.hexgrid import parse_textmap
from tests.conftest import REPO

GAME = REPO / "data" / "heroes-of-hex"

# VIT, movement, ATK, SP ATK, DEF, SP DEF as the rules print them.
SEED_CLASSES = {
    "Knight": (2, "2 AP / 2 / 2", 2, 0, 3, 1),
    "Assassin": (1, "1 AP / 3 / 2", 3, 0, 1, 1),
    "Mage": (1, "2 AP / 1 / 1", 0, 3, 1, 3),
    "Barbarian": (2, "1 AP / 2 / 2", 2, 0, 2, 1),
    "Gunslinger": (1, "1 AP / 2 / 2", 1, 0, 2, 1),
    "Ranger": (1, "1 AP / 3 / 1", 2, 0, 2, 1),
    "Cleric": (1, "2 AP / 2 / 1", 0, 2, 1, 3),
    "Samurai": (2, "1 AP / 2 / 2", 2, 0, 2, 2),
    "Paladin": (2, "2 AP / 2 / 1", 0, 2, 3, 3),
    "Trickster": (2, "1 AP / 2 / 2", 0, 2, 1, 3),
}
SEED_COSTS = {
    "Heroic Strike": "1 AP", "Wide Strike": "2 AP", "Defend Ally": "1 HEX", "Dagger Throw": "2 AP",
    "Shadow Step": "1 AP or 1 HEX", "Execution": "4 HEX", "Fireball": "2 AP", "Blizzard": "3 AP",
    "Thunder": "6 HEX", "Savage Fury": "3 AP", "Whirlwind Strike": "4 AP or 3 HEX", "Last Massacre": "5 HEX",
    "Quick Shot": "0 AP", "Weak Spot": "2 AP", "Hail of Bullets": "6 HEX", "Precise Shot": "1 AP",
    "Reposition": "1 AP", "Piercing Arrow": "2 HEX", "Holy Light": "1 AP", "Heal": "2 AP",
    "Divine Judgment": "5 HEX", "Quick Draw": "1 AP", "Kusarigama": "3 AP", "Kiri-ai": "7 HEX",
    "Consecrated Strike": "1 AP", "Lay on Hands": "3 AP", "Divine Martyrdom": "6 HEX",
    "Sudden Misfortune": "1 AP", "Steal Fate": "3 AP", "Lucky Roll": "1 HEX",
}
# Move, ATK, DEF, SP ATK, SP DEF, VIT
SEED_ENEMIES = {
    "Bandit Swordsman": (2, 2, 1, 0, 1, 2),
    "Bandit Archer": (2, 2, 1, 0, 1, 1),
    "Giant Spider": (2, 0, 1, 1, 1, 0),
    "Arachne's Queen": (2, 0, 2, 3, 2, 5),
}


@pytest.fixture(scope="module")
def result():
    return validate_game(GAME)


def test_bundled_game_validates_with_only_the_seed_inconsistencies(result):
    assert result.ok(), [f.format() for f in result.findings if f.is_error]
    assert Counter(f.code for f in result.findings) == Counter({
        "attribute-range": 14,  # ten classes and all four enemies roll 0 dice in one attribute (range 1-3)
        "vitality-range": 1,  # the Giant Spider has VIT 0
        "reaction-cost": 1,  # Shadow Step is a Reaction payable in AP
        "keyword-parameter": 3,  # Fool's Gold: "Distance 2 (keep 3 away)" twice, bare "Engage" once
        "attack-cost": 8,  # actions that make a Light/Normal attack for other than its 1/2 AP
        "keyword-move": 2,  # "Engage 5" and "Engage 4" for enemies of Move 2
        "vitality-threshold": 1,  # the Cocoon: Vitality 1, freed when its Wounds exceed 3
        "changelog-repeat": 1,  # the Gunslinger is a new archetype in both 0.2 and 0.3
        "list-mismatch": 1,  # the 0.5 notes keep Wound, Focus and Poison; rules.yaml adds Activation
        "two-resolutions": 1,  # Knockback: directly away from the source, yet the attacker picks the way
        "keyword-definition": 1,  # Multi-Use "more than once", yet written "Multi-Use 2"
    })
    assert all(not f.is_error for f in result.findings)


def test_classes_match_the_rules(result):
    classes = {c.name: c for c in result.data.classes}
    assert set(classes) == set(SEED_CLASSES)
    for name, (vit, move, atk, sp_atk, df, sp_def) in SEED_CLASSES.items():
        c = classes[name]
        assert (c.stats.vit, c.movement.text, c.stats.atk, c.stats.sp_atk, c.stats.def_, c.stats.sp_def) == \
            (vit, move, atk, sp_atk, df, sp_def), name
        assert len(c.actions) == 3 and c.examples
    costs = {a.name: a.cost.text for c in classes.values() for a in c.actions}
    assert costs == SEED_COSTS


def test_tokens_keywords_and_attack_types(result):
    data = result.data
    assert [t.name for t in data.tokens] == ["Wound", "Activation", "Focus", "Poison", "Golden Artifact", "Cocoon"]
    kws = {k.name: k.param for k in data.keywords}
    assert kws == {"Range": "N", "Multi-Use": "N", "Reaction": None, "Knockback": "N", "Focus": None,
                   "Engage": "X", "Prey": "X", "Distance": "X (a-b)"}
    assert [(a.name, a.wound, a.death) for a in data.attack_types] == [
        ("Light", (1, 3), 4), ("Normal", (1, 2), 3), ("Heavy", (1, 1), 2)]
    assert result.rules.actions_per_class == 3 and result.rules.negate_fate_cost == 3


def test_scenarios_enemies_and_activation_tables(result):
    data = result.data
    enemies = {e.name: e for e in data.enemies}
    for name, (move, atk, df, sp_atk, sp_def, vit) in SEED_ENEMIES.items():
        e = enemies[name]
        assert (e.move, e.stats.atk, e.stats.def_, e.stats.sp_atk, e.stats.sp_def, e.stats.vit) == \
            (move, atk, df, sp_atk, sp_def, vit)
    scenarios = {s.name: s for s in data.scenarios}
    assert set(scenarios) == {"Fool's Gold", "The Arachne's Lair"}
    assert scenarios["Fool's Gold"].first_turn == "enemies"
    assert scenarios["The Arachne's Lair"].first_turn == "players"
    for sc in scenarios.values():
        faces = sorted(f for row in sc.activation for f in range(row.roll[0], row.roll[1] + 1))
        assert faces == [1, 2, 3, 4, 5, 6]
        assert sc.map in {m.name for m in data.maps}


def test_maps_fit_one_a4_page_at_one_inch(result):
    game = result.data.game
    assert game.hex.size == pytest.approx(25.4)
    names = [m.name for m in result.data.maps]
    assert "Base Skirmish Team Match" in names and len(names) == 3
    for m in result.data.maps:
        tm = parse_textmap(m.layout, m.orientation or game.hex.orientation)
        assert fits_page(map_extent(tm.cells, game.hex.orientation, 25.4), "a4", game.print.margin)
    base = next(m for m in result.data.maps if m.name == "Base Skirmish Team Match")
    tm = parse_textmap(base.layout, "flat")
    assert len(tm.cells) == 72
    assert len(tm.by_char("A")) == len(tm.by_char("B")) == 8
