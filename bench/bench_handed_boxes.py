"""Benchmark: what the preflight of card sheets would save if the layout handed it each op's box (issue 38,
deliver 4), measured before anyone builds it.

Run from the repository root:  python3 bench/bench_handed_boxes.py [--rounds 5] [GAME:TARGET ...]
(default: the card sheets nearest 15 %: hex-dice:unit-cards hexatech:decks heroscape-style:army-cards
hexprint:unit-cards; A4).

The map renderer hands the preflight the boxes it knows (render/maps/kept.boxed). For card faces the same idea
would replace, in preflight/inking.py, the sums that box an op: a polygon's or path's points (``_bbox``), a text's
advance width and extent (``_plain_text_box``, ``geometry.text_box`` through an element's matrix). Here each
target is rendered as a build's worker does (its faces read afresh), and printed beside the preflight's own CPU
(the anchor, least of ``--rounds``):
- the CPU of reading the faces' elements into inks (parts._walk: everything handing could touch, and more);
- the CPU of those box sums alone, replayed on the very arguments one preflight gave them (timeit, least of 5);
- what a handed box would cost instead (a look-up in the op's __dict__, and the box taken through the
  element's matrix where it is not the identity: geometry.quad_box), replayed the same way;
- the difference: the most handing boxes could save, and its share of the preflight.
The drawer's side (working the box out and storing it) is not counted: the gain is an upper bound.
Not a test: timings depend on the machine (say its load with them).
"""

from __future__ import annotations

import os
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT = ["hex-dice:unit-cards", "hexatech:decks", "heroscape-style:army-cards", "hexprint:unit-cards"]


def _replayed(calls) -> float:
    """Least CPU seconds (of 5) of making every call in ``calls`` [(function, args)] once."""
    def run():
        for f, a in calls:
            f(*a)
    return min(timeit.repeat(run, timer=time.process_time, number=20, repeat=5)) / 20


def measure(game: str, target: str, rounds: int) -> tuple[float, float, float, float, int]:
    """(preflight, elements' reading, box sums, handed boxes' cost) CPU seconds, and how many boxes, for one
    target at A4."""
    import printgen.build as build
    import printgen.preflight.inking as inking
    import printgen.preflight.parts as parts
    import printgen.preflight.run as run
    from printgen.draw.geometry import quad_box
    from printgen.layout import drawn_faces
    from printgen.plan import plan_build
    from printgen.project import validate_game

    games = [validate_game(ROOT / "data" / game)]
    targets = [t for t in plan_build(games, papers=["a4"]) if t.asset.name == target]
    if not targets:
        sys.exit(f"no paper target {target!r} in {game}")
    spent, walked = [0.0], [0.0]
    original, walk = run.preflight_documents, parts._walk

    def timed(*a, **k):
        t = time.process_time()
        try:
            return original(*a, **k)
        finally:
            spent[0] += time.process_time() - t

    def timed_walk(*a):
        t = time.process_time()
        try:
            return walk(*a)
        finally:
            walked[0] += time.process_time() - t

    run.preflight_documents, parts._walk = timed, timed_walk
    best = (float("inf"), float("inf"))
    try:
        for t in targets:  # warm-up
            build.render_target(t, previews=False)
        for _ in range(rounds):
            run._LAST.clear()
            drawn_faces._FACES.clear()
            spent[0] = walked[0] = 0.0
            for t in targets:
                build.render_target(t, previews=False)
            best = (min(best[0], spent[0]), min(best[1], walked[0]))
        # one more round, recording each box sum's arguments and what a handed box would do instead
        sums, handed = [], []
        names = ("_bbox", "_text_box", "_plain_text_box", "_pts")
        kept = {n: getattr(inking, n) for n in names}
        last_pts: list = [None, None]  # the last points _pts moved, and its matrix (a _bbox of them is not plain)
        store = {"_box": (0.0, 0.0, 1.0, 1.0)}  # an op's __dict__ with a handed box in it

        def pts(m, points):
            got = kept["_pts"](m, points)
            last_pts[:] = [got, m]
            return got

        def bbox(points):
            sums.append((kept["_bbox"], (points,)))
            if points is last_pts[0]:
                handed.append((lambda m: quad_box(m, *store.get("_box")), (last_pts[1],)))
            else:
                handed.append((store.get, ("_box",)))
            return kept["_bbox"](points)

        def text_box(op, m=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), pad=0.0):
            sums.append((kept["_text_box"], (op, m, pad)))
            handed.append((lambda m: quad_box(m, *store.get("_box")), (m,)))
            return kept["_text_box"](op, m, pad)

        def plain_text_box(op):
            sums.append((kept["_plain_text_box"], (op,)))
            handed.append((store.get, ("_box",)))
            return kept["_plain_text_box"](op)

        inking._pts, inking._bbox, inking._text_box, inking._plain_text_box = pts, bbox, text_box, plain_text_box
        try:
            run._LAST.clear()
            drawn_faces._FACES.clear()
            for t in targets:
                build.render_target(t, previews=False)
        finally:
            for n, f in kept.items():
                setattr(inking, n, f)
    finally:
        run.preflight_documents, parts._walk = original, walk
    return best[0], best[1], _replayed(sums), _replayed(handed), len(sums)


def main(args: list[str]) -> None:
    if "-h" in args or "--help" in args:
        print(__doc__)
        return
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 5
    skip = {args[args.index("--rounds") + 1]} if "--rounds" in args else set()
    wanted = [a for a in args if not a.startswith("-") and a not in skip] or DEFAULT
    from printgen.launcher import batch_gc

    batch_gc()
    print(f"load: {os.getloadavg()[0]:.2f}   rounds: {rounds}   (CPU ms; A4)")
    for item in wanted:
        game, _, target = item.partition(":")
        pf, walk, sums, handed, n = measure(game, target, rounds)
        print(f"  {game[:16]:16s} {target:12s} preflight {pf * 1000:6.2f}   elements' inks {walk * 1000:5.2f} "
              f"({walk / pf:5.1%})   box sums {sums * 1000:5.3f} ({n} boxes)   handed {handed * 1000:5.3f}   "
              f"most saved {(sums - handed) * 1000:6.3f} ({(sums - handed) / pf:5.1%})")


if __name__ == "__main__":
    main(sys.argv[1:])
