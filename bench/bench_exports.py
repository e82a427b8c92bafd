"""Benchmark: the CPU of a cold build's publishing jobs (the card-face exports, kits and zips, thumbnails) for
every bundled game, this tree beside an anchor commit, measured in one run.

Run from the repository root:  python3 bench/bench_exports.py [--anchor REV] [--repeat 3]

The printables are built once (by this tree, on the papers a build makes, no previews); then each tree,
in a fresh process per round and taking turns, makes every publishing job as its own Publisher plans
them (forced: all of them, nothing read back) one after the other in that process, and reports the CPU
seconds of each kind of job (the median over the rounds). The jobs run in one process here: an anchor
whose exports of a game are separate jobs shares the layout's caches between them in this process,
which a build's workers mostly do not, so its figure is, if anything, low. Not a test: timings depend
on the machine; the load is printed beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import ROOT, compiled, this_tree, tree_at  # noqa: E402

ANCHOR = "45fac41"  # main before issue 41's export work (round s11)

# Run in each tree's process: the publishing jobs of the games built under OUT, timed by kind.
_JOBS = r"""
import gc, json, sys, time
gc.set_threshold(100_000, 50, 100)  # as the console script collects (printgen/launcher.py batch_gc)
from pathlib import Path
from printgen.project import validate_game
from printgen.publish import publisher as P

out = Path(sys.argv[1])
games = [validate_game(p) for p in sorted(Path("data").iterdir()) if (p / "game.yaml").is_file()]
pub = P.Publisher(games=games, out=out, papers=["a4", "letter"], force=True)
jobs = pub.early()
for i in range(len(games)):
    pub.record(i)
    jobs += pub.kits(i) + pub.thumbs(i)
warm = set()
for _, key, job in jobs:  # the libraries each kind of job loads, loaded before the clock starts
    if job[0].__name__ not in warm:
        warm.add(job[0].__name__)
        P.run_job(job)
cpu = {}
for _, key, job in jobs:
    kind = "exports" if key.startswith("exports/") else key.split("/")[0]
    t = time.process_time()
    P.run_job(job)
    cpu[kind] = cpu.get(kind, 0.0) + time.process_time() - t
print(json.dumps(cpu))
"""


def _round(tree: Path, project: Path, out: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", _JOBS, str(out)], cwd=project, env=env, capture_output=True,
                       text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ours = compiled(this_tree(tmp / "ours"))
        anchor = compiled(tree_at(args.anchor, tmp / "anchor"))
        out = tmp / "out"
        env = dict(os.environ, PYTHONPATH=str(ours))
        subprocess.run([sys.executable, "-m", "printgen.launcher", "build", "--no-previews", "--out", str(out)],
                       cwd=ours, env=env, capture_output=True, check=True)
        for record in out.glob("*/.printgen-publish.json"):  # no last publish to read images back from
            record.unlink()
        runs: dict[str, list[dict[str, float]]] = {"this tree": [], "anchor": []}
        for _ in range(args.repeat):
            runs["this tree"].append(_round(ours, ours, out))
            runs["anchor"].append(_round(anchor, anchor, out))
    load = os.getloadavg()[0]
    print(f"anchor: {args.anchor}; load average {load:.1f} on {os.cpu_count()} cores; CPU seconds, median of "
          f"{args.repeat}\n")
    print("| jobs | this tree | anchor |\n| --- | --- | --- |")
    names = {"exports": "exports (POD, TTS, gallery cards)", "papers": "kits and zips (A4, Letter)",
             "thumbs": "thumbnails"}
    for kind, label in [*names.items(), ("total", "all publishing jobs")]:
        med = {}
        for tree, rounds in runs.items():
            values = [sum(r.values()) if kind == "total" else r.get(kind, 0.0) for r in rounds]
            med[tree] = statistics.median(values)
        print(f"| {label} | {med['this tree']:.2f} s | {med['anchor']:.2f} s |")


if __name__ == "__main__":
    main()
