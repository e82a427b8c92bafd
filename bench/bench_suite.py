"""Benchmark: the README's test command, wall time and time by test folder, beside the same at an anchor
commit (the suite as it was before issue 41), measured in one run.

Run from the repository root:  python3 bench/bench_suite.py [--anchor REV] [--trees this,anchor]

Each tree runs its own README's pytest command (what follows ``.venv/bin/python3 -m`` there) with this
Python, plus ``--durations=0`` to attribute the time: a folder's figure is the sum of its tests' setup,
call and teardown, which with several workers adds up to more than the wall time. The two trees run
one after the other, each a whole suite (ten minutes or more on two cores): not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import ROOT, tree_at  # noqa: E402

ANCHOR = "8ca8589"  # main before issue 41's test-suite work
DURATION = re.compile(r"^([0-9.]+)s (?:setup|call|teardown)\s+(\S+?)::", re.M)


def readme_pytest(tree: Path) -> list[str]:
    """The pytest arguments of the tree's README test command."""
    text = (tree / "README.md").read_text(encoding="utf-8")
    line = re.search(r"^Install the test extras and run the tests:\n\n    (.+)$", text, re.M).group(1)
    return shlex.split(line.split(".venv/bin/python3 -m pytest", 1)[1])


def _cpu() -> float:
    """CPU seconds of this process's finished children (pytest, its workers and what they ran)."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def suite(tree: Path) -> tuple[float, dict[str, float], str, float]:
    """Wall seconds of the tree's README test command, seconds by folder, pytest's last line, and the CPU
    seconds it used (which a loaded machine changes less than the wall time)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PRINTGEN_NIGHTLY", None)
    cpu = _cpu()
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "pytest", *readme_pytest(tree), "-q", "-rf", "--durations=0", "-p", "no:randomly"],
                       cwd=tree, env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t, _cpu() - cpu
    folders: dict[str, float] = defaultdict(float)
    for secs, path in DURATION.findall(p.stdout):
        parts = path.split("/")
        folders[parts[1] + "/" if len(parts) > 2 else "tests/*.py"] += float(secs)
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr[-500:]
    # a failure is named, not only counted: a flaky test is found from the run that caught it
    failed = [line for line in p.stdout.splitlines() if line.startswith("FAILED ")]
    return wall, dict(folders), "\n".join([last, *failed]), cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR)
    ap.add_argument("--trees", default="this,anchor", help="which to run: this, anchor or both (this,anchor)")
    args = ap.parse_args()
    which = args.trees.split(",")
    results = {}
    with tempfile.TemporaryDirectory(prefix="printgen-bench-suite-") as tmp:
        trees = {"this": ROOT, "anchor": tree_at(args.anchor, Path(tmp) / "anchor")}
        print(f"anchor: {args.anchor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        for name in which:
            results[name] = suite(trees[name])
            print(f"{name}: `pytest {' '.join(readme_pytest(trees[name]))}`: {results[name][0]:.0f} s wall; "
                  f"{results[name][2]}", flush=True)
    folders = sorted({f for r in results.values() for f in r[1]}, key=lambda f: -max(r[1].get(f, 0) for r in results.values()))
    print("\n| tests | " + " | ".join(which) + " |\n| --- |" + " --- |" * len(which))
    print("| the README's test command, wall | " + " | ".join(f"{results[w][0]:.0f} s" for w in which) + " |")
    print("| its CPU (the workers' and what they ran) | " + " | ".join(f"{results[w][3]:.0f} s" for w in which) + " |")
    for f in folders:
        print(f"| {f} (sum of test times) | " + " | ".join(f"{results[w][1].get(f, 0):.1f} s" for w in which) + " |")
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
