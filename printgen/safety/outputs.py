"""Where printgen may write: checked before anything is built, so a bad --out is one clear message.

``out_dir_problem`` is for ``printgen build --out`` (a folder), ``out_file_problem``
for ``printgen stl --out`` (a file). Each returns None when the place is usable,
else a sentence saying what is wrong and what to do.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from ..mesh.export import EXPORTERS


def _folder_problem(folder: Path, what: str) -> str | None:
    """Why nothing can be created in ``folder`` (its nearest existing ancestor is a file or not
    writable), or None; ``what`` names the thing being written, for the message."""
    base = Path(os.path.abspath(folder))
    while not base.exists() and base != base.parent:
        base = base.parent
    if not base.is_dir():
        return f"cannot write {what}: {base} is a file, not a folder"
    if not os.access(base, os.W_OK | os.X_OK):
        return f"cannot write {what}: permission denied in {base}"
    return None


def out_dir_problem(out: Path) -> str | None:
    """Why ``out`` cannot be the output folder (a file, under a file, not writable), or None."""
    if out.exists() and not out.is_dir():
        return f"--out {out} is a file, not a folder; name a folder for the output"
    return _folder_problem(out, f"--out {out}")


def out_game_problem(out: Path, games: Iterable[Path], *, option: str = "--out", file: bool = False) -> str | None:
    """Why ``out`` cannot take the output of a command over ``games``: it is a game folder or lies inside
    one (printgen would write into the designer's folder, and the next build would read its own output
    as input), or, for a folder (``file`` False), it holds one (printgen fills and tidies its output
    folder: no game's sources may live in it, and ``--out data`` would put data/<id>/<paper>/ inside the
    game data/<id>). Links are followed. ``option`` names the option in the message (--out, --to, --sheet)."""
    where = Path(os.path.realpath(out))
    for game in games:
        folder = Path(os.path.realpath(game))
        game = os.path.relpath(game) if Path(game).is_absolute() else game  # as the user would type it
        if where == folder or where.is_relative_to(folder):
            beside = _outside(folder)
            example = f"{option} {beside}/{Path(out).name}" if file else f"{option} {beside}"
            return (f"{option} {out} is inside the game folder {game}: printgen would write into the game's own "
                    f"files and read them back as its input; name a place outside it, e.g. {example}")
        if not file and folder.is_relative_to(where):
            return (f"{option} {out} holds the game folder {game}: printgen fills and tidies its output folder, so "
                    f"no game may live in it; name a folder beside the games, e.g. {option} output")
    return None


def export_place_problem(to: Path, folder: Path, games: Iterable[Path]) -> str | None:
    """Why ``printgen export`` may not write ``to``, or None. Outside the game folders: anywhere writable
    (``out_game_problem`` over ``games``). In its own game's folder: only a new file, since export writes a
    source of that game, which its designer then declares (as i18n extract writes its locales/ template);
    never over a file already there, nor through a link leading out of the game."""
    from .paths import absolute, escaping_link, link_message

    if not absolute(to).is_relative_to(absolute(folder)):
        return out_game_problem(to, games, option="--to", file=True)
    link = escaping_link(to, folder)
    if link is not None:
        return link_message(link)
    if to.exists() or to.is_symlink():
        return (f"--to {to} is a file of the game already: printgen never overwrites a game's own files; "
                f"name a new file, or one outside the game, e.g. --to output/{to.name}")
    return None


def project_games(named: Iterable[Path] = ()) -> list[Path]:
    """The games a written place must keep out of: those a command names and every game of the project
    in the current folder (``--out data/other-game`` is as wrong as ``--out data/this-game``)."""
    # Project.games, without importing the project (it imports the game model: `printgen stl` stays light)
    data = Path.cwd() / "data"
    here = sorted(p for p in data.iterdir() if (p / "game.yaml").is_file()) if data.is_dir() else []
    return [*named, *here]


def out_file_problem(out: Path, fmt: str | None) -> str | None:
    """Why ``out`` cannot be written as a ``fmt`` file, or None."""
    if str(out) in ("", ".", "..") or out.name in ("", ".", "..") or out.is_dir():
        return f"--out {out} is a folder; name the file to write, e.g. {Path(out) / 'tile.stl'}"
    suffix = out.suffix.lower().lstrip(".")
    if fmt and suffix and suffix != fmt and suffix in EXPORTERS:
        return f"--format {fmt} does not match the file name {out.name}; name it {out.stem}.{fmt}"
    return _folder_problem(out.parent, str(out))


def _outside(folder: Path) -> str:
    """An output folder beside the game folder (or beside its project's data/), as the user would type it."""
    root = folder.parent.parent if folder.parent.name == "data" else folder.parent
    return os.path.relpath(root / "output")
