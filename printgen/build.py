"""A whole build: validate, plan, render, write, with events for progress reporting.

Nothing is written unless every game validates. Each target renders fully in
memory before its files are written, each file atomically.
"""

from __future__ import annotations

import os
from concurrent.futures import Executor
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, NamedTuple

from .asset import Asset
from .check import ValidatedGame
from .collect import collect_pooled, run_staged
from .deps import Digests, ReadLog, valid_reads
from .draw.page import PageSpec
from .findings import Finding, Severity
from .load.game_folder import display_path
from .units import PAPER_SIZES
from .plan import Target, plan_build
from .project import Project, check_ids
from .publish import Publisher, run_jobs
from .schedule import in_order, smallest_first, unrecorded, validated
from .workers import Parcel, pool_for, shelf, take_shared
from .write.reuse import Reuse
from .write.staged import stage, staging
from .write.manifest import MANIFEST, Manifest, OutputConflict  # noqa: F401 (MANIFEST, OutputConflict: re-exported)


@dataclass
class BuildResult:
    games: list[ValidatedGame]
    written: list[Path] = field(default_factory=list)
    built: list[str] = field(default_factory=list)  # target keys rendered
    skipped: list[str] = field(default_factory=list)  # target keys up to date
    notes: list[str] = field(default_factory=list)  # things worth saying that are not findings
    preflight: list[Finding] = field(default_factory=list)  # what the preflight found, built or up to date
    refused: list[str] = field(default_factory=list)  # targets not written: a preflight class set to error

    @property
    def ok(self) -> bool:
        return all(g.ok() for g in self.games)

    @property
    def clean(self) -> bool:
        """Valid, and no target held back by a preflight error."""
        return self.ok and not self.refused


Event = Callable[[str, dict], None]


def _paper_files(game: ValidatedGame, asset: Asset, paper: str | None, previews: bool, reuse: Reuse
                 ) -> tuple[dict[str, bytes], list[Finding]]:
    from .preflight.run import preflight_documents
    from .write.outputs import output_files  # the writers (pdfium, the SVG and PNG writers) load in the workers

    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    docs = asset.render(game, spec)
    # render -> preflight -> write: the pages are looked at while their drawing model is at hand
    found = preflight_documents(game, docs, paper=paper)
    files: dict[str, bytes] = {}
    for stem, doc in docs.items():
        files.update(output_files(doc, stem=stem, paper=paper, previews=previews, reuse=reuse))
    return files, found


def _mesh_files(game: ValidatedGame, asset: Asset, paper: str | None, previews: bool, reuse: Reuse
                ) -> tuple[dict[str, bytes], list[Finding]]:
    return asset.render(game, previews=previews), []


RUNNERS: dict[str, Callable[[ValidatedGame, Asset, str | None, bool, Reuse],
                            tuple[dict[str, bytes], list[Finding]]]] = {
    "paper": _paper_files,
    "mesh": _mesh_files,
}


class Rendered(NamedTuple):
    files: dict[str, bytes]  # relative path -> bytes
    reads: list[str]  # the read keys of what it drew from (printgen.deps)
    sources: dict[str, str]  # preview path -> what it was made from (printgen.write.reuse)
    findings: list[Finding] = []  # what the preflight found on its pages


def render_target(target: Target, *, previews: bool, reuse: Reuse | None = None, draw_only: bool = False
                  ) -> Rendered:
    """All the files of one target (nothing touches the disk but reading back, through ``reuse``, the
    last build's previews of pages drawn as they were then). Runs in a worker process too: the target
    carries the validated game, so nothing is read again."""
    take_shared(target.game)  # what its validation worked out (in the main process), not worked out again
    seen = ReadLog(target.game)
    reuse = reuse if reuse is not None else Reuse()
    if draw_only:  # the preflight alone: the pages are drawn and looked at, no file is made
        spec = PageSpec.for_paper(target.paper, target.game.data.game.print.margin)
        from .preflight.run import preflight_documents

        return Rendered({}, seen.reads, {}, preflight_documents(seen, target.asset.render(seen, spec),
                                                                paper=target.paper))
    files, found = RUNNERS[target.asset.kind](seen, target.asset, target.paper, previews, reuse)
    return Rendered(files, seen.reads, reuse.sources, found)


def render_targets(targets: list[Target], *, previews: bool, reuses: list[Reuse | None] | None = None,
                   stage_in: str | None = None) -> list[Rendered]:
    """``render_target`` of each of ``targets`` in turn, in this process: the papers of one printable are
    handed to a worker as one piece of work, so the second paper finds what the first worked out (the
    preflight's faces, preflight/run.py ``_LAST``) instead of the two papers rendering side by side in two
    workers, each working it out. ``reuses``: each target's ``reuse``. ``stage_in``: the build's staging
    folder (write/staged.py), where each file is written whole for the main process to rename into place
    (None: the files' bytes are handed back)."""
    reuses = reuses if reuses is not None else [None] * len(targets)
    out = []
    for t, r in zip(targets, reuses, strict=True):
        rendered = render_target(t, previews=previews, reuse=r)
        out.append(rendered._replace(files=stage(rendered.files, stage_in)) if stage_in else rendered)
    return out



def _pieces(targets: list[Target]) -> list[list[Target]]:
    """``targets`` (to be rendered) as the build's pieces of work: the papers of one paper asset together
    (in plan order), every other target alone; a long asset's (``Asset.long``: a book) first, so that its
    papers, rendered one after the other, do not finish alone after the rest."""
    pieces: dict[tuple, list[Target]] = {}
    for t in targets:
        key = (id(t.game), t.asset.name) if t.asset.kind == "paper" else (id(t),)
        pieces.setdefault(key, []).append(t)
    return sorted(pieces.values(), key=lambda piece: not piece[0].asset.long)  # stable: plan order else


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
          pool: Executor | None = None, profiles: list[str] | None = None, languages: tuple[str, ...] = ()
          ) -> BuildResult:
    """Build every printable of the games in ``folders`` into ``out/<game-id>/``. Each game belongs
    to ``project`` when given, else to the project its folder sits in (see Project.of_game). ``pool``:
    workers to render in, kept by the caller across builds (a watch), else made for this build.

    Workers start on a game's targets (and its exports) as soon as it validates, while the next games validate
    (the smallest folder first: printgen.schedule); nothing is written until every game has validated. ``profiles``: the print profiles to make files
    for (model/defaults.PRINT_PROFILES), in place of each game's ``print: {profile: ...}``. ``languages``: translated
    editions to build besides each game's own and its game.yaml ``languages:`` (printgen.editions)."""
    emit = on_event or (lambda name, info: None)
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    with pool_for(pool, workers) as (executor, release), \
            shelf() if executor is not None else nullcontext() as parcels, \
            staging(out) if executor is not None else nullcontext(lambda: None) as stage_in:
        return _build(folders, out, papers, previews, force, emit, project, executor, profiles, languages,
                      parcels, stage_in, release)


def _build(folders, out, papers, previews, force, emit, project, pool: Executor | None, profiles=None,
           languages=(), shelf: Path | None = None, stage_in: Callable[[], str | None] = lambda: None,
           release: Callable[[], None] = lambda: None) -> BuildResult:
    from .editions.edition import editions_of

    run = _Run(out=out, papers=papers, previews=previews, force=force, emit=emit, pool=pool, profiles=profiles,
               shelf=shelf, stage_in=stage_in)
    ranks: dict[int, tuple[int, int]] = {}  # id(game) -> (its folder's index, its edition's): the order asked
    # the smallest folder first: the workers start on the first game sooner (schedule.py)
    for k, game in validated(smallest_first(folders), folders, project, pool,
                             cold=lambda game: force or unrecorded(out, game),
                             previews=previews):
        for e, game in enumerate(editions_of(game, languages)):
            ranks[id(game)] = (k, e)  # each language a game
            run.add(game)
    games = in_order(run.games, ranks)
    for n in range(2, len(games) + 1):
        check_ids(games[:n])  # as if validated in the order asked: the later folder gets the finding
    result = BuildResult(games=games)
    if not result.ok:
        run.cancel()
        emit("invalid", {"games": [g.game_id for g in run.games if not g.ok()]})
        return result
    result.notes = _template_notes(run.games, project) + run.retire_stale()
    emit("planned", {"targets": len(run.planned)})
    for target, fresh in run.planned:
        if fresh:
            entry = run.manifests[target.game.game_id].targets[target.key]  # its recorded findings still stand
            result.preflight += run.named(target.game.game_id, [Finding.from_dict(d) for d in entry.get("findings", [])])
            result.skipped.append(f"{target.game.game_id}/{target.key}")
            emit("skipped", {"game": target.game.game_id, "target": target.key})
    run.collect(result)
    release()  # every piece of work is done: the workers may go (workers.pool_for)
    result.written += run.publisher.finish()
    _held_back(result)
    return result


def _held_back(result: BuildResult) -> None:
    """A shop file's ink class set to error (publish/shop.py HELD_BACK) kept that file back, as a target is:
    its findings are preflight findings and the file a refusal, never a validation error (the rest is
    written)."""
    from .publish.shop import HELD_BACK

    for game in result.games:
        held = [f for f in game.findings if f.is_error and f.code in HELD_BACK]
        if held:
            game.findings[:] = [f for f in game.findings if f not in held]
            result.preflight += [replace(f, message=f"{game.game_id}: {f.message}") for f in held] \
                if len(result.games) > 1 else held
            classes = ", ".join(sorted({f.code.removeprefix("preflight-") for f in held}))
            result.refused.append(f"{game.game_id}'s shop decks with {classes} at error")


def _shares_id(game: ValidatedGame, others: list[ValidatedGame]) -> bool:
    """Another folder's game has ``game``'s id: one of the two gets check_ids' finding, so nothing is built."""
    return game.data is not None and any(o.data is not None and o.game_id == game.game_id and
                                         o.folder.resolve() != game.folder.resolve() for o in others)


@dataclass
class _Run:
    """One build's work in flight: the games validated so far, their targets and exports (started in
    ``pool`` as each game validates), and then their results, written as they come."""

    out: Path
    papers: list[str]
    previews: bool
    force: bool
    emit: Event
    pool: Executor | None
    games: list[ValidatedGame] = field(default_factory=list)
    manifests: dict[str, Manifest] = field(default_factory=dict)
    digests: dict[str, Digests] = field(default_factory=dict)
    planned: list[tuple[Target, bool]] = field(default_factory=list)  # every target, and whether up to date
    todo: list[Target] = field(default_factory=list)
    early: list[tuple[int, str, tuple]] = field(default_factory=list)  # exports: they read only the game
    futures: dict = field(default_factory=dict)  # render future -> its targets (render_targets)
    exports: list = field(default_factory=list)  # (export future, game index, job key)
    profiles: list[str] | None = None  # print profiles asked for (``--for``), else each game's own
    parcels: dict = field(default_factory=dict)  # id(game) -> the game pickled once for the workers
    shelf: Path | None = None  # where the parcels' bytes are written for the workers (workers.shelf)
    # the staging folder the workers write their files to (write/staged.py), made when first asked for
    stage_in: Callable[[], str | None] = lambda: None

    def _parcel(self, game: ValidatedGame) -> Parcel:
        """``game`` pickled for the workers, once a build (it is not changed while it builds; ``games``
        holds it, so its id stands)."""
        if id(game) not in self.parcels:
            self.parcels[id(game)] = Parcel(game, self.shelf)
        return self.parcels[id(game)]

    def _job(self, job: tuple) -> tuple:
        """A publishing job (fn, (game, ...)) with its game as a parcel."""
        fn, (game, *rest) = job
        return fn, (self._parcel(game), *rest)

    def __post_init__(self) -> None:
        self.publisher = Publisher(games=[], out=self.out, papers=self.papers, force=self.force, emit=self.emit,
                                   profiles=self.profiles)
        self.publisher.unread = self.pool is not None  # the workers read the kits' PDFs (collect.run_staged)

    def add(self, game: ValidatedGame) -> None:
        """A validated game: plan it, and start its work unless this build will write nothing."""
        self.games.append(game)
        if not all(g.ok() for g in self.games) or _shares_id(game, self.games[:-1]):
            return  # this build writes nothing: start no more work
        gid = game.game_id
        self.manifests[gid], self.digests[gid] = Manifest.load(self.out / gid), Digests(game)
        mine = []
        for target in plan_build([game], papers=self.papers):
            fresh = not self.force and _up_to_date(self.manifests[gid], self.digests[gid], target, self.previews)
            self.planned.append((target, fresh))
            if not fresh:
                mine.append(target)
        jobs = self.publisher.early(self.publisher.add(game, digests=self.digests[gid]))
        if self.pool is not None:  # forked by now, for the validation (_validated)
            # the targets first: the kits wait for them, while an export waits for nothing and fills the
            # gaps the kits leave at the end
            # the papers of one printable in one piece (render_targets): the second reuses what the first
            # worked out
            for piece in _pieces(mine):
                sent = [replace(t, game=self._parcel(game)) for t in piece]
                self.futures[self.pool.submit(render_targets, sent, previews=self.previews,
                                              reuses=[self._reuse(t) for t in piece],
                                              stage_in=self.stage_in())] = piece
            self.exports += [(self.pool.submit(run_staged, self._job(job), self.stage_in()), i, key)
                             for i, key, job in jobs]
        self.todo += mine
        self.early += jobs

    def retire_stale(self) -> list[str]:
        """Remove the printables of papers this build does not make that no longer match the data (they
        would print old numbers); current ones stay, so one paper's build keeps the other's files. Returns
        a note per game that lost some."""
        notes = []
        for game in self.games:
            manifest, digests = self.manifests[game.game_id], self.digests[game.game_id]
            others = sorted({k.rsplit("@", 1)[1] for k in manifest.targets if "@" in k} - set(self.papers))
            others = [p for p in others if p in PAPER_SIZES]
            if not others:
                continue
            targets = plan_build([game], papers=others)
            stale = [t.key for t in targets if t.key in manifest.targets and not
                     _up_to_date(manifest, digests, t, bool(manifest.targets[t.key].get("previews")))]
            planned = {t.key for t in targets}
            stale += [k for k in manifest.targets if k.rsplit("@", 1)[-1] in others and k not in planned]
            # a paper with any stale printable goes whole: a kit of half old, half missing pages misleads
            gone = {k.rsplit("@", 1)[1] for k in stale}
            stale = [k for k in manifest.targets if "@" in k and k.rsplit("@", 1)[1] in gone]
            for key in stale:
                manifest.remove(list(manifest.targets[key].get("files", {})))
                del manifest.targets[key]
            if stale:
                manifest.save()
                papers = sorted({k.rsplit("@", 1)[1] for k in stale})
                notes.append(f"{game.game_id}: removed the {' and '.join(papers)} printables: they were built from "
                             f"older data; build --paper {papers[0]} to make them again")
        return notes

    def _reuse(self, target: Target) -> Reuse:
        """The previews ``target`` made last build, to be taken again where a page is unchanged (none when
        forced: a forced build makes everything)."""
        gid = target.game.game_id
        last = {} if self.force else self.manifests[gid].sources(target.key)
        return Reuse(self.out / gid, last) if last else Reuse()

    def named(self, gid: str, found: list[Finding]) -> list[Finding]:
        """``found`` as the build reports it: in a build of more than one game (or edition: they share a
        folder, and every game shares the built-in layouts) each message starts with the game's id, so the same
        finding on two editions reads as two places, not as one printed twice."""
        if len(self.games) < 2:
            return found
        return [replace(f, message=f"{gid}: {f.message}") for f in found]

    def cancel(self) -> None:
        for fut in list(self.futures) + [f for f, _, _ in self.exports]:
            fut.cancel()

    def _finished(self, result: BuildResult, target: Target, rendered: Rendered) -> None:
        # Recorded and written target by target (see write/manifest.py): a kill loses at most this one. Its
        # record says done from the next save on (the game's next target's, or ``collect``'s at the end).
        files, reads, sources, found = rendered
        gid = target.game.game_id
        result.preflight += self.named(gid, found)
        if any(f.severity is Severity.ERROR for f in found):
            # a class the game set to error: this target's pages are not written (the rest are)
            result.refused.append(f"{gid}/{target.key}")
            self.emit("refused", {"game": gid, "target": target.key})
            return
        result.written += self.manifests[gid].write_target(
            target.key, self.digests[gid].of(reads, ident=target.key), self.previews, files, force=self.force,
            reads=reads, sources=sources, findings=[f.to_dict() for f in found], deferred=True)
        result.built.append(f"{gid}/{target.key}")
        self.emit("done", {"game": gid, "target": target.key, "files": len(files)})

    def collect(self, result: BuildResult) -> None:
        """Write every target as it is rendered, then hand the publisher its kits, thumbnails and exports.
        For players: print kits, zips, exports and the gallery page; the kits read what the targets wrote.
        Whatever stops it, the targets written so far are saved as done."""
        try:
            self._collect(result)
        finally:
            for manifest in self.manifests.values():
                manifest.flush()

    def _collect(self, result: BuildResult) -> None:
        if self.pool is None:
            for target in self.todo:
                self.emit("start", {"game": target.game.game_id, "target": target.key})
                self._finished(result, target, render_target(target, previews=self.previews,
                                                             reuse=self._reuse(target)))
            for manifest in self.manifests.values():
                manifest.save()  # targets that vanished from the plan keep their record (their files stay)
            run_jobs(self.publisher.late() + self.early, self.publisher, None)
            return
        collect_pooled(self, result)
