"""Benchmark: the preflight's share of each target as a real cold build spends it (issue 38, deliver 4: at most
15 % of every target), measured inside the build's own workers.

Run from the repository root:  python3 bench/bench_build_shares.py [--rounds 3] [--previews] [--jobs 2]

Each round is a cold build of every bundled game, run as ``printgen build`` runs it (its pool of forked
workers, both papers) on a copy of the games in a scratch folder. In the workers, each target's render
(drawing, preflight, PDF, and the previews with ``--previews``) and the preflight inside it are timed in CPU
seconds (time.process_time: what other processes on a busy machine take falls away). Printed: each target's
least render and preflight time over the rounds and the share, and the preflight's share of all targets.
Unlike bench/profile_preflight.py --shares, which renders each target again and again in one warm process
(so that every cache a drawing keeps is warm and the render comes out cheaper than a build ever draws it),
this is what a build pays: each target drawn once, in whatever worker takes it.
Not a test: timings depend on the machine (say its load with them).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_OUT: list[Path] = []  # the file this build's workers note their times in


def _timed_render(fn, run):
    """``fn`` (build.render_target) noting, in a worker, its CPU time and that of the preflight inside it."""
    def render_target(target, **kwargs):
        spent = [0.0]
        original = run.preflight_documents

        def timed(*a, **k):
            t = time.process_time()
            try:
                return original(*a, **k)
            finally:
                spent[0] += time.process_time() - t

        run.preflight_documents = timed
        t = time.process_time()
        try:
            return fn(target, **kwargs)
        finally:
            took = time.process_time() - t
            run.preflight_documents = original
            with open(_OUT[0], "a", encoding="utf-8") as f:  # each worker appends its own lines
                f.write(f"{target.game.game_id}/{target.key}\t{took}\t{spent[0]}\n")

    render_target.__module__, render_target.__qualname__ = fn.__module__, "render_target"
    return render_target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--previews", action="store_true", help="the targets make their previews too")
    args = ap.parse_args()
    from printgen.launcher import batch_gc

    batch_gc()
    import printgen.build as build
    import printgen.preflight.run as run
    from printgen.project import Project

    build.render_target = _timed_render(build.render_target, run)
    least: dict[str, tuple[float, float]] = {}
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="printgen-shares-") as tmp:
        tmp = Path(tmp)
        for name in ("data", "templates"):
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, tmp / "project" / name)
        os.chdir(tmp / "project")
        project = Project(Path.cwd())
        for k in range(args.rounds):
            _OUT[:] = [tmp / f"times-{k}.txt"]
            shutil.rmtree(tmp / "project" / "output", ignore_errors=True)
            build.build(folders=project.games(), out=Path("output"), papers=["a4", "letter"],
                        previews=args.previews, jobs=args.jobs, project=project)
            for line in _OUT[0].read_text(encoding="utf-8").splitlines():
                what, took, pre = line.split("\t")
                r, p = least.get(what, (float(took), float(pre)))
                least[what] = (min(r, float(took)), min(p, float(pre)))
    papers = {w: (r, p) for w, (r, p) in least.items() if r > 0 and p > 0}
    print(f"load average {load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; {args.rounds} cold builds, "
          f"{args.jobs} workers, previews {args.previews}; CPU, least of the rounds")
    for what, (r, p) in sorted(papers.items()):
        print(f"  {what:42s} target {r * 1000:7.1f} ms   preflight {p * 1000:6.1f} ms   share {p / r:6.1%}"
              f"{'  >15 %' if p / r > 0.15 else ''}")
    total_r, total_p = sum(r for r, _ in papers.values()), sum(p for _, p in papers.values())
    over = sum(p / r > 0.15 for r, p in papers.values())
    print(f"all {len(papers)} paper targets: {total_r:.2f} s, preflight {total_p:.2f} s, share {total_p / total_r:.1%}; "
          f"{over} over 15 %")


if __name__ == "__main__":
    main()
