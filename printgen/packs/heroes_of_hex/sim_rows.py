"""Heroes of Hex texts read as steps the simulator carries out: a scenario's activation rows (who acts,
how it moves, how it attacks), its own actions (Feast, Venomous Bite), its rules' numbers, and the hero
actions that are plain attacks or heals. A text the simulator cannot carry out is a ModelError at its
data path, so a scenario that cannot be played says where, and nothing is guessed silently."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...playtest.model import ModelError

_ATTACK = re.compile(r"\b(?:(Light|Normal|Heavy) )?(Special )?Attack\b", re.I)
_RANGE = re.compile(r"\bRange (\d+)", re.I)
_MULTI = re.compile(r"\bMulti-Use (\d+)", re.I)
_HEAL = re.compile(r"\bRemove (\d+) Wounds? from (?:one|an?) (?:adjacent )?ally", re.I)


@dataclass
class AttackSpec:
    kind: str | None  # Light, Normal, Heavy; None: the text names no type
    special: bool
    reach: int  # 1: melee
    poison: int = 0  # on a hit the target gains this many Poison instead of a Wound or Death
    every_adjacent: bool = False


@dataclass
class Step:
    what: str  # engage, distance, towards-keeper, attack, feast, spawn, own-rows
    n: int = 0
    keep: int = 0
    attack: AttackSpec | None = None
    target: str = "nearest"  # nearest, keeper
    path: tuple = ()


@dataclass
class Row:
    lo: int
    hi: int
    enemies: list[str]
    who: str  # closest, farthest, every, keeper, one
    steps: list[Step] = field(default_factory=list)
    path: tuple = ()


def read_attack(text: str, path: tuple, actions: dict) -> AttackSpec | None:
    """The attack a text makes ("a Light Attack, Range 3", "a Venomous Bite"), or None."""
    for name, (atext, apath) in actions.items():
        if re.search(rf"\b{re.escape(name)}\b", text, re.I) and name.lower() not in ("light attack",):
            return read_attack(atext, apath, {})
    m = _ATTACK.search(text)
    if not m:
        return None
    reach = int(_RANGE.search(text).group(1)) if _RANGE.search(text) else 1
    poison = re.search(r"gains? (\d+) Poison instead", text, re.I)
    return AttackSpec(kind=m.group(1).title() if m.group(1) else None, special=bool(m.group(2)), reach=reach,
                      poison=int(poison.group(1)) if poison else 0,
                      every_adjacent=bool(re.search(r"every adjacent|all adjacent", text, re.I)))


def read_steps(text: str, path: tuple, actions: dict, names: tuple = ()) -> list[Step]:
    """A row's (or an action's) text as steps, in order; "every <enemy>:" hands the steps after it to
    every enemy of that name."""
    steps = []
    for i, part in enumerate(re.split(r",? then |; |\. (?=[A-Z])", text.strip().rstrip("."))):
        low = part.lower()
        for name in names:
            if i and re.search(rf"\bevery {re.escape(name)}\b", part, re.I):
                steps.append(Step("every", target=name, path=path))
        if m := re.search(r"\bengage (\d+)", part, re.I):
            steps.append(Step("engage", n=int(m.group(1)), path=path))
        if m := re.search(r"\bdistance (\d+) \(keep (\d+) away\)", part, re.I):
            steps.append(Step("distance", n=int(m.group(1)), keep=int(m.group(2)), path=path))
        if "feast" in low:
            text2, p2 = actions.get("feast", ("", path))
            m = re.search(r"move up to (\d+) towards the nearest cocoon", text2, re.I)
            if not m:
                raise ModelError("the Feast action's text says no 'move up to N towards the nearest Cocoon'", p2)
            steps.append(Step("feast", n=int(m.group(1)), path=p2))
            continue
        if m := re.search(r"spawns? (.+?) in adjacent spaces until (\d+)", part, re.I):
            steps.append(Step("spawn", n=int(m.group(2)), path=path))
            continue
        if "acts as in its rows above" in low:
            steps.append(Step("own-rows", path=path))
            continue
        if re.search(r"moves? up to its move towards the treasure keeper", low):
            steps.append(Step("towards-keeper", path=path))
        if re.search(r"attacks? it if it can", low):
            steps.append(Step("attack", target="keeper", attack=None, path=path))
            continue
        attack = read_attack(part, path, actions)
        if attack is not None:
            steps.append(Step("attack", attack=attack, path=path))
    if not steps:
        raise ModelError(f"the simulator cannot carry out '{text.strip()[:60]}': no Engage, Distance, attack or "
                         "scenario action in it", path)
    return steps


def read_rows(scenario, si: int) -> list[Row]:
    actions = {a.name.lower(): (a.text, ("scenarios", si, "actions", ai, "text"))
               for ai, a in enumerate(scenario.actions)}
    rows = []
    for ri, row in enumerate(scenario.activation):
        path = ("scenarios", si, "activation", ri, "text")
        low = row.text.lower()
        who = ("every" if low.startswith("every") else "closest" if "closest to a hero" in low else
               "farthest" if "farthest from" in low else "keeper" if "nearest the treasure keeper" in low else "one")
        names = tuple(e.enemy for e in scenario.enemies)
        rows.append(Row(row.roll[0], row.roll[1], list(row.enemies), who, read_steps(row.text, path, actions, names),
                        path))
    return rows


def read_hero_action(action, ci: int, ai: int) -> dict | None:
    """A class action the simulator plays (a plain attack or heal), or None for the others."""
    text = action.effect
    if re.search(r"\bReaction\b|cannot move|\bPull\b|Defense -|extra Movement|\bArea\b|\bswap\b|Instead of "
                 r"dealing|\+1 die", text, re.I):
        return None  # what the model does not play (listed in the report's notes)
    ap = next((n for n, r in action.cost.options if r.upper() == "AP"), None)
    hexes = next((n for n, r in action.cost.options if r.upper() == "HEX"), None)
    uses = int(_MULTI.search(text).group(1)) if _MULTI.search(text) else 1
    heal = _HEAL.search(text)
    if heal:
        reach = int(_RANGE.search(text).group(1)) if _RANGE.search(text) else 1
        return {"name": action.name, "ap": ap, "hex": hexes, "uses": uses, "heal": int(heal.group(1)),
                "reach": reach, "attack": None}
    if re.search(r"(?:^|\. )(?:Choose an enemy[^.]*?and )?[Mm]ake an? ", text):
        attack = read_attack(text, ("classes", ci, "actions", ai, "effect"), {})
        if attack is not None:
            return {"name": action.name, "ap": ap, "hex": hexes, "uses": uses, "heal": 0, "reach": attack.reach,
                    "attack": attack, "first": bool(re.search(r"must be the first action", text, re.I)),
                    "wounded": bool(re.search(r"Wounded enemy|at least 1 Wound", text, re.I)),
                    "death": bool(re.search(r"if it hits, the (?:target|enemy) suffers Death", text, re.I)),
                    "per_wound": bool(re.search(r"\+1 to the Combat Result for each Wound", text, re.I))}
    return None
