"""`printgen watch` end to end, as a designer uses it: start it, edit a file and see the rebuild (only
what changed), break the file and see the finding (nothing written), fix it and see it build."""

from __future__ import annotations

import hashlib
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from printgen.watch import games_touched, watched_roots
from tests.conftest import FIXTURES, REPO

STEP = 120.0  # seconds to wait for one round on a busy machine


class Watcher:
    def __init__(self, args: list[str], cwd: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "printgen.launcher", "watch", *args], cwd=cwd, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, prefix: str) -> list[str]:
        """Lines up to and including the first that starts with ``prefix``."""
        got, end = [], time.monotonic() + STEP
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                assert self.proc.poll() is None, f"watch exited: {self.seen}"
                continue
            got.append(line)
            self.seen.append(line)
            if line.startswith(prefix):
                return got
        raise AssertionError(f"no line starting {prefix!r} within {STEP} s; saw {self.seen}")

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_watch_rebuilds_on_save_survives_a_broken_edit_and_picks_up_the_fix(tmp_path):
    game = tmp_path / "data" / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    out = tmp_path / "output"
    w = Watcher([str(game), "--out", str(out), "--paper", "a4", "--no-previews"], cwd=tmp_path)
    try:
        first = w.until("watching")
        assert any(line.startswith("built ") and "(0 up to date)" in line for line in first), first
        maps, cards = out / "mini-hoh/a4/map-cellar.pdf", out / "mini-hoh/a4/class-cards.pdf"
        maps_before, cards_stat = _sha(maps), cards.stat().st_mtime_ns

        # An edit: only the targets that show terrain rebuild, and the round says what it wrote and how long.
        text = (game / "maps.yaml").read_text()
        (game / "maps.yaml").write_text(text.replace("#8a7d6b", "#6b8a7d"))
        round_ = w.until("built ")
        assert round_[0].startswith("changed: maps.yaml")
        line = round_[-1]
        assert line.startswith("built 2 targets") and " s; wrote " in line and "a4/map-cellar.pdf" in line, line
        edited = _sha(maps)
        assert edited != maps_before and cards.stat().st_mtime_ns == cards_stat

        # A broken edit: the finding, located, and nothing written.
        (game / "maps.yaml").write_text(text.replace('"#8a7d6b"', '"#8a7"'))
        broken = w.until("not built")
        assert any("maps.yaml:2:" in ln and "error[" in ln for ln in broken), broken
        assert _sha(maps) == edited

        # The fix builds again.
        (game / "maps.yaml").write_text(text.replace("#8a7d6b", "#7d6b8a"))
        fixed = w.until("built ")
        assert fixed[-1].startswith("built 2 targets"), fixed
        assert _sha(maps) not in (edited, maps_before)

        # Writing the output never triggers a round of its own.
        time.sleep(1.0)
        assert w.lines.empty(), list(w.lines.queue)
    finally:
        code = w.stop()
    assert code == 0, w.seen


def test_which_games_a_change_touches(tmp_path):
    a, b = tmp_path / "data" / "a", tmp_path / "data" / "b"
    for g in (a, b):
        g.mkdir(parents=True)
    (tmp_path / "templates" / "game-a").mkdir(parents=True)
    ids = {a: "game-a", b: "game-b"}
    assert games_touched({a / "maps.yaml"}, [a, b], ids) == [a]
    assert games_touched({tmp_path / "templates" / "game-a" / "rulebook" / "x.md"}, [a, b], ids) == [a]
    assert games_touched({tmp_path / "templates" / "_shared.j2"}, [a, b], ids) == [a, b]
    assert games_touched({tmp_path / "elsewhere.yaml"}, [a, b], ids) == []
    assert watched_roots([a, b]) == [a, tmp_path / "templates", b]


def test_a_watch_keeps_its_workers_from_round_to_round(tmp_path):
    import pytest

    from printgen.watch import Session

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one CPU: the watch renders in its own process, without workers")
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    lines: list[str] = []
    session = Session(folders=[game], out=tmp_path / "out", papers=["a4"], previews=False, echo=lines.append)
    try:
        assert session.round([game])
        pool = session.pool
        card = tmp_path / "out" / "mini-hoh" / "a4" / "class-cards.pdf"
        before = _sha(card)
        classes = game / "classes.yaml"
        classes.write_text(classes.read_text().replace("vit: 2", "vit: 3", 1))
        assert session.round([game])
        assert session.pool is pool and pool is not None  # the same workers, not started again
        assert _sha(card) != before and lines[-1].startswith("built ")
    finally:
        session.close()
    assert session.pool is None
