"""The odds of one matchup: what one attack does (exact fractions) and how many turns a fighter takes
to destroy another (an exact Markov chain over the target's wounds, run in floats until under 1e-9
of the chance is left or ``MAX_TURNS`` pass)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .dice import Dist, Roll, difference, distribution
from .model import Attack, Fighter

KILL = 1 << 20  # a result that destroys a figure whatever its wounds (a Death, a won fixed combat)
MAX_TURNS = 500  # past this a matchup counts as "never" (the chance left is reported, not hidden)
EPSILON = 1e-9


@dataclass(frozen=True)
class Matchup:
    wound: Fraction  # one attack deals at least one wound
    destroy: Fraction  # one attack destroys the target (all its figures)
    trade: Fraction  # one attack destroys the attacker too (a fixed-value tie)
    mean: Fraction  # expected wounds of one attack (a destroying result counts the target's health)
    turns: float | None  # expected turns to destroy the target; None: it cannot, or not in MAX_TURNS
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
    best = max(attacker.attacks, key=lambda a: _mean(_one(a, target)[0], target.health))
    dist, trade = _one(best, target)
    wound, destroy = _single_odds(best, target)
    high_w = high_d = None
    if best.high_ground and best.roll is not None:
        from dataclasses import replace
        high_w, high_d = _single_odds(replace(best, roll=best.roll.plus(best.high_ground), high_ground=0), target)
    turns = expected_turns(attacker.attacks, attacker.turns, target.name, target.defences, target.health,
                           target.figures)
    return Matchup(wound=wound, destroy=destroy, trade=trade, mean=_mean(dist, target.health), turns=turns,
                   high_wound=high_w, high_destroy=high_d)


def _mean(dist: Dist, health: int) -> Fraction:
    return sum((Fraction(min(w, health)) * p for w, p in dist.items()), Fraction(0))


@lru_cache(maxsize=65536)
def expected_turns(attacks: tuple[Attack, ...], turns: tuple, name: str, defences: tuple, health: int,
                   figures: int) -> float | None:
    """Expected turns until every figure of the target is destroyed. State: (figures destroyed, wounds
    on the current figure); a figure's excess wounds are lost, as on the table."""
    target = Fighter(name=name, loc=None, health=health, attacks=(), defences=defences, figures=figures)
    steps = [[(float(p), w) for w, p in _one(a, target)[0].items() if p] for a in attacks]
    plan = [(float(p), idx) for p, idx in turns]
    if not any(w > 0 for s in steps for _, w in s):
        return None
    state = {(0, 0): 1.0}
    expected = 0.0
    for _ in range(MAX_TURNS):
        alive = sum(state.values())
        if alive < EPSILON:
            return expected
        expected += alive
        nxt: dict[tuple[int, int], float] = {}
        for p_turn, idx in plan:
            cur = {k: v * p_turn for k, v in state.items()}
            for i in idx:
                cur = _apply(cur, steps[i], health, figures)
            for k, v in cur.items():
                nxt[k] = nxt.get(k, 0.0) + v
        state = {k: v for k, v in nxt.items() if k[0] < figures and v > 1e-15}
    return None


def _apply(state: dict, step: list, health: int, figures: int) -> dict:
    out: dict[tuple[int, int], float] = {}
    for (dead, wounds), p in state.items():
        if dead >= figures:
            out[(dead, wounds)] = out.get((dead, wounds), 0.0) + p
            continue
        for q, w in step:
            key = (dead + 1, 0) if wounds + w >= health else (dead, wounds + w)
            out[key] = out.get(key, 0.0) + p * q
    return out
