"""The rules-analysis commands of the command line (balance, playtest): thin Typer bodies over
printgen.balance.command and printgen.playtest.command, registered by printgen.cli."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from .cli_places import GamesArg, ListFormat, check_out, out_path, resolve_games, single_game
from .playtest.agents import AGENTS
from .playtest.command import DEFAULT_AGENTS


def balance_cmd(
    games: Optional[List[Path]] = GamesArg,
    out: Optional[str] = typer.Option(None, "--out", show_default=False,
                                      help="Where to write: <out>/<game-id>/balance/. [default: output]"),
    plots: bool = typer.Option(True, "--plots/--no-plots", help="Also write the HTML page and PDF (matplotlib)."),
) -> None:
    """Exact combat odds for every pair of units, value per point and its outliers (printgen.balance)."""
    from .balance.command import run_balance

    folders = resolve_games(games, root=Path.cwd())
    out = out_path(out, folders)
    check_out(out, folders)
    result = run_balance(folders=folders, out=out, plots=plots)
    for f in result.findings:
        typer.echo(f.format())
    typer.echo("\n".join(result.lines))
    for path in result.written:
        typer.echo(f"wrote {path}")
    raise typer.Exit(1 if result.failed else 0)


def playtest_cmd(
    game: Path = typer.Argument(..., metavar="GAME_DIR", help="The game folder."),
    games: int = typer.Option(500, "--games", min=1, help="Games of each setup and pairing of agents."),
    seed: int = typer.Option(1, "--seed", help="The run's seed: the same seed gives the same report."),
    agents: List[str] = typer.Option(list(DEFAULT_AGENTS), "--agents", metavar="A:B",
                                     help=f"Pairings to play (repeat, or comma-separated); agents: {', '.join(AGENTS)}."),
    budget: int = typer.Option(8, "--budget", min=1, help="Moves the lookahead agent weighs each turn."),
    move_limit: int = typer.Option(300, "--move-limit", min=1, help="Activations before a game is a draw."),
    fmt: ListFormat = typer.Option("text", "--format", help="What to print: text or json."),
    out: Optional[str] = typer.Option(None, "--out", help="Also write JSON, text and HTML to <out>/<game-id>/playtest/."),
) -> None:
    """Let the game's rules pack play it thousands of times: first-player win rate, each unit's share of wins
    and kills, game lengths, and the rule holes met (printgen.playtest)."""
    from .limits import limit
    from .playtest.command import parse_pairings, run_playtest

    for name, value, most in (("--games", games, "playtest-games"), ("--move-limit", move_limit, "playtest-moves"),
                              ("--budget", budget, "playtest-budget")):
        if value > limit(most):
            raise typer.BadParameter(f"{value} is past the limit of {limit(most):g} ({most})", param_hint=name)
    try:
        pairings = parse_pairings(agents)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--agents'")
    folder = single_game(game)
    if out is not None:
        check_out(out_path(out), [folder])
    result = run_playtest(folder=folder, games=games, seed=seed, pairings=pairings, budget=budget,
                          move_limit=move_limit, fmt=fmt.value, out=out_path(out) if out is not None else None)
    for f in result.findings if result.failed else ():
        typer.echo(f.format(), err=fmt.value == "json")
    typer.echo("\n".join(result.lines))
    for path in result.written:
        typer.echo(f"wrote {path}", err=True)
    if result.report is not None:
        typer.echo(f"played in {result.seconds:.1f} s", err=True)
    raise typer.Exit(1 if result.failed else 0)
