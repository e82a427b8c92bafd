"""Benchmark: `printgen playtest` speed, Hex Dice greedy against greedy (issue 43's target: 10,000
games in under 60 s using both cores), and the Heroes of Hex scenarios.

Run from the repository root:  python3 bench/bench_playtest.py [GAMES]
The anchor is the same games on one process, measured in the same run: the ratio says how much the
second core gave, whatever else loads the machine (the load average is printed beside them).
Not a test (timings depend on the machine).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from printgen.check.validate import check_game
from printgen.playtest.command import playtest_report

ROOT = Path(__file__).resolve().parent.parent


def timed(label: str, game, games: int, pairings, processes) -> float:
    t = time.perf_counter()
    report, _ = playtest_report(game, games=games, seed=1, pairings=pairings, processes=processes)
    took = time.perf_counter() - t
    played = sum(p["games"] for p in report.pairings)
    print(f"{label}: {played} games in {took:.1f} s ({played / took:.0f} games/s; load {os.getloadavg()[0]:.1f})")
    return took


def main(games: int = 5000) -> None:
    dice = check_game(ROOT / "data" / "hex-dice")
    print(f"cores: {os.cpu_count()}; load average {os.getloadavg()}")
    both = timed("hex-dice greedy:greedy, every core", dice, games, [("greedy", "greedy")], None)
    one = timed("hex-dice greedy:greedy, one process (anchor)", dice, games // 5, [("greedy", "greedy")], 1)
    print(f"every core plays {5 * one / both:.2f}x as many games a second as one process")
    hoh = check_game(ROOT / "data" / "heroes-of-hex")
    timed("heroes-of-hex greedy heroes, every core", hoh, games // 10, [("greedy", "greedy")], None)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
