"""Benchmark: what a build's render worker spends on a game's layout values (``{{ ... }}`` texts in
layouts/*.yaml), beside an anchor commit measured in the same run.

Run from the repository root:  python3 bench/bench_layout_values.py [--anchor REV] [--repeat 3] [--profile]

Each tree runs in a fresh process, on a copy of the bundled games, as a build runs them: a game checked in the
main process, its assets' checks (faces drawn for their findings) in one forked worker, the validated game
pickled (as build's Parcel) to a second worker forked before that, which renders the game's paper targets on
A4 and Letter (the books left out) and its card exports (pod+tts+cards, one job). Reported: each worker's CPU
seconds (time.process_time, summed over the games; medians of ``--repeat`` runs), and how many times the
render worker compiled Jinja source (Environment.compile: every layout value's compile_expression and
from_string goes through it) and parsed it (Environment._parse). ``--profile``: the render worker's cProfile of its Jinja compiling too.
Not a test: timings depend on the machine.
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
from bench_loop import compiled, project, this_tree, tree_at  # noqa: E402

ANCHOR = "d1bd4d4"  # main at the start of the fourteenth session's second round

# Run as ``python -c`` in a project folder with the tree on PYTHONPATH; prints one BENCH line.
PROGRAM = r"""
import cProfile, io, json, multiprocessing, os, pickle, pstats, sys, time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
import jinja2
from printgen import workers
from printgen.project import Project, asset_checks, checked_game, with_asset_checks
from printgen.plan import plan_build
from printgen.build import render_target
from printgen.publish.exports import _exports_job

PROFILE = PROFILE_FLAG
COUNTS = {"compile": 0, "_parse": 0}
def _counted(name):
    fn = getattr(jinja2.Environment, name)
    def counted(self, *a, **k):
        COUNTS[name] += 1
        return fn(self, *a, **k)
    setattr(jinja2.Environment, name, counted)
for _n in COUNTS:
    _counted(_n)

def checks(game):
    t = time.process_time()
    out = asset_checks(game)
    return out, time.process_time() - t

def render(parcel, out):
    prof = cProfile.Profile() if PROFILE else None
    before = dict(COUNTS)
    t = time.process_time()
    if prof:
        prof.enable()
    game = pickle.loads(parcel)
    for target in plan_build([game], papers=["a4", "letter"]):
        if target.asset.kind == "paper" and not target.asset.long:
            render_target(target, previews=False)
    _exports_job(game, "pod+tts+cards", Path(out), {"pod": {}, "tts": {}, "cards": {}})
    if prof:
        prof.disable()
    cpu = time.process_time() - t
    text = ""
    if prof:
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats("cumulative").print_stats(r"jinja2/(environment|parser|compiler|lexer)|expressions")
        text = s.getvalue()
    return cpu, {k: COUNTS[k] - before[k] for k in COUNTS}, text

def main():
    workers.prepare(games=5)
    ctx = multiprocessing.get_context("fork")
    checker, renderer = ProcessPoolExecutor(1, mp_context=ctx), ProcessPoolExecutor(1, mp_context=ctx)
    checker.submit(os.getpid).result(); renderer.submit(os.getpid).result()  # both forked before any game
    project = Project(Path.cwd())
    got = {"checks": 0.0, "render": 0.0, "counts": {k: 0 for k in COUNTS}, "profile": []}
    for folder in project.games():
        game = checked_game(folder, project=project)
        (extra, shared), cpu = checker.submit(checks, game).result()
        got["checks"] += cpu
        game = with_asset_checks(game, extra, shared)
        blob = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
        cpu, counts, text = renderer.submit(render, blob, "/nonexistent-bench-out/" + folder.name).result()
        got["render"] += cpu
        for k, v in counts.items():
            got["counts"][k] += v
        got["profile"].append(text)
    checker.shutdown(); renderer.shutdown()
    print("BENCH " + json.dumps(got), flush=True)

main()
"""


def one_run(tree: Path, dest: Path, profile: bool) -> dict:
    proj = project(tree, dest)
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", PROGRAM.replace("PROFILE_FLAG", repr(profile))], cwd=proj, env=env,
                       capture_output=True, text=True)
    line = [x for x in p.stdout.splitlines() if x.startswith("BENCH ")]
    if not line:
        raise RuntimeError(f"the run failed: {p.stderr[-3000:]}")
    return json.loads(line[-1][6:])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print the render worker's Jinja compiling profile")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="printgen-bench-layout-") as tmp:
        tmp = Path(tmp)
        trees = {"this tree": compiled(this_tree(tmp / "this")), args.anchor: compiled(tree_at(args.anchor, tmp / "a"))}
        print(f"anchor: {args.anchor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for i in range(args.repeat):
            for k, (name, tree) in enumerate(trees.items()):
                runs[name].append(one_run(tree, tmp / f"run-{k}-{i}", args.profile))
        print("| tree | checking worker CPU (s) | render worker CPU (s) | Environment.compile | Environment._parse |")
        print("| --- | --- | --- | --- | --- |")
        for name, got in runs.items():
            c = got[-1]["counts"]
            print(f"| {name} | {statistics.median(r['checks'] for r in got):.3f} | "
                  f"{statistics.median(r['render'] for r in got):.3f} | {c['compile']} | {c['_parse']} |")
        if args.profile:
            for name, got in runs.items():
                print(f"\n## {name}: the render worker's Jinja compiling, game by game\n")
                for text in got[-1]["profile"]:
                    print("\n".join(text.splitlines()[:30]))
        print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
