"""The Heroes of Hex rules: every number a check compares against comes from game.yaml ``rules``."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ...findings import Finding, did_you_mean, error, warning
from ...model.notation import format_range
from ...names import index_by_name, name_key
from ..base import CheckContext

_ATTACK = re.compile(r"(?<![\w-])([A-Z][a-z]+)\s+(?:(?:Special|Physical)\s+)?(?:Area\s+)?Attack\b")
_NOT_TYPES = {"Special", "Physical", "Area", "Make", "Light", "Normal", "Heavy"}


def _in(rng: tuple[int, int], v: int) -> bool:
    return rng[0] <= v <= rng[1]


def check_classes(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    for ci, cls in enumerate(ctx.data.classes):
        base = ("classes", ci)
        if len(cls.actions) != rules.actions_per_class:
            yield error("action-count", f"class '{cls.name}' has {len(cls.actions)} actions; the game sets "
                        f"{rules.actions_per_class} (rules.actions_per_class)", ctx.loc(base + ("actions",)))
        if not _in(rules.vitality_range, cls.stats.vit):
            yield warning("vitality-range", f"class '{cls.name}' has VIT {cls.stats.vit}, outside the game's "
                          f"vitality range {format_range(rules.vitality_range)}", ctx.loc(base + ("stats", "vit")))
        yield from _attributes(ctx, base, cls.name, "class", cls.stats)
        if cls.movement.resource not in rules.resources:
            yield error("unknown-resource", f"movement of '{cls.name}' is paid in '{cls.movement.resource}', which "
                        f"is not a resource of this game ({', '.join(rules.resources)})", ctx.loc(base + ("movement",)))
        for ai, action in enumerate(cls.actions):
            path = base + ("actions", ai)
            for amount, res in action.cost.options:
                if res not in rules.resources:
                    hint = did_you_mean(res, rules.resources)
                    yield error("unknown-resource", f"action '{action.name}' costs {amount} {res}, but '{res}' is "
                                f"not a resource of this game ({', '.join(rules.resources)})"
                                + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(path + ("cost",)))
            is_reaction = re.search(rf"(?<![\w-]){re.escape(rules.reaction_keyword)}\b", action.effect)
            if is_reaction and rules.reaction_resources:
                odd = [r for r in action.cost.resources() if r not in rules.reaction_resources]
                if odd:
                    yield warning("reaction-cost", f"'{action.name}' is a {rules.reaction_keyword} but can be paid "
                                  f"in {', '.join(odd)}; the game says reactions are paid in "
                                  f"{', '.join(rules.reaction_resources)}", ctx.loc(path + ("cost",)))


def _attributes(ctx: CheckContext, base: tuple, name: str, what: str, stats) -> Iterator[Finding]:
    rng = ctx.rules.attribute_range
    for key, value in stats.attributes().items():
        if not _in(rng, value):
            yield warning("attribute-range", f"{what} '{name}' has {key.upper().replace('_', ' ')} {value}, outside "
                          f"the game's attribute range {format_range(rng)}", ctx.loc(base + ("stats", key)))


def check_enemies(ctx: CheckContext) -> Iterator[Finding]:
    for ei, enemy in enumerate(ctx.data.enemies):
        base = ("enemies", ei)
        if not _in(ctx.rules.enemy_vitality_range, enemy.stats.vit):
            yield warning("vitality-range", f"enemy '{enemy.name}' has VIT {enemy.stats.vit}, outside the game's "
                          f"enemy vitality range {format_range(ctx.rules.enemy_vitality_range)}", ctx.loc(base + ("stats", "vit")))
        yield from _attributes(ctx, base, enemy.name, "enemy", enemy.stats)


def check_attack_types(ctx: CheckContext) -> Iterator[Finding]:
    for ti, at in enumerate(ctx.data.attack_types):
        base = ("attack_types", ti)
        lo, hi = at.wound
        if lo != 1:
            yield error("attack-thresholds", f"attack type '{at.name}' wounds from {lo}, but any Combat Result above 0 "
                        "hits: the wound range must start at 1", ctx.loc(base + ("wound",)))
        if hi + 1 != at.death:
            yield error("attack-thresholds", f"attack type '{at.name}': wound range {lo}-{hi} and death {at.death}+ "
                        f"{'overlap' if hi >= at.death else 'leave a gap'}; death must start at {hi + 1}+",
                        ctx.loc(base + ("death",)))
    names = {a.name for a in ctx.data.attack_types}
    if not names:
        return
    for ci, cls in enumerate(ctx.data.classes):
        for ai, action in enumerate(cls.actions):
            for m in _ATTACK.finditer(action.effect):
                word = m.group(1)
                if word in names or word in _NOT_TYPES:
                    continue
                hint = did_you_mean(word, names)
                if hint:
                    yield warning("unknown-attack-type", f"'{m.group(0)}' in '{action.name}': no attack type "
                                  f"'{word}'; did you mean '{hint}'?", ctx.loc(("classes", ci, "actions", ai, "effect")))


def check_scenarios(ctx: CheckContext) -> Iterator[Finding]:
    enemies = index_by_name(ctx.data.enemies)
    enemy_names = [e.name for e in ctx.data.enemies]
    maps = set(index_by_name(ctx.data.maps))
    die = ctx.rules.activation_die
    for si, sc in enumerate(ctx.data.scenarios):
        base = ("scenarios", si)
        listed = set()
        for ei, ec in enumerate(sc.enemies):
            listed.add(name_key(ec.enemy))
            if name_key(ec.enemy) not in enemies:
                hint = did_you_mean(ec.enemy, enemy_names)
                yield error("unknown-enemy", f"scenario '{sc.name}' brings '{ec.enemy}', which is not defined under "
                            "enemies:" + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(base + ("enemies", ei, "enemy")))
        cover: dict[int, int] = {}
        for ri, row in enumerate(sc.activation):
            rpath = base + ("activation", ri)
            lo, hi = row.roll
            for face in range(lo, hi + 1):
                if not 1 <= face <= die:
                    yield error("activation-table", f"scenario '{sc.name}': roll {face} cannot come up on a d{die} "
                                "(rules.activation_die)", ctx.loc(rpath + ("roll",)))
                elif face in cover:
                    yield error("activation-table", f"scenario '{sc.name}': roll {face} appears twice in the "
                                f"activation table (rows {cover[face] + 1} and {ri + 1})", ctx.loc(rpath + ("roll",)))
                else:
                    cover[face] = ri
            for ni, name in enumerate(row.enemies):
                path = rpath + ("enemies", ni)
                if name_key(name) not in enemies:
                    hint = did_you_mean(name, enemy_names)
                    yield error("unknown-enemy", f"activation row {format_range(row.roll)} names '{name}', which is not "
                                "defined under enemies:" + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(path))
                elif name_key(name) not in listed:
                    yield error("unknown-enemy", f"activation row {format_range(row.roll)} names '{name}', but scenario "
                                f"'{sc.name}' does not bring it (add it to the scenario's enemies:)", ctx.loc(path))
        missing = [f for f in range(1, die + 1) if f not in cover]
        if missing:
            yield error("activation-table", f"scenario '{sc.name}': the activation table does not cover "
                        f"roll{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))} of 1-{die}",
                        ctx.loc(base + ("activation",)))
        if sc.map and name_key(sc.map) not in maps:
            hint = did_you_mean(sc.map, [m.name for m in ctx.data.maps])
            yield error("unknown-map", f"scenario '{sc.name}' is played on map '{sc.map}', which is not defined under "
                        "maps:" + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(base + ("map",)))


def rules_texts(data) -> Iterator[tuple[tuple, str]]:
    for ci, cls in enumerate(data.classes):
        for ai, action in enumerate(cls.actions):
            yield ("classes", ci, "actions", ai, "effect"), action.effect
    for si, sc in enumerate(data.scenarios):
        base = ("scenarios", si)
        for key in ("rules", "coop_rules", "preparation"):
            for i, text in enumerate(getattr(sc, key)):
                yield base + (key, i), text
        for i, row in enumerate(sc.activation):
            yield base + ("activation", i, "text"), row.text
        for i, act in enumerate(sc.actions):
            yield base + ("actions", i, "text"), act.text
        for i, obj in enumerate(sc.objectives):
            yield base + ("objectives", i, "text"), obj.text


def vocabulary(data, rules) -> Iterable[str]:
    words = ["ATK", "DEF", "SP", "VIT", "Attack", "Defense", "Vitality", "Move", "Movement", "Roll", "Step"]
    words += list(rules.resources)
    for kind in ("classes", "enemies", "attack_types", "tokens"):
        words += [item.name for item in getattr(data, kind)]
    for sc in data.scenarios:
        words += [a.name for a in sc.actions]
    return words


CHECKS = (check_classes, check_enemies, check_attack_types, check_scenarios)
