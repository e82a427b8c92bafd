"""Benchmark: what the preflight stage costs a full build, measured in the same run.

Run from the repository root:  python3 bench/bench_preflight.py [--runs N] [--base REV]

Each run builds every bundled game from nothing (a4 and letter, with previews, in worker processes as
`printgen build` does), once with the preflight switched off (the anchor: the same code, its
preflight_documents replaced by one that finds nothing, before the workers fork) and once as it is,
alternating so both see the same machine. It prints each median, their ratio (the issue's target: at
most 1.15), and the time the preflight itself took over every paper target in one process.
With --base REV it also builds REV (a temporary git worktree), for the whole change since then.
Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BUILD = """
import shutil, sys, tempfile, time
from pathlib import Path
if sys.argv[2] == "off":
    import printgen.preflight.run as run
    run.preflight_documents = lambda game, docs, *, paper: []
from printgen.build import build
from printgen.project import Project
out = Path(tempfile.mkdtemp(prefix="printgen-bench-"))
t = time.perf_counter()
build(folders=Project(Path(sys.argv[1])).games(), out=out, papers=["a4", "letter"])
print(time.perf_counter() - t)
shutil.rmtree(out, ignore_errors=True)
"""

PREFLIGHT_ONLY = """
import time
from pathlib import Path
from printgen.build import render_target
from printgen.plan import plan_build
from printgen.project import Project, validate_game
import printgen.preflight.run as run
spent = [0.0]
real = run.preflight_documents
def timed(*a, **k):
    t = time.perf_counter()
    try:
        return real(*a, **k)
    finally:
        spent[0] += time.perf_counter() - t
run.preflight_documents = timed
for folder in Project(Path.cwd()).games():
    game = validate_game(folder)
    for target in plan_build([game], papers=["a4", "letter"]):
        if target.asset.kind == "paper":
            render_target(target, previews=False, draw_only=True)
print(spent[0])
"""


def _time(cwd: Path, data_root: Path, mode: str) -> float:
    out = subprocess.run([sys.executable, "-c", BUILD, str(data_root), mode], cwd=cwd, capture_output=True,
                         text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--base", default=None)
    args = ap.parse_args()
    here = Path.cwd()
    off, on, base = [], [], []
    with tempfile.TemporaryDirectory(prefix="printgen-base-") as tmp:
        old = Path(tmp) / "base"
        if args.base:
            subprocess.run(["git", "worktree", "add", "--detach", str(old), args.base], check=True,
                           capture_output=True)
        try:
            for _ in range(args.runs):
                off.append(_time(here, here, "off"))
                on.append(_time(here, here, "on"))
                if args.base:
                    base.append(_time(old, here, "on-base"))
        finally:
            if args.base:
                subprocess.run(["git", "worktree", "remove", "--force", str(old)], check=False, capture_output=True)
    spent = float(subprocess.run([sys.executable, "-c", PREFLIGHT_ONLY], cwd=here, capture_output=True, text=True,
                                 check=True).stdout.strip())
    a, b = statistics.median(off), statistics.median(on)
    print(f"full build, preflight off (anchor): median {a:.2f} s of {[round(x, 2) for x in off]}")
    print(f"full build, preflight on:           median {b:.2f} s of {[round(x, 2) for x in on]}")
    print(f"ratio: {b / a:.3f} (target: at most 1.15)")
    if base:
        print(f"full build at {args.base}: median {statistics.median(base):.2f} s of {[round(x, 2) for x in base]}")
    print(f"the preflight itself, every paper target of every game, one process: {spent:.2f} s")


if __name__ == "__main__":
    main()
