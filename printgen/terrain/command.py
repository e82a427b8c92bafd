"""What `printgen terrain` does: validate the game, then write each map's tile set, plates and bill."""

from __future__ import annotations

from pathlib import Path

from ..model.game import TerrainSpec

GRID_CHOICES = ("groove", "none")
DENSITY = (0.5, 20.0)  # g/cm3: foamed filaments to metal-filled ones
DIAMETER = (1.0, 3.5)  # mm: 1.75 and 2.85/3 mm filament, with room to spare


class UsageError(Exception):
    """A bad option value: exit code 2."""


def run_terrain(*, game: Path, maps: list[str] | None, out: Path, bed: str | None = None, gap: str | None = None,
                tiles: str | None = None, grid: str | None = None, groove: str | None = None, dots: str | None = None,
                density: float = 1.24, diameter: str = "1.75mm", paper: str = "a4", previews: bool = True,
                piece_set: str | None = None) -> tuple[int, list[str]]:
    """Returns (exit code, lines to print). Options left None come from game.yaml ``mesh: terrain:``
    or the defaults. Raises UsageError for unreadable option values."""
    from ..draw.page import PageSpec
    from ..mesh.polyhex import MeshError
    from ..names import slug
    from ..project import validate_game
    from ..report import report_text
    from ..safety.outputs import out_dir_problem, out_game_problem
    from ..units import UnitError, parse_bed, parse_length, parse_pair
    from ..write.files import write_atomic
    from .api import make_terrain
    from .bom import Material
    from .plates import PlateError
    from .tileset import TerrainError

    if not str(out).strip():  # Path("") is "."; the CLI passes what was typed
        raise UsageError(f"--out {str(out)!r} is empty; name the folder to write, e.g. --out output/terrain")
    if not game.is_dir():
        raise UsageError(f"no such game folder: {game}")
    if piece_set is not None:
        from ..mesh.options import PIECE_SETS

        if piece_set not in PIECE_SETS:
            raise UsageError(f"--set {piece_set!r}: piece sets: {', '.join(PIECE_SETS)}")
        if grid or groove or dots:
            raise UsageError(f"--set {piece_set} gives each hex a raised top: drop --grid, --groove and --dots")
    problem = out_game_problem(out, [game])  # the CLI checks every game of the project too
    if problem:
        raise UsageError(problem)
    problem = out_dir_problem(out)
    if problem:
        return 1, [f"error: {problem}"]
    result = validate_game(game)
    if not result.ok():
        return 1, [report_text([result])]
    data = result.data
    conf = data.game.mesh.terrain or TerrainSpec()
    try:
        options = dict(
            bed=parse_bed(bed) if bed else conf.bed,
            gap=parse_length(gap) if gap else None,
            tiles=tiles,
            grid=(grid != "none") if grid else None,
            groove=parse_pair(groove, "groove (width x depth)", "1.2x0.6mm") if groove else None,
            dots=parse_pair(dots, "dots (across x depth)", "2x0.6mm") if dots else None,
            material=Material(density=density, diameter=parse_length(diameter, allow_zero=False)),
            piece_set=piece_set,
        )
    except UnitError as exc:
        raise UsageError(str(exc)) from None
    # a bill of materials from nan, inf or a hair-thin filament is nonsense, not a number to print
    if not DENSITY[0] <= density <= DENSITY[1]:  # False for nan too
        raise UsageError(f"--density must be a filament's density, {DENSITY[0]:g} to {DENSITY[1]:g} g/cm3 "
                         f"(PLA is 1.24), not {density:g}")
    if not DIAMETER[0] <= options["material"].diameter <= DIAMETER[1]:
        raise UsageError(f"--diameter must be a filament's diameter, {DIAMETER[0]:g} to {DIAMETER[1]:g} mm "
                         f"(1.75mm or 2.85mm), not {options['material'].diameter:g} mm")
    names = maps or conf.maps or [m.name for m in data.maps]
    if not names:
        return 1, [f"error: {game} has no maps"]
    spec = PageSpec.for_paper(paper, data.game.print.margin)
    lines, written = [], 0
    for name in names:
        try:
            res = make_terrain(data=data, map_name=name, previews=previews, page_spec=spec, **options)
        except (TerrainError, PlateError, MeshError) as exc:
            return 1, [f"error: map {name!r}: {exc}"]
        folder = out / slug(name)
        for rel, blob in res.files.items():
            try:
                write_atomic(folder / rel, blob)
            except OSError as exc:
                return 1, [f"error: cannot write {folder / rel}: {exc.strerror or exc}"]
            written += 1
        t = res.bill["total"]
        missing = res.bill["missing"]
        lines.append(f"{name}: {t['tiles']} tiles ({len(res.tileset.kinds)} distinct) on {len(res.plates)} plate(s) "
                     f"of {options['bed'][0]:g} x {options['bed'][1]:g} mm, {t['grams']:g} g / {t['metres']:g} m "
                     f"filament, about {t['hours']:g} h -> {folder}/"
                     + ("; missing: " + ", ".join(f"{x['count']} x {x['shape']} {x['terrain']}" for x in missing)
                        if missing else ""))
    lines.append(f"wrote {written} files under {out}/")
    return 0, lines
