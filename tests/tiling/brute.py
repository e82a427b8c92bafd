"""Brute force for small maps: every exact cover, the best by (missing tiles, tiles)."""

from __future__ import annotations

from collections import Counter, defaultdict

from printgen.tiling.shapes import orientations


def brute_best(cells, inventory=None, shapes=("24", "7", "3", "2", "1"), cliffs=True):
    """(missing tiles, tile count) of the best tiling, by trying every exact cover."""
    top = defaultdict(int)
    for h, lv in cells:
        top[h] = max(top[h], lv)
    key = {(h, lv): (t, lv, top[h] if cliffs else 0) for (h, lv), t in cells.items()}
    order = sorted(cells, key=lambda c: (key[c], c[0].r, c[0].q))
    best = [None]

    def score(used):
        if inventory is None:
            return 0
        return sum(max(0, n - inventory.get(k, 0)) for k, n in used.items())

    def go(free, used, count):
        cell = next((c for c in order if c in free), None)
        if cell is None:
            s = (score(used), count)
            if best[0] is None or s < best[0]:
                best[0] = s
            return
        h0, lv = cell
        for shape in shapes:
            for _, norm in orientations(shape):
                cov = [(type(h0)(h0.q + n.q, h0.r + n.r), lv) for n in norm]
                if all(c in free and key[c] == key[cell] for c in cov):
                    k = (shape, cells[cell])
                    used[k] += 1
                    go(free - set(cov), used, count + 1)
                    used[k] -= 1

    go(frozenset(cells), Counter(), 0)
    return best[0]
