"""`printgen watch`: validate and rebuild on save, for a designer's edit-look loop.

It builds once, then waits for changes to the games' files (their YAML, templates,
art) and rebuilds the games that changed. A rebuild redoes only the targets whose
inputs changed (printgen.deps). A broken edit prints its findings and writes
nothing; the watch goes on and the fix builds. Every round says what it wrote and
how long it took. Nothing under the output folder is watched, so a build never
triggers itself.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable

from .findings import Finding
from .project import Project
from .safety.paths import absolute

Echo = Callable[[str], None]
SHOWN = 8  # files named per round; the rest are counted
SOURCES = {".yaml", ".yml", ".csv", ".xlsx", ".ods", ".md", ".j2", ".ttf", ".otf", ".png", ".jpg", ".jpeg", ".svg"}  # named when changed


def _filter(out: Path):
    from watchfiles import DefaultFilter

    default, out = DefaultFilter(), absolute(out)

    def keep(change, path: str) -> bool:
        p = Path(path)
        return default(change, path) and not p.name.startswith(".") and not absolute(p).is_relative_to(out)
    return keep


def watched_roots(folders: list[Path]) -> list[Path]:
    """The folders to watch: each game folder and its project's templates folder (when it has one)."""
    roots: list[Path] = []
    for folder in folders:
        for root in (Path(folder), Project.of_game(folder).templates):
            if root.is_dir() and absolute(root) not in {absolute(r) for r in roots}:
                roots.append(root)
    return roots


def games_touched(changed: set[Path], folders: list[Path], ids: dict[Path, str]) -> list[Path]:
    """The game folders a set of changed paths belongs to: a file under the game folder, or under the
    project's ``templates/<game-id>/``; a change elsewhere in ``templates/`` rebuilds every game."""
    hit = []
    for folder in folders:
        templates = absolute(Project.of_game(folder).templates)
        for path in map(absolute, changed):
            own = path.is_relative_to(absolute(folder))
            shared = path.is_relative_to(templates) and (
                folder not in ids or len(path.relative_to(templates).parts) < 2
                or path.relative_to(templates).parts[0] == ids[folder])
            if own or shared:
                hit.append(folder)
                break
    return hit


class Session:
    """One watch: remembers each game's id and findings, so it prints only findings that are new."""

    def __init__(self, *, folders: list[Path], out: Path, papers: list[str], previews: bool, echo: Echo) -> None:
        self.folders, self.out, self.papers, self.previews, self.echo = folders, out, papers, previews, echo
        self.ids: dict[Path, str] = {}
        self.seen: dict[Path, set[str]] = {}
        self.pool = None  # worker processes kept from round to round: warm, and not started again

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None

    def _findings(self, folder: Path, findings: list[Finding]) -> None:
        lines = [f.format() for f in findings]
        new = [ln for ln in lines if ln not in self.seen.get(folder, set())]
        for line in new:
            self.echo(line)
        self.seen[folder] = set(lines)

    def round(self, folders: list[Path]) -> bool:
        """Validate and build ``folders``; says what happened. True when it built."""
        from .build import build

        t = time.perf_counter()
        if self.pool is None and (os.cpu_count() or 1) > 1:
            self.pool = ProcessPoolExecutor(max_workers=os.cpu_count())
        try:
            result = build(folders=folders, out=self.out, papers=self.papers, previews=self.previews,
                           pool=self.pool)
        except Exception as exc:  # the disk or a bug: say so and keep watching
            self.echo(f"error: the build failed: {type(exc).__name__}: {exc}")
            self.close()  # a worker that died takes the pool with it: the next round starts a new one
            return False
        took = time.perf_counter() - t
        for g in result.games:
            self.ids[g.folder] = g.game_id
            self._findings(g.folder, g.findings)
        if not result.ok:
            bad = ", ".join(g.game_id for g in result.games if not g.ok())
            self.echo(f"not built: {bad} has errors (above); nothing was written. Watching for the fix...")
            return False
        names = [display(p, self.out) for p in result.written]
        listed = ", ".join(names[:SHOWN]) + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")
        self.echo(f"built {len(result.built)} targets ({len(result.skipped)} up to date) in {took:.2f} s; "
                  f"wrote {len(names)} files" + (f": {listed}" if names else ""))
        return True


def display(path: Path, out: Path) -> str:
    try:
        return Path(path).relative_to(out).as_posix()
    except ValueError:
        return str(path)


def watch(*, folders: list[Path], out: Path, papers: list[str], previews: bool = True, echo: Echo = print,
          stop_event=None, debounce_ms: int = 200) -> None:
    """Build ``folders`` into ``out``, then rebuild each game whose files change, until ``stop_event``
    is set (or Ctrl-C). ``echo`` receives every line to show."""
    session = Session(folders=folders, out=out, papers=papers, previews=previews, echo=echo)
    try:
        _watch(session, folders=folders, out=out, echo=echo, stop_event=stop_event, debounce_ms=debounce_ms)
    finally:
        session.close()


def _watch(session: Session, *, folders: list[Path], out: Path, echo: Echo, stop_event, debounce_ms: int) -> None:
    from watchfiles import watch as changes_of

    session.round(folders)
    roots = watched_roots(folders)
    ready = False
    # yield_on_timeout: the first (empty) round comes once the watcher is in place, so "watching" is true
    # when it is said and an edit right after it is seen.
    for changes in changes_of(*roots, watch_filter=_filter(out), stop_event=stop_event, debounce=debounce_ms,
                              step=50, rust_timeout=500, yield_on_timeout=True, raise_interrupt=False):
        if not ready:
            echo(f"watching {', '.join(str(r) for r in roots)} (Ctrl-C to stop)")
            ready = True
        changed = {Path(p) for _, p in changes}
        games = games_touched(changed, folders, session.ids)
        if not games:
            continue
        named = sorted({p.name for p in changed if p.suffix.lower() in SOURCES}) or sorted(p.name for p in changed)
        echo("changed: " + ", ".join(named))
        session.round(games)
