"""Benchmark: the tiling solver on Heroscape-like maps of about 300, 1,000 and 3,000 hexes.

Run from the repository root:  PYTHONPATH=$PWD python3 bench/bench_tiling.py [--no-inventory]

Each map is a rectangle of hexes with rolling hills (heights 1-6 from a sum of waves, so
levels come in plateaus as on a built board), terrain by height band with patches of sand
and water, every column filled under its top with the top's terrain. Timed: solve() with
unlimited tiles, and with a tight inventory (80 % of what the unlimited tiling uses of each
large shape, plenty of small ones) that forces the joint model with missing tiles.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter

from printgen.hexgrid import rectangle
from printgen.tiling import cells_from_heights, solve


def heroscape_like(width: int, height: int, seed: int = 7):
    rng = random.Random(seed)
    waves = [(rng.uniform(0.05, 0.25), rng.uniform(0.05, 0.25), rng.uniform(0, 6.3)) for _ in range(4)]
    tops = {}
    for h in rectangle(width, height, "flat"):
        x, y = h.q, h.r + h.q / 2
        z = sum(math.sin(a * x + b * y + c) for a, b, c in waves)
        level = max(1, min(6, int(3.5 + 1.6 * z)))
        terrain = "grass" if level <= 2 else "rock" if level <= 4 else "snow"
        tops[h] = (level, terrain)
    for _ in range(max(1, width * height // 120)):  # patches of sand and water
        c = rng.choice(sorted(tops))
        kind = rng.choice(("sand", "water"))
        for h in rectangle(3, 2, "flat"):
            k = type(c)(c.q + h.q, c.r + h.r)
            if k in tops:
                tops[k] = (tops[k][0], kind)
    return tops


def main(argv: list[str]) -> None:
    with_inventory = "--no-inventory" not in argv
    print(f"{'hexes':>6} {'cells':>6} {'tiles':>6} {'method':>13} {'gap':>4} {'seconds':>8}   (unlimited)")
    for w, h in ((20, 15), (40, 25), (60, 50)):
        tops = heroscape_like(w, h)
        cells = cells_from_heights(tops)
        t = time.perf_counter()
        tiling = solve(cells)
        dt = time.perf_counter() - t
        print(f"{len(tops):>6} {len(cells):>6} {len(tiling.tiles):>6} {tiling.method:>13} {tiling.gap:>4} {dt:>8.2f}")
        if with_inventory:
            use = Counter(tiling.counts())
            inv = {k: (int(n * 0.8) if k[0] in ("24", "7") else n + 50) for k, n in use.items()}
            t = time.perf_counter()
            tight = solve(cells, inventory=inv)
            dt = time.perf_counter() - t
            print(f"{'':>6} {'':>6} {len(tight.tiles):>6} {tight.method:>13} {tight.gap:>4} {dt:>8.2f}"
                  f"   (inventory at 80 % of the large shapes; missing {sum(tight.missing.values())})")


if __name__ == "__main__":
    main(sys.argv[1:])
