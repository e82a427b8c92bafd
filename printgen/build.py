"""A whole build: validate, plan, render, write, with events for progress reporting.

Nothing is written unless every game validates. Each target renders fully in
memory before its files are written, each file atomically.
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .asset import Asset
from .check import ValidatedGame
from .deps import Digests, ReadLog, valid_reads
from .draw.page import PageSpec
from .load.game_folder import display_path
from .plan import Target, plan_build
from .project import Project, validate_games
from .publish import Publisher, run_job, run_jobs
from .write.manifest import MANIFEST, Manifest, OutputConflict  # noqa: F401 (MANIFEST: re-exported)
from .write.outputs import output_files


@dataclass
class BuildResult:
    games: list[ValidatedGame]
    written: list[Path] = field(default_factory=list)
    built: list[str] = field(default_factory=list)  # target keys rendered
    skipped: list[str] = field(default_factory=list)  # target keys up to date
    notes: list[str] = field(default_factory=list)  # things worth saying that are not findings

    @property
    def ok(self) -> bool:
        return all(g.ok() for g in self.games)


Event = Callable[[str, dict], None]


def _paper_files(game: ValidatedGame, asset: Asset, paper: str | None, previews: bool) -> dict[str, bytes]:
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    files: dict[str, bytes] = {}
    for stem, doc in asset.render(game, spec).items():
        files.update(output_files(doc, stem=stem, paper=paper, previews=previews))
    return files


def _mesh_files(game: ValidatedGame, asset: Asset, paper: str | None, previews: bool) -> dict[str, bytes]:
    return asset.render(game, previews=previews)


RUNNERS: dict[str, Callable[[ValidatedGame, Asset, str | None, bool], dict[str, bytes]]] = {
    "paper": _paper_files,
    "mesh": _mesh_files,
}


def render_target(target: Target, *, previews: bool) -> tuple[dict[str, bytes], list[str]]:
    """All the files of one target, as relative path -> bytes (nothing touches the disk), and the read
    keys of what it drew from (printgen.deps). Runs in a worker process too: the target carries the
    validated game, so nothing is read again."""
    seen = ReadLog(target.game)
    return RUNNERS[target.asset.kind](seen, target.asset, target.paper, previews), seen.reads


def _up_to_date(manifest: Manifest, digests: Digests, target: Target, previews: bool) -> bool:
    """Does the record of ``target`` still hold: the same digest over the inputs it read last time?"""
    reads = manifest.targets.get(target.key, {}).get("reads")
    return valid_reads(reads) and manifest.up_to_date(target.key, digests.of(reads, ident=target.key), previews)


def _template_notes(games: list[ValidatedGame], project: Project | None) -> list[str]:
    notes = []
    for g in games:
        if g.templates is None or not (g.templates / "rulebook").is_dir():
            where = (project or Project.of_game(g.folder)).template_candidates(g.folder, g.game_id)
            notes.append(f"{g.game_id}: no rulebook templates (looked in "
                         f"{' and '.join(display_path(p / 'rulebook') for p in where)}), so no rulebook")
    return notes


def build(*, folders: list[Path], out: Path, papers: list[str], previews: bool = True, force: bool = False,
          jobs: int | None = None, on_event: Event | None = None, project: Project | None = None,
          pool: Executor | None = None) -> BuildResult:
    """Build every printable of the games in ``folders`` into ``out/<game-id>/``. Each game belongs
    to ``project`` when given, else to the project its folder sits in (see Project.of_game). ``pool``:
    workers to render in, kept by the caller across builds (a watch), else made for this build."""
    emit = on_event or (lambda name, info: None)
    games = validate_games(folders, project=project)
    result = BuildResult(games=games)
    if not result.ok:
        emit("invalid", {"games": [g.game_id for g in games if not g.ok()]})
        return result
    result.notes = _template_notes(games, project)
    targets = plan_build(games, papers=papers)
    emit("planned", {"targets": len(targets)})
    manifests: dict[str, Manifest] = {}
    digests = {g.game_id: Digests(g) for g in games}
    todo: list[Target] = []
    for target in targets:
        gid = target.game.game_id
        if gid not in manifests:
            manifests[gid] = Manifest.load(out / gid)
        if not force and _up_to_date(manifests[gid], digests[gid], target, previews):
            result.skipped.append(f"{gid}/{target.key}")
            emit("skipped", {"game": gid, "target": target.key})
        else:
            todo.append(target)

    def finished(target: Target, rendered: tuple[dict[str, bytes], list[str]]) -> None:
        # Recorded and written target by target (see write/manifest.py): a kill loses at most this one.
        files, reads = rendered
        gid = target.game.game_id
        result.written += manifests[gid].write_target(target.key, digests[gid].of(reads, ident=target.key),
                                                      previews, files, force=force, reads=reads)
        result.built.append(f"{gid}/{target.key}")
        emit("done", {"game": gid, "target": target.key, "files": len(files)})

    # For players: print kits, zips, exports and the gallery page. The exports read only the validated
    # games, so they run beside the targets; the kits read what the targets wrote, so they come after.
    publisher = Publisher(games=games, out=out, papers=papers, previews=previews, force=force, emit=emit)
    early = publisher.early()
    workers = jobs if jobs is not None else min(len(todo) + len(early), os.cpu_count() or 1)
    if workers <= 1 or len(todo) + len(early) <= 1:
        for target in todo:
            emit("start", {"game": target.game.game_id, "target": target.key})
            finished(target, render_target(target, previews=previews))
        for manifest in manifests.values():
            manifest.save()  # targets that vanished from the plan keep their record (their files stay)
        run_jobs(early + publisher.late(), publisher, None)
    else:
        # Independent targets render in parallel; the parent alone writes files.
        with nullcontext(pool) if pool is not None else ProcessPoolExecutor(max_workers=workers) as workers_:
            exports = [(workers_.submit(run_job, job), i, key) for i, key, job in early]  # the longest jobs first
            futures = {workers_.submit(render_target, t, previews=previews): t for t in todo}
            for fut in as_completed(futures):
                finished(futures[fut], fut.result())
            for manifest in manifests.values():
                manifest.save()
            run_jobs(publisher.late(), publisher, workers_)
            for fut, i, key in exports:
                publisher.take(i, key, fut.result())
    result.written += publisher.finish()
    return result
