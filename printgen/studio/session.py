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
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Callable

from ..findings import Finding, Location, Severity
from ..write.files import write_atomic
from .catalogue import GameView, build_images, extents, pin, rulebook_files
from .events import Hub
from .faces import STUDIO, Face, face_files, game_faces

Echo = Callable[[str], None]


def image_url(path: str, digest: str) -> str:
    from urllib.parse import quote

    return f"/out/{quote(path)}?v={digest}"


class Studio:
    """The studio's state (what every page shows) and the rounds that change it."""

    def __init__(self, *, folders: list[Path], out: Path, papers: list[str], editor: str, echo: Echo = print,
                 workers: int | None = None) -> None:
        self.folders, self.out, self.papers, self.editor, self.echo = folders, out, papers, editor, echo
        self.paper = papers[0] if papers else "a4"
        self.lock = threading.Lock()
        self.hub = Hub()
        self.views: dict[Path, GameView] = {}
        self.other: list = []  # findings of the build that belong to no game folder
        self.made: dict[str, str] = {}  # studio file -> digest of what it was made from
        self.shown: dict[str, str] = {}  # image path -> digest, as the pages were last told
        self.shape = ""  # a digest of the page's structure and findings, as the pages were last told
        self.status = "Building..."
        self.busy = True
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
            status, busy = self.status, self.busy
        self.hub.publish("update", {"images": changed, "page": new_shape, "status": status, "busy": busy})

    def say(self, status: str, *, busy: bool) -> None:
        with self.lock:
            self.status, self.busy = status, busy
        self.hub.publish("status", {"status": status, "busy": busy})

    # -- a round ------------------------------------------------------------------------------------
    def _write(self, files: dict[str, bytes], digests: dict[str, str]) -> None:
        for rel, data in files.items():
            write_atomic(self.out / rel, data)
        self.made.update(digests)

    def _faces(self, gid: str, game) -> list[Face] | Finding:
        """The game's faces, their changed images written; or a finding when a face cannot draw alone."""
        try:
            faces = game_faces(game)
        except Exception as exc:  # a pack's face that cannot draw alone: said, and the last faces kept
            return Finding(Severity.ERROR, "studio-face", f"the studio could not draw this game's faces alone: "
                           f"{type(exc).__name__}: {exc}")
        files = face_files(faces, out=self.out, last=self.made)
        self._write(files, {f.path: f.digest for f in faces})
        keep = {f.path for f in faces}
        for p in (self.out / STUDIO / gid / "faces").rglob("*.png"):
            if p.relative_to(self.out).as_posix() not in keep:
                p.unlink(missing_ok=True)
        for f in faces:
            f.ops = []  # drawn and rasterised: the ops are not kept between rounds
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
                    view.faces, view.extents = faces, extents(faces)
                elif isinstance(faces, Finding):
                    found.append(faces)  # the build still runs: its sheets show what the faces would
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
                result = build(folders=valid, out=self.out, papers=self.papers, previews=True, pool=self.pool)
            except Exception as exc:  # the disk or a bug: said, and the studio goes on
                self.echo(f"error: the build failed: {type(exc).__name__}: {exc}")
                self.say(f"The build failed: {type(exc).__name__}: {exc}", busy=False)
                return False
            self._after_build(result, valid)
            ok = ok and result.clean
        took = time.perf_counter() - t
        bad = [v.id for v in self.games() if not v.ok]
        status = (f"Not built: {', '.join(bad)} has errors; the last good images stay." if bad else
                  f"Built in {took:.2f} s (faces in {took_faces:.2f} s).")
        self.echo(status)
        with self.lock:
            self.status, self.busy = status, False
            self.rounds += 1
        self.tell()
        return ok

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
                view.findings = pin(g.findings + by_folder.get(g.folder, []), view, self.editor)
                files, stale, digest = rulebook_files(self.out, view.id, self.paper, self.made)
                self._write(files, {f"{STUDIO}/{view.id}/rulebook.pdf": digest} if digest else {})
                for rel in stale:
                    (self.out / rel).unlink(missing_ok=True)
                view.images = build_images(self.out, view.id, self.paper)
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

