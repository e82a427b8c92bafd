"""Benchmark: the CPU of typesetting the bundled games' rulebooks (ten targets: five games on A4 and Letter),
as a build worker spends it, beside the same work at an anchor commit, measured in one run.

Run from the repository root:  python3 bench/bench_rulebook.py [--anchor REV] [--repeat 3] [--passes 5]

Each tree runs in a fresh process, as the console script sets the collector (launcher.batch_gc): every game
validated and the build planned (the main process's work, then frozen as a worker inherits it at its
fork), each rulebook target rendered once to warm (fonts, glyph metrics, imports), then ``--passes`` passes
over the ten targets (each book's A4, then its Letter, as a worker is handed them), with the typesetting's
per-process caches emptied before each (a worker starts with none). A pass's CPU seconds (process time: what a
loaded machine changes least) is reported as the least and the median over the passes; the trees take
turns ``--repeat`` times. Not a test: timings depend on the machine (say its load with them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import ROOT, compiled, this_tree, tree_at  # noqa: E402

ANCHOR = "40d38cc"  # main before this round's rulebook typesetting work (issue 41)

# run in the tree measured (its own printgen, its own data): prints "least median" CPU seconds of a pass
CHILD = r"""
import gc, os, sys, time
from pathlib import Path
from printgen.launcher import batch_gc
batch_gc()
from printgen.project import validate_game
from printgen.plan import plan_build
from printgen.build import render_target
games = [g for g in (validate_game(f) for f in sorted(p.parent for p in Path("data").glob("*/game.yaml"))) if g.ok()]
targets = [t for t in plan_build(games, papers=["a4", "letter"]) if t.asset.name == "rulebook"]
gc.freeze()  # what a worker inherits at its fork is never walked (launcher.batch_gc)
for t in targets:
    render_target(t, previews=False)

def cold():
    import printgen.safety.markup as mk
    import printgen.rulebook.measure as ms
    for name in ("_PARSED", "_STYLE_KEYS"):  # (not in an anchor before them)
        getattr(mk, name, {}).clear()
    ms.metrics_of.cache_clear()  # each font's glyph boxes and measured strings (a worker reads them afresh)
    import printgen.rulebook.sizing as sz
    getattr(sz, "_AT_SIZE", {}).clear()  # pictures at print size as read for their crowded labels
    getattr(sz, "_NEEDED", {}).clear()  # and the scale their words need
    import printgen.rulebook.tables as tb
    getattr(tb, "_WORDS", {}).clear()  # table cells' words as measured
    getattr(tb, "_MEASURED", {}).clear()  # and their widths, by the parse they were made from
    import printgen.rulebook.para_draw as pd
    getattr(pd, "_OTHERS", {}).clear()  # one-line paragraphs kept for the book's other paper
    import printgen.rulebook.book as bk
    getattr(bk, "_HONEYCOMB", {}).clear()  # the covers' hexes as drawn
    import printgen.rulebook.record as rec
    getattr(rec, "_STROKES", {}).clear()  # strokes' boxes as recorded
    getattr(getattr(rec, "RecordingCanvas", None), "_shapes", {}).clear()
    getattr(getattr(rec, "RecordingCanvas", None), "_loops", {}).clear()
    import printgen.preflight.run as pr
    getattr(pr, "_SEEN", {}).clear()  # the pictures' hits the preflight kept (a worker has none)
    getattr(pr, "_SCALED", []).clear()  # and their overlaps, by the drawing
    import printgen.rulebook.markdown as md
    getattr(md, "_PARSED", {}).clear()  # the books' Markdown parsed (a worker forked before a game validated)
    getattr(md, "_INLINE", {}).clear()  # and its paragraphs' markup
    from reportlab.pdfbase import pdfmetrics
    for font in list(pdfmetrics._fonts.values()):  # the widths a font remembers (measure.remember_widths)
        font.__dict__.pop("stringWidth", None)
    import importlib.util
    if importlib.util.find_spec("printgen.rulebook.widths"):  # (not in an anchor before it)
        import printgen.rulebook.widths as wd
        wd._WORDS.clear()  # and those a paragraph asked for (widths.word_width), its ascents and descents
        wd._HEIGHTS.clear()

cpus = []
for _ in range(int(sys.argv[1])):
    cold()
    c0 = time.process_time()
    for t in targets:
        render_target(t, previews=False)
    cpus.append(time.process_time() - c0)
cpus.sort()
print(len(targets), cpus[0], cpus[len(cpus) // 2])
"""


def measure(tree: Path, passes: int) -> tuple[int, float, float]:
    """(rulebook targets, least and median CPU seconds of a pass) of ``tree``, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    run = subprocess.run([sys.executable, "-c", CHILD, str(passes)], cwd=tree, env=env, capture_output=True,
                         text=True)
    if run.returncode:
        raise SystemExit(f"{tree}: {run.stderr[-2000:]}")
    out = run.stdout.split()
    return int(out[0]), float(out[1]), float(out[2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3, help="turns each tree takes")
    ap.add_argument("--passes", type=int, default=5, help="timed passes over the targets per turn")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        new = compiled(this_tree(tmp / "this"))
        old = compiled(tree_at(args.anchor, tmp / "anchor"))
        rows: dict[str, list[tuple[int, float, float]]] = {"this tree": [], args.anchor: []}
        print(f"anchor: {args.anchor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        for _ in range(args.repeat):
            rows["this tree"].append(measure(new, args.passes))
            rows[args.anchor].append(measure(old, args.passes))
        print("| tree | targets | CPU s a pass, least | median |\n| --- | --- | --- | --- |")
        for name, got in rows.items():
            print(f"| {name} | {got[0][0]} | {min(g[1] for g in got):.3f} | "
                  f"{statistics.median(g[2] for g in got):.3f} |")
        print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
