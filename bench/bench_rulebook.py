"""Benchmark: rulebook typesetting speed in pages per second (target: 40 or better).

Run from the repository root:  python3 bench/bench_rulebook.py [runs]
Times render_rulebook (templates, Markdown, two platypus passes, PDF bytes) in-process
for each bundled game with rulebook templates, on A4 and Letter, and reports the median.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from printgen.check import validate_game
from printgen.load.game_folder import discover_games
from printgen.render.page import PageSpec
from printgen.rulebook.render import render_rulebook


def main(runs: int = 7) -> None:
    for folder in discover_games(Path.cwd()):
        game = validate_game(folder)
        for paper in ("a4", "letter"):
            spec = PageSpec.for_paper(paper, game.data.game.print.margin)
            render_rulebook(game, spec)  # warm caches (fonts, glyph metrics)
            times, pages = [], 0
            for _ in range(runs):
                t = time.perf_counter()
                out = render_rulebook(game, spec)
                times.append(time.perf_counter() - t)
                pages = out["rulebook"].pages if out else 0
            if not pages:
                continue
            med = statistics.median(times)
            print(f"{game.game_id} {paper}: {pages} pages in {med:.3f} s (median of {runs}), "
                  f"{pages / med:.1f} pages/s (best {pages / min(times):.1f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
