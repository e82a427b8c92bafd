"""One studio session: validate, draw the faces, build, and tell the open pages what changed.

A round validates each touched game first and, when it is valid, draws and rasterises its faces (only
those an edit changed) and pushes them: the face a designer edits is on screen before the build's sheets,
kits and exports are made. Then the incremental build (printgen.build) runs and its pages follow. A game
that does not validate keeps its last good images; its findings are shown, pinned to their faces, until
a round finds it clean.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Callable

from ..findings import Finding, Location, Severity
from ..write.manifest import Manifest, OutputConflict, _file_digest as file_sha256
from .catalogue import GameView, build_images, extents, map_infos, pin, rulebook_files
from .events import Hub
from .faces import STUDIO, Face, face_files, game_faces

# the studio's own builds go here (under the output folder, beside the faces), never over the players'
# output: only a release build (the page's button, or `printgen build`) writes that. No game id starts with
# "_" (ids are slugs), so it cannot meet a game's face folder.
DRAFT = f"{STUDIO}/_draft"
BEFORE_KEPT = 48  # faces whose image before the last save is kept in memory (a few MB at most)

Echo = Callable[[str], None]


def image_url(path: str, digest: str) -> str:
    from urllib.parse import quote

    return f"/out/{quote(path)}?v={digest}"


class Studio:
    """The studio's state (what every page shows) and the rounds that change it."""

    def __init__(self, *, folders: list[Path], out: Path, papers: list[str], editor: str, echo: Echo = print,
                 workers: int | None = None) -> None:
        self.folders, self.out, self.papers, self.editor, self.echo = folders, out, papers, editor, echo
        self.draft = out / DRAFT
        self.paper = papers[0] if papers else "a4"
        self.lock = threading.Lock()
        self.release_lock = threading.Lock()
        self.map_lock = threading.Lock()  # one map save at a time
        self.hub = Hub()
        self.views: dict[Path, GameView] = {}
        self.other: list = []  # findings of the build that belong to no game folder
        self.before: dict[str, tuple[str, bytes]] = {}  # face path -> (when, its image before the last save)
        self.own: dict[Path, list[Finding]] = {}  # the studio's own findings on a game (its faces not written)
        self.made: dict[str, str] = {}  # studio file -> digest of what it was made from
        self.shown: dict[str, str] = {}  # image path -> digest, as the pages were last told
        self.shape = ""  # a digest of the page's structure and findings, as the pages were last told
        self.status = "Building..."
        self.busy = True
        self.failed = False  # the last build raised (the disk, a link, a bug): the status dot turns red
        self.token = secrets.token_urlsafe(24)  # a page's writes (release, map saves) must carry it
        self.rounds = 0
        n = workers if workers is not None else (os.cpu_count() or 1)
        # forkserver, not fork: a forked worker would inherit (and hold open) the server's listening socket
        self.pool = ProcessPoolExecutor(max_workers=n, mp_context=get_context("forkserver")) if n > 1 else None

    def close(self) -> None:
        self.hub.close()
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None

    # -- what the pages see -------------------------------------------------------------------------
    def games(self) -> list[GameView]:
        with self.lock:
            return [self.views[f] for f in self.folders if f in self.views]

    def _images(self) -> dict[str, str]:
        out = {}
        for view in self.views.values():
            out.update({f.path: f.digest for f in view.faces})
            for images in view.images.values():
                out.update({i.path: i.digest for i in images})
        return out

    def _shape(self) -> str:
        parts = [self.status if not self.busy else ""]
        for view in self.views.values():
            parts += [view.id, view.name, str(view.ok)]
            parts += [f"{f.group}|{f.key}|{f.name}|{f.layout}" for f in view.faces]
            parts += [f"{g}|{i.path}|{i.name}" for g, images in view.images.items() for i in images]
            parts += [repr(p) for p in view.findings]
        parts += [repr(p) for p in self.other]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()

    def tell(self) -> None:
        """Push what changed since the pages were last told: changed images in place, else the page anew."""
        with self.lock:
            images, shape = self._images(), self._shape()
            changed = {p: image_url(p, d) for p, d in images.items() if self.shown.get(p) != d}
            new_shape = shape != self.shape
            self.shown, self.shape = images, shape
            status, busy, state = self.status, self.busy, self._state()
        self.hub.publish("update", {"images": changed, "page": new_shape, "status": status, "busy": busy,
                                    "state": state})

    def _state(self) -> str:
        """The status dot: busy, error (a game broken or the build failed), warning, or ok."""
        if self.busy:
            return "busy"
        severities = {p.severity for v in self.views.values() for p in v.findings} | {p.severity for p in self.other}
        if self.failed or "error" in severities or any(not v.ok for v in self.views.values()):
            return "error"
        return "warning" if "warning" in severities else "ok"

    @property
    def state(self) -> str:
        with self.lock:
            return self._state()

    def say(self, status: str, *, busy: bool) -> None:
        with self.lock:
            self.status, self.busy = status, busy
            state = self._state()
        self.hub.publish("status", {"status": status, "busy": busy, "state": state})

    # -- a round ------------------------------------------------------------------------------------
    def _record(self, gid: str) -> Manifest:
        """The record of what the studio wrote in ``out/.studio/<gid>/``: the build's rule holds there (only
        what printgen wrote is replaced or removed, nothing is written through a link). Raises
        OutputConflict when the studio's folder is a link."""
        base = self.out / STUDIO
        if base.is_symlink():
            raise OutputConflict(f"{base} is a symbolic link; the studio does not write through links. Remove "
                                 "the link (the studio makes that folder itself) or choose another --out folder")
        return Manifest.load(base / gid)

    def _keep_before(self, paths: list[str]) -> None:
        """Keep the images ``paths`` hold now (what the studio wrote last round), newest last, at most
        BEFORE_KEPT of them: the page shows each beside its redrawn face."""
        when = time.strftime("%H:%M:%S")
        for path in paths:
            try:
                data = (self.out / path).read_bytes()
            except OSError:
                continue
            with self.lock:
                self.before.pop(path, None)
                self.before[path] = (when, data)
                while len(self.before) > BEFORE_KEPT:
                    self.before.pop(next(iter(self.before)))

    def _write(self, gid: str, target: str, files: dict[str, bytes], kept: list[str] = ()) -> None:
        """Write one target's files (paths relative to the output folder) under ``out/.studio/<gid>/``'s
        record; the target's files of the last round that it no longer makes are removed if still ours."""
        prefix = f"{STUDIO}/{gid}/"
        record = self._record(gid)
        record.write_target(target, target, False, {rel.removeprefix(prefix): data for rel, data in files.items()},
                            kept=[rel.removeprefix(prefix) for rel in kept])

    def _faces(self, gid: str, game) -> list[Face] | Finding:
        """The game's faces, their changed images written; or a finding when a face cannot draw alone or
        its image cannot be written."""
        try:
            faces = game_faces(game)
        except Exception as exc:  # a pack's face that cannot draw alone: said, and the last faces kept
            return Finding(Severity.ERROR, "studio-face", f"the studio could not draw this game's faces alone: "
                           f"{type(exc).__name__}: {exc}")
        try:
            # a face file is kept only while it holds what the studio recorded writing (someone may have
            # put another file there since): otherwise it is drawn again, and writing it is a conflict
            record, prefix = self._record(gid), f"{STUDIO}/{gid}/"
            recorded = record.targets.get("faces", {}).get("files", {})
            last = {f.path: self.made[f.path] for f in faces if f.path in self.made
                    and recorded.get(f.path.removeprefix(prefix)) == file_sha256(self.out / f.path)}
            files = face_files(faces, out=self.out, last=last)
            if self.rounds:  # a save changed these faces: keep what they looked like, for before/after
                self._keep_before([p for p in files if p.removeprefix(prefix) in recorded])
            self._write(gid, "faces", files, kept=[f.path for f in faces if f.path not in files])
        except (OutputConflict, OSError) as exc:
            return Finding(Severity.ERROR, "studio-output", f"the studio did not write its face images: {exc}")
        self.made.update({f.path: f.digest for f in faces})
        # the ops stay with each face: the page asks for a face at print resolution when it zooms in
        return faces

    def round(self, folders: list[Path]) -> bool:
        """Validate, draw the faces of, and build ``folders``. True when everything built clean."""
        from ..build import build
        from ..project import validate_game

        t = time.perf_counter()
        self.say("Building...", busy=True)
        valid = []
        for folder in folders:
            game = validate_game(folder)
            gid = game.game_id or folder.name
            # drawn outside the lock: the pages keep loading (the last round's faces) meanwhile
            faces = self._faces(gid, game) if game.ok() else None
            with self.lock:
                view = self.views.get(folder)
                name = game.data.game.name if game.data is not None else (view.name if view else folder.name)
                if view is None:
                    view = self.views[folder] = GameView(gid, name, folder)
                view.name, view.ok = name, game.ok()
                if game.ok():
                    view.id = gid  # a game broken from the start had its folder's name until now
                found = list(game.findings)
                if isinstance(faces, list):
                    view.faces, (view.extents, view.texts) = faces, extents(faces)
                    view.maps = map_infos(game)
                elif isinstance(faces, Finding):
                    found.append(faces)  # the build still runs: its sheets show what the faces would
                self.own[folder] = [faces] if isinstance(faces, Finding) else []  # kept past the build's findings
                if game.ok():
                    valid.append(folder)
                view.findings = pin(found, view, self.editor)
            for f in game.findings:
                self.echo(f.format())
        self.tell()  # the faces (or the findings) first
        took_faces = time.perf_counter() - t
        ok = len(valid) == len(folders)
        if valid:
            try:
                if self.draft.parent.is_symlink():
                    raise OutputConflict(f"{self.draft.parent} is a symbolic link; the studio does not write "
                                         "through links. Remove the link or choose another --out folder")
                result = build(folders=valid, out=self.draft, papers=self.papers, previews=True, pool=self.pool)
            except Exception as exc:  # the disk, a link or a bug: said, and the studio goes on
                self.echo(f"error: the build failed: {type(exc).__name__}: {exc}")
                with self.lock:
                    self.status, self.busy, self.failed = f"The build failed: {exc}", False, True
                    self.rounds += 1
                self.tell()
                return False
            self._after_build(result, valid)
            ok = ok and result.clean
        took = time.perf_counter() - t
        bad = [v.id for v in self.games() if not v.ok]
        status = (f"Not built: {', '.join(bad)} has errors; the last good images stay." if bad else
                  f"Built in {took:.2f} s (faces in {took_faces:.2f} s).")
        self.echo(status)
        with self.lock:
            self.status, self.busy, self.failed = status, False, False
            self.rounds += 1
        self.tell()
        return ok

    def release(self) -> str:
        """The release build: every game built into the players' output folder (as ``printgen build``
        does). Returns what it did, in words."""
        if not self.release_lock.acquire(blocking=False):
            return "A release build is already under way."
        try:
            return self._release()
        finally:
            self.release_lock.release()

    def _release(self) -> str:
        from ..build import build

        t = time.perf_counter()
        self.say("Release build...", busy=True)
        try:
            result = build(folders=list(self.folders), out=self.out, papers=self.papers, previews=True,
                           pool=self.pool)
        except Exception as exc:  # a conflict with a user's file, the disk: said, not raised
            words = f"The release build failed: {exc}"
            with self.lock:
                self.failed = True
        else:
            errors = sum(1 for g in result.games for f in g.findings if f.severity is Severity.ERROR)
            words = (f"Released into {self.out} in {time.perf_counter() - t:.1f} s." if not errors else
                     f"Release build: {errors} error(s); see the findings.")
        self.echo(words)
        self.say(words, busy=False)
        return words

    def _after_build(self, result, valid: list[Path]) -> None:
        by_folder: dict[Path, list[Finding]] = {}
        other = []
        for f in result.preflight:
            home = next((folder for folder in valid if _under(f.loc, folder)), None)
            (by_folder.setdefault(home, []) if home else other).append(f)
        with self.lock:
            for g in result.games:
                view = self.views.get(g.folder) or next(
                    (v for v in self.views.values() if v.id == g.game_id), None)
                if view is None:
                    continue
                view.findings = pin(g.findings + by_folder.get(g.folder, []) + self.own.get(g.folder, []), view,
                                    self.editor)
                files, digest = rulebook_files(self.out, DRAFT, view.id, self.paper, self.made)
                if files is not None:
                    try:
                        self._write(view.id, f"rulebook-{self.paper}", files)
                        self.made[f"{STUDIO}/{view.id}/rulebook.pdf"] = digest
                    except (OutputConflict, OSError) as exc:
                        self.echo(f"error: the studio did not write the rulebook's pages: {exc}")
                view.images = build_images(self.out, DRAFT, view.id, self.paper)
            self.other = pin(other, GameView("", "", Path()), self.editor) if other else []
        for f in result.preflight:
            self.echo(f.format())


def _under(loc: Location | None, folder: Path) -> bool:
    if loc is None or not loc.file:
        return False
    try:
        return Path(loc.file).resolve().is_relative_to(Path(folder).resolve())
    except OSError:
        return False

