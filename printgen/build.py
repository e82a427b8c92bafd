"""A whole build: validate, plan, render, write, with events for progress reporting.

Nothing is written unless every game validates. Each target renders fully in
memory before its files are written, each file atomically.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from functools import lru_cache
from typing import Callable

from .check import ValidatedGame, validate_game, validate_games
from .plan import MESH_ASSETS, MESH_PAPER, Target, assets_for, plan_build
from .render.document import PdfFile, RawFile
from .render.page import PageSpec
from .write.files import remove_stale, write_atomic
from .write.pdf import to_pdf
from .write.svg import page_to_svg, svg_to_png

MANIFEST = ".printgen-manifest.json"
PREVIEW_DPI = 60.0


@dataclass
class BuildResult:
    games: list[ValidatedGame]
    written: list[Path] = field(default_factory=list)
    built: list[str] = field(default_factory=list)  # target keys rendered
    skipped: list[str] = field(default_factory=list)  # target keys up to date

    @property
    def ok(self) -> bool:
        return all(g.ok() for g in self.games)


Event = Callable[[str, dict], None]


@lru_cache(maxsize=16)
def _game(folder: str) -> ValidatedGame:
    return validate_game(Path(folder))


def _render_job(folder: str, asset: str, paper: str, previews: bool) -> dict[str, bytes]:
    """Worker entry point: re-reads the (already validated) game, so jobs pickle as plain strings."""
    game = _game(folder)
    return render_target(game, asset, paper, previews=previews)


def render_target(game: ValidatedGame, asset: str, paper: str, *, previews: bool) -> dict[str, bytes]:
    """All the files of one target, as relative path -> bytes (nothing touches the disk)."""
    if paper == MESH_PAPER:
        return MESH_ASSETS[asset](game, previews=previews)
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    renderer = assets_for(game)[asset]
    files: dict[str, bytes] = {}
    for stem, doc in renderer(game, spec).items():
        if isinstance(doc, RawFile):
            files[doc.path] = doc.data
            continue
        if isinstance(doc, PdfFile):  # typeset straight to PDF (the rulebook): no SVG pages to preview
            files[f"{paper}/{stem}.pdf"] = doc.data
            continue
        files[f"{paper}/{stem}.pdf"] = to_pdf(doc)
        if previews:
            for n, page in enumerate(doc.pages, start=1):
                svg = page_to_svg(page)
                files[f"svg/{stem}-{paper}-{n}.svg"] = svg
                files[f"png/{stem}-{paper}-{n}.png"] = svg_to_png(svg, dpi=PREVIEW_DPI)
    return files


def build(*, folders: list[Path], out: Path, papers: list[str], previews: bool = True, force: bool = False,
          jobs: int | None = None, on_event: Event | None = None) -> BuildResult:
    """Build every printable of the games in ``folders`` into ``out/<game-id>/``."""
    emit = on_event or (lambda name, info: None)
    games = validate_games(folders)
    result = BuildResult(games=games)
    if not result.ok:
        emit("invalid", {"games": [g.game_id for g in games if not g.ok()]})
        return result
    targets = plan_build(games, papers=papers)
    emit("planned", {"targets": len(targets)})
    manifests: dict[str, dict] = {}
    todo: list[Target] = []
    for target in targets:
        gid = target.game.game_id
        game_out = out / gid
        if gid not in manifests:
            try:
                manifests[gid] = json.loads((game_out / MANIFEST).read_text())
            except (OSError, ValueError):
                manifests[gid] = {}
        entry = manifests[gid].get(target.key)
        if (not force and entry and entry.get("digest") == target.digest and entry.get("previews") == previews
                and all((game_out / f).is_file() for f in entry.get("files", []))):
            result.skipped.append(f"{gid}/{target.key}")
            emit("skipped", {"game": gid, "target": target.key})
        else:
            todo.append(target)

    def finished(target: Target, files: dict[str, bytes]) -> None:
        gid = target.game.game_id
        for rel, data in files.items():
            write_atomic(out / gid / rel, data)
            result.written.append(out / gid / rel)
        old = manifests[gid].get(target.key, {}).get("files", [])
        remove_stale(out / gid, [f for f in old if f not in files])
        manifests[gid][target.key] = {"digest": target.digest, "previews": previews, "files": sorted(files)}
        result.built.append(f"{gid}/{target.key}")
        emit("done", {"game": gid, "target": target.key, "files": len(files)})

    workers = jobs if jobs is not None else min(len(todo), os.cpu_count() or 1)
    if workers <= 1 or len(todo) <= 1:
        for target in todo:
            emit("start", {"game": target.game.game_id, "target": target.key})
            finished(target, render_target(target.game, target.asset, target.paper, previews=previews))
    else:
        # Independent targets render in parallel; the parent alone writes files.
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(_render_job, str(t.game.folder), t.asset, t.paper, previews): t for t in todo}
            for fut in as_completed(futures):
                finished(futures[fut], fut.result())
    for gid, manifest in manifests.items():
        write_atomic(out / gid / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
    return result
