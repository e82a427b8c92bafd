"""The publishing step's work: jobs per game (kits, zips, thumbnails, exports), run in a pool, each
kept while its inputs' digest holds (printgen.publish)."""


from __future__ import annotations

import hashlib
import json
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..deps import Digests, valid_reads
from ..draw.facts import facts_path, read_facts
from ..write.files import file_mode, write_if_changed
from ..write.manifest import Manifest, sha256
from ..model.defaults import PRINT_PROFILES
from .exports import EXPORTS, SHARED_FACES, _export_job, _exports_job
from .gallery import GALLERY, gallery_pages, thumb_ok
from .record import game_record as _record, job_sources as _sources, place as _place, report_findings as _report
from .on_disk import (built_files as _built, facts_on_disk as _facts_on_disk, meshes as _meshes,
                      papers_on_disk as _papers_on_disk, terrain as _terrain)

MANIFEST = ".printgen-publish.json"
# A job's result: its files (path -> bytes, None: kept as on disk), where the gallery record takes its
# info, that info, what it read (printgen.deps) and what its images were drawn from (printgen.write.reuse).
Result = tuple[dict[str, Any], tuple, dict, list, dict[str, str]]
FORMAT = 3  # bump when the manifest's shape changes (2: files with their SHA-256; 3: each job's digest)


def kit_name(gid: str, paper: str) -> str:
    return f"{gid}-{paper}-kit.pdf"


def zip_name(gid: str, paper: str) -> str:
    return f"{gid}-{paper}.zip"


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
        # A record printgen did not write (edited, [] or an old format) counts as absent.
        ok = (isinstance(data, dict) and data.get("format") in (2, FORMAT) and isinstance(data.get("files"), dict)
              and isinstance(data.get("record"), dict))
        if ok and data["format"] != FORMAT:
            return {"files": data["files"]}  # an older printgen's: what it wrote (so it may be replaced), no jobs
        return data if ok else {}
    except (OSError, ValueError):
        return {}


def _sha(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else str(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def _pdfs_digest(papers: dict[str, dict[str, bytes]], facts: dict[str, bytes | None] | None = None,
                 known: dict[str, str] | None = None) -> str:
    """The digest of a kit's printables: their PDFs and the facts its advice is worded from. ``known``: path
    (``<paper>/<stem>.pdf``, the facts' path) -> the SHA-256 of its bytes, already worked out (the build's
    record, which the bytes were checked against as they were read: on_disk.py), not hashed again."""
    facts, known = facts or {}, known or {}

    def digest(rel: str, data: bytes) -> str:
        return known.get(rel) or sha256(data)

    return _sha(*(f"{paper}/{stem}:{digest(f'{paper}/{stem}.pdf', data)}:"
                  f"{digest(facts_path(paper, stem), facts[stem]) if facts.get(stem) is not None else '-'}"
                  for paper, pdfs in sorted(papers.items()) for stem, data in sorted(pdfs.items())))


def _kit_job(game, paper: str, pdfs: dict[str, bytes], facts: dict[str, bytes | None], profiles: tuple = ()
             ) -> Result:
    from .bundle import bundle  # the jobs run in workers: their libraries (pikepdf, pdfium) load there
    from .choices import choices
    from .kit import build_kit

    gid, cfg = game.game_id, game.data.game
    offered = choices(cfg, profiles)  # the other ways to print this build made (publish/choices.py)
    kit, entries, total = build_kit(game, paper, pdfs, {stem: read_facts(data) for stem, data in facts.items()},
                                    offered)
    zipped = bundle(cfg, paper, kit_name(gid, paper), kit, total, entries, pdfs, offered)
    info = {"kit": kit_name(gid, paper), "kit_pages": total, "kit_bytes": len(kit),
            "zip": zip_name(gid, paper), "zip_bytes": len(zipped),
            "printables": [{"stem": e.stem, "title": e.guide.title, "pages": e.pages, "sides": e.guide.sides,
                            "copies": e.guide.copies, "cut": e.guide.cut, "note": e.guide.note,
                            "pdf": f"{paper}/{e.stem}.pdf", "bytes": len(pdfs[e.stem])} for e in entries]}
    return {kit_name(gid, paper): kit, zip_name(gid, paper): zipped}, ("papers", paper), info, [], {}


THUMBS_PER_JOB = 6  # at most, in one piece of work: few enough that they still fill the kits' gaps


def _thumb_job(game, paper: str, stem: str, pdf: bytes) -> Result:
    from .gallery import thumbnail

    files, entry = thumbnail(stem, pdf)
    return files, ("thumbs", stem), {"paper": paper, **entry}, [], {}


def _thumbs_job(game, paper: str, pdfs: dict[str, bytes]) -> dict[str, Result]:
    """Several printables' thumbnails in one piece of work: job key ("thumbs/<stem>") -> ``_thumb_job``'s
    result. Each piece a worker is handed costs the main process and the worker its sending and taking
    (the game's parcel, the PDF, the result) whatever its size; a thumbnail is a few ms of drawing."""
    return {f"thumbs/{stem}": _thumb_job(game, paper, stem, pdf) for stem, pdf in pdfs.items()}


def run_job(job: tuple) -> Result:
    fn, args = job
    return fn(*args)


def _export_digest(digests: Digests, gout: Path, key: str, reads) -> str:
    # the TTS files name their images by absolute file URLs: a moved output folder remakes them
    return _sha(FORMAT, key, gout.resolve(), digests.of(reads, ident=key) if valid_reads(reads) else "unknown")


@dataclass
class _GameWork:
    """One game's publishing: its last record, and each piece of work's digest and result."""

    game: Any
    gout: Path
    old: dict
    inputs: Digests  # of the game's read keys, each hashed once
    digests: dict[str, str] = field(default_factory=dict)  # job key -> digest of its inputs
    results: dict[str, Result] = field(default_factory=dict)  # job key -> its result
    record: dict | None = None

    def sources(self, key: str) -> dict[str, tuple[str, str]]:
        """Job ``key``'s files from the last publish: path -> (what it was drawn from, its SHA-256)."""
        recorded = self.old.get("files")
        if not isinstance(recorded, dict):
            return {}
        return {rel: (src, recorded[rel]) for rel, src in _sources(self.last(key)).items()
                if isinstance(recorded.get(rel), str)}

    def last(self, key: str) -> dict:
        """Job ``key`` as the last publish recorded it ({} when it did not, or not as printgen writes)."""
        jobs = self.old.get("jobs")
        entry = jobs.get(key) if isinstance(jobs, dict) else None
        return entry if isinstance(entry, dict) else {}


class Publisher:
    """The post-build step in two halves around the build's rendering, so a pool of workers stays busy:
    ``early()`` is the exports (they read only the validated game, so they run beside the targets),
    ``late()`` the kits, zips and thumbnails (they read the PDFs the build wrote; a build in workers
    asks for a paper's ``kits()`` as soon as that paper is written, then ``record()`` and ``thumbs()``),
    ``finish()`` writes.

    Each piece of work has a digest of its inputs (an export: what it read last time, as the build's
    targets do; a kit: its paper's PDFs). A piece whose digest and files are unchanged is taken from
    the output folder instead of being made again."""

    def __init__(self, *, games: list, out: Path, papers: list[str], force: bool = False,
                 emit: Callable[[str, dict], None] | None = None, profiles: list[str] | None = None) -> None:
        self.out, self.papers, self.force = out, papers, force
        self.profiles = profiles  # the print profiles asked for (``--for``); None: each game's own setting
        self.emit = emit or (lambda name, info: None)
        self.work: list[_GameWork] = []
        self.announced: set[str] = set()
        self.finished: dict[int, list[Path]] = {}  # game index -> the paths its ``finish_game`` wrote
        self.changed = False  # a game's record or files changed: the gallery is written again
        # the kits' and thumbnails' PDFs handed to their jobs unread (write/reuse.py Recorded): a build in workers
        self.unread = False
        for g in games:
            self.add(g)

    def add(self, game, *, digests: Digests | None = None) -> int:
        """Publish ``game`` too (a build adds each game as it validates); returns its index. ``digests``: the
        game's, when the caller has them (a build's: each input hashed once for its targets and its publishing)."""
        gout = self.out / game.game_id
        self.work.append(_GameWork(game, gout, _read_json(gout / MANIFEST), digests or Digests(game)))
        return len(self.work) - 1

    def _reuse(self, w: _GameWork, key: str, digest: str) -> bool:
        """Take job ``key``'s last result when its digest is unchanged and its files are intact."""
        w.digests[key] = digest
        entry = w.last(key)
        if self.force or entry.get("digest") != digest:
            return False
        names = entry.get("files")
        recorded = w.old.get("files", {})
        if not isinstance(names, list) or not all(
                isinstance(rel, str) and rel in recorded and (w.gout / rel).is_file()
                and not (w.gout / rel).is_symlink() for rel in names):
            return False  # a file is gone: make it again
        info, reads = entry.get("info"), entry.get("reads", [])
        if not isinstance(info, dict) or not valid_reads(reads) or key.startswith("thumbs/") and not thumb_ok(info):
            return False  # a record printgen did not write: make the work again
        # kept as they are on disk (None: not written again; the record keeps their digests)
        w.results[key] = ({rel: None for rel in names}, tuple(key.split("/", 1)), info, reads, _sources(entry))
        return True

    def _announce(self, w: _GameWork) -> None:
        # Only "start" (it names the work on the progress bar): "done" would count past the planned targets.
        if w.game.game_id not in self.announced:
            self.announced.add(w.game.game_id)
            self.emit("start", {"game": w.game.game_id, "target": "print kits, gallery, exports"})

    def early(self, only: int | None = None) -> list[tuple[int, str, tuple]]:
        """(game index, job key, job) of the exports to make (of game ``only``, when given)."""
        todo = []
        for i, w in enumerate(self.work):
            if only is not None and i != only:
                continue
            names = []
            for name in EXPORTS:
                key = f"exports/{name}"
                if name in PRINT_PROFILES and name not in (self.profiles or w.game.data.game.print.profile):
                    # a profile this build does not make: after a one-off `--for shop` the drivethru files
                    # stay while they match the data (stale ones go); a build by game.yaml's own list drops
                    # the profiles it no longer names
                    if self.profiles is not None:
                        self._reuse(w, key, _export_digest(w.inputs, w.gout, key, w.last(key).get("reads")))
                    continue
                reads = w.last(key).get("reads")
                if not self._reuse(w, key, _export_digest(w.inputs, w.gout, key, reads)):
                    self._announce(w)
                    names.append(name)
            # the exports drawing the card faces in one job, each face drawn once (exports.SHARED_FACES)
            shared = [n for n in names if n in SHARED_FACES]
            if len(shared) > 1:
                todo.append((i, "exports/" + "+".join(shared), (_exports_job, (
                    w.game, "+".join(shared), w.gout, {n: self._last(w, n) for n in shared}))))
            todo += [(i, f"exports/{n}", (_export_job, (w.game, n, w.gout, self._last(w, n))))
                     for n in names if len(shared) < 2 or n not in shared]
        return todo

    def _last(self, w: _GameWork, name: str) -> dict[str, tuple[str, str]]:
        """Export ``name``'s images of the last publish, to be read back where unchanged (none when forced:
        a forced build makes everything, as its targets' previews)."""
        return {} if self.force else w.sources(f"exports/{name}")

    def late(self, only: int | None = None) -> list[tuple[int, str, tuple]]:
        """(game index, job key, job) of the kits and thumbnails to make, from what the build wrote (of
        game ``only``, when given: its targets are written and recorded), each game's record taken."""
        todo = []
        for i in range(len(self.work)):
            if only is None or i == only:
                self.record(i)
                todo += self.kits(i) + self.other_kits(i) + self.thumbs(i)
        return todo

    def other_kits(self, index: int) -> list[tuple[int, str, tuple]]:
        """The kit jobs of game ``index`` for the papers this build does not make but whose printables are
        on disk and current (the build removed stale ones): one paper's build keeps the other's kit."""
        built = _built(self.work[index].gout)
        others = sorted({r.split("/", 1)[0] for r in built if r.count("/") == 1 and r.endswith(".pdf")}
                        - set(self.papers))
        return [job for p in others for job in self.kits(index, p)]

    def kits(self, index: int, paper: str | None = None) -> list[tuple[int, str, tuple]]:
        """The kit jobs of game ``index`` (of ``paper`` alone, when given: its targets are written)."""
        w = self.work[index]
        built = _built(w.gout)
        on_disk = _papers_on_disk(w.gout, [paper] if paper else self.papers, built, unread=self.unread)
        facts = {p: _facts_on_disk(w.gout, p, pdfs, built) for p, pdfs in on_disk.items()}
        whole = w.inputs.whole()
        profiles = tuple(self.profiles or w.game.data.game.print.profile)
        return self._todo(index, [(f"papers/{p}",
                                   _sha(FORMAT, p, whole, profiles, _pdfs_digest({p: pdfs}, facts[p], built)),
                                   (_kit_job, (w.game, p, pdfs, facts[p], profiles))) for p, pdfs in on_disk.items()])

    def thumbs(self, index: int) -> list[tuple[int, str, tuple]]:
        """The thumbnail jobs of game ``index``: one per printable, of the first paper (one printable
        changed, one made again). Made last: they are short, and fill the gaps the kits leave."""
        w = self.work[index]
        first = self.papers[0]
        built = _built(w.gout)
        pdfs = _papers_on_disk(w.gout, [first], built, unread=self.unread).get(first, {})  # checked against built
        todo = self._todo(index, [(f"thumbs/{stem}", _sha(FORMAT, "thumbs", first, stem, built[f"{first}/{stem}.pdf"]),
                                   (_thumb_job, (w.game, first, stem, pdf))) for stem, pdf in pdfs.items()])
        count = -(-len(todo) // THUMBS_PER_JOB)  # as many pieces as needed, their sizes alike (7: 4 and 3)
        batches = [todo[n::count] for n in range(count)]
        # (one alone as a batch of one when its PDF goes unread: the worker leaves out a PDF changed since, as
        # _papers_on_disk leaves it out)
        return [batch[0] if len(batch) == 1 and not self.unread else
                (index, "+".join(key for _, key, _ in batch),
                 (_thumbs_job, (w.game, first, {job[1][2]: job[1][3] for _, _, job in batch})))
                for batch in batches]

    def _todo(self, index: int, jobs: list[tuple[str, str, tuple]]) -> list[tuple[int, str, tuple]]:
        """Of ``jobs`` (key, digest, job), those whose last result cannot be taken again."""
        w, todo = self.work[index], []
        for key, digest, job in jobs:
            if not self._reuse(w, key, digest):
                self._announce(w)
                todo.append((index, key, job))
        return todo

    def record(self, index: int) -> None:
        """Take game ``index``'s gallery record from what the build wrote (once all its targets are)."""
        w = self.work[index]
        built = _built(w.gout)
        w.record = _record(w.game, _meshes(w.gout, built), _terrain(w.gout, built))

    def take(self, index: int, key: str, result: tuple | dict) -> None:
        if isinstance(result, dict):  # a job making several exports (_exports_job): job key -> its result
            for k, r in result.items():
                self.take(index, k, r)
            return
        w = self.work[index]
        w.results[key] = result
        if key.startswith("exports/"):  # its digest is over what it read this time
            w.digests[key] = _export_digest(w.inputs, w.gout, key, result[3])

    def finish_game(self, index: int) -> None:
        """Write what changed of game ``index``'s kits, zips, thumbnails and exports, and its record (once every
        piece of its work is taken: a build in workers does it as soon as the game's are, while other games'
        pieces still run, so that only the last game's writing is left when the workers are done). A conflict
        (OutputConflict) is raised before anything of the game is written, and the game is not finished."""
        if index in self.finished:
            return
        w, written = self.work[index], []
        files: dict[str, bytes | None] = {}
        jobs = {}
        for key in sorted(w.results):
            made, where, info, reads, sources = w.results[key]
            _report(w.game, info)
            files.update(made)
            _place(w.record, where, made, info)
            jobs[key] = {"digest": w.digests.get(key), "files": sorted(made), "info": info, "reads": reads,
                         "sources": sources}
        recorded = w.old.get("files", {})
        manifest = json.loads(json.dumps({
            "format": FORMAT, "record": w.record, "jobs": jobs,
            "files": {rel: recorded[rel] if data is None else sha256(data) for rel, data in files.items()}}))
        if manifest == w.old and all((w.gout / rel).is_file() for rel in files):
            self.finished[index] = written
            return
        self.changed = True
        fresh = {rel: data for rel, data in files.items() if data is not None}
        # The build's rule for the output folder (write/manifest.py): replace or delete only what this
        # record says publish wrote, by digest; never through a link.
        guard = Manifest(w.gout, {"publish": {"digest": None, "files": recorded}})
        guard.check_writable(fresh, force=self.force)
        made, mode = set(), file_mode()  # a game's hundreds of exported files go into a few folders
        for rel, data in fresh.items():
            if write_if_changed(w.gout / rel, data, mode=mode, made=made):
                written.append(w.gout / rel)
        guard.remove([f for f in recorded if f not in files])
        write_if_changed(w.gout / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
        self.finished[index] = written

    def finish(self) -> list[Path]:
        """Write what changed of every game's kits, zips, thumbnails and exports, its record (``finish_game``,
        for the games not finished yet), and the gallery. Returns every path written, game by game."""
        for index in range(len(self.work)):
            self.finish_game(index)
        written = [path for index in range(len(self.work)) for path in self.finished[index]]
        index = self.out / GALLERY
        if self.changed or not index.is_file():
            records = [m["record"] for m in (_read_json(p) for p in sorted(self.out.glob(f"*/{MANIFEST}")))
                       if m.get("record")]
            for name, html in gallery_pages(records).items():  # the index and a page per game
                if write_if_changed(self.out / name, html.encode()):
                    written.append(self.out / name)
        return written


def run_jobs(jobs: list[tuple[int, str, tuple]], publisher: Publisher, pool: Executor | None) -> None:
    """Run ``jobs`` (in ``pool`` when given) and hand each result to the publisher."""
    if pool is None:
        for i, key, job in jobs:
            publisher.take(i, key, run_job(job))
        return
    futures = {pool.submit(run_job, job): (i, key) for i, key, job in jobs}
    for fut, (i, key) in futures.items():
        publisher.take(i, key, fut.result())


def publish(*, games: list, out: Path, papers: list[str], force: bool = False,
            emit: Callable[[str, dict], None] | None = None, jobs: int | None = None,
            profiles: list[str] | None = None) -> list[Path]:
    """Make the kits, zips, exports and gallery for ``games`` under ``out``; returns the paths written.
    (A build runs the same steps through ``Publisher``, its exports beside its targets.)"""
    p = Publisher(games=games, out=out, papers=papers, force=force, emit=emit, profiles=profiles)
    todo = p.early() + p.late()
    workers = min(len(todo), jobs if jobs is not None else (os.cpu_count() or 1))
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            run_jobs(todo, p, pool)
    else:
        run_jobs(todo, p, None)
    return p.finish()
