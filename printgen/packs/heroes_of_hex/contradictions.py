"""Where the Heroes of Hex rules say two things: checks that read the data the way a rules editor
reads the seed. Each is a warning (the data encodes the rules as written)."""

from __future__ import annotations

import re
from typing import Iterator

from ...findings import Finding, warning
from ...names import index_by_name, name_key
from ..base import CheckContext
from ...check.terms import _offset_loc as _at

_MAKE = re.compile(r"\bMake an? (\w+) (?:(?:Special|Physical) )?(?:Area )?Attack\b")
_VITALITY_OF = re.compile(r"\bVitality of (\d+)")
_WOUNDS_EXCEED = re.compile(r"\bWounds exceed (\d+)")


def check_attack_costs(ctx: CheckContext) -> Iterator[Finding]:
    """The Compendium prices each attack type in AP (Light 1, Normal 2, Heavy 3); an action that makes an
    attack of a type and can be paid in AP should cost that much."""
    types = {a.name: a for a in ctx.data.attack_types if a.cost is not None}
    for ci, cls in enumerate(ctx.data.classes):
        for ai, action in enumerate(cls.actions):
            m = _MAKE.search(action.effect)
            if not m or m.group(1) not in types:
                continue
            at = types[m.group(1)]
            want = set(at.cost.options)
            paid = {o for o in action.cost.options if o[1] in {res for _, res in want}}
            if paid and not paid & want:
                yield warning("attack-cost", f"'{action.name}' ({cls.name}) makes a {at.name} attack for "
                              f"{action.cost.text}, but the {at.name} attack type costs {at.cost.text}",
                              ctx.loc(("classes", ci, "actions", ai, "cost")))


def check_movement_keywords(ctx: CheckContext) -> Iterator[Finding]:
    """An activation row that moves an enemy 'Engage X' (or another movement keyword) further than the
    enemy's Move."""
    moving = [k.name for k in ctx.data.keywords if k.group == "movement" and k.param]
    if not moving:
        return
    pattern = re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, moving))}) (\d+)")
    enemies = index_by_name(ctx.data.enemies)
    for si, sc in enumerate(ctx.data.scenarios):
        for ri, row in enumerate(sc.activation):
            path = ("scenarios", si, "activation", ri, "text")
            for m in pattern.finditer(row.text):
                x = int(m.group(2))
                for name in row.enemies:
                    e = enemies.get(name_key(name))
                    if e is not None and x > e.move:
                        yield warning("keyword-move", f"'{m.group(0)}' moves {e.name} {x} spaces, but its Move is "
                                      f"{e.move}", _at(ctx, path, row.text, m.start()))


def check_vitality_thresholds(ctx: CheckContext) -> Iterator[Finding]:
    """A rule that gives something 'a Vitality of N' yet removes it when 'its Wounds exceed M' with M != N:
    by the Compendium a unit is defeated when its Wounds exceed its Vitality."""
    for si, sc in enumerate(ctx.data.scenarios):
        for key in ("rules", "coop_rules", "preparation"):
            for i, text in enumerate(getattr(sc, key)):
                v, w = _VITALITY_OF.search(text), _WOUNDS_EXCEED.search(text)
                if v and w and v.group(1) != w.group(1):
                    yield warning("vitality-threshold", f"'{v.group(0)}' but removed when '{w.group(0)}': a unit "
                                  f"is defeated when its Wounds exceed its Vitality ({v.group(1)})",
                                  _at(ctx, ("scenarios", si, key, i), text, w.start()))


CHECKS = (check_attack_costs, check_movement_keywords, check_vitality_thresholds)
