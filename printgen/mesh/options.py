"""The options of `printgen stl`, defined once.

The Typer command is generated from this table, and so is the plain argparse
parser the launcher uses to start `printgen stl` without importing Typer, so
a tile is written in a few tens of milliseconds, process start included.
"""

from __future__ import annotations

import argparse
from typing import NamedTuple

from typing import get_args

from ..model import defaults as D  # the defaults when no --game gives them (plain numbers: no pydantic)

# the real piece sets' names (mesh/piece_sets/*.yaml), held here so building the CLI reads no YAML
# (tests/mesh/test_piece_set.py holds the two equal)
PIECE_SETS = ("heroscape",)

# mesh.export.EXPORTERS has a writer for each of these (a test holds them equal); read from the type, so
# building the CLI's choices imports no mesh code
FORMATS = get_args(D.MeshFormat)


class StlOption(NamedTuple):
    name: str  # keyword of make_tile
    flag: str
    help: str
    type: type = str
    required: bool = False
    choices: tuple[str, ...] | None = None


STL_OPTIONS: tuple[StlOption, ...] = (
    StlOption("shape", "--shape", "1, 2, 3, 7, 24, hexagon:R, rect:WxH, 'q,r;q,r;...', map:NAME[:TERRAIN[:LEVEL]] "
              "(needs --game), or piece:NAME (water, rubble, low-wall, bunker, watchtower, rock-overhang).",
              required=True),
    StlOption("out", "--out", "The file to write (.stl or .3mf).", required=True),
    StlOption("game", "--game", "Take defaults (hex size, mesh settings) and maps from this game folder."),
    StlOption("hex", "--hex", f"Hex size flat-to-flat, e.g. 1in. [default: {D.HEX_SIZE:g}mm, or the game's]"),
    StlOption("orientation", "--orientation", f"flat or pointy. [default: {D.ORIENTATION}, or the game's]",
              choices=("flat", "pointy")),
    StlOption("height", "--height", f"Height of one level, e.g. 6mm. [default: {D.LEVEL_HEIGHT:g}mm, or the game's]"),
    StlOption("levels", "--levels", "Levels high: the tile is height x levels.", type=int),
    StlOption("clearance", "--clearance", f"Taken off each outer side. [default: {D.CLEARANCE:g}mm, or the game's]"),
    StlOption("magnet", "--magnet", "Magnet pockets, diameter x thickness, e.g. 6x2mm."),
    StlOption("magnet_every", "--magnet-every", "A pocket under every Nth hex.", type=int),
    StlOption("chamfer", "--chamfer", "Chamfer on the top edge, e.g. 0.6mm."),
    StlOption("piece_set", "--set", "Build to a real piece set's geometry (heroscape: 1.75 in hexes, 3/8 in levels, "
              "raised hex tops and a recess under each hex, as mesh/piece_sets/heroscape.yaml states); "
              "not with --hex, --orientation, --height, --clearance, --chamfer or --magnet.", choices=PIECE_SETS),
    StlOption("fmt", "--format", f"{' or '.join(FORMATS)}. [default: from --out]", choices=FORMATS),
)


def argparser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="printgen stl", description="Build one 3D-printable hex terrain tile.")
    for o in STL_OPTIONS:
        p.add_argument(o.flag, dest=o.name, required=o.required, type=o.type, choices=o.choices, help=o.help)
    return p
