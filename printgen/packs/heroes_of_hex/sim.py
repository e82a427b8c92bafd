"""Heroes of Hex solo scenarios as a game a program can play (printgen playtest): the enemies act by
their scenario's activation table as written (printgen.packs.heroes_of_hex.sim_rows reads it), the
heroes by an agent, one step at a time (activate a hero, move, act, end its turn).

From the data: the classes' stats, movement profiles and plain attack and heal actions, the attack
types' wound and death margins, the enemies' stats and Move, the scenario's map, zones, objectives,
team size and rules' numbers (the Treasure Keeper's move, the Cocoons), the Poison limit. What it
leaves out is said in ``notes`` (printed with the report)."""

from __future__ import annotations

import random
import re
from collections import deque

from ...hexgrid import add, distance, parse_textmap
from ...hexgrid.coords import direction
from ...playtest.model import DRAW, GameRecord, ModelError, hole
from .sim_enemies import enemy_turn, quick_score
from .sim_rows import read_hero_action, read_rows

NOTES = ("Line of Sight, Reactions, Knockback, Negate Fate and HEX-only riders are not played; a hero class "
         "acts with its plain attacks and heals", "enemies pick among equal targets by the Dark Rule: the most "
         "wounded hero, then the lowest Defense")


class Unit:
    __slots__ = ("name", "side", "atk", "sp_atk", "df", "sp_df", "vit", "move", "cell", "wounds", "poison", "alive",
                 "done", "actions", "step", "steps_max", "keeper", "cost")

    def __init__(self, name, side, stats, move, cell):
        self.name, self.side, self.cell, self.move = name, side, cell, move
        self.atk, self.sp_atk, self.df, self.sp_df, self.vit = stats
        self.wounds = self.poison = 0
        self.alive, self.done, self.keeper = True, False, False
        self.actions, self.step, self.steps_max, self.cost = [], move, 0, 0


class State:
    def clone(self) -> "State":
        new = State()
        new.__dict__.update(self.__dict__)
        new.units = []
        for u in self.units:
            c = Unit.__new__(Unit)
            for k in Unit.__slots__:
                setattr(c, k, getattr(u, k))
            new.units.append(c)
        new.used, new.holes, new.kills, new.rng = dict(self.used), None, {}, random.Random(self.turns)
        return new

    def example(self) -> str:
        return f"hero turn {self.turns + 1}: " + " ".join(
            f"{u.name}@{u.cell.q},{u.cell.r}w{u.wounds}" for u in self.units if u.alive)


class ScenarioModel:
    """The solo scenarios of a validated Heroes of Hex game (raises ModelError at a data path)."""

    players = 1
    notes = NOTES

    def __init__(self, data, rules, *, move_limit: int = 300) -> None:
        self.name, self.data, self.rules, self.move_limit = data.game.name, data, rules, move_limit
        self.types = {t.name.lower(): t for t in data.attack_types}
        self.poison_limit = next((int(m.group(1)) for t in data.tokens if t.name.lower() == "poison"
                                  for m in [re.search(r"(\d+) Poison tokens? is defeated", t.text or "")] if m), 3)
        self.classes = []
        for ci, c in enumerate(data.classes):
            acts = [a for ai, x in enumerate(c.actions) if (a := read_hero_action(x, ci, ai)) is not None]
            for a, ai in zip(acts, [ai for ai, x in enumerate(c.actions) if read_hero_action(x, ci, ai)]):
                a["path"] = ("classes", ci, "actions", ai, "effect")
            self.classes.append((c, acts))
        self.scenarios = {}
        for si, s in enumerate(data.scenarios):
            if s.map is None:
                continue
            self.scenarios[s.name] = self._scenario(si, s)
        if not self.scenarios:
            raise ModelError("no scenario with a map to play", ("scenarios",))

    def _scenario(self, si, s) -> dict:
        base = ("scenarios", si)
        m = next((m for m in self.data.maps if m.name == s.map), None)
        if m is None:
            raise ModelError(f"map '{s.map}' is not defined", base + ("map",))
        tm = parse_textmap(m.layout, m.orientation or self.data.game.hex.orientation, notation=m.notation)
        blocked = {t.name for t in self.data.terrain if t.blocked}
        cells, zones, objects = set(), {}, {}
        for h, cell in tm.cells.items():
            entry = m.legend.get(cell.char)
            if entry is None or entry.terrain in blocked:
                continue
            cells.add(h)
            if entry.zone:
                zones.setdefault(entry.zone, []).append(h)
            if entry.objective:
                objects.setdefault(entry.objective, []).append(h)
        enemies = {e.name: e for e in self.data.enemies}
        starts = []
        for ei, ec in enumerate(s.enemies):
            e = enemies.get(ec.enemy)
            if e is None:
                raise ModelError(f"enemy '{ec.enemy}' is not defined", base + ("enemies", ei))
            zone = _zone_for(e.name, m.zones, zones)
            if zone is None:
                raise ModelError(f"no zone of map '{m.name}' says where '{e.name}' starts", base + ("enemies", ei))
            starts.append((e, ec.count, zone, base + ("enemies", ei)))
        team = next((int(x.group(1)) for p in s.preparation for x in [re.search(r"team of (\d+) Heroes", p)] if x),
                    self.rules.team_size)
        text = " ".join(s.rules)
        keeper = re.search(r"Treasure Keeper moves only (\d+) spaces?", text)
        cocoon = re.search(r"Cocoon is an object with DEF (\d+), SP DEF (\d+) and a Vitality of (\d+).*?Wounds exceed "
                           r"(\d+)", text)
        if objects.get("Cocoon") and not cocoon:
            raise ModelError("the map has Cocoons, but no scenario rule gives their DEF, SP DEF, Vitality and when "
                             "they are freed", base + ("rules",))
        win = next(((oi, o) for oi, o in enumerate(s.objectives) if not o.fail), None)
        if win is None:
            raise ModelError("no objective to win by", base + ("objectives",))
        goal = re.search(r"Defeat (?:every|all(?: the)?) (\w+)|Defeat the (.+?)\.", win[1].text)
        if not goal:
            raise ModelError(f"the simulator cannot read the objective '{win[1].text}'", base + ("objectives", win[0]))
        return {"index": si, "scenario": s, "cells": cells, "zones": zones, "objects": objects, "starts": starts,
                "rows": read_rows(s, si), "team": team, "keeper": int(keeper.group(1)) if keeper else None,
                "cocoon": tuple(int(x) for x in cocoon.groups()) if cocoon else None,
                "cocoon_rule": next((base + ("rules", i) for i, r in enumerate(s.rules) if "Cocoon" in r), base),
                "goal": (goal.group(1) or goal.group(2)).rstrip("s"), "fails": [o.text for o in s.objectives if o.fail],
                "enemies_first": s.first_turn == "enemies"}

    def setups(self) -> list[str]:
        return list(self.scenarios)

    # -- a new game -------------------------------------------------------------------------------
    def new_game(self, setup, rng, agents, first: int = 0) -> State:
        sc = self.scenarios[setup]
        st = State()
        st.sc, st.rng, st.units, st.turns, st.over, st.winner, st.end = sc, rng, [], 0, False, DRAW, ""
        st.holes, st.kills, st.to_move, st.first, st.hex = {}, {}, 0, 0, self.rules.starting_hex
        st.active, st.ap, st.used, st.moved, st.acted, st.lost, st.freed = -1, 0, {}, 0, False, 0, 0
        picks = rng.sample(range(len(self.classes)), min(sc["team"], len(self.classes)))
        spots = sorted(sc["zones"].get("Initial Position", []), key=lambda h: (h.r, h.q))
        if len(spots) < len(picks):
            raise ModelError(f"{len(picks)} heroes but {len(spots)} Initial Positions", ("scenarios", sc["index"]))
        rng.shuffle(spots)
        for ci, h in zip(picks, spots):
            c, acts = self.classes[ci]
            s = c.stats
            u = Unit(c.name, 0, (s.atk, s.sp_atk, s.def_, s.sp_def, s.vit), c.movement.distance, h)
            u.actions, u.steps_max, u.cost = acts, c.movement.max, c.movement.cost
            st.units.append(u)
        heroes = st.units[:]
        if sc["keeper"] is not None:
            keeper = max(heroes, key=lambda u: (u.df + u.vit, -heroes.index(u)))  # the toughest carries it
            keeper.keeper, keeper.move = True, sc["keeper"]
        for e, count, zone, path in sc["starts"]:
            free = [h for h in sorted(sc["zones"][zone], key=lambda h: (h.r, h.q)) if self.unit_at(st, h) is None]
            if len(free) != count:
                hole(st, "rule-hole", path, f"{count} {e.name} start on the {len(sc['zones'][zone])} '{zone}' hexes: "
                     "no rule says which they take; they take free ones drawn at random", st.example)
            for h in rng.sample(free, min(count, len(free))):
                st.units.append(self._enemy(e, h))
        if sc["cocoon"]:
            d, sd, vit, _ = sc["cocoon"]
            for h in sc["objects"].get("Cocoon", []):
                st.units.append(Unit("Cocoon", 2, (0, 0, d, sd, vit), 0, h))
        st.sides = [tuple(sorted(u.name for u in heroes)), tuple(sorted(e.name for e, *_ in sc["starts"]))]
        if sc["enemies_first"]:
            self.enemy_turn(st)
        st.ap = rng.randint(1, self.rules.fate_die)
        return st

    def _enemy(self, e, h) -> Unit:
        s = e.stats
        return Unit(e.name, 1, (s.atk, s.sp_atk, s.def_, s.sp_def, s.vit), e.move, h)

    def unit_at(self, st, h):
        return next((u for u in st.units if u.alive and u.cell == h), None)

    def copy(self, st):
        return st.clone()

    # -- the heroes' steps ------------------------------------------------------------------------
    def legal(self, st) -> list[tuple]:
        heroes = [i for i, u in enumerate(st.units) if u.side == 0 and u.alive and not u.done]
        if not heroes and st.active < 0:  # the last heroes to act fell: a new cycle begins
            for u in st.units:
                u.done = False
            heroes = [i for i, u in enumerate(st.units) if u.side == 0 and u.alive]
        if st.active >= 0:
            heroes = [st.active]
        out = []
        for i in heroes:
            u = st.units[i]
            if st.moved < u.steps_max and st.ap >= u.cost:
                out += [("move", i, h) for h in self.reach(st, u.cell, u.move)]
            for ai, a in enumerate(u.actions):
                if st.used.get((i, ai), 0) >= a["uses"] or (a["first"] if "first" in a else False) and \
                        (st.moved or st.acted):
                    continue
                if not ((a["ap"] is not None and st.ap >= a["ap"]) or (a["hex"] is not None and st.hex >= a["hex"])):
                    continue
                if a["heal"]:
                    out += [("act", i, ai, j) for j, v in enumerate(st.units) if v.side == 0 and v.alive and
                            (v.wounds or v.poison) and distance(v.cell, u.cell) <= a["reach"]]
                elif a["attack"].every_adjacent:
                    if any(v.side != 0 and v.alive and distance(v.cell, u.cell) == 1 for v in st.units):
                        out.append(("act", i, ai, -1))
                else:
                    out += [("act", i, ai, j) for j, v in enumerate(st.units) if v.side != 0 and v.alive and
                            distance(v.cell, u.cell) <= a["reach"] and (v.wounds or not a.get("wounded"))]
            out.append(("end", i))
        return out

    def reach(self, st, start, most: int) -> list:
        """Free hexes a unit reaches in at most ``most`` steps, none through a unit (breadth first)."""
        taken = {u.cell for u in st.units if u.alive}
        seen, todo = {start: 0}, deque([start])
        while todo:
            h = todo.popleft()
            if seen[h] == most:
                continue
            for k in range(6):
                n = add(h, direction(k))
                if n in st.sc["cells"] and n not in seen and n not in taken:
                    seen[n] = seen[h] + 1
                    todo.append(n)
        return sorted((h for h in seen if h != start), key=lambda h: (h.r, h.q))

    def apply(self, st, move) -> None:
        kind, i = move[0], move[1]
        u = st.units[i]
        st.active = i
        if kind == "move":
            st.ap -= u.cost
            st.moved += 1
            u.cell = move[2]
        elif kind == "act":
            a = u.actions[move[2]]
            st.used[(i, move[2])] = st.used.get((i, move[2]), 0) + 1
            if a["ap"] is not None and st.ap >= a["ap"]:
                st.ap -= a["ap"]
            else:
                st.hex -= a["hex"]
            st.acted = True
            if a["heal"]:
                v = st.units[move[3]]
                v.wounds, v.poison = max(0, v.wounds - a["heal"]), max(0, v.poison - a["heal"])
            else:
                targets = ([v for v in st.units if v.side != 0 and v.alive and distance(v.cell, u.cell) == 1]
                           if move[3] < 0 else [st.units[move[3]]])
                for v in targets:
                    self.attack(st, u, v, a["attack"], a["path"], death=a.get("death", False),
                                bonus=u.wounds if a.get("per_wound") else 0)
        else:
            u.done = True
            st.turns += 1
            st.hex += self.rules.hex_per_turn
            st.active, st.used, st.moved, st.acted = -1, {}, 0, False
            if all(v.done for v in st.units if v.side == 0 and v.alive):
                for v in st.units:
                    v.done = False
            self.check_end(st)
            if not st.over:
                self.enemy_turn(st)
            st.ap = st.rng.randint(1, self.rules.fate_die)
        self.check_end(st)

    # -- combat -----------------------------------------------------------------------------------
    def attack(self, st, a: Unit, d: Unit, spec, path, *, death=False, bonus=0) -> None:
        pool = a.sp_atk if spec.special else a.atk
        guard = d.sp_df if spec.special else d.df
        margin = (max((st.rng.randint(1, 6) for _ in range(pool)), default=0)
                  - max((st.rng.randint(1, 6) for _ in range(guard)), default=0) + bonus)
        if pool == 0 or margin <= 0:
            return
        if spec.poison:
            d.poison += spec.poison
            if d.poison >= self.poison_limit:
                self.defeat(st, a, d)
            return
        kind = spec.kind
        if kind is None:
            hole(st, "rule-hole", path, "an attack of no type (Light, Normal or Heavy) hit: no rule gives its "
                 "margins; it is played as a Normal Attack", st.example)
            kind = "Normal"
        t = self.types.get(kind.lower())
        if death or (t is not None and margin >= t.death):
            self.defeat(st, a, d)
            return
        d.wounds += 1
        if d.side == 2:
            freed_at = st.sc["cocoon"][3]
            if d.wounds > d.vit and d.wounds <= freed_at:
                hole(st, "rule-hole", st.sc["cocoon_rule"], f"a Cocoon's Wounds exceed its Vitality {d.vit} but not "
                     f"{freed_at}: the rule gives both; it is freed only past {freed_at}", st.example)
            if d.wounds > freed_at:
                d.alive = False
                st.freed += 1
        elif d.wounds > d.vit:
            self.defeat(st, a, d)

    def defeat(self, st, a, d) -> None:
        d.alive = False
        if d.side == 2:
            st.freed += 1
        elif a.side == 0:
            st.kills[a.name] = st.kills.get(a.name, 0) + 1

    def check_end(self, st) -> None:
        if st.over:
            return
        sc = st.sc
        heroes = [u for u in st.units if u.side == 0 and u.alive]
        goal = [u for u in st.units if u.side == 1 and u.alive and sc["goal"].lower() in u.name.lower()]
        if not goal:
            st.over, st.winner, st.end = True, 0, "objective"
        elif not heroes:
            st.over, st.winner, st.end = True, 1, "heroes defeated"
        elif any(u.keeper and not u.alive for u in st.units):
            st.over, st.winner, st.end = True, 1, "keeper defeated"
        elif sc["cocoon"] and sc["objects"].get("Cocoon") and st.lost == len(sc["objects"]["Cocoon"]):
            st.over, st.winner, st.end = True, 1, "villagers lost"
        elif st.turns >= self.move_limit:
            st.over, st.winner, st.end = True, DRAW, "move limit"
            hole(st, "playtest-no-end", ("scenarios", sc["index"], "objectives"), f"no side won within "
                 f"{self.move_limit} hero turns: the scenario has no turn limit; counted a draw", st.example)

    def enemy_turn(self, st) -> None:
        enemy_turn(self, st)

    # -- for the agents ---------------------------------------------------------------------------
    def quick_score(self, st, move) -> float:
        return quick_score(self, st, move)

    def evaluate(self, st, seat: int) -> float:
        if st.over:
            return 0.0 if st.winner == DRAW else (1e6 if st.winner == seat else -1e6)
        mine = sum(10 - 3 * (u.wounds + u.poison) for u in st.units if u.side == 0 and u.alive)
        theirs = sum(10 - 3 * u.wounds for u in st.units if u.side == 1 and u.alive)
        return mine - theirs - 2 * st.lost + 2 * st.freed

    def record(self, st) -> GameRecord:
        return GameRecord(winner=st.winner, first=0, turns=st.turns, end=st.end, sides=list(st.sides),
                          kills=dict(st.kills), holes=st.holes or {})


def _zone_for(name: str, zones, cells) -> str | None:
    """The map zone an enemy starts in: the one whose name or text names it, else one sharing a word."""
    for z in zones:
        if z.name in cells and (name.lower() in z.name.lower() or name.lower() in (z.text or "").lower()):
            return z.name
    words = [w for w in re.findall(r"[A-Za-z']{4,}", name)]
    for z in zones:
        if z.name in cells and any(w.lower() in (z.name + " " + (z.text or "")).lower() for w in words):
            return z.name
    return None


def model_for(game, *, move_limit: int = 300) -> ScenarioModel:
    return ScenarioModel(game.data, game.rules, move_limit=move_limit)
