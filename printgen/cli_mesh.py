"""The 3D commands' Typer faces: `printgen stl` (one tile, its options from mesh/options.py's registry) and
`printgen terrain` (a map's tiles, plates and bill of materials). printgen/cli.py registers them."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from .cli_places import PAPER_CHOICES, Paper, check_out, one_game, out_path


def _stl_command():
    """The Typer face of `printgen stl`, its parameters generated from mesh.options.STL_OPTIONS."""
    import inspect as _inspect

    from .mesh.options import STL_OPTIONS

    def stl(**options) -> None:
        """Build one 3D-printable hex terrain tile (binary STL or 3MF), watertight and slice-ready."""
        from .stl_command import UsageError, run_stl

        options = {k: (v.value if isinstance(v, Enum) else v) for k, v in options.items()}
        try:
            code, lines = run_stl(options)
        except UsageError as exc:
            raise typer.BadParameter(str(exc))
        for line in lines:
            typer.echo(line, err=bool(code))
        raise typer.Exit(code)

    params = []
    for o in STL_OPTIONS:
        kind = o.type
        if o.choices:
            kind = Enum(o.name.title(), {c: c for c in o.choices}, type=str)
        default = ... if o.required else None
        params.append(_inspect.Parameter(o.name, _inspect.Parameter.KEYWORD_ONLY,
                                         default=typer.Option(default, o.flag, help=o.help),
                                         annotation=kind if o.required else Optional[kind]))
    stl.__signature__ = _inspect.Signature(params)
    return stl


stl_cmd = _stl_command()

TileMode = Enum("TileMode", {name: name for name in ("standard", "exact")}, type=str)
GridMode = Enum("GridMode", {name: name for name in ("groove", "none")}, type=str)


def terrain_cmd(
    game: Optional[Path] = typer.Argument(None, metavar="[GAME_DIR]", help="The game folder (holds game.yaml). "
                                          "Default: the game folder you are in."),
    maps: Optional[List[str]] = typer.Option(None, "--map", help="A map's name (repeat for more). "
                                             "[default: game.yaml mesh: terrain: maps, else every map]"),
    out: Optional[str] = typer.Option(None, "--out", show_default=False,
                                      help="Where to write: <out>/<map>/... [default: output/terrain]"),
    bed: Optional[str] = typer.Option(None, "--bed", help="Print bed, width x depth, e.g. 256x256mm."),
    gap: Optional[str] = typer.Option(None, "--gap", help="Gap between tiles on a plate. [default: 3mm]"),
    tiles: Optional[TileMode] = typer.Option(None, "--tiles", help="standard: 1/2/3/7/24-hex tiles; "
                                             "exact: one tile per connected region. [default: standard]"),
    grid: Optional[GridMode] = typer.Option(None, "--grid", help="Engraved hex grid on the tops. [default: groove]"),
    groove: Optional[str] = typer.Option(None, "--groove", help="Grid groove width x depth. [default: 1.2x0.6mm]"),
    dots: Optional[str] = typer.Option(None, "--dots", help="Engrave a dot at every hex's centre, across x depth, "
                                       "e.g. 2x0.6mm (big boards). [default: none]"),
    density: float = typer.Option(1.24, "--density", help="Filament density, g/cm3 (PLA 1.24)."),
    diameter: str = typer.Option("1.75mm", "--diameter", help="Filament diameter."),
    paper: Paper = typer.Option("a4", "--paper", help="Paper of the bill of materials page."),
    previews: bool = typer.Option(True, "--previews/--no-previews", help="Also write a PNG of each plate."),
    piece_set: Optional[str] = typer.Option(None, "--set", metavar="heroscape",
                                            help="Print the tiles to a real piece set's geometry (1.75 in hexes, "
                                                 "3/8 in levels, raised hex tops); a tile larger than the bed in "
                                                 "parts that pin together. Not with --grid, --groove or --dots."),
) -> None:
    """A map's 3D terrain: distinct tiles (STL), print-bed plates (3MF) and a bill of materials."""
    from .terrain.command import UsageError, run_terrain

    paper_name = PAPER_CHOICES[paper.value][0]
    game = one_game(game)
    out = out_path(out, [game], "terrain")
    check_out(out, [game])
    try:
        code, lines = run_terrain(game=game, maps=maps, out=out, bed=bed, gap=gap, tiles=tiles and tiles.value,
                                  grid=grid and grid.value, groove=groove, dots=dots, density=density,
                                  diameter=diameter,
                                  paper=paper_name, previews=previews, piece_set=piece_set)
    except UsageError as exc:
        raise typer.BadParameter(str(exc))
    for line in lines:
        typer.echo(line, err=bool(code))
    raise typer.Exit(code)
