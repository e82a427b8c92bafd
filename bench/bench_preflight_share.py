"""Benchmark: the preflight's share of rendering each target (issue 38: at most 15 % for every target);
bench_preflight.py measures whole builds with the preflight off and on.

Run from the repository root:  python3 bench/bench_preflight_share.py [cards|GAME ...]

``cards`` is bench_loop.py's 1,000-card row (Heroes of Hex with 1,000 classes, its class-cards target);
a game name measures every paper target of data/GAME on A4. Each row is the target's whole render
(drawing, preflight, PDF) beside the preflight's part of it, measured in the same call: the render is
the anchor. Not a test: timings depend on the machine (say its load with them).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def main(args: list[str]) -> None:
    import printgen.build as build
    import printgen.preflight.run as run
    from bench_loop import cards_game
    from printgen.plan import plan_build
    from printgen.project import validate_game

    spent = [0.0]
    original = run.preflight_documents

    def timed(*a, **k):
        t = time.perf_counter()
        try:
            return original(*a, **k)
        finally:
            spent[0] += time.perf_counter() - t

    run.preflight_documents = timed  # the build imports it from run at each call
    print(f"load: {os.getloadavg()[0]:.2f}")
    for which in args or ["cards"]:
        if which == "cards":
            game = validate_game(cards_game(ROOT, Path(tempfile.mkdtemp()) / "cards"))
            names = {"class-cards"}
        else:
            game, names = validate_game(ROOT / "data" / which), None
        total = pre = 0.0
        for target in plan_build([game], papers=["a4"]):
            if target.asset.kind != "paper" or (names and target.asset.name not in names):
                continue
            spent[0] = 0.0
            t = time.perf_counter()
            build.render_target(target, previews=False)
            total += time.perf_counter() - t
            pre += spent[0]
        print(f"{which:18s} render {total:7.2f} s   preflight {pre:6.2f} s   share {pre / total:6.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
