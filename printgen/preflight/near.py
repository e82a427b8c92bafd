"""Which elements of a face each of its elements with texts could meet (preflight/pairs.py ``_context``): the
later elements whose texts, the elements whose strokes, and the earlier elements (nearest first) whose grounds
its texts' boxes touch. A face of many texts (a reference table set as one face, its every cell a text of its
own) has every box compared with every other at once (numpy), the same comparisons elementwise.
"""

from __future__ import annotations

import numpy as np

from .bulk import box_array
from .scene import Box

BULK = 32  # elements with texts: from this many on, their boxes are compared all at once


def _near(a: int, ta: Box, c: Box, later: list, lined: list, grounded: list) -> tuple[list, list, list]:
    """Element ``a``'s (texts in ``ta``, their centres in ``c``) later elements whose texts (of ``later``, the
    elements with texts after it, in order), elements whose strokes, and earlier elements (nearest first) whose
    grounds its texts could meet."""
    # (``_meet``, written out: touching counts)
    x0, y0, x1, y1 = ta
    after = [b for b, o in later if x0 <= o[2] and o[0] <= x1 and y0 <= o[3] and o[1] <= y1]
    lines = [b for b, o in lined if x0 <= o[2] and o[0] <= x1 and y0 <= o[3] and o[1] <= y1]
    below = [b for b, o in reversed(grounded) if b < a and c[0] <= o[2] and o[0] <= c[2] and c[1] <= o[3]
             and o[1] <= c[3]]
    return after, lines, below


def near_all(texts: list, centres: list[Box], lined: list, grounded: list) -> list[tuple[list, list, list]]:
    """``_near`` of each of ``texts`` ((element, box of its texts), in element order; ``centres``: the box of
    each one's texts' centres) among the others, ``lined`` and ``grounded`` ((element, box), in order)."""
    if len(texts) < BULK:
        return [_near(a, ta, c, texts[k + 1:], lined, grounded) for k, ((a, ta), c) in enumerate(zip(texts, centres))]
    ids = [a for a, _ in texts]
    t = box_array([ta for _, ta in texts])
    x0, y0, x1, y1 = (t[:, i, None] for i in range(4))  # (a row per element: its box against each column's)
    meet = np.triu((x0 <= t[:, 2]) & (t[:, 0] <= x1) & (y0 <= t[:, 3]) & (t[:, 1] <= y1), 1)
    after = _rows(meet, ids)
    if lined:
        s = box_array([o for _, o in lined])
        lines = _rows((x0 <= s[:, 2]) & (s[:, 0] <= x1) & (y0 <= s[:, 3]) & (s[:, 1] <= y1), [b for b, _ in lined])
    else:
        lines = [[] for _ in texts]
    if grounded:
        g = box_array([o for _, o in reversed(grounded)])  # (nearest first: the last drawn first)
        order = np.array([b for b, _ in reversed(grounded)])
        c = box_array(centres)
        c0, c1, c2, c3 = (c[:, i, None] for i in range(4))
        hit = (order < np.array(ids)[:, None]) & (c0 <= g[:, 2]) & (g[:, 0] <= c2) & (c1 <= g[:, 3]) & (g[:, 1] <= c3)
        below = _rows(hit, order.tolist())
    else:
        below = [[] for _ in texts]
    return list(zip(after, lines, below))


def _rows(hit, ids: list) -> list[list]:
    """For each row of the boolean matrix ``hit``, the ``ids`` of its columns that are set, in column order."""
    out: list[list] = [[] for _ in range(hit.shape[0])]
    rows, cols = np.nonzero(hit)  # (row by row, each row's columns ascending)
    for r, k in zip(rows.tolist(), cols.tolist()):
        out[r].append(ids[k])
    return out
