"""Benchmark: the CPU of drawing every bundled game's A4 paper targets, beside the same work at an anchor
commit, measured in one run (issue 41: what a cold build spends on faces, maps, tokens, the build guide and
the PDF canvas).

Run from the repository root:  python3 bench/bench_drawing.py [--anchor REV] [--repeat 3] [--papers a4,letter]

Each tree runs in a fresh process: the five games validated (that draws the card faces once, for their
findings), then every A4 paper target drawn twice, cold then warm: its drawing model (``asset.render``) and
its PDF writing (``output_files``, no previews) timed apart, the preflight left out. ``--papers a4,letter``
draws each printable's papers one after the other, as a build's worker does (what one paper works out
for the other counts then). The trees take turns
``--repeat`` times and the median of each figure is reported, in CPU seconds of that process (which a loaded
machine changes much less than the wall time), with the validation's CPU beside them. The rulebooks are a
row of their own (drawn by reportlab's platypus, not the drawing model). Not a test: timings depend on
the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import compiled, in_tree, this_tree, tree_at  # noqa: E402

ANCHOR = "094e393"  # main before the drawing work of this round

CODE = r"""
import gc, json, time
from printgen import launcher
launcher.batch_gc()  # each tree collects cycles as its own console script does
from pathlib import Path
from printgen.project import validate_game
from printgen.plan import plan_build
from printgen.build import take_shared, ReadLog, PageSpec
from printgen.write.outputs import output_files
from printgen.write.reuse import Reuse
t = time.process_time()
games = [validate_game(d) for d in sorted(Path("data").iterdir()) if (d / "game.yaml").exists()]
out = {"validate": time.process_time() - t}
gc.freeze()  # the validated games, as a worker inherits them at its fork, are left out of its collections
targets = [t for t in plan_build(games, papers=PAPERS) if t.asset.kind == "paper"]
for rnd in ("cold", "warm"):
    for t in targets:
        take_shared(t.game)
        spec = PageSpec.for_paper(t.paper, t.game.data.game.print.margin)
        row = "rulebook" if t.asset.name == "rulebook" else "drawing"
        c0 = time.process_time()
        docs = t.asset.render(ReadLog(t.game), spec)
        c1 = time.process_time()
        for stem, doc in docs.items():
            output_files(doc, stem=stem, paper=t.paper, previews=False, reuse=Reuse())
        c2 = time.process_time()
        for part, s in (("model", c1 - c0), ("writing", c2 - c1)):
            key = f"{row} {part}, {rnd}"
            out[key] = out.get(key, 0.0) + s
print(json.dumps(out))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--papers", default="a4", help="papers drawn, comma-separated (a build draws a4,letter)")
    args = ap.parse_args()
    code = f"PAPERS = {args.papers.split(',')!r}\n" + CODE
    with tempfile.TemporaryDirectory() as tmp_:
        tmp = Path(tmp_)
        new = compiled(this_tree(tmp / "this"))
        old = compiled(tree_at(args.anchor, tmp / "anchor"))
        runs: dict[str, list[dict]] = {"this": [], "anchor": []}
        for _ in range(args.repeat):
            runs["this"].append(in_tree(new, code))
            runs["anchor"].append(in_tree(old, code))
        print(f"anchor: {args.anchor}; papers {args.papers}; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores; median of {args.repeat}\n")
        print("| CPU seconds | this tree | anchor |\n| --- | --- | --- |")
        for key in runs["this"][0]:
            a = statistics.median(r[key] for r in runs["this"])
            b = statistics.median(r[key] for r in runs["anchor"])
            print(f"| {key} | {a:.3f} | {b:.3f} |")


if __name__ == "__main__":
    main()
