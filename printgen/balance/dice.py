"""Exact dice distributions for the balance report: one roll (a pool of dice) as plain data, and what it
comes to, as exact fractions from icepool.

A roll either counts successes (each die that shows its target or more, or a face the game calls a
success, such as a skull) or keeps its highest die. Rerolls and exploding dice are bounded: an
explosion is followed to ``EXPLODE_DEPTH`` dice at most (what is left is under 1 in 6^9 for a d6 and
is counted as the last die's value), and a roll whose every face explodes never ends, so it is refused
(``RollError``) before anything is computed. Pool size and sides are bounded by the limits table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
import math
from math import gcd

import icepool

from ..limits import limit

EXPLODE_DEPTH = 8  # further dice an exploding die may add (bounded time; see the module note)

Dist = dict[int, Fraction]  # outcome -> exact probability; the probabilities sum to 1


class RollError(ValueError):
    """A roll that cannot be computed: its message says what to write instead."""


@dataclass(frozen=True)
class Roll:
    count: int  # dice in the pool
    sides: int = 6
    target: int | None = None  # count successes: a die showing target or more (None: keep highest)
    hits: tuple[int, ...] = ()  # or: these faces (1-based) are the successes (a skull on faces 1-3)
    reroll: tuple[int, ...] = ()  # faces rolled again once
    explode: int | None = None  # a die showing this or more adds another die
    modifier: int = 0  # added to the kept highest die (opposed rolls)

    @property
    def counts_successes(self) -> bool:
        return self.target is not None or bool(self.hits)

    def plus(self, dice: int) -> "Roll":
        return replace(self, count=self.count + dice)


def check_roll(roll: Roll) -> None:
    """Raise RollError when the roll is past a limit or cannot end."""
    most_dice, most_sides = int(limit("dice-pool")), int(limit("die-sides"))
    if roll.count < 0:
        raise RollError(f"a pool of {roll.count} dice cannot be rolled; write 0 or more")
    if roll.count > most_dice:
        raise RollError(f"a pool of {roll.count} dice is past the limit of {most_dice}; "
                        "write a smaller pool (or a fixed number)")
    if not 2 <= roll.sides <= most_sides:
        raise RollError(f"a die of {roll.sides} sides cannot be rolled here; write d2 to d{most_sides}")
    if roll.target is not None and not 1 <= roll.target <= roll.sides:
        raise RollError(f"target {roll.target}+ is outside a d{roll.sides} (1-{roll.sides}): "
                        f"no roll can {'make' if roll.target > roll.sides else 'miss'} it; "
                        f"write 2+ to {roll.sides}+")
    for face in roll.hits + roll.reroll:
        if not 1 <= face <= roll.sides:
            raise RollError(f"face {face} is not on a d{roll.sides} (1-{roll.sides})")
    if len(set(roll.reroll)) >= roll.sides:
        raise RollError(f"rerolling every face of a d{roll.sides} never settles; reroll fewer faces")
    if roll.explode is not None and roll.explode <= 1:
        raise RollError(f"every face of a d{roll.sides} explodes, so the roll never ends; "
                        f"explode on a high face (explode {roll.sides}+)")
    if roll.explode is not None and not roll.explode <= roll.sides:
        raise RollError(f"explode {roll.explode}+ is outside a d{roll.sides}; write explode {roll.sides}+")
    outcomes, bits = roll_size(roll)
    if outcomes * outcomes * bits > limit("dice-work"):
        raise RollError(f"{roll.count}d{roll.sides}{' exploding' if roll.explode else ''} has about {outcomes:,} "
                        f"results with {bits:,}-bit odds: its exact odds against a pool like it are too much work "
                        "(limit dice-work); roll fewer dice, fewer sides, or explode on fewer faces")


def roll_size(roll: Roll) -> tuple[int, int]:
    """(results, bits of the odds' denominator) a roll's exact distribution has, worked out from the roll
    alone, before anything is computed: comparing two rolls costs about results^2 x bits (Fractions of
    that many bits, one per pair of results)."""
    depth = EXPLODE_DEPTH + 1 if roll.explode is not None else 1
    per_die = (1 if roll.counts_successes else roll.sides) * depth
    outcomes = roll.count * per_die + 1 if roll.counts_successes else per_die + 1
    rolls = 2 if roll.reroll else 1
    bits = max(1, int(roll.count * depth * rolls * math.log2(max(roll.sides, 2))) + 1)
    return outcomes, bits


def _as_die(dist: Dist) -> icepool.Die:
    """An icepool die from exact probabilities (as integer weights over their common denominator)."""
    den = 1
    for p in dist.values():
        den = den * p.denominator // gcd(den, p.denominator)
    return icepool.Die({o: int(p * den) for o, p in dist.items() if p})


@lru_cache(maxsize=4096)
def _die(roll: Roll) -> icepool.Die:
    """One die of the roll: its face (highest mode) or its success count (0/1, or more when it
    explodes), rerolls and explosions applied."""
    die = icepool.d(roll.sides)
    if roll.reroll:
        die = die.reroll(list(roll.reroll), depth=1)
    if roll.counts_successes:
        hit_set = set(roll.hits) if roll.hits else set(range(roll.target, roll.sides + 1))
        if roll.explode is None:
            return die.map(lambda face: 1 if face in hit_set else 0)
        # an exploding die: each extra die adds its own success; followed EXPLODE_DEPTH dice deep
        boom = set(range(roll.explode, roll.sides + 1))
        faces = {int(o): Fraction(p) for o, p in zip(die.outcomes(), die.probabilities())}
        total: Dist = {0: Fraction(0)}
        for depth in range(EXPLODE_DEPTH + 1):
            nxt: Dist = {}
            for face, p in faces.items():
                hit = 1 if face in hit_set else 0
                for rest, q in (total.items() if face in boom and depth else [(0, Fraction(1))]):
                    nxt[hit + rest] = nxt.get(hit + rest, Fraction(0)) + p * q
            total = nxt
        return _as_die(total)
    if roll.explode is not None:
        return die.explode(list(range(roll.explode, roll.sides + 1)), depth=EXPLODE_DEPTH)
    return die


@lru_cache(maxsize=4096)
def distribution(roll: Roll) -> Dist:
    """Exact distribution of the roll: successes, or the highest die plus the modifier (a pool of no
    dice keeps 0)."""
    check_roll(roll)
    if roll.count == 0:
        return {roll.modifier if not roll.counts_successes else 0: Fraction(1)}
    die = _die(roll)
    if roll.counts_successes:
        total = roll.count @ die
    else:
        total = die.pool(roll.count).highest(1).sum() + roll.modifier
    return {int(o): Fraction(p) for o, p in zip(total.outcomes(), total.probabilities())}


def difference(a: Dist, b: Dist) -> Dist:
    """Distribution of a - b for independent a and b (exact convolution)."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x - y] = out.get(x - y, Fraction(0)) + p * q
    return out


def mean(dist: Dist) -> Fraction:
    return sum((Fraction(o) * p for o, p in dist.items()), Fraction(0))
