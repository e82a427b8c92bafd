"""The balance report of one game: every matchup's odds, each unit's value against the roster, and the
units whose value per point is out of line with the rest, as warnings at their cost.

Value: a unit's offence is its mean kill rate against the roster (1 / expected turns to destroy each
unit, 0 when it cannot); its toughness is 1 / the roster's mean kill rate against it (at most
MAX_TURNS). Its value is the geometric mean of the two, so doubling both doubles the value, as a fair
cost would. The roster's typical value per point is the median; a unit more than ``TOLERANCE`` off it
is an outlier, and the cost that would bring it in line is value / median.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from ..findings import Finding, warning
from .model import CombatModel
from .odds import MAX_TURNS, Matchup, matchup

TOLERANCE = 0.35  # a value per point more than 35% above or below the roster's median is named


@dataclass
class UnitValue:
    name: str
    cost: float | None
    offence: float
    toughness: float
    value: float
    per_point: float | None = None
    fair_cost: float | None = None  # the cost that would put it on the roster's median value per point
    off_by: float | None = None  # per_point / median - 1


@dataclass
class Report:
    game: str
    name: str
    model: CombatModel
    names: list[str]
    matchups: list[list[Matchup | None]]  # [attacker][target]
    values: list[UnitValue]
    findings: list[Finding] = field(default_factory=list)

    def to_dict(self) -> dict:
        def frac(x):
            return None if x is None else round(float(x), 6)

        return {
            "game": self.game, "name": self.name, "system": self.model.system, "summary": self.model.summary,
            "assumptions": list(self.model.assumptions), "units": self.names,
            "matchups": [
                {"attacker": self.names[a], "target": self.names[t], "wound": frac(m.wound),
                 "destroy": frac(m.destroy), "trade": frac(m.trade), "mean_wounds": frac(m.mean),
                 "turns": None if m.turns is None else round(m.turns, 4),
                 **({"high_ground": {"wound": frac(m.high_wound), "destroy": frac(m.high_destroy)}}
                    if m.high_wound is not None else {})}
                for a, row in enumerate(self.matchups) for t, m in enumerate(row) if m is not None],
            "values": [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in vars(u).items()}
                       for u in self.values],
            "findings": [f.to_dict() for f in self.findings],
        }


def build_report(game_id: str, game_name: str, model: CombatModel, *, tolerance: float = TOLERANCE) -> Report:
    fighters = model.fighters
    rows = [[matchup(a, t) for t in fighters] for a in fighters]
    values = []
    for i, f in enumerate(fighters):
        rates = [1 / m.turns if m is not None and m.turns else 0.0 for m in rows[i]]
        against = [1 / rows[a][i].turns if rows[a][i] is not None and rows[a][i].turns else 0.0
                   for a in range(len(fighters))]
        offence = statistics.fmean(rates) if rates else 0.0
        toughness = 1 / max(statistics.fmean(against) if against else 0.0, 1 / MAX_TURNS)
        values.append(UnitValue(f.name, f.cost, offence, toughness, math.sqrt(offence * toughness)))
    report = Report(game_id, game_name, model, [f.name for f in fighters], rows, values)
    report.findings = _outliers(model, values, tolerance)
    return report


def _outliers(model: CombatModel, values: list[UnitValue], tolerance: float) -> list[Finding]:
    costed = [v for v in values if v.cost]
    if len(costed) < 3:
        return []  # a median of fewer than three says nothing
    for v in costed:
        v.per_point = v.value / v.cost
    median = statistics.median(v.per_point for v in costed)
    if median <= 0:
        return []
    found = []
    for v, f in zip(values, model.fighters):
        if not v.cost:
            continue
        v.fair_cost = v.value / median
        v.off_by = v.per_point / median - 1
        if abs(v.off_by) > tolerance:
            more = "more" if v.off_by > 0 else "less"
            found.append(warning(
                "balance-outlier",
                f"'{f.name}' gives {abs(v.off_by):.0%} {more} value per point than the roster's median "
                f"(costs {v.cost:g}; in line at about {_round_cost(v.fair_cost, v.cost)})",
                f.cost_loc,
                hint=f"{'raise' if v.off_by > 0 else 'lower'} its cost towards "
                     f"{_round_cost(v.fair_cost, v.cost)}, or change its stats"))
    return found


def _round_cost(fair: float, cost: float) -> str:
    """A cost as the roster writes them: to 5 or 10 when its costs are that round."""
    step = 10 if cost >= 50 and cost % 10 == 0 else 5 if cost >= 20 and cost % 5 == 0 else 1
    return f"{max(step, round(fair / step) * step):g}"
