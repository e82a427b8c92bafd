"""Figures from played games: rates with Wilson 95 % intervals, game lengths, each unit kind's share
of wins and kills. Plain functions over GameRecords (printgen.playtest.model)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .model import DRAW

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``k`` in ``n`` (0..1 both); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Rate:
    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0

    def to_dict(self) -> dict:
        lo, hi = wilson(self.k, self.n)
        return {"wins": self.k, "games": self.n, "rate": round(self.value, 4), "ci95": [round(lo, 4), round(hi, 4)]}

    def text(self) -> str:
        lo, hi = wilson(self.k, self.n)
        return f"{self.value:6.1%} (95% CI {lo:.1%}-{hi:.1%}, {self.k}/{self.n})"


@dataclass
class KindFigures:
    """One unit kind (a Hex Dice face, a hero class): how the sides fielding it fared."""

    kind: str
    fielded: int = 0  # sides (seat-games) with at least one
    won: int = 0
    units: int = 0  # units of it over all sides
    kills: int = 0
    more: int = 0  # games where one side fielded more of it than the other
    more_won: int = 0  # ... and that side won

    def to_dict(self, games: int) -> dict:
        return {"kind": self.kind, "sides_fielding": self.fielded, "win_rate": Rate(self.won, self.fielded).to_dict(),
                "side_with_more_wins": Rate(self.more_won, self.more).to_dict(),
                "units_per_side": round(self.units / max(1, 2 * games), 4),
                "kills_per_game": round(self.kills / max(1, games), 4)}


@dataclass
class Figures:
    games: int
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0
    agent_wins: dict = field(default_factory=dict)  # agent name -> games it won (a mixed pairing)
    agent_games: dict = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)
    ends: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)
    teams: dict = field(default_factory=dict)  # a solo game's team -> (wins, games)

    @property
    def first(self) -> Rate:
        return Rate(self.first_wins, self.games)

    @property
    def first_decided(self) -> Rate:
        return Rate(self.first_wins, self.first_wins + self.second_wins)


def figures(records, seats, *, counted=(0, 1)) -> Figures:
    """The figures of one pairing's games (``seats``: each game's agent per seat); unit kinds are counted
    for the seats in ``counted`` (a solo scenario: the heroes only)."""
    f = Figures(games=len(records))
    for r, names in zip(records, seats):
        f.lengths.append(r.turns)
        f.ends[r.end] = f.ends.get(r.end, 0) + 1
        for n in set(names):
            f.agent_games[n] = f.agent_games.get(n, 0) + 1
        if r.winner == DRAW:
            f.draws += 1
        elif r.winner == r.first:
            f.first_wins += 1
        else:
            f.second_wins += 1
        if r.winner != DRAW and names[0] != names[1]:
            f.agent_wins[names[r.winner]] = f.agent_wins.get(names[r.winner], 0) + 1
        for seat, side in enumerate(r.sides):
            if seat not in counted:
                continue
            for kind in set(side):
                k = f.kinds.setdefault(kind, KindFigures(kind))
                k.fielded += 1
                k.won += r.winner == seat
            for kind in side:
                f.kinds[kind].units += 1
        if len(r.sides) == 2 and len(counted) == 2:
            for kind in set(r.sides[0]) | set(r.sides[1]):
                a, b = r.sides[0].count(kind), r.sides[1].count(kind)
                if a != b:
                    k = f.kinds[kind]
                    k.more += 1
                    k.more_won += r.winner == (0 if a > b else 1)
        for kind, n in r.kills.items():
            f.kinds.setdefault(kind, KindFigures(kind)).kills += n
        if len(counted) == 1:
            team = " + ".join(r.sides[counted[0]])
            won, n = f.teams.get(team, (0, 0))
            f.teams[team] = (won + (r.winner == counted[0]), n + 1)
    return f


def length_summary(lengths: list[int]) -> dict:
    if not lengths:
        return {"mean": 0, "median": 0, "p10": 0, "p90": 0, "min": 0, "max": 0}
    s = sorted(lengths)

    def q(p):
        return s[min(len(s) - 1, int(p * len(s)))]

    return {"mean": round(sum(s) / len(s), 2), "median": q(0.5), "p10": q(0.1), "p90": q(0.9), "min": s[0],
            "max": s[-1]}


def histogram(lengths: list[int], bins: int = 12) -> list[dict]:
    """Counts of game lengths in ``bins`` equal ranges (plain numbers, for the JSON and the plot)."""
    if not lengths:
        return []
    lo, hi = min(lengths), max(lengths)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts: dict[int, int] = {}
    for x in lengths:
        b = (x - lo) // width
        counts[b] = counts.get(b, 0) + 1
    return [{"from": lo + b * width, "to": lo + (b + 1) * width - 1, "games": counts.get(b, 0)}
            for b in range((hi - lo) // width + 1)]
