"""A project: where games' data, templates and outputs are, said once and explicitly.

    <root>/data/<game>/            a game: game.yaml and its content files
    <root>/templates/<game-id>/    its templates (rulebook/*.md, ...), or
    <root>/data/<game>/templates/  templates kept inside the game folder (these win)
    <root>/output/<game-id>/       what a build writes (unless told otherwise)

A game folder named on its own belongs to the project above its ``data/``
folder, or, when it does not sit in one, to the folder that holds it. Its
validation (``validate_game``) is the data checks plus every asset's own
hook; the validated game is what plan and build work on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .check import ValidatedGame, check_game
from .check.unread import unread_files
from .findings import Finding, error, sort_findings
from .load.game_folder import GAME_FILE, display_path
from .registry import asset_findings
from .safety.paths import absolute

DATA, TEMPLATES, OUTPUT = "data", "templates", "output"


@dataclass(frozen=True)
class Project:
    root: Path

    @classmethod
    def of_game(cls, folder: Path) -> "Project":
        """The project a game folder belongs to: the folder above its ``data/``, else the folder holding it."""
        folder = absolute(Path(folder))  # "cd data && printgen build heroes-of-hex" finds the same project
        return cls(folder.parent.parent if folder.parent.name == DATA else folder.parent)

    @property
    def data(self) -> Path:
        return self.root / DATA

    @property
    def templates(self) -> Path:
        return self.root / TEMPLATES

    @property
    def output(self) -> Path:
        return self.root / OUTPUT

    def games(self) -> list[Path]:
        """Every folder under ``data/`` holding a game.yaml, sorted by name."""
        return game_folders(self.data)

    def template_candidates(self, folder: Path, game_id: str) -> list[Path]:
        """Where a game's templates may be, first choice first."""
        return [Path(folder) / TEMPLATES, self.templates / game_id]

    def templates_for(self, folder: Path, game_id: str) -> Path | None:
        """The game's template folder: ``<game>/templates/`` if present, else ``<root>/templates/<id>/``."""
        return next((p for p in self.template_candidates(folder, game_id) if p.is_dir()), None)


def game_folders(folder: Path) -> list[Path]:
    """The folders directly in ``folder`` that hold a game.yaml, sorted by name ([] when it is no folder)."""
    if not Path(folder).is_dir():
        return []
    return sorted(p for p in Path(folder).iterdir() if (p / GAME_FILE).is_file())


def game_here(start: Path) -> Path | None:
    """The game folder ``start`` is in (it, or the nearest folder above it, holds game.yaml), as a path
    relative to ``start`` ('.', '..'), or None."""
    start = absolute(Path(start))
    for up, folder in enumerate((start, *start.parents)):
        if (folder / GAME_FILE).is_file():
            return Path(*([".."] * up)) if up else Path(".")
    return None


def default_output(cwd: Path, folders: list[Path]) -> Path:
    """Where a command writes when told nothing: ``output`` here in a project (data/<game>/ below), else
    the output folder of the first game's project (beside its data/ folder, or beside the game folder),
    as a path relative to ``cwd``: never inside a game folder."""
    if Project(Path(cwd)).games() or not folders:
        return Path(OUTPUT)
    return Path(os.path.relpath(Project.of_game(Path(folders[0])).output, absolute(Path(cwd))))


def validate_game(folder: Path, *, project: Project | None = None) -> ValidatedGame:
    """Load, model and check one game, then run each of its assets' validation hooks. Never raises
    for bad input."""
    game = checked_game(folder, project=project)
    return with_asset_checks(game, *asset_checks(game))


def checked_game(folder: Path, *, project: Project | None = None) -> ValidatedGame:
    """``validate_game``'s first half: the game folder loaded, modelled and checked (with its templates
    folder), its assets' hooks not run yet (``asset_checks``)."""
    from .tiling.solver import recording

    project = project or Project.of_game(folder)
    with recording() as tilings:  # solved while checking: the build's workers take them (printgen.workers)
        game = check_game(Path(folder))
        game.templates = project.templates_for(folder, game.game_id)
    game.shared["tilings"] = tilings
    return game


def asset_checks(game: ValidatedGame) -> tuple[list[Finding], dict]:
    """``validate_game``'s second half on a ``checked_game``: what its assets' hooks and the unread-file
    check find, and the work they did that rendering would do again (``ValidatedGame.shared``: tilings,
    the rulebook's chapters and pictures, the layout values' compiled code). Only reads; ``with_asset_checks``
    takes the two. A build of one game runs it in a worker process (on a copy of the game), so the main process
    does not draw the faces, render the chapters or solve the tilings while the workers wait for it (issue 41);
    a build of several validates each game whole in a worker (printgen.schedule.validated)."""
    from .layout.hand_on import layout_code
    from .tiling.solver import recording

    with recording() as tilings:
        extra = asset_findings(game) + unread_files(Path(game.folder), game.templates)
    shared = dict(game.shared)
    shared["tilings"] = {**shared.get("tilings", {}), **tilings}
    shared.update(layout_code(game))  # compiled and parsed while drawing the faces for their findings: not again
    return extra, shared


def with_asset_checks(game: ValidatedGame, extra: list[Finding], shared: dict) -> ValidatedGame:
    """``game`` (a ``checked_game``) with what ``asset_checks`` found and worked out on it (or on a copy)."""
    game.shared.update(shared)
    if extra:
        game.findings = sort_findings(game.findings + extra)
    return game


def validate_games(folders: Iterable[Path], *, project: Project | None = None) -> list[ValidatedGame]:
    """Every game, and no two with one id: they would share (and overwrite) one output folder."""
    from .editions.edition import editions_of

    games: list[ValidatedGame] = []
    for f in folders:
        for game in editions_of(validate_game(f, project=project)):  # game.yaml languages: each checked too
            games.append(game)
            check_ids(games)
    return games


def check_ids(games: list[ValidatedGame]) -> None:
    """The last of ``games`` gets a finding when an earlier game (another folder) has its id: the two would
    share (and overwrite) one output folder. Called as each game is added."""
    g = games[-1]
    if g.data is None:
        return
    other = next((o for o in games[:-1] if o.data is not None and o.game_id == g.game_id), g)
    if other is not g and other.folder.resolve() != g.folder.resolve():
        g.findings = sort_findings(g.findings + [error(
            "duplicate-game-id", f"the game id '{g.game_id}' is also the id of {display_path(other.folder)}; "
            "two games in one build need different ids (they name the output folders)",
            g.source.loc(("game", "id")))])
