"""Profile: where a cold build's validation spends its CPU, game by game and hook by hook, as the worker runs it.

Run from the repository root:  python3 bench/profile_validation.py [--repeat 3] [--profile GAME] [--sort tottime]
                                                                   [--top 40]

A game's validation has two halves: loading and checking the game (``checked_game``), then its assets' hooks
(``asset_checks``), run by a worker forked after ``workers.prepare`` (a build of several games runs the first half
there too, a build of one in its main process: printgen.schedule.validated).
Here, as in bench/bench_validation.py, the main halves run in turn in one process started as ``printgen build``
starts, and each game's hooks in a child forked after ``prepare``, so each pays what a fresh worker pays. Printed
for each game, the least of ``--repeat`` runs (timed, not profiled, so the figures are the real CPU):

- the worker's CPU split by hook: ``layout_findings`` (the layout files), each asset's validation hook (the
  rulebook, the terrain, each sheet's faces...), the print settings, the unread-file check;
- cutting across the hooks: Jinja's compiles (the rulebook's templates and the layout values, with their parse,
  code generation and Python compile), the extra parses of layout values (their names and dotted paths), the
  rulebook's chapters rendered, its Markdown parsed, its pictures drawn, OR-Tools' import and CP-SAT's solves.

``--profile GAME`` then runs GAME's hooks once more under cProfile in a fresh child and prints the table (the
profiler doubles Python-heavy code: trust the timed figures for sizes). Not a test: timings depend on the machine
(the load is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import compiled, in_tree, this_tree  # noqa: E402

RUN = r"""
import cProfile, io, json, os, pstats, sys, time
from pathlib import Path
from printgen.launcher import batch_gc, no_pydantic_plugins, settle
batch_gc(); no_pydantic_plugins()  # as `printgen build` starts
settle(["build"])
import jinja2.environment as je
from printgen import registry
import printgen.project as project
from printgen.project import asset_checks, checked_game
from printgen.workers import prepare

PROFILE, SORT, TOP = PROFILE_ARG, SORT_ARG, TOP_ARG
folders = sorted(p for p in Path("data").iterdir() if (p / "game.yaml").is_file())
games = []
for k, f in enumerate(folders):
    games.append(checked_game(f))
    if k == 0:
        prepare(games=len(folders))

times = {}
depth = {}


def timed(label, fn, outer_only=True):
    # fn's CPU added to times[label]: outer calls only (a template compiled while another compiles counts once)
    def run(*args, **kwargs):
        depth[label] = depth.get(label, 0) + 1
        t = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            depth[label] -= 1
            if depth[label] == 0 or not outer_only:
                times[label] = times.get(label, 0.0) + time.process_time() - t
    return run


def hooked():
    # asset_findings' hooks, each timed under its asset's name; the cross-cutting work under its own
    import dataclasses
    import printgen.layout.expressions as ex
    import printgen.layout.reads as reads
    import printgen.rulebook.images as images

    registry.layout_findings = timed("hook: layout_findings", registry.layout_findings)
    registry.setting_findings = timed("hook: print settings", registry.setting_findings)
    project.unread_files = timed("hook: unread files", project.unread_files)
    assets_for = registry.assets_for
    registry.assets_for = lambda game: {
        name: (dataclasses.replace(a, validate=timed(f"hook: {name}", a.validate)) if a.validate else a)
        for name, a in assets_for(game).items()}
    je.Environment.compile = timed("jinja: compile (all)", je.Environment.compile)
    je.Environment._parse = timed("jinja: parse (in compile and alone)", je.Environment._parse)
    je.Environment._generate = timed("jinja: code generation", je.Environment._generate)
    je.Environment._compile = timed("jinja: Python compile", je.Environment._compile)
    je.Environment.parse = timed("jinja: parses of layout values beside their compile", je.Environment.parse)
    ex.Expressions._compile = timed("layout values compiled (Jinja and the path shortcut)", ex.Expressions._compile)
    reads.text_paths = timed("layout values' dotted paths", reads.text_paths)
    images._draw = timed("rulebook pictures drawn", images._draw)
    import printgen.rulebook.render as book
    import printgen.rulebook.templates as chapters

    book.parse = timed("rulebook: its Markdown parsed (nesting, tables, images)", book.parse)
    chapters.render_capped = timed("rulebook: chapters rendered (their compile included)", chapters.render_capped)
    import printgen.tiling.solver as solver

    first, state = solver._cpsat, {}

    def cpsat():  # OR-Tools imported at the first tiling, then each CP-SAT solve timed
        if "mod" not in state:
            t = time.process_time()
            mod = state["mod"] = first()
            times["OR-Tools imported (first tiling)"] = time.process_time() - t
            mod.solve = timed("CP-SAT solves", mod.solve)
        return state["mod"]

    solver._cpsat = cpsat

out = {}
for f, game in zip(folders, games):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        if PROFILE == f.name:
            profile = cProfile.Profile()
            t = time.process_time()
            profile.enable()
            asset_checks(game)
            profile.disable()
            took = time.process_time() - t
            buf = io.StringIO()
            pstats.Stats(profile, stream=buf).sort_stats(SORT).print_stats(TOP)
            got = {"profile": buf.getvalue(), "profiled": took}
        else:
            hooked()
            t = time.process_time()
            asset_checks(game)
            got = {"total": time.process_time() - t, **times}
        os.write(w, json.dumps(got).encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as fh:
        out[f.name] = json.loads(fh.read())
    os.waitpid(pid, 0)
print(json.dumps(out))
"""


def least(runs: list[dict]) -> dict:
    """Per game and label, the least CPU over ``runs`` (a label missing from a run counts as 0 there)."""
    games = sorted(runs[0])
    out: dict = {}
    for g in games:
        labels = {k for r in runs for k in r[g] if k not in ("profile", "profiled")}
        out[g] = {k: min(r[g].get(k, 0.0) for r in runs) for k in labels}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", metavar="GAME", help="also print a cProfile table of this game's hooks")
    ap.add_argument("--sort", default="cumulative", help="the table's order (pstats: cumulative, tottime...)")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    code = RUN.replace("PROFILE_ARG", repr(None)).replace("SORT_ARG", repr(args.sort)).replace("TOP_ARG",
                                                                                                str(args.top))
    with tempfile.TemporaryDirectory(prefix="printgen-profile-validation-") as tmp:
        tree = compiled(this_tree(Path(tmp) / "this"))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        got = least([in_tree(tree, code) for _ in range(args.repeat)])
        labels = sorted({k for g in got.values() for k in g if k != "total"},
                        key=lambda k: (not k.startswith("hook:"), -sum(g.get(k, 0.0) for g in got.values())))
        games = sorted(got)
        print("| CPU (s) | " + " | ".join(games) + " | all |")
        print("| --- |" + " --- |" * (len(games) + 1))
        for label in ["total"] + labels:
            row = [got[g].get(label, 0.0) for g in games]
            print(f"| {label} | " + " | ".join(f"{v:.3f}" for v in row) + f" | {sum(row):.3f} |")
        if args.profile:
            one = RUN.replace("PROFILE_ARG", repr(args.profile)).replace("SORT_ARG", repr(args.sort)).replace(
                "TOP_ARG", str(args.top))
            res = in_tree(tree, one)[args.profile]
            print(f"\n{args.profile}'s hooks under cProfile ({res['profiled']:.3f} s profiled):\n{res['profile']}")
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
