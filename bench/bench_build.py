"""Benchmark: a cold build of every bundled game (with previews, and PDFs only), a no-op rebuild, and the
studio's first page with every face, each beside the same work at an anchor commit, measured in one run.

Run from the repository root:  python3 bench/bench_build.py [--anchor REV] [--repeat 3] [--rows build,studio]

Each row runs the CLI in a fresh process on a copy of the bundled games, as a designer would (bytecode
compiled first, as an installed printgen has it: see bench/bench_loop.py); the two trees take turns,
``--repeat`` times, and the median is reported, with the CPU seconds the build and its workers used
(which a loaded machine changes much less than the wall time). The studio row starts ``printgen serve`` on Heroes of Hex
and times from the command to the page showing every face's image in headless Chromium (the first build
included; see bench/bench_studio.py for the save-to-image rows). Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import ROOT, built, cli, compiled, project, this_tree, tree_at  # noqa: E402

ANCHOR = "c539e8b"  # main before this round of issue 41's speed work


def _cpu() -> float:
    """CPU seconds of this process's finished children (and theirs: a build's workers)."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def timed_cli(tree: Path, args: list[str], cwd: Path) -> tuple[float, str, float]:
    """``cli``'s wall seconds and output, and the CPU seconds the command and its workers used (what a
    loaded machine changes least)."""
    before = _cpu()
    took, out = cli(tree, args, cwd)
    return took, out, _cpu() - before


def cold_builds(tree: Path, tmp: Path) -> dict[str, tuple[float, str, float]]:
    """Wall seconds (and CPU seconds) of a cold build with previews, a no-op rebuild, and a cold build of
    PDFs only."""
    proj = project(tree, tmp / "with")
    full = timed_cli(tree, ["build"], proj)
    noop = timed_cli(tree, ["build"], proj)
    pdfs = timed_cli(tree, ["build", "--no-previews"], project(tree, tmp / "without"))
    return {k: (t, built(out), cpu) for k, (t, out, cpu) in (("full", full), ("noop", noop), ("pdfs", pdfs))}


def studio_first_page(tree: Path, tmp: Path, game: str = "heroes-of-hex", timeout: float = 300.0) -> float:
    """Seconds from starting ``printgen serve`` to the page showing every face's image."""
    sys.path.insert(0, str(ROOT))
    from tests.browser import Browser

    proj = tmp / "studio"
    (proj / "data").mkdir(parents=True)
    import shutil

    shutil.copytree(tree / "data" / game, proj / "data" / game)
    if (tree / "templates").is_dir():
        shutil.copytree(tree / "templates", proj / "templates")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(tree))
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "printgen.launcher", "serve", f"data/{game}", "--port", str(port),
                             "--paper", "a4"], cwd=proj, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # every face image on the page loaded (the studio shows faces as <img>: none missing, none broken)
    every_face = ("(() => { const im = [...document.querySelectorAll('img')]; "
                  "return im.length > 0 && im.every(i => i.complete && i.naturalWidth > 0) "
                  "&& document.getElementById('status') && document.getElementById('status').className === 'idle'; })()")
    try:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() - t0 > timeout:
                    raise RuntimeError("printgen serve did not start")
                time.sleep(0.02)
        with Browser(timeout=timeout) as b:
            b.open(f"http://127.0.0.1:{port}/")
            while not b.evaluate(every_face):
                if time.monotonic() - t0 > timeout:
                    raise TimeoutError("the studio never showed every face")
                time.sleep(0.01)
            return time.monotonic() - t0
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rows", default="build,studio")
    args = ap.parse_args()
    rows = set(args.rows.split(","))
    with tempfile.TemporaryDirectory(prefix="printgen-bench-build-") as tmp:
        tmp = Path(tmp)
        old = compiled(tree_at(args.anchor, tmp / "anchor"))
        new = compiled(this_tree(tmp / "this"))
        print(f"anchor: {args.anchor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        print("| work | this tree | anchor |\n| --- | --- | --- |")
        if "build" in rows:
            runs = [(cold_builds(new, tmp / f"new-{i}"), cold_builds(old, tmp / f"old-{i}")) for i in range(args.repeat)]
            for key, label in (("full", "cold build of every bundled game, with previews"),
                               ("pdfs", "cold build of every bundled game, PDFs only"),
                               ("noop", "a rebuild with nothing changed")):
                (a, an, ac), (b, bn, bc) = (sorted(r[side][key] for r in runs)[len(runs) // 2] for side in (0, 1))
                print(f"| {label} | {a:.2f} s, {ac:.1f} s CPU ({an}) | {b:.2f} s, {bc:.1f} s CPU ({bn}), {args.anchor} |",
                      flush=True)
        if "studio" in rows:
            pairs = [(studio_first_page(new, tmp / f"s-new-{i}"), studio_first_page(old, tmp / f"s-old-{i}"))
                     for i in range(args.repeat)]
            print(f"| the studio's first page with every face (Heroes of Hex, `printgen serve` to the last image) | "
                  f"{statistics.median(a for a, _ in pairs):.2f} s | "
                  f"{statistics.median(b for _, b in pairs):.2f} s, {args.anchor} |", flush=True)
        print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
