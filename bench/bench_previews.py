"""Benchmark: the CPU of a cold build's page previews (each page's PNG from its PDF, its SVG, and the digest its
reuse is keyed by) for every bundled game on A4 and Letter, this tree beside an anchor commit, in one run.

Run from the repository root:  python3 bench/bench_previews.py [--anchor REV] [--repeat 3]

Each tree, in a fresh process per round and taking turns, validates the games and draws every paper target's
documents (not timed), then makes each page's previews as printgen.write.outputs does, and reports the CPU
seconds of each part (the median over the rounds). The SVG writer's caches (glyph outlines, numbers) start
cold in each process, as in a build's workers. Not a test: timings depend on the machine; the load is printed.
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
from bench_loop import compiled, this_tree, tree_at  # noqa: E402

ANCHOR = "4561bdc"  # main before round s12's preview and export work

# Run in each tree's process: the previews of every paper target's documents, timed by part.
_PREVIEWS = r"""
import gc, json, time
from printgen import launcher
launcher.batch_gc()  # each tree collects cycles as its own console script does
from pathlib import Path
from printgen.project import validate_game
from printgen.plan import plan_build
from printgen.draw.page import PageSpec
from printgen.draw.document import Document
from printgen.write.pdf import to_pdf
from printgen.write.raster import pdf_page_pngs
from printgen.write.svg import page_to_svg
from printgen.write.reuse import source_digest
from printgen.write.outputs import PREVIEW_DPI

games = [validate_game(p) for p in sorted(Path("data").iterdir()) if (p / "game.yaml").is_file()]
docs = []
for t in plan_build(games, papers=["a4", "letter"]):
    if t.asset.kind == "paper":
        spec = PageSpec.for_paper(t.paper, t.game.data.game.print.margin)
        docs += [(d, to_pdf(d)) for d in t.asset.render(t.game, spec).values() if isinstance(d, Document)]
gc.freeze()  # what a worker inherits is left out of its collections (as launcher.batch_gc has a fork do)
cpu = {"png": 0.0, "svg": 0.0, "digest": 0.0}
pages = 0
for doc, pdf in docs:
    t = time.process_time(); pdf_page_pngs(pdf, dpi=PREVIEW_DPI); cpu["png"] += time.process_time() - t
    t = time.process_time(); [page_to_svg(p) for p in doc.pages]; cpu["svg"] += time.process_time() - t
    t = time.process_time(); [source_digest("page-previews", p, PREVIEW_DPI) for p in doc.pages]
    cpu["digest"] += time.process_time() - t
    pages += len(doc.pages)
cpu["pages"] = pages
print(json.dumps(cpu))
"""


def _round(tree: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", _PREVIEWS], cwd=tree, env=env, capture_output=True, text=True,
                       check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this tree": compiled(this_tree(Path(tmp) / "ours")),
                 "anchor": compiled(tree_at(args.anchor, Path(tmp) / "anchor"))}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                runs[name].append(_round(tree))
    load = os.getloadavg()[0]
    pages = int(runs["this tree"][0]["pages"])
    print(f"anchor: {args.anchor}; load average {load:.1f} on {os.cpu_count()} cores; CPU seconds for {pages} pages "
          f"(A4 and Letter), median of {args.repeat}\n")
    print("| previews | this tree | anchor |\n| --- | --- | --- |")
    labels = {"png": "PNG (pdfium, deflate)", "svg": "SVG", "digest": "reuse digests", "total": "all previews"}
    for kind, label in labels.items():
        med = {name: statistics.median(sum(r[k] for k in ("png", "svg", "digest")) if kind == "total" else r[kind]
                                       for r in rounds) for name, rounds in runs.items()}
        print(f"| {label} | {med['this tree']:.2f} s | {med['anchor']:.2f} s |")


if __name__ == "__main__":
    main()
