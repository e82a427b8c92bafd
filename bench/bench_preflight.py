"""Benchmark: what the preflight stage costs a full build, against a commit without it, in the same run.

Run from the repository root:  python3 bench/bench_preflight.py [--base REV] [--runs N]
(default base: the commit before the preflight landed, 20186d8). Each run builds every bundled game
from nothing (a4 and letter, with previews) once at the base, in a temporary git worktree, and once
here, alternating so both see the same machine; it prints each median and the ratio, and the time the
preflight itself took here (summed over the targets). Not a test: timings depend on the machine.
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
from printgen.project import Project
from printgen.plan import plan_build
from printgen.project import validate_game
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


def _time(cwd: Path, data_root: Path) -> float:
    out = subprocess.run([sys.executable, "-c", BUILD, str(data_root)], cwd=cwd, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="20186d8")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="printgen-base-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), args.base], check=True, capture_output=True)
        try:
            mine, theirs = [], []
            for _ in range(args.runs):
                theirs.append(_time(base, here))
                mine.append(_time(here, here))
            spent = float(subprocess.run([sys.executable, "-c", PREFLIGHT_ONLY], cwd=here, capture_output=True,
                                         text=True, check=True).stdout.strip())
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], check=False, capture_output=True)
    a, b = statistics.median(theirs), statistics.median(mine)
    print(f"full build at {args.base} (anchor): median {a:.2f} s of {[round(x, 2) for x in theirs]}")
    print(f"full build here (with preflight): median {b:.2f} s of {[round(x, 2) for x in mine]}")
    print(f"ratio: {b / a:.3f} (target: at most 1.15)")
    print(f"the preflight itself, every paper target of every game, one process: {spent:.2f} s")


if __name__ == "__main__":
    main()
