"""The printgen command line: thin Typer commands over keyword-only library calls."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import List, Optional

import typer
from enum import Enum

from . import __version__
from .report import REPORTERS
from .model.defaults import PRINT_PROFILES
from .cli_places import (PAPER_CHOICES, GamesArg, ListFormat, OutOption, Paper, build_folders,  # noqa: F401
                         check_out, one_game, out_path, resolve_games, single_game)

app = typer.Typer(
    name="printgen",
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Check a hex game's YAML data and build its printables (maps, tokens, cards, rulebook, STL tiles).",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help and errors: rich would add a third of a second to every start
)

# CLI choices come from the registries.
ReportFormat = Enum("ReportFormat", {name: name for name in sorted(REPORTERS)}, type=str)

def _version(value: bool) -> None:
    if value:
        typer.echo(f"printgen {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Show the version and exit.")) -> None:
    """printgen: print-and-play asset generator for hex tabletop games."""


@app.command()
def validate(
    games: Optional[List[Path]] = GamesArg,
    format: ReportFormat = typer.Option("text", "--format", help="How to print findings."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
) -> None:
    """Check game data against its rules. Exit 0 when clean, 1 on errors, 2 on usage errors."""
    from .project import validate_games

    folders = resolve_games(games, root=Path.cwd())
    results = validate_games(folders)
    typer.echo(REPORTERS[format.value](results, strict=strict))
    raise typer.Exit(0 if all(r.ok(strict=strict) for r in results) else 1)


PaperOption = typer.Option("both", "--paper", case_sensitive=False, help="Paper to build for.")
PreviewsOption = typer.Option(True, "--previews/--no-previews", help="Also write SVG pages and PNG previews.")
# The print profiles of the registry (model/defaults.py: light, the CLI starts fast).
PrintProfile = Enum("PrintProfile", {name: name for name in PRINT_PROFILES}, type=str)


@app.command()
def build(
    games: Optional[List[Path]] = GamesArg,
    out: str = OutOption,
    paper: Paper = PaperOption,
    previews: bool = PreviewsOption,
    force: bool = typer.Option(False, "--force", help="Rebuild every target, even those up to date."),
    profiles: Optional[List[PrintProfile]] = typer.Option(
        None, "--for", help="Print profile to make files for (repeat for several); default: game.yaml's "
                            "print: {profile: ...}, else home. " + "; ".join(f"{k}: {v}" for k, v in PRINT_PROFILES.items())),
    lang: Optional[List[str]] = typer.Option(None, "--lang", help="Also build the edition in this language "
                                             "(locales/<lang>/*.po; repeat for several; see printgen i18n)."),
) -> None:
    """Validate, then build every printable: maps, tokens, cards, sheets. Invalid data writes nothing."""
    from .build import build as run_build
    from .progress import progress_events
    from .write.manifest import OutputConflict

    folders, out = build_folders(games, out)
    try:
        with progress_events() as on_event:
            result = run_build(folders=folders, out=out, papers=PAPER_CHOICES[paper.value], previews=previews,
                               force=force, on_event=on_event, profiles=[p.value for p in profiles or []] or None,
                               languages=tuple(lang or ()))
    except OutputConflict as exc:  # a user's file or a link where printgen writes: theirs stays untouched
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1)
    except OSError as exc:  # the disk, not the data: say which file and why
        typer.echo(f"error: cannot write {exc.filename or out}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1)
    if not result.ok:
        typer.echo(REPORTERS["text"](result.games), err=False)
        typer.echo("build stopped: fix the errors above; nothing was written.", err=True)
        raise typer.Exit(1)
    for g in result.games:  # in a build of several games (editions share a folder) each says whose it is
        for f in g.findings:
            typer.echo((replace(f, message=f"{g.game_id}: {f.message}") if len(result.games) > 1 else f).format(),
                       err=True)
    for f in sorted(result.preflight, key=lambda f: f.sort_key()):
        typer.echo(f.format(), err=True)
    for note in result.notes:
        typer.echo(f"note: {note}", err=True)
    typer.echo(f"built {len(result.built)} targets ({len(result.skipped)} up to date), "
               f"{len(result.written)} files under {out}/")
    if result.refused:
        typer.echo(f"not written: {', '.join(result.refused)} (a preflight class set to error in game.yaml found "
                   "something above)", err=True)
        raise typer.Exit(1)


@app.command()
def preflight(
    games: Optional[List[Path]] = GamesArg,
    paper: Paper = PaperOption,
    format: ReportFormat = typer.Option("text", "--format", help="How to print findings."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    profiles: Optional[List[PrintProfile]] = typer.Option(
        None, "--for", help="Also check the files of this print profile, made in memory (repeat for several); "
                            "default: game.yaml's print: {profile: ...}. The CMYK shop files are converted and "
                            "their inks measured."),
) -> None:
    """Validate, draw every printed page in memory and check it as a print shop would: placeholders, small
    or overlapping text, ink outside the printable area, wasted pages, the print profiles' files. Writes
    nothing."""
    from .preflight_games import preflight_games

    folders = resolve_games(games, root=Path.cwd())
    results = preflight_games(folders=folders, papers=PAPER_CHOICES[paper.value],
                              profiles=[p.value for p in profiles or []] or None)
    typer.echo(REPORTERS[format.value](results, strict=strict))
    raise typer.Exit(0 if all(r.ok(strict=strict) for r in results) else 1)


@app.command()
def watch(
    games: Optional[List[Path]] = GamesArg,
    out: str = OutOption,
    paper: Paper = PaperOption,
    previews: bool = PreviewsOption,
) -> None:
    """Build, then validate and rebuild on every save (only what changed) until Ctrl-C."""
    from .watch import watch as run_watch

    folders, out = build_folders(games, out)
    run_watch(folders=folders, out=out, papers=PAPER_CHOICES[paper.value], previews=previews,
              echo=lambda line: typer.echo(line))


def _systems() -> list[str]:
    from .scaffold import SYSTEMS

    return list(SYSTEMS)


System = Enum("System", {name: name for name in _systems()}, type=str)


@app.command()
def new(
    folder: Path = typer.Argument(..., metavar="DIR", help="The new game's folder (must not exist, or be empty)."),
    system: System = typer.Option("custom", "--system", help="custom: your own kinds and layouts; or a rule pack."),
    name: Optional[str] = typer.Option(None, "--name", help="The game's name. Default: from the folder's name."),
) -> None:
    """Start a game of your own: data, card layouts, a map and a two-chapter rulebook that validate and build."""
    from .scaffold import ScaffoldError, new_game

    notes: list[str] = []
    try:
        files = new_game(folder=folder, system=system.value, name=name, notes=notes)
    except ScaffoldError as exc:
        raise typer.BadParameter(str(exc))
    import shlex

    for line in notes:
        typer.echo(line)

    where = shlex.quote(str(folder))  # pasted into a shell as it is: "My Game" needs its quotes
    typer.echo(f"wrote {len(files)} files to {folder}/; next: printgen validate {where} && printgen build {where}")


@app.command()
def schema(
    game: Optional[Path] = typer.Argument(None, metavar="[GAME_DIR]", help="The game folder (holds game.yaml). "
                                          "Default: the game folder you are in."),
    out: Optional[Path] = typer.Option(None, "--out", help="Where to write the schemas. Default: GAME_DIR/schema/"),
) -> None:
    """Write JSON Schema for game.yaml, the game's content files (declared kinds included) and its layouts, for
    editors, and print the editor settings that map each file to its schema."""
    from .schema import editor_settings, schemas_for, write_schemas

    folder = one_game(game)
    if out is not None:  # schemas are the game's own editor files: in its folder (no link out), or outside every game
        from .safety.paths import absolute, escaping_link, link_message

        if not absolute(out).is_relative_to(absolute(folder)):
            check_out(out, [folder])
        elif escaping_link(out, folder) is not None:
            raise typer.BadParameter(link_message(escaping_link(out, folder)), param_hint="'--out'")
    _, findings = schemas_for(folder)
    if findings:
        typer.echo("\n".join(f.format() for f in findings))
        raise typer.Exit(1)
    for path in write_schemas(folder=folder, out=out or folder / "schema"):
        typer.echo(f"wrote {path}")
    typer.echo(editor_settings(folder, out or folder / "schema"))


# the 3D commands, their bodies in their own module (printgen/cli_mesh.py), registered here in the help's order
from .cli_mesh import stl_cmd, terrain_cmd  # noqa: E402

app.command(name="stl")(stl_cmd)
app.command(name="terrain")(terrain_cmd)


# -- what a game can draw with: fonts and icons (printgen/catalogue.py) ---------------------------------------
CatalogueGame = typer.Argument(None, metavar="[GAME_DIR]", help="A game folder: its own fonts or icons too.")


def _catalogue_game(game: Optional[Path]) -> Optional[Path]:
    return single_game(game) if game is not None else None


@app.command()
def fonts(game: Optional[Path] = CatalogueGame,
          format: ListFormat = typer.Option("text", "--format", help="text or json.")) -> None:
    """List the fonts layouts can name: the bundled ones and the game's own (fonts/*.ttf). Exit 1 on a bad font file."""
    from .catalogue import FORMATS, font_catalogue

    cat = font_catalogue(game=_catalogue_game(game))
    typer.echo(FORMATS[format.value]["fonts"](cat))
    raise typer.Exit(0 if cat.ok else 1)


@app.command()
def icons(game: Optional[Path] = CatalogueGame,
          format: ListFormat = typer.Option("text", "--format", help="text or json."),
          sheet: Optional[Path] = typer.Option(None, "--sheet", metavar="FILE.pdf",
                                               help="Also write a reference sheet: each icon drawn with its name."),
          paper: Paper = typer.Option("a4", "--paper", case_sensitive=False, help="Paper of the sheet.")) -> None:
    """List the icons layouts can draw: the built-in ones and those the game's layouts declare (icons:)."""
    from .catalogue import FORMATS, icon_catalogue, write_icon_sheet

    if sheet is not None and sheet.suffix.lower() != ".pdf":
        raise typer.BadParameter(f"{sheet}: the sheet is a PDF; name a file ending in .pdf")
    if sheet is not None:
        check_out(sheet, [game] if game is not None else [], option="--sheet", file=True)
    cat = icon_catalogue(game=_catalogue_game(game))
    typer.echo(FORMATS[format.value]["icons"](cat))
    if not cat.ok:
        raise typer.Exit(1)  # nothing written: the game's layouts have errors
    if sheet is not None:
        write_icon_sheet(cat, path=sheet, paper=PAPER_CHOICES[paper.value][0])
        typer.echo(f"wrote {sheet}", err=format.value == "json")


@app.command()
def export(
    kind: str = typer.Argument(..., metavar="KIND", help="The kind of content to export (units, tokens, ...)."),
    to: Path = typer.Option(..., "--to", help="The spreadsheet to write: FILE.xlsx or FILE.csv."),
    game: Optional[Path] = typer.Argument(None, metavar="[GAME_DIR]", help="The game folder. Default: this folder."),
) -> None:
    """Write a kind's items to a spreadsheet (a header row of fields, lists joined with '; ', a count column)."""
    from .export import export_kind

    folder = one_game(game)
    from .safety.outputs import export_place_problem, project_games

    problem = export_place_problem(to, folder, project_games([folder]))
    if problem:
        raise typer.BadParameter(problem, param_hint="'--to'")
    findings, rows = export_kind(game=folder, kind=kind, to=to)
    if findings:
        typer.echo("\n".join(f.format() for f in findings))
        raise typer.Exit(1)
    typer.echo(f"wrote {rows} {kind} to {to}; {_export_next_step(to, folder, kind)}")


def _export_next_step(to: Path, folder: Path, kind: str) -> str:
    """What the designer does next with an exported sheet: the game reads a sheet in its folder named for the
    kind (a CSV by its file name, a workbook by its sheet names) with no declaration, so its rows now join
    the YAML's; any other place or name needs a sources: entry."""
    inside = to.resolve().parent == folder.resolve()
    if inside and (to.suffix.lower() != ".csv" or to.stem == kind):
        return (f"the game reads it as it is, beside the {kind} in the YAML: delete {kind}: from the YAML "
                f"to make the sheet their one source")
    if inside:
        return f"rename it {kind}.csv, or declare it in game.yaml: sources: [{{file: {to.name}, kind: {kind}}}]"
    return f"the game reads only files in its own folder: move it there as {kind}.csv (a workbook keeps any name)"


# -- editions: errata kits (printgen/editions/) ---------------------------------------------------------------
from .editions.command import errata as _errata, i18n as _i18n  # noqa: E402 (bodies in their own module)

app.command(name="errata")(_errata)
app.add_typer(_i18n, name="i18n")


# -- community maps: VirtualScape .hsc and heroscape-map-editor JSON (printgen/mapio/) ------------------------
from .mapio.cli import export_map_cmd, import_map_cmd, print_lacking_cmd  # noqa: E402 (bodies in their own module)

app.command("import-map")(import_map_cmd)
app.command("export-map")(export_map_cmd)
app.command("print-lacking")(print_lacking_cmd)


# -- rules analysis: exact balance and playtests by simulation (printgen/balance/, printgen/playtest/) -------
from .cli_analysis import balance_cmd, playtest_cmd  # noqa: E402 (bodies in their own module)

app.command("balance")(balance_cmd)
app.command("playtest")(playtest_cmd)


@app.command()
def serve(
    games: Optional[List[Path]] = GamesArg,
    out: str = OutOption,
    paper: Paper = PaperOption,
    port: int = typer.Option(8000, "--port", help="The port to serve on (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on. Default: this machine only."),
    editor: str = typer.Option("vscode", "--editor", help="Findings link to this editor: vscode, vscodium, cursor, "
                               "idea, sublime, none, or an address with {path}, {line} and {col}."),
) -> None:
    """The studio: build, serve every face, sheet and page in the browser, and update it on every save."""
    from .studio.run import editor_template, serve as run_serve

    try:
        editor_template(editor)
    except ValueError as exc:
        raise typer.BadParameter(str(exc))
    folders, out = build_folders(games, out)
    try:
        run_serve(folders=folders, out=out, papers=PAPER_CHOICES[paper.value], host=host, port=port, editor=editor,
                  echo=lambda line: typer.echo(line))
    except OSError as exc:  # the port is taken, or the host is not this machine's
        typer.echo(f"error: cannot serve on {host}:{port}: {exc.strerror or exc}; try another --port", err=True)
        raise typer.Exit(1)


if __name__ == "__main__":  # pragma: no cover
    app()
