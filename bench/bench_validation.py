"""Benchmark: the CPU a cold build spends validating the bundled games, beside an anchor commit in one run.

Run from the repository root:  python3 bench/bench_validation.py [--anchor REV] [--repeat 3]

A game's validation has two halves: loading, modelling and checking the game (``checked_game``), then its
assets' hooks (``asset_checks``: the terrain tileset, the tilings, faces drawn, the rulebook's chapters). A build
of one game runs the first in its main process and the second in a worker forked warm (printgen.workers.prepare);
a build of several runs both in a worker (printgen.schedule.validated).
Each run here does the same in a fresh process started as ``printgen build`` starts (its collector's settings,
its imports made first): the main half of every game in turn (the first game's CPU
includes the modules it loads), then each game's hooks in its own child forked after ``prepare``, so each
pays what a fresh worker pays (OR-Tools' import among it, when the game tiles a map). The least CPU of
``--repeat`` runs (the two trees taking turns) is reported per game and in total, for this tree and the
anchor. Not a test: timings depend on the machine (the load is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import compiled, in_tree, this_tree, tree_at  # noqa: E402

ANCHOR = "99b1925"  # main before the fourteenth session's validation work

RUN = r"""
import json, os, time
from pathlib import Path
from printgen.launcher import batch_gc, settle
batch_gc()  # as `printgen build` starts: its collection thresholds, its imports frozen, frozen again at each fork
settle(["build"])
from printgen.project import asset_checks, checked_game
from printgen.workers import prepare
folders = sorted(p for p in Path("data").iterdir() if (p / "game.yaml").is_file())
main, hooks, games = {}, {}, []
for k, f in enumerate(folders):
    t = time.process_time()
    games.append(checked_game(f))
    main[f.name] = time.process_time() - t
    if k == 0:
        prepare(games=len(folders))
for f, game in zip(folders, games):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        t = time.process_time()
        extra, shared = asset_checks(game)
        took = time.process_time() - t
        os.write(w, json.dumps([took, len(game.findings) + len(extra)]).encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as fh:
        took, n = json.loads(fh.read())
    os.waitpid(pid, 0)
    hooks[f.name] = [took, n]
print(json.dumps({"main": main, "hooks": hooks}))
"""


def least(runs: list[dict]) -> dict:
    """Per game: the least main-process CPU, the least worker CPU, and the findings, over ``runs``."""
    games = sorted(runs[0]["main"])
    return {g: (min(r["main"][g] for r in runs), min(r["hooks"][g][0] for r in runs), runs[0]["hooks"][g][1])
            for g in games}


def measure(trees: list[Path], repeat: int) -> list[dict]:
    """``least`` of ``repeat`` runs of each tree, the trees taking turns (a load that changes meanwhile
    falls on both alike)."""
    runs: list[list[dict]] = [[] for _ in trees]
    for _ in range(repeat):
        for k, tree in enumerate(trees):
            runs[k].append(in_tree(tree, RUN))  # in a fresh process, in the tree (its data/ folder)
    return [least(r) for r in runs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="printgen-bench-validation-") as tmp:
        tmp = Path(tmp)
        old = compiled(tree_at(args.anchor, tmp / "anchor"))
        new = compiled(this_tree(tmp / "this"))
        print(f"anchor: {args.anchor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        a, b = measure([new, old], args.repeat)
        print("| game | main process (check) | worker (asset hooks) | findings | anchor main | anchor worker | "
              "anchor findings |\n| --- | --- | --- | --- | --- | --- | --- |")
        for g in a:
            print(f"| {g} | {a[g][0]:.3f} s | {a[g][1]:.3f} s | {a[g][2]} | {b[g][0]:.3f} s | {b[g][1]:.3f} s | "
                  f"{b[g][2]} |")
        tot = [sum(v[i] for v in d.values()) for d in (a, b) for i in (0, 1)]
        print(f"| all | {tot[0]:.3f} s | {tot[1]:.3f} s | | {tot[2]:.3f} s | {tot[3]:.3f} s | |")
        print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
