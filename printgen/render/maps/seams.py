"""Where a tiled map's seams fall: tile windows placed so that no marker, label or symbol straddles a seam.

A tile is glued over the one before it with its window's first edge on the other's trim line, so the seam
between two tiles is where the later one's window begins. Hexes, hatching and rims are drawn clipped on both
tiles and join there; a marker (an objective disc, a label, a terrain picture) is drawn only whole, so one
cut by a seam shows part of itself at best. Along each axis the seams are chosen among the positions clear
of every marker (``pad`` mm to spare), as near as can be to the evenly spread plan, neighbours still
sharing at least the overlap; when no such positions exist for the fewest tiles, one tile more is tried.

A map crowded with markers (a picture on every hex) may leave no clear position. Then each seam is put
where every marker it cuts still lies whole on the earlier tile (inside the overlap), and the trim line
steps round those markers: a notch, on the earlier tile's line and on the later tile's edge alike, so the
earlier tile shows them whole through the later one (``notches``, ``trim_path``). All lengths in map mm.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from typing import Iterable, Sequence

Interval = tuple[float, float]
PAD = 0.4  # mm a seam keeps from a marker's ink: the tile that draws it whole leaves it this clear of its edge


def even_axis(total: float, win: float, overlap: float, n: int | None = None) -> tuple[float, ...]:
    """Window origins of ``n`` tiles (the fewest when None) of ``win`` mm covering ``total`` mm, each
    sharing exactly ``overlap`` mm with the next, the covered length centred on the map."""
    if total <= win:
        return (0.0,)
    step = win - overlap
    n = n or math.ceil((total - overlap) / step)
    covered = n * step + overlap
    start = -(covered - total) / 2
    return tuple(start + k * step for k in range(n))


def _merge(spans: Iterable[Interval]) -> list[Interval]:
    out: list[list[float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _free(lo: float, hi: float, blocked: list[Interval]) -> list[Interval]:
    """The parts of [lo, hi] outside every open interval of ``blocked`` (merged, sorted)."""
    out, at = [], lo
    for a, b in blocked:
        if b <= at:
            continue
        if a >= hi:
            break
        if a > at:
            out.append((at, a))
        at = max(at, b)
    if at <= hi:
        out.append((at, hi))
    return [(a, b) for a, b in out if b >= a]


def _meet(sets: list[Interval], lo: float, hi: float) -> list[Interval]:
    return [(max(a, lo), min(b, hi)) for a, b in sets if max(a, lo) <= min(b, hi)]


def _intersect(xs: list[Interval], ys: list[Interval]) -> list[Interval]:
    """Two sorted lists of disjoint closed intervals, intersected (a merge walk, linear)."""
    out, i, j = [], 0, 0
    while i < len(xs) and j < len(ys):
        a, b = max(xs[i][0], ys[j][0]), min(xs[i][1], ys[j][1])
        if a <= b:
            out.append((a, b))
        if xs[i][1] < ys[j][1]:
            i += 1
        else:
            j += 1
    return out


def _nearest(sets: list[Interval], target: float) -> float | None:
    best = None
    for a, b in sets:
        p = min(max(target, a), b)
        if best is None or abs(p - target) < abs(best - target):
            best = p
    return best


def _seams(n: int, total: float, win: float, overlap: float, free: list[Interval]) -> list[float] | None:
    """Seam positions (the window origins of tiles 2..n) inside ``free`` (sorted disjoint intervals, points
    allowed), nearest the even plan's, or None when there are none. Each tile's own part (seam to seam) is
    at least ``overlap`` long, and a tile reaches ``overlap`` past the next seam: next seam minus this one
    at most ``win - overlap``."""
    reach = win - overlap
    targets = even_axis(total, win, overlap, n)[1:]
    # forward: where seam k can fall given the seams before it
    reachable = [_meet(free, overlap, reach)]
    for _ in range(n - 2):
        grown = _merge((a + overlap, b + reach) for a, b in reachable[-1])
        reachable.append(_intersect(grown, free))
    last = _meet(reachable[-1], total - win, total - overlap)
    s = _nearest(last, targets[-1])
    if s is None:
        return None
    out = [s]
    # backward: each seam the nearest its target that still reaches the one after it
    for k in range(n - 3, -1, -1):
        s = _nearest(_meet(reachable[k], out[0] - reach, out[0] - overlap), targets[k])
        if s is None:  # cannot happen: the forward pass put out[0] in reach of this set
            return None
        out.insert(0, s)
    return out


Box4 = tuple[float, float, float, float]  # a marker across a seam: (across from, across to, along from, along to)
EPS = 1e-6


def _notchable(total: float, overlap: float, boxes: Sequence[Box4], pad: float) -> list[Interval]:
    """The seam positions where notches keep every marker whole on one tile (see notches), a tile reaching
    at least ``overlap`` past the seam. Which markers a seam cuts, which lie wholly before it and which
    fit the earlier tile change only at a marker's padded edges (and an overlap short of its far edge), so
    one position between two such events stands for all of them."""
    order = sorted(boxes)
    starts = [b[0] for b in order]
    widest = max((b[1] - b[0] for b in order), default=0.0)
    lo_end, hi_end = overlap, total - overlap
    events = sorted({lo_end, hi_end, *(e for a, b, _, _ in order for e in (a - pad, b + pad, b + pad - overlap)
                                        if lo_end < e < hi_end)})
    out = []
    for p, q in zip(events, events[1:]):
        if q - p < 4 * EPS:
            continue
        m = (p + q) / 2
        lo, hi = bisect_left(starts, m - widest - pad), bisect_right(starts, m + overlap + pad)
        if notches(m, m + overlap, order[lo:hi], pad, whole=True) is not None:
            if out and abs(out[-1][1] - (p + EPS)) < 4 * EPS:  # runs on: one interval
                out[-1] = (out[-1][0], q - EPS)
            else:
                out.append((p + EPS, q - EPS))
    return out


def plan_axis(total: float, win: float, overlap: float, boxes: Sequence[Box4] = (), pad: float = PAD
              ) -> tuple[tuple[float, ...], bool]:
    """(window origins, whether every seam is clear of the markers) for tiles of ``win`` mm across ``total``
    mm. ``boxes``: the markers, across this axis then along it (Box4). Seams clear of every marker for the
    fewest tiles or one more; else seams whose notches keep every marker whole on one tile; else the even
    plan (its seams may cut a marker, for the preflight to report)."""
    even = even_axis(total, win, overlap)
    if len(even) == 1:
        return even, True
    clear = _merge((b[0] - pad, b[1] + pad) for b in boxes)
    tiers = [(lambda: _free(overlap, total - overlap, clear), True),
             (lambda: _notchable(total, overlap, boxes, pad), False)]
    for free_of, ok in tiers:
        free = free_of()
        for n in (len(even), len(even) + 1):
            seams = _seams(n, total, win, overlap, free)
            if seams is None:
                continue
            # the first tile: reaching the map's start and overlap past the first seam, blank margins balanced
            right = seams[-1] + win - total
            first = min(0.0, max(seams[0] + overlap - win, -right))
            return (first, *seams), ok
    return even, not any(a < s < b for s in even[1:] for a, b in clear)


Notch = tuple[float, float, float]  # (from, to) along a seam and how far past it (the far edge), map mm


def notches(seam: float, limit: float, boxes: Sequence[Box4], pad: float = PAD, whole: bool = False
            ) -> tuple[Notch, ...] | None:
    """The notches a trim line at ``seam`` steps round so that no marker straddles it: ``boxes`` are the
    markers as (across from, across to, along from, along to), across the seam; ``limit``: the far end of
    the earlier tile's window (a notch reaches no further: a marker beyond it stays cut, for the preflight
    to report; with ``whole``, None then). Empty when no marker straddles the seam."""
    near = [(a0 - pad, a1 + pad, l0 - pad, l1 + pad) for a0, a1, l0, l1 in boxes
            if a1 + pad > seam and a0 - pad < limit]
    if not any(a0 < seam < a1 for a0, a1, _, _ in near):
        return ()  # nothing straddles the seam: a straight line
    near.sort(key=lambda b: b[2])
    along = [b[2] for b in near]
    longest = max(b[3] - b[2] for b in near)
    rects: list[Notch] = []
    done: set[int] = set()
    todo = [i for i, b in enumerate(near) if b[0] < seam]  # the straight line first, then beside each notch
    while todo:
        added = []
        for i in todo:
            a0, a1, l0, l1 = near[i]
            if i in done:
                continue
            low, high = _depths(rects, seam, l0, l1)
            if a1 <= low or a0 >= high:  # whole on the earlier tile's side, or wholly past it
                continue
            done.add(i)
            if a1 <= limit:
                added.append((l0, l1, a1))
            elif whole:
                return None
        rects += added
        # only a marker beside a notch just added can be newly cut
        todo = sorted({i for a, b, f in added for i in range(bisect_left(along, a - longest), bisect_left(along, b))
                       if near[i][3] > a and near[i][0] < f})
    return tuple(sorted(rects))


def _depths(rects: list[Notch], seam: float, l0: float, l1: float) -> tuple[float, float]:
    """The least and greatest reach of the earlier tile over [l0, l1] along the seam."""
    rects = [r for r in rects if r[0] < l1 and r[1] > l0]  # most markers lie clear of every notch
    if not rects:
        return (seam, seam)
    cuts = sorted({l0, l1, *(x for r in rects for x in r[:2] if l0 < x < l1)})
    reach = [max([f for a, b, f in rects if a <= (p + q) / 2 <= b] + [seam]) for p, q in zip(cuts, cuts[1:])]
    return (min(reach), max(reach)) if reach else (seam, seam)


def trim_path(seam: float, rects: Sequence[Notch], start: float, end: float) -> list[tuple[float, float]]:
    """The trim line at ``seam`` from ``start`` to ``end`` along it, stepping round ``rects`` (see notches):
    points (across, along), map mm."""
    cuts = sorted({start, end, *(x for r in rects for x in r[:2] if start < x < end)})
    pts: list[tuple[float, float]] = []
    for p, q in zip(cuts, cuts[1:]):
        d = max([f for a, b, f in rects if a <= (p + q) / 2 <= b] + [seam])
        for pt in ((d, p), (d, q)):
            if not pts or pts[-1] != pt:
                pts.append(pt)
    # a straight run keeps its two ends only
    out = [pts[0]]
    for a, b in zip(pts[1:], pts[2:] + [None]):
        if b is not None and out[-1][0] == a[0] == b[0]:
            continue
        out.append(a)
    return out
