"""Exact odds against hand calculations, and a Monte Carlo cross-check (the report itself never samples)."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F

import pytest

from printgen.balance.dice import Roll, RollError, distribution
from printgen.balance.model import Attack, Fighter
from printgen.balance.odds import KILL, attack_result, expected_turns, matchup

SKULLS, SHIELDS = (1, 2, 3), (4, 5)  # the combat die: three skulls, two shields, a blank


def test_three_attack_dice_against_two_defence_dice_by_hand():
    # By hand: skulls ~ Binomial(3, 1/2) = 1/8, 3/8, 3/8, 1/8; shields ~ Binomial(2, 1/3) = 4/9, 4/9, 1/9.
    # wounds 3: A3 D0 = 1/8 * 4/9 = 4/72
    # wounds 2: A3 D1 + A2 D0 = 1/8 * 4/9 + 3/8 * 4/9 = 16/72
    # wounds 1: A3 D2 + A2 D1 + A1 D0 = 1/8 * 1/9 + 3/8 * 4/9 + 3/8 * 4/9 = 25/72
    # wounds 0: the rest = 27/72
    hand = {0: F(27, 72), 1: F(25, 72), 2: F(16, 72), 3: F(4, 72)}
    attack = Attack("attack", "pool", Roll(3, 6, hits=SKULLS))
    dist, trade = attack_result(attack, Roll(2, 6, hits=SHIELDS), "target")
    assert dist == hand and trade == 0 and sum(dist.values()) == 1


def test_tar_4_plus_with_three_dice_by_hand():
    # each die succeeds on 4, 5 or 6: p = 1/2; P(k) = C(3, k) / 8
    assert distribution(Roll(3, 6, target=4)) == {k: F(math.comb(3, k), 8) for k in range(4)}
    # TAR 3+ (p = 2/3), two dice: 1/9, 4/9, 4/9
    assert distribution(Roll(2, 6, target=3)) == {0: F(1, 9), 1: F(4, 9), 2: F(4, 9)}


def test_opposed_d6_with_a_modifier_by_hand():
    # attacker: highest of 2d6, +1; defender: 1d6. Light attack: margin 1-3 wounds, 4+ kills.
    # P(max = k) = (2k - 1) / 36. kill: max + 1 - d >= 4, i.e. d <= k - 3:
    #   k=4: 7/36 * 1/6, k=5: 9/36 * 2/6, k=6: 11/36 * 3/6 -> (7 + 18 + 33) / 216 = 58/216
    # hit: max + 1 - d >= 1, i.e. d <= k: sum (2k - 1) k / 216 = (2 * 91 - 21) / 216 = 161/216
    attack = Attack("light", "opposed", Roll(2, 6, modifier=1), wound_from=1, kill_from=4)
    dist, _ = attack_result(attack, Roll(1, 6), "target")
    assert dist == {KILL: F(58, 216), 1: F(161 - 58, 216), 0: F(216 - 161, 216)}


def test_reroll_and_explode_by_hand():
    # reroll 1s once, success on 4+: p = 1/2 + 1/6 * 1/2 = 7/12
    assert distribution(Roll(1, 6, target=4, reroll=(1,))) == {0: F(5, 12), 1: F(7, 12)}
    # success on 6 that explodes: P(0) = 5/6, P(1) = 1/6 * 5/6, P(2) = 1/36 * 5/6 ...
    d = distribution(Roll(1, 6, target=6, explode=6))
    assert d[0] == F(5, 6) and d[1] == F(5, 36) and d[2] == F(5, 216) and sum(d.values()) == 1


@pytest.mark.parametrize("roll, words", [
    (Roll(10_000, 6, target=4), "past the limit"),
    (Roll(3, 6, target=7), "outside a d6"),
    (Roll(3, 6, target=0), "outside a d6"),
    (Roll(3, 6, target=4, explode=1), "never ends"),
    (Roll(3, 6, reroll=(1, 2, 3, 4, 5, 6)), "never settles"),
    (Roll(3, 1), "cannot be rolled"),
])
def test_a_roll_that_cannot_be_computed_says_why(roll, words):
    with pytest.raises(RollError, match=words):
        distribution(roll)


def _fighter(name, attack, defence, life, figures=1):
    return Fighter(name=name, loc=None, health=life, figures=figures,
                   attacks=(Attack("attack", "pool", Roll(attack, 6, hits=SKULLS)),),
                   defences=(("defence", Roll(defence, 6, hits=SHIELDS)),))


def test_expected_turns_of_a_one_wound_target_is_one_over_the_wound_chance():
    a, t = _fighter("a", 3, 0, 1), _fighter("t", 1, 2, 1)
    m = matchup(a, t)
    assert m.wound == F(45, 72) and m.destroy == F(45, 72)
    assert m.turns == pytest.approx(72 / 45, rel=1e-9)


def test_expected_turns_for_two_wounds_by_hand():
    # one die, no defence: a wound with p = 1/2 each turn; two wounds take a negative binomial: 2 / p = 4
    a, t = _fighter("a", 1, 0, 1), _fighter("t", 0, 0, 2)
    assert expected_turns(a.attacks, a.turns, t.name, t.defences, 2, 1) == pytest.approx(4.0, rel=1e-9)
    # two one-wound figures: the same, as excess wounds are lost
    assert expected_turns(a.attacks, a.turns, t.name, t.defences, 1, 2) == pytest.approx(4.0, rel=1e-9)


def test_monte_carlo_agrees_within_its_error():
    rng, n = random.Random(31), 100_000
    hand = {0: F(27, 72), 1: F(25, 72), 2: F(16, 72), 3: F(4, 72)}
    counts = [0] * 4
    for _ in range(n):
        skulls = sum(rng.randint(1, 6) <= 3 for _ in range(3))
        shields = sum(rng.randint(1, 6) in (4, 5) for _ in range(2))
        counts[max(0, skulls - shields)] += 1
    for k, p in hand.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts[k] / n - float(p)) < 4.5 * sigma, (k, counts[k] / n, float(p))
    # the opposed roll: 2d6 keep highest + 1 against 1d6
    kills = hits = 0
    for _ in range(n):
        margin = max(rng.randint(1, 6), rng.randint(1, 6)) + 1 - rng.randint(1, 6)
        kills += margin >= 4
        hits += margin >= 1
    for seen, p in ((kills, F(58, 216)), (hits, F(161, 216))):
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen / n - float(p)) < 4.5 * sigma
