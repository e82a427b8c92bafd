"""How much the post-build step for players (kits, zips, gallery, TTS and POD exports) adds to a full build.

Run: PYTHONPATH=. python3 bench/bench_publish.py [ROUNDS]
Times a forced full build of the bundled games on both papers with and without the
step (alternating, best of ROUNDS each), the step on its own, and a no-op rebuild.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

from printgen.build import build
from printgen.project import Project

ROOT = Path(__file__).resolve().parent.parent


def main(rounds: int = 3) -> None:
    games = Project(ROOT).games()
    with_step, without = [], []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        for _ in range(rounds):
            t = time.perf_counter()
            with mock.patch("printgen.publish.publish", lambda **kw: []):
                build(folders=games, out=out, papers=["a4", "letter"], force=True)
            without.append(time.perf_counter() - t)
            t = time.perf_counter()
            build(folders=games, out=out, papers=["a4", "letter"], force=True)
            with_step.append(time.perf_counter() - t)
        from printgen.project import validate_games
        from printgen.publish import publish
        validated = validate_games(games)
        t = time.perf_counter()
        publish(games=validated, out=out, papers=["a4", "letter"], force=True)
        alone = time.perf_counter() - t
        t = time.perf_counter()
        r = build(folders=games, out=out, papers=["a4", "letter"])
        noop = time.perf_counter() - t
    a, b = min(without), min(with_step)
    print(f"full build without the step: {a:.2f} s (best of {rounds}: {', '.join(f'{x:.2f}' for x in without)})")
    print(f"full build with the step:    {b:.2f} s (best of {rounds}: {', '.join(f'{x:.2f}' for x in with_step)})")
    print(f"added: {b - a:.2f} s = {100 * (b - a) / a:.0f} %; the step alone: {alone:.2f} s")
    print(f"no-op rebuild: {noop:.2f} s, {len(r.written)} files written")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
