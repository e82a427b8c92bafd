"""The Hex Dice battlefield and every face's reach, precomputed once per game for the simulator.

Cells are numbered 0..N-1 (the map's hexes sorted by row, then column) so a position is a flat list;
each face's moves, attacks and aura are turned into per-seat, per-cell lists of cell numbers, so a
simulated turn only looks up lists. Every number here comes from the game's data (faces.yaml
patterns, the map's layout and zones, game.yaml rules)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...hexgrid import Hex, add, distance, parse_textmap, rotate_left, scale
from ...playtest.model import ModelError
from .patterns import AXES, DIAGONALS, FORWARD_DIRS, PatternError, step_hexes

FORWARD = FORWARD_DIRS["forward"]

# A Move option: (destination, cells passed through, steps taken, flanking cell pairs of a diagonal)
MoveOption = tuple[int, tuple[int, ...], int, tuple[tuple[int, int], ...]]

# "Ignores Dice 6 Armor": the face named always beats a defender of that face (David and Goliath)
_IGNORES = re.compile(r"\bignores dice (\d+) armou?r\b", re.I)
# Words that put a face's attack on the six axes through its hex (printgen.packs.hex_dice.checks)
_ON_AXES = re.compile(r"\b(?:in a straight line|along (?:any of )?the (?:six |6 )?(?:radial )?axes|radial axes)\b",
                      re.I)


@dataclass
class FaceRules:
    """One face as the simulator reads it."""

    value: int
    index: int  # its position in faces.yaml (for data paths)
    armor: int
    attack: int
    distance: int
    jumps: bool
    momentum: bool  # its notes carry the Momentum note
    stays: bool  # its attack pattern starts 2+ hexes away: a ranged attack, the attacker never moves in
    melee_by_moving: bool  # no attack pattern: it attacks by moving onto an enemy
    beats: frozenset[int]  # defender faces it always beats (a note "Ignores Dice N Armor")
    axis_text: tuple | None  # data path of a text that puts its attack on the six axes, if any
    value_score: float = 0.0


@dataclass
class Board:
    hexes: list[Hex]
    index: dict[Hex, int]
    neighbours: list[tuple[int, ...]]
    bases: dict[str, tuple[int, ...]]  # zone name -> its cells
    faces: dict[int, FaceRules]
    face_values: tuple[int, ...]
    moves: dict = field(default_factory=dict)  # (seat rotation, face value) -> [cell] -> [MoveOption]
    attacks: dict = field(default_factory=dict)  # (rotation, face) -> [cell] -> [(target, off_axis)]
    aura_sources: list[tuple[tuple[int, int], ...]] = field(default_factory=list)  # cell -> ((source cell, face))

    def dist(self, a: int, b: int) -> int:
        return distance(self.hexes[a], self.hexes[b])

    def rotation_towards_centre(self, cell: int) -> int:
        """Sixth-turns that point 'forward' from this cell towards the centre (the primary axis)."""
        h = self.hexes[cell]
        best = min(range(6), key=lambda k: (distance(add(h, _rot(FORWARD, k)), Hex(0, 0)), k))
        return best


def _rot(h: Hex, k: int) -> Hex:
    for _ in range(k % 6):
        h = rotate_left(h)
    return h


def _steps(step, path: tuple, rot: int):
    """(target, passed hexes, steps, diagonal flanks) of one pattern step around (0, 0), turned ``rot``."""
    lo, hi = step.steps
    if step.line is not None or step.diagonal is not None:
        table = FORWARD_DIRS if step.line is not None else DIAGONALS
        names = step.line if step.line is not None else step.diagonal
        vectors = []
        for n in names:
            if n == "all":
                vectors += list(table.values())
            elif n in table:
                vectors.append(table[n])
            else:
                raise ModelError(f"unknown direction '{n}'", path)
        for v in vectors:
            v = _rot(v, rot)
            for k in range(lo, hi + 1):
                passed = tuple(scale(v, j) for j in range(1, k))
                flanks = ()
                if step.diagonal is not None:  # a diagonal step runs between the two hexes beside it
                    a, b = _flank_dirs(v)
                    flanks = tuple((add(scale(v, j), a), add(scale(v, j), b)) for j in range(k))
                yield scale(v, k), passed, k * (2 if step.diagonal is not None else 1), flanks
    elif step.ring is not None:
        a, b = step.ring
        if b > 1:
            raise ModelError(f"a move to any hex {a}-{b} away has no path the rules give (only ring 1 is played)",
                             path)
        for d in AXES:
            if a <= 1:
                yield _rot(d, rot), (), 1, ()
    elif step.l_move:
        for i, d in enumerate(AXES):
            for turn in (AXES[(i + 1) % 6], AXES[(i - 1) % 6]):
                yield (_rot(add(scale(d, 2), turn), rot), (_rot(d, rot), _rot(scale(d, 2), rot)), 3, ())


def _flank_dirs(v: Hex) -> tuple[Hex, Hex]:
    """The two axis directions whose sum is the diagonal ``v``."""
    for i, a in enumerate(AXES):
        b = AXES[(i + 1) % 6]
        if add(a, b) == v:
            return a, b
    raise PatternError(f"{v} is not a diagonal")


def build_board(data, rules) -> Board:
    """The battlefield and every face's reach from the game's data. Raises ModelError at the data path."""
    mi, battlefield = next(((i, m) for i, m in enumerate(data.maps) if m.name == rules.map), (None, None))
    if battlefield is None:
        raise ModelError(f"rules.map names '{rules.map}', which is not a map", ("game", "rules", "map"))
    tm = parse_textmap(battlefield.layout, battlefield.orientation or data.game.hex.orientation,
                       notation=battlefield.notation)
    cells = sorted(tm.cells, key=lambda h: (h.r, h.q))
    cq = round(sum(h.q for h in cells) / len(cells))
    cr = round(sum(h.r for h in cells) / len(cells))
    hexes = [Hex(h.q - cq, h.r - cr) for h in cells]
    index = {h: i for i, h in enumerate(hexes)}
    neighbours = [tuple(index[add(h, d)] for d in AXES if add(h, d) in index) for h in hexes]
    bases: dict[str, list[int]] = {}
    for i, h in enumerate(cells):
        entry = battlefield.legend.get(tm.cells[h].char)
        if entry is not None and entry.zone:
            bases.setdefault(entry.zone, []).append(i)
    faces = {}
    momentum_note = getattr(rules, "momentum_note", None)
    for fi, f in enumerate(data.faces):
        beats = set()
        for note in f.notes:
            m = _IGNORES.search(note)
            if m:
                beats.add(int(m.group(1)))
        for kind in ("moves", "attacks", "aura"):
            for si, s in enumerate(getattr(f, kind)):
                try:
                    step_hexes(s)
                except PatternError as exc:
                    raise ModelError(f"face {f.value}: {exc}", ("faces", fi, kind, si)) from None
        attack_lo = min((s.ring[0] if s.ring else s.steps[0]) for s in f.attacks) if f.attacks else 0
        faces[f.value] = FaceRules(
            value=f.value, index=fi, armor=f.armor, attack=f.attack, distance=f.distance, jumps=f.jumps,
            momentum=bool(momentum_note) and momentum_note in f.notes, stays=bool(f.attacks) and attack_lo >= 2,
            melee_by_moving=not f.attacks, beats=frozenset(beats), axis_text=_axis_text(data, fi, f),
            value_score=float(f.attack + f.armor))
    board = Board(hexes, index, neighbours, {k: tuple(v) for k, v in bases.items()}, faces,
                  tuple(sorted(faces)))
    board.aura_sources = [() for _ in hexes]
    sources: list[list[tuple[int, int]]] = [[] for _ in hexes]
    for f in data.faces:
        for s in f.aura:
            for rel in step_hexes(s)[0]:
                for c, h in enumerate(hexes):
                    t = index.get(add(h, rel))
                    if t is not None and t != c:
                        sources[t].append((c, f.value))
    board.aura_sources = [tuple(sorted(set(s))) for s in sources]
    return board


def _axis_text(data, fi, face) -> tuple | None:
    if not face.attacks:
        return None
    if _ON_AXES.search(face.text):
        return ("faces", fi, "text")
    for ai, action in enumerate(getattr(data, "actions", [])):
        if re.search(rf"\bDice {face.value}\b", action.name + " " + action.text) and _ON_AXES.search(action.text):
            return ("actions", ai, "text")
    return None


def tables_for(board: Board, data, rot: int, value: int):
    """The per-cell move and attack options of one face for a seat turned ``rot`` (cached)."""
    key = (rot, value)
    if key in board.moves:
        return board.moves[key], board.attacks[key]
    fr = board.faces[value]
    face = data.faces[fr.index]
    moves: list[list[MoveOption]] = []
    attacks: list[list[tuple[int, bool]]] = []
    rel_moves = []
    for si, s in enumerate(face.moves):
        rel_moves += list(_steps(s, ("faces", fr.index, "moves", si), rot))
    rel_attacks = set()
    for s in face.attacks:
        rel_attacks |= {_rot(h, rot) for h in step_hexes(s)[0]}
    for h in board.hexes:
        opts: dict[int, MoveOption] = {}
        for target, passed, steps, flanks in rel_moves:
            t = board.index.get(add(h, target))
            path = tuple(board.index.get(add(h, p)) for p in passed)
            if t is None or None in path:
                continue  # off the map, or through a hex off it
            fl = tuple((board.index.get(add(h, a), -1), board.index.get(add(h, b), -1)) for a, b in flanks)
            old = opts.get(t)
            if old is None or (len(path), steps) < (len(old[1]), old[2]):  # the shortest way there
                opts[t] = (t, path, steps, fl)
        moves.append(sorted(opts.values()))
        ats = []
        for rel in rel_attacks:
            t = board.index.get(add(h, rel))
            if t is not None:
                ats.append((t, not (rel.q == 0 or rel.r == 0 or rel.q + rel.r == 0)))
        attacks.append(sorted(ats))
    board.moves[key], board.attacks[key] = moves, attacks
    return moves, attacks


def setup_bases(board: Board, setup, path: tuple) -> list[int]:
    """The base cell of each seat of a setup (its zone's first cell)."""
    out = []
    for bi, name in enumerate(setup.bases):
        cells = board.bases.get(name) or next((v for k, v in board.bases.items() if k.lower() == name.lower()), None)
        if not cells:
            raise ModelError(f"base '{name}' is not a zone of the battlefield", path + ("bases", bi))
        out.append(cells[0])
    return out


