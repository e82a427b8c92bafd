"""Profile: where the preflight's time goes on every paper target of the bundled games (issue 38, deliver 4).

Run from the repository root:  python3 bench/profile_preflight.py [--letter] [--books] [--sort tottime|cumulative]
[--top N] [--by-target] [--only TARGET] [--shares N] [GAME ...]

Each game is validated and planned, every paper target rendered once to warm up (fonts, caches, as a worker
that has drawn a target before), then rendered again with cProfile enabled only inside
printgen.preflight.run.preflight_documents: the profile is the preflight's own work, not the drawing's or the
PDF's (each printable's first paper without the faces its warm-up read: preflight/run.py ``_LAST``). The
rulebooks are left out unless ``--books`` (their preflight reads the PDF: preflight/book.py).
``--only TARGET`` profiles the targets of that name alone. ``--by-target`` prints each target's preflight
time (the profiler's overhead included) instead.
``--shares N`` profiles nothing: it renders every target N times (each printable's papers in turn, A4 then
Letter, its first paper afresh) and prints each target's least render and preflight CPU time (process time,
the least of N: what a loaded machine's other work adds to a figure falls away) and the preflight's share.
Other caches a drawing keeps for the process (hatch lines, outlines, formatted numbers) stay warm across the
rounds, so a render here is cheaper than a cold build draws it: bench/bench_build_shares.py measures the
shares inside a real build's workers.
Not a test: timings depend on the machine (say its load with them).
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(args: list[str]) -> None:
    if "-h" in args or "--help" in args:
        print(__doc__)
        return
    papers = ["a4", "letter"] if "--letter" in args else ["a4"]
    books = "--books" in args
    by_target = "--by-target" in args
    sort = args[args.index("--sort") + 1] if "--sort" in args else "tottime"
    top = int(args[args.index("--top") + 1]) if "--top" in args else 40
    only = args[args.index("--only") + 1] if "--only" in args else None
    skip = {args[args.index(o) + 1] for o in ("--sort", "--top", "--only", "--shares") if o in args}
    names = [a for a in args if not a.startswith("-") and a not in skip]
    unknown = [n for n in names if not (ROOT / "data" / n / "game.yaml").is_file()]
    if unknown:
        sys.exit(f"no bundled game {', '.join(unknown)} under {ROOT / 'data'} (see --help)")
    from printgen.launcher import batch_gc

    batch_gc()
    import printgen.build as build
    import printgen.preflight.run as run
    from printgen.plan import plan_build
    from printgen.project import validate_game

    games = [validate_game(ROOT / "data" / n) for n in (names or sorted(
        p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file()))]
    targets = [t for t in plan_build(games, papers=papers)
               if t.asset.kind == "paper" and (books or "rulebook" not in t.asset.name)
               and (only is None or t.asset.name == only)]
    if "--shares" in args:
        return shares(targets, int(args[args.index("--shares") + 1]), build, run)
    for t in targets:  # warm-up
        build.render_target(t, previews=False)
    profiler = cProfile.Profile()
    original = run.preflight_documents
    spent = [0.0]

    def profiled(*a, **k):
        t = time.process_time()
        profiler.enable()
        try:
            return original(*a, **k)
        finally:
            profiler.disable()
            spent[0] += time.process_time() - t

    run.preflight_documents = profiled
    print(f"load: {os.getloadavg()[0]:.2f}   targets: {len(targets)}")
    last = None
    for t in targets:
        if (id(t.game), t.asset.name) != last:  # a printable's first paper reads its faces afresh, as in a build
            run._LAST.clear()
            last = (id(t.game), t.asset.name)
        before = spent[0]
        build.render_target(t, previews=False)
        if by_target:
            print(f"  {t.asset.name:20s} {t.paper:6s} "
                  f"{spent[0] - before:7.3f} s")
    print(f"preflight CPU (profiled): {spent[0]:.3f} s")
    if not by_target:
        pstats.Stats(profiler).sort_stats(sort).print_stats(top)


def shares(targets, repeat: int, build, run) -> None:
    """Each target's least render and preflight CPU time over ``repeat`` rounds, and the preflight's share."""
    from printgen.layout import drawn_faces
    from printgen.render.maps import _KEPT as maps_kept
    from printgen.preflight import tail
    original = run.preflight_documents
    spent = [0.0]

    def timed(*a, **k):
        t = time.process_time()
        try:
            return original(*a, **k)
        finally:
            spent[0] += time.process_time() - t

    run.preflight_documents = timed
    print(f"load: {os.getloadavg()[0]:.2f}   targets: {len(targets)}   rounds: {repeat}")
    least: dict[int, tuple[float, float]] = {}
    for _ in range(repeat):
        # each round meets the pages' footer strips afresh (preflight/tail.py keeps them for the process, as a
        # build's worker does from one target to the next; the last round's would be a build's second build)
        tail._MEMO.clear()
        last = None
        for k, t in enumerate(targets):
            if (id(t.game), t.asset.name) != last:
                run._LAST.clear()  # each printable's first paper afresh: its faces' reading...
                drawn_faces._FACES.clear()  # ...and its faces' drawing, as in a build's worker...
                maps_kept.clear()  # ...and its maps' geometry and marks (render/maps: kept for the other paper)
                last = (id(t.game), t.asset.name)
            spent[0] = 0.0
            start = time.process_time()
            build.render_target(t, previews=False)
            took = time.process_time() - start
            r, p = least.get(k, (took, spent[0]))
            least[k] = (min(r, took), min(p, spent[0]))
    for k, t in enumerate(targets):
        r, p = least[k]
        print(f"  {t.game.data.game.name[:16]:16s} {t.asset.name:20s} {t.paper:6s} render {r * 1000:7.1f} ms   "
              f"preflight {p * 1000:6.1f} ms   share {p / r:6.1%}{'  >15 %' if p / r > 0.15 else ''}")


if __name__ == "__main__":
    main(sys.argv[1:])
