"""The playtest report of one game: per setup and pairing of agents, the first player's win rate,
each agent's, each unit kind's share of wins and kills and the game lengths; and the rule holes met,
as located findings. As text and as JSON; every figure says its games and seed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..findings import Finding, warning
from .stats import Rate, figures, histogram, length_summary

HOLE_HINT = "write the rule that settles it; until then the simulator plays the default the message states"


@dataclass
class Report:
    game: str
    name: str
    system: str
    seed: int
    games: int
    budget: int
    move_limit: int
    pairings: list[dict]
    holes: list[dict]
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"game": self.game, "name": self.name, "system": self.system, "seed": self.seed,
                "games_per_pairing": self.games, "lookahead_budget": self.budget, "move_limit": self.move_limit,
                "notes": self.notes, "pairings": self.pairings, "rule_holes": self.holes,
                "findings": [f.to_dict() for f in self.findings]}

    def json(self) -> bytes:
        return (json.dumps(self.to_dict(), indent=1) + "\n").encode()


def build_report(game, model, played: list, *, seed: int, games: int, budget: int) -> Report:
    """The report of ``played`` (printgen.playtest.runner.play) for a validated game."""
    pairings = []
    solo = getattr(model, "players", 2) == 1
    for p in played:
        a, b = p.pairing.agents
        if solo:
            pairings.append(_solo_entry(p, seed))
            continue
        f = figures(p.records, p.seats)
        entry = {
            "setup": p.pairing.setup, "agents": [a, b], "games": f.games, "seed": seed,
            "first_player": f.first.to_dict(), "first_player_of_decided": f.first_decided.to_dict(),
            "draws": f.draws, "ends": dict(sorted(f.ends.items())),
            "length": length_summary(f.lengths), "length_histogram": histogram(f.lengths),
            "kinds": [f.kinds[k].to_dict(f.games) for k in sorted(f.kinds, key=_kind_order)],
        }
        if a != b:
            entry["agent_win_rate"] = {n: Rate(f.agent_wins.get(n, 0), f.agent_games.get(n, 0)).to_dict()
                                       for n in (a, b)}
        pairings.append(entry)
    holes: dict = {}
    for p in played:
        for key, (times, n, message, example) in p.holes.items():
            seen = holes.get(key)
            if seen is None:
                holes[key] = [times, n, message, example]
            else:
                seen[0] += times
                seen[1] += n
    total = games * len(played)
    rows, found = [], []
    for (code, path), (times, n, message, example) in sorted(holes.items(), key=lambda kv: (str(kv[0][1]), kv[0][0])):
        loc = game.source.loc(path) if game.source is not None else None
        rows.append({"code": code, "message": message, "file": loc.file if loc else None,
                     "line": loc.line if loc else None, "col": loc.col if loc else None,
                     "times": times, "games": n, "of_games": total, "seed": seed, "example": example})
        text = f"{message} (met {times} times in {n} of {total} simulated games, seed {seed}; first: {example})"
        if code == "playtest-no-end":
            found.append(warning("playtest-no-end", text, loc, hint="say how such a game ends (a turn limit, a "
                                 "tie-break), or raise --move-limit if long games are meant"))
        else:
            found.append(warning("rule-hole", text, loc, hint=HOLE_HINT))
    return Report(game=game.game_id, name=game.data.game.name, system=game.data.game.system, seed=seed,
                  games=games, budget=budget, move_limit=getattr(model, "move_limit", 0), pairings=pairings,
                  holes=rows, findings=found, notes=list(getattr(model, "notes", ())))


TEAMS_SHOWN = 5  # the best and the worst teams of a solo scenario, each with at least TEAM_GAMES games
TEAM_GAMES = 3


def _solo_entry(p, seed: int) -> dict:
    """A solo scenario's figures: the heroes' win rate, turns to win, each class's share, the teams."""
    f = figures(p.records, p.seats, counted=(0,))
    won = [r.turns for r in p.records if r.winner == 0]
    teams = sorted(((Rate(w, n), t) for t, (w, n) in f.teams.items() if n >= TEAM_GAMES),
                   key=lambda x: (-x[0].value, -x[0].n, x[1]))
    shown = teams if len(teams) <= 2 * TEAMS_SHOWN else teams[:TEAMS_SHOWN] + teams[-TEAMS_SHOWN:]
    return {"setup": p.pairing.setup, "agents": [p.pairing.agents[0]], "games": f.games, "seed": seed, "solo": True,
            "heroes_win": f.first.to_dict(), "draws": f.draws, "ends": dict(sorted(f.ends.items())),
            "turns_to_win": length_summary(won), "length": length_summary(f.lengths),
            "length_histogram": histogram(f.lengths),
            "kinds": [f.kinds[k].to_dict(f.games) for k in sorted(f.kinds, key=_kind_order)],
            "teams": [{"team": t, **r.to_dict()} for r, t in shown], "teams_played": len(f.teams)}


def _kind_order(kind: str):
    return (0, int(kind), "") if kind.isdigit() else (1, 0, kind)


def text_lines(report: Report) -> list[str]:
    """The report for a terminal."""
    out = [f"{report.name} ({report.system}): playtest, {report.games} games a pairing, seed {report.seed}"]
    out += [f"  note: {n}" for n in report.notes]
    for p in report.pairings:
        if p.get("solo"):
            out += _solo_lines(p)
            continue
        a, b = p["agents"]
        fp = p["first_player"]
        out.append(f"  {p['setup']}, {a} vs {b} ({p['games']} games, seed {p['seed']}):")
        out.append(f"    first player wins {Rate(fp['wins'], fp['games']).text()}; draws {p['draws']}")
        for name, r in p.get("agent_win_rate", {}).items():
            out.append(f"    {name} wins {Rate(r['wins'], r['games']).text()}")
        ln = p["length"]
        out.append(f"    length (activations): mean {ln['mean']}, median {ln['median']}, 10-90% {ln['p10']}-{ln['p90']}, "
                   f"range {ln['min']}-{ln['max']}; ends: " + ", ".join(f"{k} {v}" for k, v in p["ends"].items()))
        out.append(f"    {'unit':10} {'sides':>6} {'their win rate (95% CI)':>25} {'side with more wins':>25} "
                   f"{'per side':>9} {'kills/game':>10}")
        for k in p["kinds"]:
            w, m = k["win_rate"], k["side_with_more_wins"]
            out.append(f"    {k['kind'][:10]:10} {k['sides_fielding']:6} "
                       f"{w['rate']:8.1%} ({w['ci95'][0]:5.1%}-{w['ci95'][1]:5.1%})  "
                       f"{m['rate']:8.1%} ({m['ci95'][0]:5.1%}-{m['ci95'][1]:5.1%})  "
                       f"{k['units_per_side']:9.2f} {k['kills_per_game']:10.2f}")
    out.append(f"  rule holes: {len(report.holes) or 'none'}")
    out += _hole_lines(report)
    return out


def _solo_lines(p: dict) -> list[str]:
    hw, tw = p["heroes_win"], p["turns_to_win"]
    out = [f"  {p['setup']}, heroes played by {p['agents'][0]} ({p['games']} games, seed {p['seed']}):",
           f"    heroes win {Rate(hw['wins'], hw['games']).text()}; draws {p['draws']}; ends: "
           + ", ".join(f"{k} {v}" for k, v in p["ends"].items()),
           f"    hero turns to win: mean {tw['mean']}, median {tw['median']}, 10-90% {tw['p10']}-{tw['p90']}",
           f"    {'class':12} {'teams':>6} {'their win rate (95% CI)':>25} {'kills/game':>10}"]
    for k in p["kinds"]:
        w = k["win_rate"]
        out.append(f"    {k['kind'][:12]:12} {k['sides_fielding']:6} {w['rate']:8.1%} ({w['ci95'][0]:5.1%}-"
                   f"{w['ci95'][1]:5.1%})  {k['kills_per_game']:10.2f}")
    if p["teams"]:
        out.append(f"    teams ({p['teams_played']} played; the best and worst with {TEAM_GAMES}+ games):")
        out += [f"      {Rate(t['wins'], t['games']).text()}  {t['team']}" for t in p["teams"]]
    return out


def _hole_lines(report: Report) -> list[str]:
    out = []
    for h in report.holes:
        out.append(f"    {h['file']}:{h['line']}:{h['col']} [{h['code']}] {h['message']}")
        out.append(f"      met {h['times']} times in {h['games']} of {h['of_games']} games; first: {h['example']}")
    return out
