"""What the pages of a printable show about how to print and cut it: the measured half of its
printgen.draw.facts.PrintFacts, read from the drawing model so any sheet gets them with no entry anywhere.

- a page labelled as backs (the imposition's mirrored backs, ``BACKS``) is the back of the page before it;
  the flip is along the long edge on a portrait page (a left-right mirror), the short edge on a landscape one;
- crop marks are the shapes of role ``crop``;
- cut lines are shapes of role ``cut`` (a circle, a regular hexagon, a square, a triangle, a rectangle or
  any other outline), ``dial-cut`` (a dial), and a map tile's trim lines (``overlap-x``/``overlap-y``).
"""

from __future__ import annotations

import math
from dataclasses import replace
from .document import IDENTITY, Circle, Group, Matrix, Page, Path, Poly, Rect
from .document import compose as _mul
from .facts import CUT_SHAPES, Cut, PrintFacts

BACKS = "backs"  # a page whose label starts with this is the back of the page before it
TILE_ROLES = ("overlap-x", "overlap-y")  # a map tile's trim lines (printgen.render.maps.tiling)


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _marks(ops, m: Matrix, memo: dict) -> list:
    """The shapes with a role in ``ops`` (through groups, ``m`` the matrix to the page) that ``measure``
    counts: None for a crop mark, (shape, size) for a cut line. A group is read once for every place it is
    drawn at one turn and scale (a cut's size depends on nothing else): a deck's sheets place the same
    elements on every face."""
    out: list = []
    for op in ops:
        if isinstance(op, Group):
            inner = _mul(m, op.matrix)
            key = (id(op), inner[:4])
            got = memo.get(key)
            if got is None or got[0] is not op:
                got = memo[key] = (op, _marks(op.ops, inner, memo))  # the op kept: its id stays its own
            out += got[1]
        elif getattr(op, "role", ""):
            if op.role == "crop":
                out.append(None)
                continue
            cut = _cut(op, m)
            if cut is not None:
                out.append(cut)
    return out


def _poly_cut(points: tuple, k: float) -> tuple[str, float]:
    """A closed cut polygon's shape and size (mm, scaled by ``k``)."""
    pts = list(points)
    if len(pts) > 3 and math.dist(pts[0], pts[-1]) < 1e-6:
        pts = pts[:-1]
    sides = [math.dist(pts[i], pts[(i + 1) % len(pts)]) * k for i in range(len(pts))]
    regular = bool(sides) and max(sides) - min(sides) < 0.01 * max(sides)
    if regular and len(pts) == 6:
        return "hexagon", sides[0] * math.sqrt(3)
    if regular and len(pts) == 3:
        return "triangle", sides[0]
    if regular and len(pts) == 4:
        return "square", sides[0]
    return "outline", 0.0


def _cut(op, m: Matrix) -> tuple[str, float] | None:
    """(shape, size mm) of a shape that is a cut line, else None."""
    k = _scale(m)
    if op.role == "dial-cut" and isinstance(op, Circle):
        return "dial", 2 * op.r * k
    if op.role in TILE_ROLES:
        return "tile", 0.0
    if op.role != "cut":
        return None
    if isinstance(op, Circle):
        return "circle", 2 * op.r * k
    if isinstance(op, Rect):
        w, h = op.w * k, op.h * k
        return ("square", w) if abs(w - h) < 0.01 * max(w, h) else ("rectangle", max(w, h))
    if isinstance(op, Poly) and op.closed:
        return _poly_cut(op.points, k)
    if isinstance(op, (Poly, Path)):
        return "outline", 0.0
    return None


def is_back(page: Page) -> bool:
    return page.label.startswith(BACKS)


def measure(pages: list[Page], stated: PrintFacts | None = None) -> PrintFacts:
    """The facts the pages show (sides, crop marks, cut lines), over the ``stated`` ones."""
    facts = stated or PrintFacts()
    backs = tuple(n for n, page in enumerate(pages, start=1) if n > 1 and is_back(page) and not is_back(pages[n - 2]))
    flip = None
    if backs:
        page = pages[backs[0] - 1]
        flip = "long" if page.height >= page.width else "short"
    crop = False
    counts: dict[tuple[str, float], int] = {}
    memo: dict = {}
    for n, page in enumerate(pages, start=1):
        for cut in _marks(page.ops, IDENTITY, memo):
            if cut is None:
                crop = True
                continue
            key = (cut[0], round(cut[1], 1))
            counts[key] = counts.get(key, 0) + (0 if n in backs else 1)
    cuts = tuple(Cut(shape, size, count) for (shape, size), count in
                 sorted(counts.items(), key=lambda kv: (CUT_SHAPES.index(kv[0][0]), kv[0][1])))
    return replace(facts, backs=backs, flip=flip, crop_marks=crop, cuts=cuts)
