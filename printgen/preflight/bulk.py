"""The preflight's comparisons in bulk: every box of one kind against every box of another at once (numpy),
where a page holds so many that a grid's Python loop is the slower reading. Each gives exactly what the
reading it stands for gives (the same hits in the same order): the boxes are compared with the same float
sums, elementwise, and only the pairs they find are followed in Python (tests/preflight/test_bulk.py).

numpy is imported with this module, so a build's workers have it before they time anything (a build loads it
before forking them, with printgen.mesh.preview).
"""

from __future__ import annotations

from itertools import chain
from operator import is_

import numpy as np

from .scene import Box, Ink, crosses_ink


def over_bulk(order: list[int], inner: list[Box]) -> list[tuple[int, int]]:
    """checks._over_sweep for many texts: every two inner boxes compared at once. A pair the sweep meets is one
    whose inner boxes overlap (their outer boxes, which hold them, then overlap too, and the earlier is still
    in the sweep's active list), met at the later one's turn, the earlier ones in their own turns' order."""
    bs = box_array([inner[i] for i in order])  # in the sweep's order
    x0, y0, x1, y1 = bs[:, 0], bs[:, 1], bs[:, 2], bs[:, 3]
    # overlap(): for floats min(a, b) - max(c, d) > 0 exactly when a and b both exceed c and d
    hit = ((x1[:, None] > x0) & (x1 > x0[:, None]) & (y1[:, None] > y0) & (y1 > y0[:, None])
           & ((x1 > x0) & (y1 > y0))[:, None] & ((x1 > x0) & (y1 > y0)))
    later, earlier = np.nonzero(np.tril(hit, -1))  # by the later's turn, then the earlier's
    return [(order[a], order[b]) for a, b in zip(later.tolist(), earlier.tolist())]


def box_array(boxes: list[Box]):
    """``boxes`` as an n x 4 array of floats (an empty list as 0 x 4). (Read through as one run of floats:
    about half the time np.array takes to read a list of tuples, and a map page's thousands are read so.)"""
    n = len(boxes)
    return np.fromiter(chain.from_iterable(boxes), float, 4 * n).reshape(n, 4)


def first_crossings(strokes: list[Ink], live: list[tuple[int, Box]], boxes=None, cells: list | None = None
                    ) -> dict[int, str]:
    """text index -> the role of the first of ``strokes`` (drawing order) crossing its inner box, ``live``:
    (text index, inner box). Every text's box is compared with every stroke's at once; only the pairs whose
    boxes overlap (``overlap``, as the grid's reading tests them) are followed segment by segment. ``boxes``:
    the strokes' boxes as an array, when at hand. ``cells``: the hex grid (render/maps/clear.Grid) each of ``live``
    was drawn clear inside, or None: a stroke of that grid (one of its hexes) is not tested against it."""
    first: dict[int, str] = {}
    ts = box_array([inner for _, inner in live])
    if boxes is None:
        boxes = np.array([s.box for s in strokes])
    near = meets_any(boxes, ts) if len(strokes) * len(live) >= PRUNE else None
    if near is not None:  # (only the strokes that can meet a text: in drawing order still)
        at = np.flatnonzero(near)
        strokes, boxes = [strokes[k] for k in at.tolist()], boxes[at]
    tx0, ty0, tx1, ty1 = (ts[:, i, None] for i in range(4))
    step = max(1, 400_000 // len(live))  # strokes per slab: a few hundred kB of comparisons at a time
    for start in range(0, len(strokes), step):
        chunk = strokes[start:start + step]
        ss = boxes[start:start + step]
        sx0, sy0, sx1, sy1 = ss[:, 0], ss[:, 1], ss[:, 2], ss[:, 3]
        # overlap(): min(b[2], x1) - max(b[0], x0) > 0.0, and along y. For floats a - b > 0 exactly when a > b,
        # so it is each of the four ends beyond the other box's start (a live text's own box is not empty)
        hit = (sx1 > tx0) & (tx1 > sx0) & (sy1 > ty0) & (ty1 > sy0) & ((sx1 > sx0) & (sy1 > sy0))
        rows, cols = np.nonzero(hit)  # (a row per text: its strokes in drawing order)
        if not len(rows):
            continue
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])  # where each text's strokes begin
        ends = starts[1:].tolist() + [len(rows)]
        cols = cols.tolist()
        for n, a, b in zip(rows[starts].tolist(), starts.tolist(), ends):
            k, inner = live[n]
            if k in first:
                continue
            cell = cells[n] if cells is not None else None
            for r in cols[a:b]:
                s = chunk[r]
                if cell is not None and s.cell is cell:
                    continue  # (a hex of the grid the text lies clear inside: it crosses none of them)
                if crosses_ink(s, inner):
                    first[k] = s.role
                    break
        if len(first) == len(live):
            break
    return first


PRUNE = 60_000  # pairs: from this many on, the boxes far from every text are set aside first (meets_any)
CELL = 4.0  # mm: meets_any's cells
MOST_CELLS = 1 << 18  # and the most of them it counts (texts spread farther: nothing is set aside)


def meets_any(boxes, others, cell: float = CELL):
    """A mask of ``boxes`` (n x 4, mm): False where no box of ``others`` (m x 4; a point as a box of no size) can
    share a point with it; None where it cannot tell at little cost (a figure not a number, or ``others`` spread
    over more than MOST_CELLS cells). Each box covers the ``cell`` mm squares from floor(x0 / cell) to
    floor(x1 / cell) along x, and so along y; two boxes that share a point share that point's square (floor is
    monotonic, and both sides are divided alike), so a box whose squares hold none of ``others``' shares no
    point with any of them: a test of pairs that needs a shared point (an overlap, a centre inside a box) reads
    only the boxes kept, and finds what it finds among all of them."""
    if not len(others) or not len(boxes) or not (np.isfinite(boxes).all() and np.isfinite(others).all()):
        return None
    o = np.floor(others / cell)
    c0, r0 = o[:, 0].min(), o[:, 1].min()
    cols, rows = int(o[:, 2].max() - c0) + 1, int(o[:, 3].max() - r0) + 1
    if cols <= 0 or rows <= 0 or cols * rows > MOST_CELLS:
        return None
    # the squares others cover, by a table of differences summed along both axes (as share_bulk marks cells),
    # then counted from the corner (a summed-area table): how many covered squares lie in any range, at once
    oc0, or0 = (o[:, 0] - c0).astype(np.int64), (o[:, 1] - r0).astype(np.int64)
    oc1, or1 = (o[:, 2] - c0).astype(np.int64) + 1, (o[:, 3] - r0).astype(np.int64) + 1
    keep = (oc0 < oc1) & (or0 < or1)
    oc0, oc1, or0, or1 = oc0[keep], oc1[keep], or0[keep], or1[keep]
    w = cols + 1
    n = len(oc0)
    at = np.concatenate([or0 * w + oc0, or1 * w + oc1, or0 * w + oc1, or1 * w + oc0])
    diff = np.bincount(at[:2 * n], minlength=(rows + 1) * w) - np.bincount(at[2 * n:], minlength=(rows + 1) * w)
    covered = diff.reshape(rows + 1, w)[:rows, :cols].cumsum(axis=0).cumsum(axis=1) > 0
    table = np.zeros((rows + 1, w), dtype=np.int64)
    table[1:, 1:] = covered.cumsum(axis=0).cumsum(axis=1)
    b = np.floor(boxes / cell)
    x0, y0 = np.maximum(b[:, 0] - c0, 0), np.maximum(b[:, 1] - r0, 0)
    x1, y1 = np.minimum(b[:, 2] - c0, cols - 1), np.minimum(b[:, 3] - r0, rows - 1)
    inside = (x0 <= x1) & (y0 <= y1)  # (a box wholly beside the others' squares, or not a box, meets none)
    x0, y0 = np.where(inside, x0, 0).astype(np.int64), np.where(inside, y0, 0).astype(np.int64)
    x1, y1 = np.where(inside, x1, 0).astype(np.int64) + 1, np.where(inside, y1, 0).astype(np.int64) + 1
    count = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
    return inside & (count > 0)


def share_bulk(cols: int, rows: int, boxes: tuple[Box, ...], cell: float, m: float) -> float:
    """checks._share's count for many boxes: the cells each box covers marked at once, by a table of differences
    (+1 at a box's first cell, -1 past its last, along each axis) summed along both axes."""
    b = np.asarray(boxes, dtype=float)
    # the cell ranges, as _share's int((b - m) // cell) gives them (numpy's floor division is Python's)
    c0 = np.maximum(0, ((b[:, 0] - m) // cell).astype(np.int64))
    c1 = np.minimum(cols - 1, ((b[:, 2] - m) // cell).astype(np.int64))
    r0 = np.maximum(0, ((b[:, 1] - m) // cell).astype(np.int64))
    r1 = np.minimum(rows - 1, ((b[:, 3] - m) // cell).astype(np.int64))
    keep = (c0 <= c1) & (r0 <= r1)
    c0, c1, r0, r1 = c0[keep], c1[keep] + 1, r0[keep], r1[keep] + 1
    w = cols + 1
    size = (rows + 1) * w
    top, bottom = r0 * w, r1 * w
    n = len(c0)
    at = np.concatenate([top + c0, bottom + c1, top + c1, bottom + c0])  # the +1 corners, then the -1 ones
    diff = np.bincount(at[:2 * n], minlength=size) - np.bincount(at[2 * n:], minlength=size)
    # (the sums of a row or column before the last are not changed by what lies past it: summed inside the grid)
    covered = diff.reshape(rows + 1, w)[:rows, :cols].cumsum(axis=0).cumsum(axis=1) > 0
    return int(np.count_nonzero(covered)) / (cols * rows)


def grounds_bulk(grounds: list, texts: list, inside, boxes=None) -> dict:
    """text number -> the last of ``grounds`` ((drawing order, ink)) drawn before it whose box, and outline when
    it has one, holds its centre (``texts``: (drawing order, ink, cx, cy); ``inside(point, outline)``: collide's
    test of a point in an outline): every ground's box compared with every text's centre at once, each text's
    candidates then tried from the last drawn back."""
    gs = np.array([g.box for _, g in grounds]) if boxes is None else boxes  # (``boxes``: theirs, when at hand)
    ts = np.array([(p, x, y) for p, _, x, y in texts])
    near = meets_any(gs, ts[:, [1, 2, 1, 2]]) if len(grounds) * len(texts) >= PRUNE else None
    if near is not None:  # (only the grounds whose boxes can hold a text's centre: in drawing order still)
        at = np.flatnonzero(near)
        grounds, gs = [grounds[k] for k in at.tolist()], gs[at]
    order = np.array([n for n, _ in grounds], dtype=float)
    pos, cx, cy = ts[:, 0, None], ts[:, 1, None], ts[:, 2, None]  # (a row per text: its grounds in drawing order)
    hit = ((order < pos) & (gs[:, 0] <= cx) & (cx <= gs[:, 2]) & (gs[:, 1] <= cy) & (cy <= gs[:, 3]))
    under: dict = {}
    rows, cols = np.nonzero(hit)
    # (from the last pair back: each text's grounds from the last drawn, up to the first that holds its centre)
    for k, r in zip(reversed(rows.tolist()), reversed(cols.tolist())):
        if k in under:
            continue
        g = grounds[r][1]
        if not g.outline:
            under[k] = g
            continue
        home = g.home
        if home is not None:
            t = texts[k][1]
            if t.home is not None and t.cell is g.cell:
                # (a hex of a map's grid, and a label drawn clear inside one of its hexes: its own hex holds its
                # centre, no other does: render/maps/clear.Grid)
                if home is t.home:
                    under[k] = g
                continue
        if inside(texts[k][2:], g.outline):
            under[k] = g
    return under


def holding(marks: list[Ink], tol: float = 0.05):
    """(h, same): h[j, i] when mark j's box holds mark i's (``_holds``, elementwise), same[j, i] when the two
    are of one group."""
    # the marks free_marks just read are most often the very marks mark_pairs reads next (none of them held):
    # what they gave is kept for them (by identity, and for this tolerance: an ink's box and group are set when
    # it is made), and not worked out again
    last = _HOLDING
    if tol == last[1] and len(marks) == len(last[0]) and all(map(is_, marks, last[0])):
        return last[2]
    b = np.array([m.box for m in marks])
    g = np.array([m.group for m in marks])
    h = ((b[:, 0, None] - tol <= b[:, 0]) & (b[:, 1, None] - tol <= b[:, 1]) & (b[:, 2] <= b[:, 2, None] + tol)
         & (b[:, 3] <= b[:, 3, None] + tol))
    got = (h, g[:, None] == g)
    _HOLDING[:] = [list(marks), tol, got]
    return got


_HOLDING: list = [[], None, None]  # the marks ``holding`` read last, its tolerance, and what it gave


def held_bulk(crowd: list[Ink]) -> list[int]:
    """The indices of ``crowd`` held by another mark of their group that they do not hold (``free_marks``)."""
    h, same = holding(crowd)
    return np.flatnonzero((h & ~h.T & same).any(axis=0)).tolist()  # (a mark holds itself both ways: never)


def near_pairs(marks: list[Ink], d: float) -> list[tuple[int, int]]:
    """(i, j), i < j, in order, of the marks of one group within ``d`` mm of each other's box that neither holds:
    what ``mark_pairs`` then measures."""
    h, same = holding(marks)
    b = np.array([m.box for m in marks])
    # the later box against the earlier's box padded by d: not beyond any of its sides
    near = ~((b[:, 0] > b[:, 2, None] + d) | (b[:, 2] < b[:, 0, None] - d) | (b[:, 1] > b[:, 3, None] + d)
             | (b[:, 3] < b[:, 1, None] - d))
    rows, cols = np.nonzero(np.triu(near & same & ~h & ~h.T, 1))
    return list(zip(rows.tolist(), cols.tolist()))
