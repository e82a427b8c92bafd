"""The map commands of the command line (import-map, export-map, print-lacking): thin Typer bodies over
printgen.mapio.command, registered by printgen.cli."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from ..cli_places import check_out, one_game, out_path


def import_map_cmd(
    file: Path = typer.Argument(..., metavar="FILE", help="A VirtualScape .hsc file or a heroscape-map-editor JSON map."),
    into: Optional[Path] = typer.Option(None, "--into", metavar="GAME_DIR",
                                        help="The game folder to add the map to. Default: the game folder you are in."),
    name: Optional[str] = typer.Option(None, "--name", help="The map's name (default: the file's map name or stem)."),
) -> None:
    """Read a community map into a game as editable map data (map-<name>.yaml). Exit 1 on a bad file."""
    from .command import import_map

    into = one_game(into, option='--into')
    lines, written = import_map(file=file, game=into, name=name)
    typer.echo("\n".join(lines))
    raise typer.Exit(0 if written else 1)


def export_map_cmd(
    game: Optional[Path] = typer.Argument(None, metavar="[GAME_DIR]",
                                          help="The game folder. Default: the game folder you are in."),
    map_name: str = typer.Option(..., "--map", metavar="NAME", help="The map to write."),
    to: Path = typer.Option(..., "--to", metavar="FILE.hsc", help="The VirtualScape file to write."),
) -> None:
    """Write a game's map as a VirtualScape .hsc file the community's editors open."""
    from .command import export_map

    game = one_game(game)
    check_out(to, [game], option="--to", file=True)
    code, lines = export_map(game=game, map_name=map_name, to=to)
    typer.echo("\n".join(lines))
    raise typer.Exit(code)


def print_lacking_cmd(
    game: Optional[Path] = typer.Argument(None, metavar="[GAME_DIR]",
                                          help="The game folder. Default: the game folder you are in."),
    map_name: str = typer.Option(..., "--map", metavar="NAME", help="The map to build."),
    own: List[str] = typer.Option([], "--own", metavar="BOX|PIECE=N",
                                  help="What you own: a box (master-set-1, master-set-1*2) or a count (grass-24=3)."),
    out: Optional[str] = typer.Option(None, "--out", show_default=False,
                                      help="The folder to write (a subfolder per map). [default: output/lacking]"),
    bed: Optional[str] = typer.Option(None, "--bed", help="Print bed, e.g. 256x256mm."),
    gap: Optional[str] = typer.Option(None, "--gap", help="Space between tiles on a plate, e.g. 3mm."),
    scale: str = typer.Option("real", "--scale", metavar="real|game",
                              help="real: pieces sized as the real set's (mesh/piece_sets/heroscape.yaml), a piece "
                                   "larger than the bed in parts that pin together; game: the game's hex and level."),
) -> None:
    """Print what you lack for a map: owned pieces first; the rest as tiles, plates, one project 3MF,
    a bill of what is printed and a build guide marking each piece owned or printed."""
    from .command import print_lacking

    game = one_game(game)
    out = out_path(out, [game], "lacking")
    check_out(out, [game])
    code, lines = print_lacking(game=game, map_name=map_name, own=own, out=out, bed=bed, gap=gap, scale=scale)
    typer.echo("\n".join(lines))
    raise typer.Exit(code)
