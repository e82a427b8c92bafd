"""Hex Dice v1.1 as a game a program can play: state, legal moves, apply, winner (printgen playtest).

Every number comes from the game's data: each face's Armor, Attack, Distance, notes and move,
attack and aura patterns (faces.yaml), the battlefield and its bases (map.yaml), the setups' dice
and rerolls (play.yaml), and the +N of the Guard and aura texts. Where the rules as written do not
settle what happens, the model plays on by the default its rule-hole message states
(printgen.playtest.model.hole) at the data line of the rule concerned."""

from __future__ import annotations

import random
import re

from ...hexgrid import Hex
from ...playtest.model import DRAW, GameRecord, ModelError, hole
from .sim_board import build_board, setup_bases, tables_for

MOVE, ATTACK, REROLL, GUARD = 0, 1, 2, 3
_PLUS = re.compile(r"\bArmou?r \+ ?(\d+)", re.I)


class State:
    __slots__ = ("cells", "owner", "face", "cell", "guard", "to_move", "first", "turns", "rng", "over", "winner",
                 "end", "holes", "kills", "sides", "bases", "rots")

    def example(self, model) -> str:
        """The position in a line: every unit as seat:face@q,r (g: guarded)."""
        units = [f"{self.owner[u]}:{self.face[u]}@{model.board.hexes[c].q},{model.board.hexes[c].r}"
                 f"{'g' if self.guard[u] else ''}" for u, c in enumerate(self.cell) if c >= 0]
        return f"activation {self.turns + 1}, seat {self.to_move} to move; " + " ".join(units)


class HexDiceModel:
    """The two-player game of a validated Hex Dice data set (raises ModelError at a data path)."""

    players = 2

    def __init__(self, data, rules, *, move_limit: int = 300) -> None:
        self.name = data.game.name
        self.data, self.rules = data, rules
        self.board = build_board(data, rules)
        self.move_limit = move_limit
        self.faces = self.board.faces
        self.sides = rules.faces
        self.guard_bonus, self.guard_path = _bonus(data, "Guard")
        aura = [(fi, f) for fi, f in enumerate(data.faces) if f.aura]
        m = _PLUS.search(aura[0][1].text) if aura else None
        self.aura_bonus = int(m.group(1)) if m else 1
        self.aura_path = ("faces", aura[0][0], "aura") if aura else ("faces",)
        self.mean_value = sum(f.value_score for f in self.faces.values()) / max(1, len(self.faces))
        self.winning_path = _named_path(data, "winning", "capturing", ("winning",))
        self.trade_path = _named_path(data, "combat", "resolution", ("combat",))
        self.ranged_path = _named_path(data, "actions", "ranged", ("actions",))
        self._setups = []
        for si, s in enumerate(data.setups):
            if s.players != 2:
                continue
            for di, (dice, rerolls) in enumerate(zip(s.dice, s.rerolls)):
                bases = setup_bases(self.board, s, ("setups", si))
                self._setups.append((f"{dice} dice", dice, rerolls, bases, ("setups", si, "dice", di)))
        if not self._setups:
            raise ModelError("no two-player setup to play (setups: players: 2)", ("setups",))
        for v in range(1, self.sides + 1):
            if v not in self.faces:
                raise ModelError(f"a d{self.sides} can roll {v}, which no face defines", ("faces",))
        self.to_base = {}  # base cell -> every cell's distance from it (the agents ask it at every move)
        for bases in {tuple(s[3]) for s in self._setups}:
            for b in bases:
                self.to_base[b] = [self.board.dist(c, b) for c in range(len(self.board.hexes))]
                rot = self.board.rotation_towards_centre(b)
                for v in self.faces:
                    tables_for(self.board, data, rot, v)

    def setups(self) -> list[str]:
        return [s[0] for s in self._setups]

    # -- a new game -------------------------------------------------------------------------------
    def new_game(self, setup: str, rng: random.Random, agents, first: int = 0) -> State:
        name, dice, rerolls, bases, path = next(s for s in self._setups if s[0] == setup)
        st = State()
        st.cells = [-1] * len(self.board.hexes)
        st.owner, st.face, st.cell, st.guard = [], [], [], []
        st.rng, st.turns, st.over, st.winner, st.end = rng, 0, False, DRAW, ""
        st.holes, st.kills, st.bases = {}, {}, bases
        st.rots = [self.board.rotation_towards_centre(b) for b in bases]
        st.first = st.to_move = first
        st.sides = []
        for seat, base in enumerate(bases):
            faces = [rng.randint(1, self.sides) for _ in range(dice)]
            for i in agents[seat].setup_rerolls(faces, rerolls, self, rng):
                faces[i] = rng.randint(1, self.sides)
            zone = [base] + [n for n in self.board.neighbours[base]]
            spots = [c for c in zone if st.cells[c] < 0]
            if len(faces) > len(spots):
                hole(st, "rule-hole", path, f"{dice} dice but only {len(spots)} hexes in a base and the hexes next "
                     "to it: no rule says where the rest deploy; they take the nearest empty hexes to the base",
                     lambda: f"{len(faces)} dice, deployment hexes {len(spots)}")
                more = sorted((c for c in range(len(st.cells)) if st.cells[c] < 0 and c not in spots),
                              key=lambda c: (self.board.dist(c, base), c))
                spots += more[:len(faces) - len(spots)]
            order = list(range(len(faces)))
            rng.shuffle(order)
            for i, c in zip(order, spots):
                self._add(st, seat, faces[i], c)
            st.sides.append(tuple(str(f) for f in sorted(faces)))
        return st

    def position(self, units, *, setup: str | None = None, to_move: int = 0, guarded=()) -> State:
        """A hand-set position (tests, examples): ``units`` as (seat, face, q, r) on the centred map,
        ``guarded`` the indexes of the units that hold a Guard token; no rule hole is recorded."""
        name = setup or self._setups[0][0]
        bases = next(s[3] for s in self._setups if s[0] == name)
        st = State()
        st.cells = [-1] * len(self.board.hexes)
        st.owner, st.face, st.cell, st.guard = [], [], [], []
        st.rng, st.turns, st.over, st.winner, st.end = random.Random(0), 0, False, DRAW, ""
        st.holes, st.kills, st.bases, st.sides = {}, {}, bases, []
        st.rots = [self.board.rotation_towards_centre(b) for b in bases]
        st.first = st.to_move = to_move
        for i, (seat, face, q, r) in enumerate(units):
            self._add(st, seat, face, self.board.index[Hex(q, r)])
            st.guard[-1] = i in guarded
        return st

    def _add(self, st, seat, face, cell) -> None:
        st.owner.append(seat)
        st.face.append(face)
        st.cell.append(cell)
        st.guard.append(False)
        st.cells[cell] = len(st.owner) - 1

    def copy(self, st: State) -> State:
        new = State()
        new.cells, new.owner, new.face, new.cell, new.guard = (list(st.cells), st.owner, list(st.face),
                                                              list(st.cell), list(st.guard))
        new.to_move, new.first, new.turns, new.over, new.winner, new.end = (st.to_move, st.first, st.turns, st.over,
                                                                            st.winner, st.end)
        new.rng, new.holes, new.kills, new.sides, new.bases, new.rots = (random.Random(st.turns), None, {}, st.sides,
                                                                        st.bases, st.rots)
        return new

    # -- the rules --------------------------------------------------------------------------------
    def legal(self, st: State) -> list[tuple]:
        """Every action of the seat to move: (kind, unit, target cell, steps taken)."""
        p = st.to_move
        out = []
        jump_noted = False
        cells, owner = st.cells, st.owner
        for u, c in enumerate(st.cell):
            if c < 0 or owner[u] != p:
                continue
            f = st.face[u]
            fr = self.faces[f]
            moves, attacks = self.board.moves[(st.rots[p], f)], self.board.attacks[(st.rots[p], f)]
            for t, path, steps, _ in moves[c]:
                occ = cells[t]
                if occ >= 0 and (owner[occ] == p or not fr.melee_by_moving):
                    continue
                blocked = False
                for pc in path:
                    o = cells[pc]
                    if o >= 0 and not (fr.jumps and owner[o] == p):
                        if fr.jumps and st.holes is not None and not jump_noted:
                            jump_noted = self._jump_hole(st, u, t)  # once a turn: it is one situation
                        blocked = True
                        break
                if blocked:
                    continue
                out.append((MOVE, u, t, steps))
            for t, off_axis in attacks[c]:
                occ = cells[t]
                if occ >= 0 and owner[occ] != p:
                    out.append((ATTACK, u, t, 0))
            out.append((REROLL, u, c, 0))
            if not st.guard[u]:
                out.append((GUARD, u, c, 0))
        return out

    def _jump_hole(self, st, u, t) -> bool:
        fr = self.faces[st.face[u]]
        face = self.data.faces[fr.index]
        if any(n.strip().lower() == "jumps over units" for n in face.notes) and "friendly" in face.text.lower():
            hole(st, "rule-hole", ("faces", fr.index, "notes"),
                 f"face {fr.value}'s note lets it jump any unit, its text only friendly ones, and an enemy stands "
                 "in its way: the text decides (it may not pass)", lambda: st.example(self))
            return True
        return False

    def armor(self, st: State, d: int, *, note: bool = False) -> int:
        """A unit's Armor now: its face, + Guard, + the aura of a friendly unit next to it (once)."""
        a = self.faces[st.face[d]].armor + (self.guard_bonus if st.guard[d] else 0)
        own = foe = 0
        for src, fv in self.board.aura_sources[st.cell[d]]:
            v = st.cells[src]
            if v >= 0 and st.face[v] == fv and v != d:
                if st.owner[v] == st.owner[d]:
                    own += 1
                else:
                    foe += 1
        if own:
            a += self.aura_bonus
        if note and own > 1:
            hole(st, "rule-hole", self.aura_path, f"a unit next to {own} auras: no rule says whether they add up; "
                 "it gets the bonus once", lambda: st.example(self))
        if note and foe:
            hole(st, "rule-hole", self.aura_path, "a unit next to an enemy's aura ('any unit adjacent'): no rule "
                 "says whether it helps the enemy; it helps its own side only", lambda: st.example(self))
        return a

    def outcome(self, st: State, u: int, d: int, steps: int, *, note: bool = False) -> int:
        """1: the attacker wins, 0: a trade, -1: the attack fails."""
        fr = self.faces[st.face[u]]
        if st.face[d] in fr.beats:
            return 1
        attack = fr.attack
        if steps and (steps >= fr.distance or steps > 2):
            if fr.momentum:
                attack += 1
            elif note:
                hole(st, "rule-hole", ("faces", fr.index, "notes"),
                     f"face {fr.value} moved {steps} hexes to attack: the Momentum rule gives any such unit +1 "
                     "Attack, the unit table's notes not this one; the notes decide (no bonus)",
                     lambda: st.example(self))
        armor = self.armor(st, d, note=note)
        return 1 if attack > armor else 0 if attack == armor else -1

    def apply(self, st: State, move: tuple) -> None:
        kind, u, t, steps = move
        p = st.to_move
        c = st.cell[u]
        if kind == REROLL:
            st.face[u] = st.rng.randint(1, self.sides)
        elif kind == GUARD:
            st.guard[u] = True
        else:
            d = st.cells[t]
            fr = self.faces[st.face[u]]
            if kind == MOVE:
                st.guard[u] = False
            if kind == MOVE and st.holes is not None:
                self._squeeze_hole(st, u, c, t)
            if d < 0:
                self._move(st, u, c, t)
            else:
                if kind == ATTACK and st.holes is not None:
                    self._attack_holes(st, u, c, t, d)
                res = self.outcome(st, u, d, steps if kind == MOVE else 0, note=True)
                if res >= 0:
                    key = str(st.face[u])
                    st.kills[key] = st.kills.get(key, 0) + 1
                    self._remove(st, d)
                    if res == 0:
                        if fr.stays and st.holes is not None:
                            hole(st, "rule-hole", self.ranged_path, "a ranged attack met Armor equal to its Attack: "
                                 "the Ranged Attack says the shooter stays put whatever the result, Combat says both "
                                 "are removed; Combat decides", lambda: st.example(self))
                        self._remove(st, u)
                    elif not fr.stays:
                        st.guard[u] = False
                        self._move(st, u, c, t)
        st.turns += 1
        self._check_end(st, p)
        st.to_move = 1 - p

    def _squeeze_hole(self, st, u, c, t) -> None:
        fr = self.faces[st.face[u]]
        for target, _, _, flanks in self.board.moves[(st.rots[st.to_move], st.face[u])][c]:
            if target == t and any(a >= 0 and b >= 0 and st.cells[a] >= 0 and st.cells[b] >= 0 for a, b in flanks):
                hole(st, "rule-hole", ("faces", fr.index, "moves"),
                     f"face {fr.value} stepped diagonally between two occupied hexes: no rule says whether that "
                     "passes through them; it may", lambda: st.example(self))

    def _attack_holes(self, st, u, c, t, d) -> None:
        fr = self.faces[st.face[u]]
        if fr.axis_text is None:
            return
        for target, off in self.board.attacks[(st.rots[st.to_move], st.face[u])][c]:
            if target == t and off:
                hole(st, "rule-hole", fr.axis_text, f"face {fr.value} attacks a unit off the six axes: its text "
                     "says along the axes, its diagram (attacks:) reaches it; the diagram decides",
                     lambda: st.example(self))

    def _move(self, st, u, c, t) -> None:
        st.cells[c] = -1
        st.cells[t] = u
        st.cell[u] = t

    def _remove(self, st, u) -> None:
        st.cells[st.cell[u]] = -1
        st.cell[u] = -1

    def _check_end(self, st: State, p: int) -> None:
        left = [0, 0]
        for u, c in enumerate(st.cell):
            if c >= 0:
                left[st.owner[u]] += 1
                if c == st.bases[1 - st.owner[u]]:
                    st.over, st.winner, st.end = True, st.owner[u], "capture"
        if st.over:
            hole(st, "rule-hole", self.winning_path, "a unit ended on the enemy base: the rules name capture as a "
                 "way to win but not how; the data's reading decides (that side wins)", lambda: st.example(self))
            return
        if not left[0] and not left[1]:
            st.over, st.winner, st.end = True, DRAW, "both destroyed"
            hole(st, "rule-hole", self.trade_path, "a trade removed both armies' last units: no rule says who wins; "
                 "a draw", lambda: st.example(self))
        elif not left[1 - p] or not left[p]:
            st.over, st.winner, st.end = True, p if left[p] else 1 - p, "annihilation"
        elif st.turns >= self.move_limit:
            st.over, st.winner, st.end = True, DRAW, "move limit"
            hole(st, "playtest-no-end", self.winning_path, f"no side won within {self.move_limit} activations: the "
                 "rules have no end for such a game; counted a draw", lambda: st.example(self))

    # -- for the agents ---------------------------------------------------------------------------
    def quick_score(self, st: State, move: tuple) -> float:
        """The mover's gain from one move: what it removes, loses or reaches, and how far it advances."""
        kind, u, t, steps = move
        if kind == REROLL:
            return 0.5 * (self.mean_value - self.faces[st.face[u]].value_score) - 0.2
        if kind == GUARD:
            return 0.05
        p = st.to_move
        enemy_base = st.bases[1 - p]
        d = st.cells[t]
        if d < 0:
            if t == enemy_base:
                return 1000.0
            to_base = self.to_base[enemy_base]
            return 0.05 * (to_base[st.cell[u]] - to_base[t])
        res = self.outcome(st, u, d, steps if kind == MOVE else 0)
        gain = self.faces[st.face[d]].value_score
        if res > 0:
            moves_in = not self.faces[st.face[u]].stays
            last = sum(1 for v, c in enumerate(st.cell) if c >= 0 and st.owner[v] != p) == 1
            return gain + (1000.0 if last or (moves_in and t == enemy_base) else 0.0)
        if res == 0:
            return gain - self.faces[st.face[u]].value_score
        return -0.5

    def evaluate(self, st: State, seat: int) -> float:
        if st.over:
            return 0.0 if st.winner == DRAW else (1e6 if st.winner == seat else -1e6)
        score = 0.0
        for u, c in enumerate(st.cell):
            if c >= 0:
                v = self.faces[st.face[u]].value_score - 0.02 * self.to_base[st.bases[1 - st.owner[u]]][c]
                score += v if st.owner[u] == seat else -v
        return score

    def setup_score(self, face: int) -> float:
        return self.faces[face].value_score

    def record(self, st: State) -> GameRecord:
        return GameRecord(winner=st.winner, first=st.first, turns=st.turns, end=st.end, sides=list(st.sides),
                          kills=dict(st.kills), holes=st.holes or {})


def _bonus(data, name: str) -> tuple[int, tuple]:
    """The +N of a rule named ``name`` (an action or token text 'Armor + N'); 1 when no text says."""
    for kind in ("actions", "tokens"):
        for i, a in enumerate(getattr(data, kind, [])):
            if a.name.lower() == name.lower() and a.text:
                m = _PLUS.search(a.text)
                if m:
                    return int(m.group(1)), (kind, i, "text")
    return 1, ("actions",)


def _named_path(data, kind: str, word: str, default: tuple) -> tuple:
    for i, a in enumerate(getattr(data, kind, [])):
        if word in a.name.lower():
            return (kind, i, "text")
    return default


def model_for(game, *, move_limit: int = 300) -> HexDiceModel:
    """The game model of a validated Hex Dice game (raises ModelError at the data path to blame)."""
    return HexDiceModel(game.data, game.rules, move_limit=move_limit)
