"""What a map tells the preflight about the hexes it draws: each hex, the strokes within it and the labels clear
inside it carry the grid they were drawn in (``Grid``), and a hex and its labels that hex's own token, so the
preflight tests no label against its grid's strokes and takes its hex for its ground among the grid's hexes
(preflight/scene.py ``crossed``, bulk.py ``first_crossings`` and ``grounds_bulk``). render/maps/hexes.py marks
a map's hexes so, packs/heroscape_style/guide.py a build guide's plans. The ops' values and drawing are
unchanged: the marks are in their own dicts, as kept.boxed hands over a box."""

from __future__ import annotations

from ...draw.document import Text

CELL = "_cell"  # the attribute a hex and a label carry the hex grid they were drawn in (preflight/inking.py reads it)
CLEAR = 1e-4  # mm: how far inside its hexagon a label's box must lie for the grid's edges to be known clear of it


class Grid:
    """The hexes one ``map_ops`` call draws (cells of one tiling, moved onto the page by the same sums, so no two
    share a point inside; each as much of it as the window shows), with the strokes drawn within each (its zone
    rim, its edge over a texture); and the labels each drawn clear inside its hex (CLEAR mm from every edge of what is
    drawn of it) and clear of the strokes drawn within it. No stroke of the grid crosses a label of it: a stroke
    of another hex lies on or inside that hex, which the label's does not enter. The preflight tests none of
    those pairs (preflight/scene.py ``crosses_ink``'s callers)."""

    __slots__ = ()


HOME = "_home"  # the attribute a hex and each label clear inside it carry that hex's own token in


def at_home(op, home: object):
    """``op`` (a map's hex, filled, or a label clear inside it: marked ``in_grid`` too) marked as that hex's (``home``:
    a token of the hex's own): a label's centre lies in its home hex and in no other of the grid, so the preflight
    takes its home for its ground among the grid's hexes without testing them. Value, equality, drawing unchanged."""
    op.__dict__[HOME] = home
    return op


def in_grid(op, grid: Grid):
    """``op`` marked as drawn in ``grid`` (a whole hex's Poly, a stroke within it, or a label clear inside it and
    of them: ``clear_inside``, ``clear_of``). The op's value, equality and drawing are unchanged."""
    op.__dict__[CELL] = grid
    return op


def clear_inside(corners: tuple, box: tuple[float, float, float, float]) -> bool:
    """Does ``box`` (x0, y0, x1, y1, mm) lie inside the convex polygon ``corners`` (mm, in order), at least CLEAR
    mm from each edge's line? (Each of its corners on the inner side of every edge, by the edge's cross product
    over its length: a distance.) Kept per hex and label box: the same on every page and paper."""
    return _kept(corners, box, True)


def clear_of(corners: tuple, box: tuple[float, float, float, float]) -> bool:
    """Does ``box`` keep CLEAR mm from the outline of the convex polygon ``corners`` (mm, in order): inside it
    (``clear_inside``), or beyond one of its edges' lines, or beside its extent along x or y?"""
    return _kept(corners, box, True) or _kept(corners, box, False)


def _kept(corners: tuple, box: tuple, inside: bool) -> bool:
    """``_clear_inside`` (``inside``) or ``_clear_outside`` of ``corners`` and ``box``, kept by the very objects: a
    map's hexes' corners and its labels' boxes are kept per map (kept.kept_hexes, hexes._label_box), so the same
    hex and label drawn on another page or paper are looked up by identity, not hashed figure by figure. An entry
    holds both, so no other can take their ids while it is kept."""
    key = (id(corners), id(box), inside)
    got = _CLEAR.get(key)
    if got is not None and got[0] is corners and got[1] is box:
        return got[2]
    if len(_CLEAR) >= KEPT_CLEAR:
        _CLEAR.clear()
    found = _clear_inside(corners, box) if inside else _clear_outside(corners, box)
    _CLEAR[key] = (corners, box, found)
    return found


_CLEAR: dict = {}
KEPT_CLEAR = 16384


def _edges(corners: tuple):
    """(a point, the edge's direction over its length, the inner side's sign) of each edge of the convex polygon
    ``corners``; None for one of no area or an edge of no length."""
    n = len(corners)
    if n < 3 or not all(-1e9 < v < 1e9 for p in corners for v in p):
        return None
    area = sum(corners[i][0] * corners[i - 1][1] - corners[i - 1][0] * corners[i][1] for i in range(n))
    if not area:
        return None
    sign = -1.0 if area > 0 else 1.0  # (the inner side's sign of the cross products below)
    out = []
    for i in range(n):
        (ax, ay), (bx, by) = corners[i - 1], corners[i]
        ex, ey = bx - ax, by - ay
        length = (ex * ex + ey * ey) ** 0.5
        if not length > 0:
            return None
        out.append((ax, ay, ex / length, ey / length, sign))
    return out


def _corners_of(box: tuple) -> tuple | None:
    if not all(-1e9 < v < 1e9 for v in box):
        return None
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _clear_inside(corners: tuple, box: tuple) -> bool:
    edges, points = _edges(corners), _corners_of(box)
    if edges is None or points is None:
        return False
    return all(sign * (ex * (py - ay) - ey * (px - ax)) > CLEAR
               for ax, ay, ex, ey, sign in edges for px, py in points)


def _clear_outside(corners: tuple, box: tuple) -> bool:
    edges, points = _edges(corners), _corners_of(box)
    if edges is None or points is None:
        return False
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    x0, y0, x1, y1 = box
    if x1 < min(xs) - CLEAR or x0 > max(xs) + CLEAR or y1 < min(ys) - CLEAR or y0 > max(ys) + CLEAR:
        return True
    return any(all(sign * (ex * (py - ay) - ey * (px - ax)) < -CLEAR for px, py in points)
               for ax, ay, ex, ey, sign in edges)


def note_label(ops: list, box, cell: list | None) -> list:
    """``ops`` (a label drawn whole, or clipped in a group, or none); a label drawn loose noted in ``cell`` with its
    ``box`` (map mm, as the preflight boxes it once moved), for ``mark_clear``."""
    if cell is not None and len(ops) == 1 and type(ops[0]) is Text:
        cell.append((ops[0], box))
    return ops


def mark_clear(cell: list, corners: tuple, rim, grid, home, kept: bool = True) -> None:
    """Mark in ``grid`` each label of ``cell`` ((op, box map mm) of a hex's labels drawn loose) whose box lies clear
    inside what the window shows of the hex (``corners``, map mm: clear_inside) and clear of its zone ``rim`` (map
    mm, or None), the one stroke of the grid within the hex besides its edges (its hatching, cut round every label,
    is not marked: the preflight tests it). The preflight then tests it against none of the grid's strokes, and
    takes the hex (``home``) for its ground among the grid's hexes. ``kept``: ``corners`` is the hex's kept tuple
    (kept.kept_hexes), looked up by identity; else (a hex the window cuts, its corners worked out afresh) by value."""
    for op, box in cell:
        key = (id(corners) if kept else corners, id(box))
        got = _LABELS.get(key)
        if got is not None and got[0] is box and got[1] == rim:
            found = got[2]
        else:
            found = clear_inside(corners, box) and (rim is None or _clear_inside(rim, box)
                                                     or _clear_outside(rim, box))
            if len(_LABELS) >= KEPT_CLEAR:
                _LABELS.clear()
            # (the entry holds the box, and the corners in its key or beside it: no other takes their ids)
            _LABELS[key] = (box, rim, found, corners)
        if found:
            marks = op.__dict__  # (in_grid and at_home)
            marks[CELL] = grid
            marks[HOME] = home


# (the hex's corners, by identity or by value, id(the label's box)) -> (the box, the rim, clear?, the corners):
# whether a label is marked, the same for the hex and label on every page and paper that draws them
_LABELS: dict = {}
