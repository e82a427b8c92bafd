"""Benchmark: the preflight's share of rendering each target (issue 38: at most 15 % for every target);
bench_preflight.py measures whole builds with the preflight off and on.

Run from the repository root:  python3 bench/bench_preflight_share.py [--targets] [--letter] [--default-gc]
[cards|GAME ...]

``cards`` is bench_loop.py's 1,000-card row (Heroes of Hex with 1,000 classes, its class-cards target);
a game name measures every paper target of data/GAME on A4. With no name: the cards row, then every game
under data/. Each row is the target's whole render (drawing, preflight, PDF) beside the preflight's part of
it, measured in the same call: the render is the anchor (wall time, and CPU time beside it: on a loaded machine
the CPU share is the steadier figure). ``--targets`` adds a line per target (the issue's
15 % holds for each). ``--letter`` renders each target on Letter too, right after its A4 (as ``printgen
preflight`` and a worker given both do), in a row of its own. The collector runs as the console script sets
it (launcher.batch_gc: a build never runs under Python's default thresholds); ``--default-gc`` measures under
the defaults instead.
Not a test: timings depend on the machine (say its load with them).
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
    per_target = "--targets" in args
    papers = ["a4", "letter"] if "--letter" in args else ["a4"]
    if "--default-gc" not in args:
        from printgen.launcher import batch_gc

        batch_gc()
    args = [a for a in args if not a.startswith("--")]
    import printgen.build as build
    import printgen.preflight.run as run
    from bench_loop import cards_game
    from printgen.plan import plan_build
    from printgen.project import validate_game

    spent = [0.0, 0.0]  # wall, CPU (process time: what a loaded machine's other work leaves out)
    original = run.preflight_documents

    def timed(*a, **k):
        t, c = time.perf_counter(), time.process_time()
        try:
            return original(*a, **k)
        finally:
            spent[0] += time.perf_counter() - t
            spent[1] += time.process_time() - c

    run.preflight_documents = timed  # the build imports it from run at each call
    print(f"load: {os.getloadavg()[0]:.2f}")
    rows = args or ["cards", *sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())]
    for which in rows:
        if which == "cards":
            game = validate_game(cards_game(ROOT, Path(tempfile.mkdtemp()) / "cards"))
            names = {"class-cards"}
        else:
            game, names = validate_game(ROOT / "data" / which), None
        total = dict.fromkeys(papers, 0.0)
        pre = dict.fromkeys(papers, 0.0)
        cpu = {p: [0.0, 0.0] for p in papers}  # render, preflight: process time
        worst = dict.fromkeys(papers, 0.0)
        for target in plan_build([game], papers=papers):
            if target.asset.kind != "paper" or (names and target.asset.name not in names):
                continue
            spent[0] = spent[1] = 0.0
            t, c = time.perf_counter(), time.process_time()
            build.render_target(target, previews=False)
            took, used = time.perf_counter() - t, time.process_time() - c
            total[target.paper] += took
            pre[target.paper] += spent[0]
            cpu[target.paper][0] += used
            cpu[target.paper][1] += spent[1]
            worst[target.paper] = max(worst[target.paper], spent[0] / took)
            if per_target:
                print(f"  {target.asset.name:15s} {target.paper:6s} render {took:7.3f} s   preflight {spent[0]:6.3f} s"
                      f"   share {spent[0] / took:6.1%}   (CPU: {used:7.3f} s, {spent[1]:6.3f} s, "
                      f"{spent[1] / used:6.1%})")
        for paper in papers:
            name = which if len(papers) == 1 else f"{which} ({paper})"
            print(f"{name:24s} render {total[paper]:7.2f} s   preflight {pre[paper]:6.2f} s   share "
                  f"{pre[paper] / total[paper]:6.1%}   (worst target {worst[paper]:6.1%})   CPU share "
                  f"{cpu[paper][1] / cpu[paper][0]:6.1%}")

if __name__ == "__main__":
    main(sys.argv[1:])
