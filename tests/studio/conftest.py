"""A studio served on a free loopback port for the module's tests: a copy of mini-hoh (so its data can be
edited on disk), one extra class whose name holds a <script> tag, one more map written in rows notation,
built in this process (no workers)."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

EVIL = "<script>pw=1</script> Bard"

EXTRA = f"""
  - name: "{EVIL}"
    role: Sings.
    stats: {{vit: 1, atk: 1, sp_atk: 1, def: 1, sp_def: 1}}
    movement: 2 AP / 2 / 2
    actions:
      - name: Song
        cost: 1 AP
        effect: Make a Light Attack.
      - name: Chorus
        cost: 2 AP
        effect: Make a Light Attack against every adjacent enemy.
      - name: Refrain
        cost: 1 HEX
        effect: Reaction. Move up to 2 spaces.
    examples: [Dandelion]
"""

CRYPT = """  - name: Crypt
    fit: a4
    notation: rows
    layout: |
      . . . .
       . # . .
      . . . .
    legend:
      ".": {terrain: Floor}
      "#": {terrain: Wall}
"""


class Served:
    def __init__(self, root: Path) -> None:
        self.game = root / "game"
        shutil.copytree(FIXTURES / "mini-hoh", self.game)
        classes = self.game / "classes.yaml"
        classes.write_text(classes.read_text() + EXTRA)
        maps = self.game / "maps.yaml"
        maps.write_text(maps.read_text() + CRYPT)
        self.out = root / "out"
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.lines: list[str] = []
        self.url = ""
        self.studio = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from printgen.studio.run import serve

        def ready(url, studio):
            self.url, self.studio = url, studio
            self.ready.set()

        serve(folders=[self.game], out=self.out, papers=["a4"], port=0, echo=self.lines.append,
              stop_event=self.stop, on_ready=ready, workers=1)

    def wait_rounds(self, n: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.studio is None or self.studio.rounds < n:
            assert time.monotonic() < deadline, f"the studio did not finish round {n}: {self.lines}"
            time.sleep(0.05)


@pytest.fixture(scope="package")
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("studio"))
    assert s.ready.wait(30), s.lines
    s.wait_rounds(1)
    yield s
    s.stop.set()
    s.thread.join(timeout=20)
