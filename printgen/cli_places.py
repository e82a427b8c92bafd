"""Where a command works and writes: the game folders it is given (or the one you stand in), and the output
place it may use (outside every game folder). Shared by the commands of printgen.cli and of the packages that
keep their command bodies (printgen/mapio/cli.py, printgen/editions/command.py)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from .units import PAPER_SIZES

# Each paper of the registry, and "both" for the two everyday ones.
PAPER_CHOICES = {**{p: [p] for p in PAPER_SIZES}, "both": ["a4", "letter"]}
Paper = Enum("Paper", {name: name for name in PAPER_CHOICES}, type=str)

GamesArg = typer.Argument(None, metavar="[GAME_DIR]...",
                          help="Game folders (each holds a game.yaml). Default: every game under ./data/.")


def resolve_games(games: Optional[List[Path]], *, root: Path) -> list[Path]:
    """The game folders a command works on; raises typer.BadParameter (a usage error, exit 2) when there are none."""
    if not games:
        from .project import Project, game_here

        found = Project(root).games()
        if not found and (here := game_here(root)) is not None:
            return [here]  # standing in a game folder (or below it): that game
        if not found:
            raise typer.BadParameter(
                f"no games found under {root / 'data'}; run printgen in a project folder whose data/<game>/ "
                "holds a game.yaml, in a game folder, or name a game folder")
        return found
    out: list[Path] = []
    seen: set[Path] = set()
    for g in games:
        if not g.exists():
            raise typer.BadParameter(f"no such folder: {g}")
        if not g.is_dir():
            raise typer.BadParameter(f"{g} is not a folder; name the game folder that holds game.yaml")
        for game in games_within(g) or [g]:
            if game.resolve() not in seen:  # a folder named twice (data/x and data/): one game, looked at once
                seen.add(game.resolve())
                out.append(game)
    return out


def games_within(folder: Path) -> list[Path]:
    """The games a folder of games holds (``data/``: no game.yaml of its own, game folders beside each
    other in it), as a bare command finds them under data/; [] for a game folder."""
    from .project import GAME_FILE, game_folders

    return [] if (folder / GAME_FILE).exists() else game_folders(folder)


def one_game(game: Optional[Path], *, option: str = "GAME_DIR") -> Path:
    """The one game folder a command works on: the one named, else the game folder you are in; a usage
    error (exit 2) naming what to do when neither."""
    from .project import game_here

    if game is None:
        game = game_here(Path.cwd())
        if game is None:
            raise typer.BadParameter("name the game folder, or run this in a game folder (one that holds "
                                     "game.yaml)", param_hint=option)
    return single_game(game)


def single_game(game: Path) -> Path:
    """The one game folder named; a usage error (exit 2) when it is a folder of several games."""
    folder = resolve_games([game], root=Path.cwd())
    if len(folder) > 1:
        names = ", ".join(f.name for f in folder[:6]) + (", ..." if len(folder) > 6 else "")
        raise typer.BadParameter(f"{game} holds {len(folder)} games ({names}); this command works on one: "
                                 f"name its folder, e.g. {folder[0]}", param_hint="GAME_DIR")
    return folder[0]


ListFormat = Enum("ListFormat", {name: name for name in ("text", "json")}, type=str)  # --format of the lists

# --out is taken as text: a Path would turn an empty --out '' into ".", and the message would be about "."
OutOption = typer.Option(None, "--out", show_default=False,
                         help="Where to write: <out>/<game-id>/<paper>/<asset>.pdf. [default: output, beside data/ "
                              "or beside the game folder]")


def out_path(out: Optional[str], folders: Optional[List[Path]] = None, sub: str = "") -> Path:
    """The --out folder as a Path; a usage error (exit 2) when it is empty or blank. Not given: the
    project's output folder (outside every game folder, so running in a game folder works), plus ``sub``."""
    if out is None:
        from .project import default_output

        base = default_output(Path.cwd(), folders or [])
        return base / sub if sub else base
    if not out.strip():
        raise typer.BadParameter(f"{out!r} is empty; name the folder to write, e.g. --out output",
                                 param_hint="'--out'")
    return Path(out)


def check_out(out: Path, folders: list[Path], *, option: str = "--out", file: bool = False) -> None:
    """A usage error (exit 2, before anything is written) when ``out`` is in a game folder or (a folder)
    holds one: the games named and every game of the project here. Every command that writes calls it."""
    from .safety.outputs import out_game_problem, project_games

    problem = out_game_problem(out, project_games(folders), option=option, file=file)
    if problem:
        raise typer.BadParameter(problem, param_hint=f"'{option}'")


def build_folders(games: Optional[List[Path]], out: Optional[str]) -> tuple[list[Path], Path]:
    """The game folders to build and the folder to build them into; exits 1 when that cannot be a build's
    output folder, 2 when it is inside a game folder or holds one."""
    from .safety.outputs import out_dir_problem

    folders = resolve_games(games, root=Path.cwd())
    out = out_path(out, folders)
    check_out(out, folders)
    problem = out_dir_problem(out)
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(1)
    return folders, out
