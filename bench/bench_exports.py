"""Benchmark: the CPU of a cold build's publishing jobs (the card-face exports, kits and zips, thumbnails) for
every bundled game, this tree beside an anchor commit, measured in one run.

Run from the repository root:  python3 bench/bench_exports.py [--anchor REV] [--repeat 3] [--parts]

The printables are built once (by this tree, on the papers a build makes, no previews); then each tree,
in a fresh process per round and taking turns, makes every publishing job as its own Publisher plans
them (forced: all of them, nothing read back) one after the other in that process, and reports the CPU
seconds of each kind of job (the median over the rounds). The jobs run in one process here: an anchor
whose exports of a game are separate jobs shares the layout's caches between them in this process,
which a build's workers mostly do not, so its figure is, if anything, low. Not a test: timings depend
on the machine; the load is printed beside them. Each tree's process collects cycles as its console script
does (launcher.batch_gc), what the warm-up left frozen as a worker's inheritance is (at 100,000 and nothing
frozen, as this bench once collected, about 0.1 s of the exports' 1.2 s was collections a build never makes). Also
printed: each kind of job's minor page faults and kernel CPU (the fresh memory its rasters touch).
``--parts`` also splits the jobs' CPU by what it goes to (pdfium drawing and loading pages, PNG deflate, the
faces' layouts, the PDFs of faces and maps, the kits' joining, covers and zips), each timed where it is
called, and the rest.
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
from bench_loop import ROOT, compiled, this_tree, tree_at  # noqa: E402

ANCHOR = "45fac41"  # main before issue 41's export work (round s11)

# Run in each tree's process: the publishing jobs of the games built under OUT, timed by kind.
_JOBS = r"""
import gc, json, resource, sys, time
from printgen import launcher
launcher.batch_gc()  # each tree collects cycles as its own console script does
from pathlib import Path
from printgen.project import validate_game
from printgen.publish import publisher as P

out = Path(sys.argv[1])
games = [validate_game(p) for p in sorted(Path("data").iterdir()) if (p / "game.yaml").is_file()]
pub = P.Publisher(games=games, out=out, papers=["a4", "letter"], force=True)
jobs = pub.early()
for i in range(len(games)):
    pub.record(i)
    jobs += pub.kits(i) + pub.thumbs(i)
if "--parts" in sys.argv:  # each kind of work inside the jobs timed on its own (see PARTS)
    import importlib
    part_cpu = {}

    def timed(owner, name, label):
        real = getattr(owner, name, None)
        if real is None:  # not in this tree
            return

        def run(*args, **kwargs):
            t = time.process_time()
            try:
                return real(*args, **kwargs)
            finally:
                if counting:
                    part_cpu[label] = part_cpu.get(label, 0.0) + time.process_time() - t
        setattr(owner, name, run)

    for where, name, label in PARTS:
        module, _, cls = where.partition(":")
        owner = importlib.import_module(module)
        timed(getattr(owner, cls) if cls else owner, name, label)
    from printgen.publish import cards

    real_once = cards._once

    def once(face):  # a card face drawn by its layout, timed as it is asked for
        def drawn(bleed):
            t = time.process_time()
            try:
                return face(bleed)
            finally:
                if counting:
                    part_cpu["faces drawn"] = part_cpu.get("faces drawn", 0.0) + time.process_time() - t
        return real_once(drawn)
    cards._once = once
counting = False
warm = set()
for _, key, job in jobs:  # the libraries each kind of job loads, loaded before the clock starts
    if job[0].__name__ not in warm:
        warm.add(job[0].__name__)
        P.run_job(job)
gc.freeze()  # what a worker inherits is left out of its collections (as launcher.batch_gc has a fork do)
cpu = {}
counting = True
for _, key, job in jobs:
    kind = "exports" if key.startswith("exports/") else key.split("/")[0]
    before, t = resource.getrusage(resource.RUSAGE_SELF), time.process_time()
    P.run_job(job)
    cpu[kind] = cpu.get(kind, 0.0) + time.process_time() - t
    after = resource.getrusage(resource.RUSAGE_SELF)  # fresh memory: minor page faults, and the kernel's CPU
    cpu["faults:" + kind] = cpu.get("faults:" + kind, 0) + after.ru_minflt - before.ru_minflt
    cpu["sys:" + kind] = cpu.get("sys:" + kind, 0.0) + after.ru_stime - before.ru_stime
if "--parts" in sys.argv:
    cpu.update({f"part:{k}": v for k, v in part_cpu.items()})
print(json.dumps(cpu))
"""

# --parts: what the jobs' CPU goes to, each part timed where it is called (module[:class], function, label);
# none of them calls another, so they add up; the rest is everything else (Python around them, JSON, digests).
PARTS = [
    ("printgen.write.raster", "_draw", "pdfium drawing pixels"),
    ("printgen.write.raster", "deflate", "PNG deflate (ISA-L)"),
    ("printgen.write.raster:Rows", "blank", "rows made white"),
    ("pypdfium2:PdfDocument", "__getitem__", "pdfium loading pages"),
    ("pypdfium2:PdfDocument", "__init__", "pdfium opening PDFs"),
    ("printgen.publish.raster", "_items_pdf", "PDFs of faces written"),
    ("printgen.publish.tts", "to_pdf", "PDFs of maps written"),
    ("printgen.publish.tts", "map_ops", "maps drawn"),
    ("printgen.publish.kit", "join_pdfs", "kits joined (pikepdf)"),
    ("printgen.publish.kit", "_cover_pages", "kit covers laid out"),
    ("printgen.publish.kit", "to_pdf", "kit covers written"),
    ("printgen.publish.bundle", "zip_bytes", "zips deflated"),
]


def _round(tree: Path, project: Path, out: Path, parts: bool = False) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", "PARTS = " + repr(PARTS) + "\n" + _JOBS, str(out),
                        *(["--parts"] if parts else [])], cwd=project, env=env, capture_output=True,
                       text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--parts", action="store_true", help="also what the jobs' CPU goes to (pdfium, deflate, ...)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ours = compiled(this_tree(tmp / "ours"))
        anchor = compiled(tree_at(args.anchor, tmp / "anchor"))
        out = tmp / "out"
        env = dict(os.environ, PYTHONPATH=str(ours))
        subprocess.run([sys.executable, "-m", "printgen.launcher", "build", "--no-previews", "--out", str(out)],
                       cwd=ours, env=env, capture_output=True, check=True)
        for record in out.glob("*/.printgen-publish.json"):  # no last publish to read images back from
            record.unlink()
        runs: dict[str, list[dict[str, float]]] = {"this tree": [], "anchor": []}
        for _ in range(args.repeat):
            runs["this tree"].append(_round(ours, ours, out, args.parts))
            runs["anchor"].append(_round(anchor, anchor, out, args.parts))
    load = os.getloadavg()[0]
    print(f"anchor: {args.anchor}; load average {load:.1f} on {os.cpu_count()} cores; CPU seconds, median of "
          f"{args.repeat}\n")
    print("| jobs | this tree | anchor |\n| --- | --- | --- |")
    names = {"exports": "exports (POD, TTS, gallery cards)", "papers": "kits and zips (A4, Letter)",
             "thumbs": "thumbnails"}
    jobs = {tree: [{k: v for k, v in r.items() if ":" not in k} for r in rounds] for tree, rounds in runs.items()}
    for kind, label in [*names.items(), ("total", "all publishing jobs")]:
        med = {}
        for tree, rounds in jobs.items():
            values = [sum(r.values()) if kind == "total" else r.get(kind, 0.0) for r in rounds]
            med[tree] = statistics.median(values)
        print(f"| {label} | {med['this tree']:.2f} s | {med['anchor']:.2f} s |")
    print("\n| fresh memory (each job's own: the first job of a kind ran before, as in a worker) | this tree "
          "| anchor |\n| --- | --- | --- |")
    for kind, label in names.items():
        med = {tree: (statistics.median([r.get(f"faults:{kind}", 0) for r in rounds]),
                      statistics.median([r.get(f"sys:{kind}", 0.0) for r in rounds])) for tree, rounds in runs.items()}
        print(f"| {label}: minor page faults, kernel CPU | {med['this tree'][0]:,.0f}, {med['this tree'][1]:.3f} s "
              f"| {med['anchor'][0]:,.0f}, {med['anchor'][1]:.3f} s |")
    if args.parts:
        print("\n| what the jobs' CPU goes to | this tree | anchor |\n| --- | --- | --- |")
        labels = [label for _, _, label in PARTS] + ["faces drawn"]
        for label in [*labels, "the rest"]:
            med = {}
            for tree, rounds in runs.items():
                values = [sum(v for k, v in r.items() if ":" not in k)
                          - sum(v for k, v in r.items() if k.startswith("part:")) if label == "the rest"
                          else r.get(f"part:{label}", 0.0) for r in rounds]
                med[tree] = statistics.median(values)
            print(f"| {label} | {med['this tree']:.3f} s | {med['anchor']:.3f} s |")


if __name__ == "__main__":
    main()
