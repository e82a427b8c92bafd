"""Benchmark: a cold build's serial start (process start to the first worker forked) and its main process's CPU,
beside the same build at an anchor commit, measured in one run.

Run from the repository root:  python3 bench/bench_start.py [--anchor REV] [--repeat 5] [--previews]

A cold build's wall time is about the main process's serial start (its imports, the first game's check, what
it loads for the workers before forking them: one core idles meanwhile) plus the rest of the CPU shared by
the cores; and the main process's CPU after the fork (writing files, records, digests) competes with the
workers. Each run is ``printgen build`` of every bundled game (PDFs only unless ``--previews``) in a fresh
process on a copy of the games (bytecode compiled first, as an installed printgen has it), with a prelude that
notes the moment and the main process's CPU when the first worker is forked, and when the last result came
back from a worker. Reported: the medians of the wall seconds to the first fork, the main process's CPU before
it and after it, the tail (from the last result to the end, while the workers idle) and the main process's CPU
in it, the workers' CPU and the whole wall time. The two trees take turns. Not a test: timings depend on the
machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import compiled, project, this_tree, tree_at  # noqa: E402

ANCHOR = "99b1925"  # main at the start of the fourteenth session

# Run as ``python -c``: the build as the console script runs it, with the first fork noted (the pool forks
# its workers at the first piece of work handed to it).
PRELUDE = r"""
import os, resource, sys, time
t0, seen = time.perf_counter(), {}
def _before():
    if not seen:
        seen.update(fork=time.perf_counter() - t0, cpu=time.process_time())
os.register_at_fork(before=_before)
import concurrent.futures._base as _fb
_set = _fb.Future.set_result
def _noted(self, result):  # the manager thread sets each worker's result as it arrives: the last one is noted
    seen.update(last=time.perf_counter() - t0, last_cpu=time.process_time())
    return _set(self, result)
_fb.Future.set_result = _noted
sys.argv = ["printgen", *ARGS]
from printgen import launcher
try:
    launcher.main()
except SystemExit:
    pass
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = me.ru_utime + me.ru_stime
import json
wall = time.perf_counter() - t0
print("BENCH " + json.dumps({"wall": wall, "fork": seen.get("fork", 0.0),
      "before": seen.get("cpu", cpu), "main": cpu, "workers": kids.ru_utime + kids.ru_stime,
      "tail": wall - seen.get("last", wall), "tail_cpu": cpu - seen.get("last_cpu", cpu)}), flush=True)
os._exit(0)
"""


def _copy(src: Path, dest: Path) -> Path:
    """printgen, its data and templates from the tree ``src``, in ``dest``."""
    for name in ("printgen", "data", "templates"):
        shutil.copytree(src / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def one_build(tree: Path, dest: Path, previews: bool) -> dict:
    """The figures of one cold build of every bundled game with ``tree``'s printgen."""
    proj = project(tree, dest)
    args = ["build"] + ([] if previews else ["--no-previews"])
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", PRELUDE.replace("ARGS", repr(args))], cwd=proj, env=env,
                       capture_output=True, text=True)
    line = [x for x in p.stdout.splitlines() if x.startswith("BENCH ")]
    if not line:
        raise RuntimeError(f"the build failed: {p.stderr[-2000:]}")
    got = json.loads(line[-1][6:])
    got["after"] = got["main"] - got["before"]
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--previews", action="store_true", help="build the previews too")
    ap.add_argument("--other", help="a printgen tree on disk (a folder holding printgen/, data/, templates/) measured "
                                    "in the anchor's place: an experiment not committed")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="printgen-bench-start-") as tmp:
        tmp = Path(tmp)
        other = compiled(_copy(Path(args.other), tmp / "other")) if args.other else \
            compiled(tree_at(args.anchor, tmp / "anchor"))
        trees = {"this tree": compiled(this_tree(tmp / "this")), args.other or args.anchor: other}
        print(f"anchor: {args.other or args.anchor}; previews {args.previews}; "
              f"load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores\n")
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for i in range(args.repeat):
            for k, (name, tree) in enumerate(trees.items()):
                runs[name].append(one_build(tree, tmp / f"build-{k}-{i}", args.previews))
        print("| tree | first fork (s) | main CPU before it | main CPU after it | tail (s) | its CPU | workers' CPU "
              "| wall |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for name, got in runs.items():
            med = {k: statistics.median(r[k] for r in got) for k in got[0]}
            print(f"| {name} | {med['fork']:.3f} | {med['before']:.3f} | {med['after']:.3f} | {med['tail']:.3f} | "
                  f"{med['tail_cpu']:.3f} | {med['workers']:.2f} | {med['wall']:.2f} |")
        print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
