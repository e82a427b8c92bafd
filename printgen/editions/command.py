"""The ``printgen errata`` command: a thin face over editions.errata.make_errata."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import typer


def errata(
    old: str = typer.Argument(..., metavar="OLD", help="The old version: a game folder, or a git revision "
                              "(commit, tag, branch) of NEW's folder."),
    new: Path = typer.Argument(..., metavar="NEW", help="The new version's game folder."),
    out: Optional[Path] = typer.Option(None, "--out", help="Where to write the kit. Default: "
                                       "output/<game-id>/errata/ in NEW's project."),
    paper: str = typer.Option("a4", "--paper", help="a4, letter, a3 or both."),
) -> None:
    """An errata kit: only the cards, pages and rulebook pages whose print changed, and the change list."""
    from ..draw.page import PAPER_SIZES
    from .errata import CHANGES_FILE, make_errata

    papers = ("a4", "letter") if paper == "both" else (paper,)
    if any(p not in PAPER_SIZES for p in papers):
        raise typer.BadParameter(f"{paper!r} is no paper; use one of {', '.join(PAPER_SIZES)} or both",
                                 param_hint="'--paper'")
    if not new.is_dir():
        raise typer.BadParameter(f"no such folder: {new}", param_hint="NEW")
    _refuse_in_games(out, [new])
    result = make_errata(old=old, new=new, out=out, papers=papers)
    if not result.ok:
        for f in result.findings:
            typer.echo(f.format())
        typer.echo("errata stopped: fix the errors above; nothing was written.", err=True)
        raise typer.Exit(1)
    if result.empty:
        typer.echo("nothing printed changed between the two versions: no errata to print, nothing written")
        if result.changes:
            typer.echo("(data that changed but prints nowhere: "
                       + "; ".join(s for _, s in result.changes) + ")")
        return
    for _, s in result.changes:
        typer.echo(f"changed: {s}")
    for c in result.cards:
        typer.echo(f"reprint: {c}")
    for p in result.pages:
        typer.echo(f"reprint: {p}")
    for s in result.sections:
        typer.echo(f"reprint: rulebook {s}")
    where = next((p.parent for p in result.written if p.name == CHANGES_FILE), None)
    typer.echo(f"wrote {len(result.written)} files under {where}/")


def _refuse_in_games(out: Path | None, games: list[Path], *, allow: Path | None = None) -> None:
    """A usage error (exit 2, nothing written) when ``out`` lies in a game folder of the command or the project
    (safety.outputs, as for build); ``allow`` is the one folder of a game such a file belongs in."""
    from ..safety.outputs import out_game_problem, project_games

    if out is None or (allow is not None and os.path.realpath(out).startswith(os.path.realpath(allow) + os.sep)):
        return
    problem = out_game_problem(out, project_games(games), file=out.suffix != "")
    if problem:
        raise typer.BadParameter(problem, param_hint="'--out'")


i18n = typer.Typer(help="Translations: gettext catalogues of every printed text (printgen build --lang LANG "
                        "builds an edition).", no_args_is_help=True)


@i18n.command("extract")
def extract(
    game: Optional[Path] = typer.Argument(None, metavar="[GAME_DIR]", help="The game folder. Default: this folder."),
    out: Optional[Path] = typer.Option(None, "--out", metavar="FILE.pot",
                                       help="The template to write. Default: GAME_DIR/locales/messages.pot."),
) -> None:
    """Write a POT of every text the game prints: data fields, layout texts, rulebook paragraphs."""
    from ..project import game_here

    folder = game or game_here(Path.cwd()) or Path.cwd()
    if not folder.is_dir():
        raise typer.BadParameter(f"no such folder: {folder}", param_hint="GAME_DIR")
    _refuse_in_games(out, [folder], allow=folder / "locales")  # the template belongs in the game's locales/
    findings, written, n = run(game_dir=folder, out=out)
    if findings:
        for f in findings:
            typer.echo(f.format())
        typer.echo("extract stopped: fix the errors above; nothing was written.", err=True)
        raise typer.Exit(1)
    where = (folder / "locales" / "LANG" / "messages.po").as_posix()  # the game's, wherever the command ran
    typer.echo(f"wrote {n} texts to {written}; copy it to {where} (LANG: de, fr, pt_BR...), translate its "
               f"msgstr lines, then build with --lang LANG")


def run(*, game_dir: Path, out: Path | None = None) -> tuple[list, Path | None, int]:
    """Write the POT of the game at ``game_dir`` (default: <game>/locales/messages.pot). Returns (findings,
    the file written or None, how many messages)."""
    from ..findings import Location, error
    from ..load.game_folder import display_path
    from ..project import validate_game
    from ..safety.paths import escaping_link, link_message
    from ..write.files import write_atomic
    from .catalogue import messages, pot_bytes

    game = validate_game(game_dir)
    errors = [f for f in game.findings if f.is_error]
    if errors:
        return errors, None, 0
    target = out if out is not None else Path(game_dir) / "locales" / "messages.pot"
    link = escaping_link(target, Path(game_dir))
    if link is not None:  # a linked locales/ would make extract overwrite a file outside the game
        return [error("symlink-outside", link_message(link), Location(display_path(link), 1, 1))], None, 0
    msgs = messages(game)
    write_atomic(target, pot_bytes(game, msgs))
    return [], target, len(msgs)
