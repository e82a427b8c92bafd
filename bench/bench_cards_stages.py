"""Benchmark: where the 1,000-card target's time goes (render, preflight, write), beside bare reportlab
drawing the same sheets (bench/bench_loop.py's anchor), in one process, in CPU seconds.

Run from the repository root:  python3 bench/bench_cards_stages.py [--repeat 3]

CPU time (time.process_time) rather than wall time: on a shared machine the wall clock counts the
other processes too, while the split between stages is what this row is for (issue 41: the target at
or under 5x bare reportlab, its preflight at most 15 % of it). The deck is bench_loop's: Heroes of Hex
with 1,000 classes. Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loop import BARE_CARDS, ROOT, cards_game  # noqa: E402


def stages(game) -> dict[str, float]:
    """CPU seconds of one render of the deck's A4 target, split by stage, and its PDF's digest."""
    import printgen.preflight.run as preflight
    import printgen.write.outputs as outputs
    from printgen.build import render_target
    from printgen.plan import plan_build

    spent: dict[str, float] = {"preflight": 0.0, "write": 0.0}
    originals = (preflight.preflight_documents, outputs.output_files)

    def timed(fn, key):
        def run(*a, **k):
            t = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[key] += time.process_time() - t
        return run

    preflight.preflight_documents = timed(originals[0], "preflight")
    outputs.output_files = timed(originals[1], "write")
    try:
        target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "class-cards")
        t = time.process_time()
        files = render_target(target, previews=False).files
        spent["target"] = time.process_time() - t
    finally:
        preflight.preflight_documents, outputs.output_files = originals
    spent["render"] = spent["target"] - spent["preflight"] - spent["write"]
    spent["pdf"] = hashlib.sha256(files["a4/class-cards.pdf"]).hexdigest()[:12]
    return spent


def bare() -> float:
    code = BARE_CARDS.replace("time.perf_counter", "time.process_time")
    out: dict = {}
    exec(code.replace("print(json.dumps(", "out.update(("), {"out": out})
    return out["build"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from printgen.launcher import batch_gc
    from printgen.project import validate_game

    batch_gc()
    with tempfile.TemporaryDirectory(prefix="printgen-cards-") as tmp:
        game = validate_game(cards_game(ROOT, Path(tmp) / "cards"))
    assert game.ok() and len(game.data.classes) == 1000
    runs = [(stages(game), bare()) for _ in range(args.repeat)]
    med = {k: statistics.median(r[0][k] for r in runs) for k in ("target", "render", "preflight", "write")}
    b = statistics.median(r[1] for r in runs)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; CPU seconds, median of {args.repeat}\n")
    print("| work | CPU s | beside bare reportlab |\n| --- | --- | --- |")
    print(f"| 1,000 class cards with backs, A4 target (PDF {runs[0][0]['pdf']}) | {med['target']:.2f} | "
          f"{med['target'] / b:.1f}x of {b:.2f} s |")
    for k in ("render", "preflight", "write"):
        print(f"| the same: {k} | {med[k]:.2f} ({100 * med[k] / med['target']:.0f} %) | {med[k] / b:.1f}x |")


if __name__ == "__main__":
    main()
