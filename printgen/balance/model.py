"""A combat model as plain data: the fighters of a roster, their attacks and defences, and how a turn
spends attacks. Every system's rules become this (printgen.balance.systems); the odds
(printgen.balance.odds) read only this."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ..findings import Location
from .dice import Roll

Mode = Literal["pool", "opposed", "fixed"]


@dataclass(frozen=True)
class Attack:
    """One attack a fighter can make.

    pool: the attacker's successes less the target's defence successes, each one ``per_success`` wounds.
    opposed: the attacker's highest die less the target's highest; a margin of ``kill_from`` or more
    destroys a figure, of ``wound_from`` or more deals one wound.
    fixed: ``value`` against the target's defence number: more destroys, equal destroys both (a trade).
    """

    name: str
    mode: Mode
    roll: Roll | None = None  # pool and opposed
    defence: str = "defence"  # which of the target's defences it meets
    per_success: int = 1
    wound_from: int = 1
    kill_from: int | None = None
    value: int = 0  # fixed
    beats: frozenset[str] = frozenset()  # fixed: fighters it always destroys (Dice 1 against Dice 6)
    high_ground: int = 0  # extra dice from above (heroscape height advantage), for the high-ground odds


@dataclass(frozen=True)
class Fighter:
    name: str
    loc: Location | None  # where the unit is written
    health: int  # wounds that destroy one figure
    attacks: tuple[Attack, ...]
    defences: tuple[tuple[str, Roll | int | None], ...]  # name -> a roll, a fixed number, or no roll
    # What one turn spends: (probability, the attacks made in order, as indexes into attacks)
    turns: tuple[tuple[Fraction, tuple[int, ...]], ...] = ((Fraction(1), (0,)),)
    figures: int = 1
    cost: float | None = None
    cost_loc: Location | None = None
    notes: tuple[str, ...] = field(default=())

    def defence(self, name: str) -> Roll | int | None:
        return dict(self.defences).get(name)


@dataclass(frozen=True)
class CombatModel:
    """A game's roster with what its combat rules say, as the report describes them."""

    system: str
    fighters: tuple[Fighter, ...]
    summary: str  # one line: how combat resolves, for the report's heading
    assumptions: tuple[str, ...] = ()  # what the model leaves out, printed under the summary
