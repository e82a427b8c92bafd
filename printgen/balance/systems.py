"""Each bundled system's combat rules as a CombatModel, read from the game's own data (dice faces,
stats, attack types, costs). A custom game declares its model in game.yaml (printgen.balance.notation).

What a model leaves out (terrain, powers, positioning) is said in its ``assumptions``, and printed in
the report, so a number is never read as more than it is."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from ..findings import Finding
from .dice import Roll, distribution, mean
from .model import Attack, CombatModel, Fighter


def _loc(game, *path):
    return game.source.loc(tuple(path)) if game.source is not None else None


def heroscape(game) -> tuple[CombatModel, list[Finding]]:
    data, rules = game.data, game.rules
    die = next((d for d in data.dice if getattr(d, "faces", None) and "skull" in d.faces), None)
    faces = list(die.faces) if die else ["skull"] * 3 + ["shield"] * 2 + ["blank"]
    skulls = tuple(i + 1 for i, f in enumerate(faces) if f == "skull")
    shields = tuple(i + 1 for i, f in enumerate(faces) if f == "shield")
    sides = len(faces)
    bands = sorted(getattr(rules, "height_advantage", None) or [], key=lambda band: band.from_)
    high = bands[0].dice if bands else 0  # the first band's extra dice: one level above
    fighters = []
    for i, u in enumerate(data.units):
        attack = Attack(name="attack", mode="pool", roll=Roll(u.attack, sides, hits=skulls), high_ground=high)
        fighters.append(Fighter(
            name=u.name, loc=_loc(game, "units", i, "name"), health=u.life, figures=u.figures,
            attacks=(attack,), defences=(("defence", Roll(u.defense, sides, hits=shields)),),
            turns=((Fraction(1), (0,) * u.figures),),  # every figure of the card attacks on its turn
            cost=float(u.points), cost_loc=_loc(game, "units", i, "points")))
    return CombatModel(
        system="heroscape-style", fighters=tuple(fighters),
        summary=f"Attack dice count skulls ({len(skulls)}/{sides}), defence dice count shields "
                f"({len(shields)}/{sides}); each skull not blocked is a wound. A turn: every figure of the "
                f"card attacks once.",
        assumptions=("level ground (the high-ground columns add {} attack die)".format(high),
                     "powers, glyphs, range and terrain are not counted")), []


_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_ROLL = re.compile(r"\bRoll (\d+|one|two|three|four|five|six) dic?e?\b(?P<each> for each model of self)?",
                   re.I)
_DEALS = re.compile(r"(?:Each|A) success deals (\d+) damage", re.I)
_EACH_MODEL = re.compile(r"Each model of self\b[^.]*? rolls (\d+) dic?e?", re.I)
_TAKES = re.compile(r"\btakes? (\d+) damage", re.I)  # damage with no roll (an area, a ram)


def _hexprint_attack(ab, u) -> Attack | None:
    """An ability as an attack: "Roll N dice ... Each success deals D damage", "Each model of self ...
    rolls N die", or damage with no roll ("takes 1 damage", not when it only follows an "If")."""
    if ab.reaction is not None:
        return None  # a reaction waits for the enemy's move: no part of a turn
    roll, each, deals, takes = (_ROLL.search(ab.text), _EACH_MODEL.search(ab.text), _DEALS.search(ab.text),
                                _TAKES.search(ab.text))
    if deals and (roll or each):
        dice = (u.size.models * int(each.group(1)) if each else
                u.size.models if roll.group("each") else _NUMBER.get(roll.group(1).lower()) or int(roll.group(1)))
        return Attack(name=ab.name, mode="pool", roll=Roll(dice, 6, target=u.tar.value),
                      per_success=int(deals.group(1)))
    if takes and not re.search(r"\bIf\b", ab.text[:takes.start()]):
        return Attack(name=ab.name, mode="pool", roll=Roll(1, 6, target=1), per_success=int(takes.group(1)))
    return None


def hexprint(game) -> tuple[CombatModel, list[Finding]]:
    data, rules = game.data, game.rules
    cap = getattr(rules, "action_cap", 5) or 5
    fighters = []
    for i, u in enumerate(data.units):
        lines = [u.act, u.mov, u.tar, *u.statics, *u.abilities]
        attacks, uses = [], []
        for ab in u.abilities:
            attack = _hexprint_attack(ab, u)
            if attack is None:
                continue
            attacks.append(attack)
            uses.append(ab.uses.count if ab.uses is not None else None)
        actions = min(u.act.value, cap)
        # a turn spends every action on the attack that deals most (as often as its uses allow), then the next
        order = sorted(range(len(attacks)), key=lambda k: -float(mean(distribution(attacks[k].roll)))
                       * attacks[k].per_success)
        plan: list[int] = []
        for k in order:
            plan += [k] * min(actions - len(plan), uses[k] if uses[k] is not None else actions)
        fighters.append(Fighter(
            name=u.type, loc=_loc(game, "units", i, "type"), health=sum(line.boxes for line in lines),
            attacks=tuple(attacks), defences=(("defence", None),), turns=((Fraction(1), tuple(plan)),)))
    return CombatModel(
        system="hexprint", fighters=tuple(fighters),
        summary="An attack ability rolls its dice against the attacker's TAR; each success deals its damage, "
                "and a unit is destroyed when every damage box of its card is marked. A turn: the unit's "
                f"ACT actions (at most {cap}), each the best attack it has left.",
        assumptions=("in the open: no cover rolls", "undamaged TAR throughout", "units have no points cost, "
                     "so value per point is not computed")), []


_ATTACK = re.compile(r"\bMake an? (Light|Normal|Heavy)( Special)? Attack", re.I)
_MULTI = re.compile(r"Multi-Use (\d+)", re.I)


def heroes_of_hex(game) -> tuple[CombatModel, list[Finding]]:
    data = game.data
    types = {t.name.lower(): t for t in data.attack_types}

    def opposed(name, kind, special):
        t = types[kind.lower()]
        return Attack(name=name, mode="opposed", roll=None, defence="sp_def" if special else "def",
                      wound_from=t.wound[0], kill_from=t.death), special

    def defences(stats):
        return (("def", Roll(stats.def_, 6)), ("sp_def", Roll(stats.sp_def, 6)))

    fighters = []
    for i, c in enumerate(data.classes):
        attacks, costs, uses = [], [], []
        for action in c.actions:
            m = _ATTACK.search(action.effect)
            ap = [n for n, r in action.cost.options if r.upper() == "AP"]
            if not m or not ap or m.group(1).lower() not in types:
                continue  # paid only in HEX, or no attack: a turn's Fate AP cannot buy it
            attack, special = opposed(action.name, m.group(1), bool(m.group(2)))
            dice = c.stats.sp_atk if special else c.stats.atk
            attacks.append(_with_roll(attack, dice))
            costs.append(ap[0])
            multi = _MULTI.search(action.effect)
            uses.append(int(multi.group(1)) if multi else 1)
        fighters.append(Fighter(name=c.name, loc=_loc(game, "classes", i, "name"), health=c.stats.vit + 1,
                                attacks=tuple(attacks), defences=defences(c.stats),
                                turns=_fate_turns(attacks, costs, uses)))
    for i, e in enumerate(data.enemies):
        special = e.stats.atk == 0 and e.stats.sp_atk > 0
        attack, _ = opposed("Light Attack", "light", special)
        fighters.append(Fighter(name=e.name, loc=_loc(game, "enemies", i, "name"), health=e.stats.vit + 1,
                                attacks=(_with_roll(attack, e.stats.sp_atk if special else e.stats.atk),),
                                defences=defences(e.stats)))
    return CombatModel(
        system="heroes-of-hex", fighters=tuple(fighters),
        summary="Opposed rolls: each side keeps its highest die; the margin wounds or kills by the attack "
                "type's thresholds, and a unit falls when its Wounds exceed its Vitality. A hero's turn: a "
                "Fate d6 of AP, spent on its attack actions (best first, each once unless Multi-Use).",
        assumptions=("no Negate Fate, HEX actions or conditional bonuses", "an enemy makes one Light Attack a "
                     "turn (a Special one when it has no ATK)", "no points cost, so value per point is "
                     "not computed")), []


def _with_roll(attack: Attack, dice: int) -> Attack:
    return replace(attack, roll=Roll(dice, 6))


def _fate_turns(attacks, costs, uses):
    """Per Fate roll (1-6 AP, 1/6 each): the attacks bought, most damaging per AP first."""
    if not attacks:
        return ((Fraction(1), ()),)
    strength = [(-(a.roll.count + (4 - (a.kill_from or 4))) / max(c, 1), k)
                for k, (a, c) in enumerate(zip(attacks, costs))]
    turns = []
    for ap in range(1, 7):
        plan, budget = [], ap
        for _, k in sorted(strength):
            for _ in range(uses[k]):
                if costs[k] <= budget:
                    plan.append(k)
                    budget -= costs[k]
        turns.append((Fraction(1, 6), tuple(plan)))
    return tuple(turns)


def hex_dice(game) -> tuple[CombatModel, list[Finding]]:
    faces = game.data.faces
    fighters = []
    for i, f in enumerate(faces):
        beats = frozenset(g.name for g in faces if any(
            re.search(rf"Ignores Dice {g.value} Armou?r", n, re.I) for n in f.notes))
        fighters.append(Fighter(
            name=f.name, loc=_loc(game, "faces", i, "value"), health=1,
            attacks=(Attack(name="attack", mode="fixed", value=f.attack, beats=beats),),
            defences=(("defence", f.armor),)))
    return CombatModel(
        system="hex-dice", fighters=tuple(fighters),
        summary="Deterministic: Attack above Armor destroys the defender, equal destroys both (a trade), "
                "below fails. One attack a turn.",
        assumptions=("no Momentum (+1 Attack) and no Guard", "face values are no points cost, so value per point "
                     "is not computed")), []


SYSTEMS = {"heroscape-style": heroscape, "hexprint": hexprint, "heroes-of-hex": heroes_of_hex,
           "hex-dice": hex_dice}
