"""Movement and attack patterns as data, computed on the hex grid.

Directions are relative to the player's primary axis, "forward" pointing from
the player's base towards the centre; a flat-top map with forward up is the
reference orientation of the rulebook's diagrams. Another seat turns the
pattern by sixths of a turn.
"""

from __future__ import annotations

from ...hexgrid import Hex, add, distance, rotate_left, scale, spiral

FORWARD_DIRS: dict[str, Hex] = {  # flat-top, forward = up the page
    "forward": Hex(0, -1),
    "forward-right": Hex(1, -1),
    "back-right": Hex(1, 0),
    "back": Hex(0, 1),
    "back-left": Hex(-1, 1),
    "forward-left": Hex(-1, 0),
}
AXES = list(FORWARD_DIRS.values())  # in rotation order
DIAGONALS: dict[str, Hex] = {  # the between-axis directions (Red Blob's diagonals)
    "forward-right": Hex(1, -2),
    "right": Hex(2, -1),
    "back-right": Hex(1, 1),
    "back-left": Hex(-1, 2),
    "left": Hex(-2, 1),
    "forward-left": Hex(-1, -1),
}


class PatternError(ValueError):
    pass


def _dirs(names, table: dict[str, Hex], what: str) -> list[Hex]:
    out = []
    for n in names:
        if n == "all":
            out += list(table.values())
        elif n in table:
            out.append(table[n])
        else:
            raise PatternError(f"unknown {what} direction '{n}' (use {', '.join(table)} or all)")
    return out


def step_hexes(step) -> tuple[set[Hex], set[Hex]]:
    """(targets, hexes passed over) of one pattern step, relative to the unit at (0, 0)."""
    lo, hi = step.steps
    targets: set[Hex] = set()
    path: set[Hex] = set()
    if step.line is not None or step.diagonal is not None:
        vectors = (_dirs(step.line, FORWARD_DIRS, "line") if step.line is not None
                   else _dirs(step.diagonal, DIAGONALS, "diagonal"))
        for v in vectors:
            for k in range(lo, hi + 1):
                targets.add(scale(v, k))
            path.update(scale(v, k) for k in range(1, hi))
    elif step.ring is not None:
        a, b = step.ring
        targets = {h for h in spiral(Hex(0, 0), b) if a <= distance(Hex(0, 0), h) <= b}
    elif step.l_move:
        for i, d in enumerate(AXES):
            straight = scale(d, 2)
            path.update((d, straight))
            for turn in (AXES[(i + 1) % 6], AXES[(i - 1) % 6]):
                targets.add(add(straight, turn))
    return targets, path - targets


def face_pattern(face) -> dict[str, set[Hex]]:
    """Every hex a face's unit can move to, passes over, attacks, or affects, around (0, 0)."""
    out = {"move": set(), "path": set(), "attack": set(), "aura": set()}
    for s in face.moves:
        t, p = step_hexes(s)
        out["move"] |= t
        out["path"] |= p
    for s in face.attacks:
        out["attack"] |= step_hexes(s)[0]
    for s in face.aura:
        out["aura"] |= step_hexes(s)[0]
    out["path"] -= out["move"]
    out["move"].discard(Hex(0, 0))
    return out


def rotate(hexes: set[Hex], sixths: int) -> set[Hex]:
    """A pattern for a player whose forward is ``sixths`` sixth-turns from the reference."""
    out = set(hexes)
    for _ in range(sixths % 6):
        out = {rotate_left(h) for h in out}
    return out


def reach(face) -> int:
    """How many steps the longest move takes (a line of k steps is k; an L-move is 3)."""
    best = 0
    for s in face.moves:
        if s.l_move:
            best = max(best, 3)
        elif s.ring is not None:
            best = max(best, s.ring[1])
        else:
            best = max(best, s.steps[1] * (2 if s.diagonal is not None else 1))
    return best
