"""What `printgen stl` does, shared by the Typer command and the fast launcher path."""

from __future__ import annotations

import sys
from pathlib import Path


class UsageError(Exception):
    """A bad option value: exit code 2, like any command-line usage error."""


def run_stl(options: dict) -> tuple[int, list[str]]:
    """Build and write the tile(s). Returns (exit code, lines to print). Raises UsageError."""
    from .units import UnitError
    from .mesh.api import make_tile
    from .mesh.polyhex import MeshError
    from .mesh.shapes import ShapeError

    from .mesh.options import FORMATS
    from .safety.outputs import out_file_problem, out_game_problem, project_games

    raw = str(options["out"])
    if not raw.strip():  # Path("") is Path("."): say what was typed, not "--out . is a folder"
        raise UsageError(f"--out {raw!r} is empty; name the file to write, e.g. --out tile.stl")
    out = Path(raw)
    if out.name.strip() != out.name or out.name.lower() in {f".{f}" for f in FORMATS}:
        raise UsageError(f"--out {raw!r}: {out.name!r} is no file name (blank around it, or only an extension); "
                         f"name the file, e.g. {out.parent / 'tile.stl'}")
    problem = out_file_problem(out, options.get("fmt")) or out_game_problem(
        out, project_games([Path(options["game"])] if options.get("game") else []), file=True)
    if problem:
        return 1, [f"error: {problem}"]
    data = None
    if options.get("game"):
        from .project import validate_game
        from .report import report_text

        game = Path(options["game"])
        if not game.is_dir():
            raise UsageError(f"no such game folder: {game}")
        result = validate_game(game)
        if not result.ok():
            return 1, [report_text([result])]
        data = result.data
    if options.get("levels") is not None and options["levels"] < 1:
        raise UsageError("--levels must be 1 or more")
    if options.get("magnet_every") is not None and options["magnet_every"] < 1:
        raise UsageError("--magnet-every must be 1 or more")
    kwargs = {k: v for k, v in options.items() if k not in ("out", "game") and v is not None}
    try:
        tile = make_tile(out=out, game=data, **kwargs)
    except (UnitError, ShapeError) as exc:
        raise UsageError(str(exc)) from None
    except MeshError as exc:
        return 1, [f"error: {exc}"]
    from .write.files import write_atomic

    lines = []
    for (name, blob), mesh, volume in zip(tile.files.items(), tile.meshes, tile.volumes):
        try:
            write_atomic(out.parent / name, blob)
        except OSError as exc:
            return 1, [f"error: cannot write {out.parent / name}: {exc.strerror or exc}"]
        x, y, z = mesh.extents
        lines.append(f"wrote {out.parent / name}: {x:.2f} x {y:.2f} x {z:.2f} mm, {len(mesh.faces)} triangles, "
                     f"{mesh.pockets} magnet pockets, {volume / 1000:.2f} cm3")
    return 0, lines


def fast_main(argv: list[str]) -> int:
    """`printgen stl` without Typer: argparse from the same option table."""
    from .mesh.options import argparser

    parser = argparser()
    args = parser.parse_args(argv)  # exits 2 on bad usage, like Typer
    try:
        code, lines = run_stl(vars(args))
    except UsageError as exc:
        parser.print_usage(sys.stderr)
        print(f"printgen stl: error: {exc}", file=sys.stderr)
        return 2
    for line in lines:
        print(line, file=sys.stderr if code else sys.stdout)
    return code
