"""`printgen playtest`: a game's rules pack plays it against itself, thousands of times, and reports
first-player advantage, each unit kind's share of wins and kills, game lengths and the rule holes met
(printgen.playtest.report); text or JSON on the terminal, and with --out the JSON, text and an HTML
page with plots under <out>/<game-id>/playtest/. Exit 1 when the game does not validate or cannot be
played (a located finding, nothing written)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from ..findings import Finding, error
from .agents import AGENTS
from .model import ModelError

DEFAULT_AGENTS = ("random:random", "greedy:greedy", "lookahead:greedy")


@dataclass
class Outcome:
    lines: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    report: object | None = None
    seconds: float = 0.0
    failed: bool = False


def parse_pairings(specs) -> list[tuple[str, str]]:
    """'greedy:random' -> ('greedy', 'random'); raises ValueError naming the agents there are."""
    out = []
    for spec in specs:
        for part in str(spec).split(","):
            names = tuple(n.strip() for n in part.split(":"))
            if len(names) == 1:
                names = names * 2
            if len(names) != 2 or any(n not in AGENTS for n in names):
                raise ValueError(f"'{part}' is not a pairing of agents: write A:B with A and B from "
                                 f"{', '.join(AGENTS)}")
            if names not in out:
                out.append(names)
    return out


def game_model(game, *, move_limit: int):
    """(model, findings): the pack's game model of a validated game, or why there is none (errors)."""
    pack = game.pack
    system = game.data.game.system
    maker = getattr(pack, "playtest", None) if pack is not None else None
    if maker is None:
        return None, [error("playtest-no-model", f"system '{system}' has no game model to play",
                            game.source.loc(("game", "system")),
                            hint="printgen playtest plays the systems whose rules packs give a model "
                                 "(hex-dice, heroes-of-hex)")]
    try:
        return maker(game, move_limit=move_limit), []
    except ModelError as exc:
        return None, [error("playtest-model", f"the game cannot be simulated: {exc}", game.source.loc(exc.path),
                            hint="give the data the simulator needs here, or fix the value")]


def playtest_report(game, *, games: int, seed: int, pairings: list[tuple[str, str]], budget: int = 8,
                    move_limit: int = 300, processes: int | None = None):
    """(report or None, findings): play ``games`` games of each setup and pairing of a validated game."""
    from .report import build_report
    from .runner import Pairing, play

    model, found = game_model(game, move_limit=move_limit)
    if model is None:
        return None, found
    if getattr(model, "players", 2) == 1:  # a solo scenario: the first agent of a pairing plays the heroes
        pairings = list(dict.fromkeys((a, a) for a, _ in pairings))
    plays = [Pairing(p, s) for s in model.setups() for p in pairings]
    try:
        played = play(model, plays, games=games, seed=seed, budget=budget, processes=processes)
    except (ModelError, ArithmeticError, LookupError, ValueError, TypeError) as exc:  # data the model let through
        path = getattr(exc, "path", ("game", "system"))
        return None, [error("playtest-model", f"the simulation stopped: {type(exc).__name__}: {exc}",
                            game.source.loc(path), hint="a number in the data breaks the game model; check the "
                            "units' stats and patterns")]
    report = build_report(game, model, played, seed=seed, games=games, budget=budget)
    return report, report.findings


def run_playtest(*, folder: Path, games: int, seed: int, pairings: list[tuple[str, str]], budget: int = 8,
                 move_limit: int = 300, fmt: str = "text", out: Path | None = None, plots: bool = True,
                 processes: int | None = None) -> Outcome:
    from ..check.validate import check_game
    from ..write.files import write_atomic
    from .report import text_lines

    result = Outcome()
    game = check_game(folder)
    if not game.ok():
        result.findings = [f for f in game.findings if f.is_error]
        result.lines = [f"{game.game_id}: does not validate; fix the errors above (printgen validate)"]
        result.failed = True
        return result
    start = time.perf_counter()
    report, found = playtest_report(game, games=games, seed=seed, pairings=pairings, budget=budget,
                                    move_limit=move_limit, processes=processes)
    result.seconds = time.perf_counter() - start
    if report is None:
        result.findings, result.failed = found, True
        result.lines = [f"{game.game_id}: cannot be played; nothing written"]
        return result
    result.report = report
    result.lines = text_lines(report) if fmt == "text" else [report.json().decode().rstrip("\n")]
    if out is not None:
        files = {"playtest.json": report.json(), "playtest.txt": ("\n".join(text_lines(report)) + "\n").encode()}
        if plots:
            from .page import report_page

            files["playtest.html"] = report_page(report)
        for name, data in files.items():
            write_atomic(out / game.game_id / "playtest" / name, data)
            result.written.append(out / game.game_id / "playtest" / name)
    return result
