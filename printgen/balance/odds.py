"""The odds of one matchup: what one attack does (exact fractions) and how many turns a fighter takes
to destroy another (an absorbing Markov chain over the target's wounds, solved in floats)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from .dice import Dist, Roll, difference, distribution
from .model import Attack, Fighter

KILL = 1 << 20  # a result that destroys a figure whatever its wounds (a Death, a won fixed combat)
MAX_TURNS = 500  # toughness is counted up to this many turns (an unkillable unit is not infinitely worth)


@dataclass(frozen=True)
class Matchup:
    wound: Fraction  # one attack deals at least one wound
    destroy: Fraction  # one attack destroys the target (all its figures)
    trade: Fraction  # one attack destroys the attacker too (a fixed-value tie)
    mean: Fraction  # expected wounds of one attack (a destroying result counts the target's health)
    turns: float | None  # expected turns to destroy the target; None: it cannot
    high_wound: Fraction | None = None  # the same from higher ground (extra attack dice), when the game has it
    high_destroy: Fraction | None = None


def _successes(roll: Roll | int | None) -> Dist:
    if roll is None or isinstance(roll, int):
        return {0: Fraction(1)}
    return distribution(roll)


@lru_cache(maxsize=65536)
def attack_result(attack: Attack, defence: Roll | int | None, target_name: str) -> tuple[Dist, Fraction]:
    """Wounds one attack deals (KILL: destroys a figure) and the chance it destroys the attacker too."""
    trade = Fraction(0)
    if attack.mode == "fixed":
        armour = defence if isinstance(defence, int) else 0
        if target_name in attack.beats or attack.value > armour:
            return {KILL: Fraction(1)}, trade
        if attack.value == armour:
            return {KILL: Fraction(1)}, Fraction(1)
        return {0: Fraction(1)}, trade
    assert attack.roll is not None
    if attack.mode == "pool":
        out: Dist = {}
        for diff, p in difference(distribution(attack.roll), _successes(defence)).items():
            wounds = max(0, diff) * attack.per_success
            out[wounds] = out.get(wounds, Fraction(0)) + p
        return out, trade
    # opposed: highest against highest (no defence dice keep 0)
    theirs = distribution(defence) if isinstance(defence, Roll) else {int(defence or 0): Fraction(1)}
    out = {}
    for margin, p in difference(distribution(attack.roll), theirs).items():
        result = KILL if attack.kill_from is not None and margin >= attack.kill_from else \
            1 if margin >= attack.wound_from else 0
        out[result] = out.get(result, Fraction(0)) + p
    return out, trade


def _one(attack: Attack, target: Fighter) -> tuple[Dist, Fraction]:
    return attack_result(attack, target.defence(attack.defence), target.name)


def _single_odds(attack: Attack, target: Fighter) -> tuple[Fraction, Fraction]:
    dist, _ = _one(attack, target)
    wound = sum((p for w, p in dist.items() if w > 0), Fraction(0))
    destroy = Fraction(0)
    if target.figures == 1:
        destroy = sum((p for w, p in dist.items() if w >= target.health), Fraction(0))
    return wound, destroy


def matchup(attacker: Fighter, target: Fighter) -> Matchup | None:
    """The odds of attacker against target (its best attack for one-attack odds); None: it has no attack."""
    if not attacker.attacks:
        return None
    beaten = any(target.name in a.beats for a in attacker.attacks)  # the name matters only then
    return _matchup(attacker.attacks, attacker.turns, target.name if beaten else "", target.defences,
                    target.health, target.figures)


@lru_cache(maxsize=65536)
def _matchup(attacks: tuple[Attack, ...], turns: tuple, name: str, defences: tuple, health: int,
             figures: int) -> Matchup:
    """The same for every pair with these stats: a 200-unit roster has far fewer kinds of pair than pairs."""
    target = Fighter(name=name, loc=None, health=health, attacks=(), defences=defences, figures=figures)
    best = max(attacks, key=lambda a: _mean(_one(a, target)[0], health))
    dist, trade = _one(best, target)
    wound, destroy = _single_odds(best, target)
    high_w = high_d = None
    if best.high_ground and best.roll is not None:
        high_w, high_d = _single_odds(replace(best, roll=best.roll.plus(best.high_ground), high_ground=0), target)
    return Matchup(wound=wound, destroy=destroy, trade=trade, mean=_mean(dist, health),
                   turns=expected_turns(attacks, turns, name, defences, health, figures),
                   high_wound=high_w, high_destroy=high_d)


def _mean(dist: Dist, health: int) -> Fraction:
    return sum((Fraction(min(w, health)) * p for w, p in dist.items()), Fraction(0))


@lru_cache(maxsize=65536)
def expected_turns(attacks: tuple[Attack, ...], turns: tuple, name: str, defences: tuple, health: int,
                   figures: int) -> float | None:
    """Expected turns until every figure of the target is destroyed, solved exactly as an absorbing Markov
    chain: states are (figures destroyed, wounds on the current figure), a figure's excess wounds are lost
    as on the table, and E = (I - Q)^-1 1 from the start. None: no turn can ever wound it."""
    target = Fighter(name=name, loc=None, health=health, attacks=(), defences=defences, figures=figures)
    steps = [[(float(p), w) for w, p in _one(a, target)[0].items() if p] for a in attacks]
    used = {i for _, idx in turns for i in idx}
    if not any(w > 0 and q > 0 for i in used for q, w in steps[i]):
        return None
    size = figures * health  # transient states; index size is "destroyed"
    mats = [_attack_matrix(step, health, figures) for step in steps]
    turn = np.zeros((size + 1, size + 1))
    for p, idx in turns:
        m = np.eye(size + 1)
        for i in idx:
            m = m @ mats[i]
        turn += float(p) * m
    q = turn[:size, :size]
    try:
        e = np.linalg.solve(np.eye(size) - q, np.ones(size))
    except np.linalg.LinAlgError:
        return None
    value = float(e[0])
    return value if np.isfinite(value) and 0 < value < 1e12 else None


def _attack_matrix(step: list, health: int, figures: int) -> np.ndarray:
    size = figures * health
    m = np.zeros((size + 1, size + 1))
    m[size, size] = 1.0
    here = np.arange(size)
    wounds, dead = here % health, here // health
    for q, w in step:
        there = np.where(wounds + w >= health, (dead + 1) * health, here + min(w, health))
        np.add.at(m, (here, np.minimum(there, size)), q)
    return m
