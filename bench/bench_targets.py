"""Benchmark: the CPU of single build targets (maps, build guides, terrain ...) as a build's worker spends
it, beside the same targets at an anchor commit, measured in one run.

Run from the repository root:  python3 bench/bench_targets.py [--anchor REV] [--rounds 5] [--no-previews]
                                                              [--only maps,build-guide,...]

Each tree (this working copy, and the anchor's) runs in its own process, which validates every bundled game
once (as a build's main process does), then renders each piece of work (a printable's papers together, as
build.render_targets gets them) in a fresh fork of itself: after one warm-up piece of another game, so that
what any worker loads once (fonts' glyph outlines, the code digest) is not charged to the target measured,
while what a target works out per game is. The trees take turns ``--rounds`` times; the least CPU seconds
(time.process_time) of each target is reported, with its share in the writers: render (the asset's drawing),
preflight, PDF, and the previews (SVG, PNG and their reuse digests). Not a test: timings depend on the
machine (say its load with them).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import compiled, this_tree, tree_at  # noqa: E402

ANCHOR = "bff2498"  # main when issue 41's map and terrain targets were taken on
TARGETS = ("maps,build-guide,terrain,terrain-bom,scenarios,missions,player-aid,pieces,hex-track,markers,"
           "round-track,dice-stickers,terrain-cards,pattern-mat,faction-reference,death-die-tracks,hex-timer,"
           "initiative-markers")
WARM = ("hex-dice", "tokens")  # the warm-up piece (another game's, where the target is of this one)
WRITERS = {"to_pdf": "pdf", "page_to_svg": "svg", "pdf_page_pngs": "png", "source_digest": "png"}

# Run in each tree's own process (its printgen on the path, its data as the bundled games).
CHILD = r"""
import json, os, pickle, sys, time
from pathlib import Path
from printgen.launcher import batch_gc
batch_gc()
from printgen.workers import Parcel, prepare
prepare(games=5)
import printgen.build as build
import printgen.preflight.run as pre
import printgen.write.outputs as outputs
from printgen.plan import plan_build
from printgen.project import validate_game
only, previews, warm_game, warm_asset, writers = json.loads(sys.argv[1])
games = [validate_game(f) for f in sorted(Path("data").iterdir()) if (f / "game.yaml").exists()]
pieces = build._pieces(plan_build(games, papers=["a4", "letter"]))
def named(p):
    return f"{p[0].game.game_id}/{p[0].asset.name}"
out = {}
for piece in pieces:
    if piece[0].asset.name not in only:
        continue
    warm = next(p for p in pieces if named(p) == f"{warm_game}/{warm_asset}" and named(p) != named(piece)) \
        if named(piece) != f"{warm_game}/{warm_asset}" else next(p for p in pieces if named(p) == "hexatech/tokens")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        def sent(p):  # the game as a worker gets it: unpickled from its parcel
            game = pickle.loads(pickle.dumps(Parcel(p[0].game)))
            return [build.replace(t, game=game) for t in p]
        build.render_targets(sent(warm), previews=previews)
        spent = {}
        def timed(mod, name, part):
            fn = getattr(mod, name)
            def run(*a, **k):
                t = time.process_time()
                try:
                    return fn(*a, **k)
                finally:
                    spent[part] = spent.get(part, 0.0) + time.process_time() - t
            setattr(mod, name, run)
        for name, part in writers.items():
            timed(outputs, name, part)
        timed(pre, "preflight_documents", "preflight")
        mine = sent(piece)
        t = time.process_time()
        build.render_targets(mine, previews=previews)
        spent["all"] = time.process_time() - t
        os.write(w, json.dumps(spent).encode())
        os._exit(0)
    os.close(w)
    data = b""
    while chunk := os.read(r, 65536):
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    out[named(piece)] = json.loads(data)
print(json.dumps(out))
"""


def run_tree(tree: Path, only: list[str], previews: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", CHILD, json.dumps([only, previews, *WARM, WRITERS])], cwd=tree,
                       env=env, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(p.stderr[-3000:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def least(runs: list[dict]) -> dict:
    """Per target, the round with the least CPU (its parts as that round had them)."""
    best: dict = {}
    for run in runs:
        for name, spent in run.items():
            if name not in best or spent["all"] < best[name]["all"]:
                best[name] = spent
    return best


def parts(spent: dict) -> str:
    writers = sum(spent.get(k, 0.0) for k in ("pdf", "svg", "png", "preflight"))
    return (f"render {(spent['all'] - writers) * 1000:.0f}, preflight {spent.get('preflight', 0) * 1000:.0f}, "
            f"pdf {spent.get('pdf', 0) * 1000:.0f}, previews {(spent.get('svg', 0) + spent.get('png', 0)) * 1000:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the commit measured beside this tree")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-previews", action="store_true", help="PDFs only, as `build --no-previews`")
    ap.add_argument("--only", default=TARGETS, help="asset names, comma-separated")
    args = ap.parse_args()
    only = [s for s in args.only.split(",") if s]
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="printgen-targets-") as tmp:
        tmp = Path(tmp)
        ours, old = compiled(this_tree(tmp / "this")), compiled(tree_at(args.anchor, tmp / "anchor"))
        runs: dict[str, list] = {"this": [], "anchor": []}
        for k in range(args.rounds):  # the trees take turns, so a change in the machine's load hits both
            for name, tree in (("this", ours), ("anchor", old)) if k % 2 == 0 else (("anchor", old), ("this", ours)):
                runs[name].append(run_tree(tree, only, not args.no_previews))
    a, b = least(runs["this"]), least(runs["anchor"])
    print(f"anchor {args.anchor}; previews {not args.no_previews}; {args.rounds} rounds, least CPU of each; load "
          f"average {load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end\n")
    print("| target (both papers) | this tree, ms CPU | anchor, ms CPU | change |\n| --- | --- | --- | --- |")
    for name in sorted(set(a) & set(b)):
        print(f"| {name} | {a[name]['all'] * 1000:.0f} ({parts(a[name])}) | {b[name]['all'] * 1000:.0f} "
              f"({parts(b[name])}) | {a[name]['all'] / b[name]['all'] - 1:+.0%} |")
    ta, tb = sum(v["all"] for v in a.values()), sum(v["all"] for v in b.values())
    print(f"| all {len(a)} | {ta * 1000:.0f} | {tb * 1000:.0f} | {ta / tb - 1:+.0%} |")


if __name__ == "__main__":
    main()
