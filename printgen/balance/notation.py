"""A custom game's combat model, declared in game.yaml::

    combat:
      kind: units                 # the content kind whose items fight (default: units)
      mode: pool                  # pool: successes less defence successes; opposed: highest less highest
      attack: "{attack}d6 hit 4+ reroll 1"
      defence: "{armour}d6 hit 5+"
      health: "{life}"            # wounds that destroy it (a number or a field)
      attacks: 1                  # attacks a turn (a number or a field)
      cost: cost                  # the field holding its cost (optional: no value per point without it)
      wound: 1                    # opposed: the margin that wounds ...
      kill: 3                     # ... and the margin that destroys outright (optional)

A roll is ``COUNT d SIDES`` then, in any order: ``hit T+`` or ``hit 1,2,3`` (count successes; else the
highest die is kept), ``reroll F[,F]`` (those faces once), ``explode [F+]`` (a die showing F or more adds
a die; default the top face), ``+M`` / ``-M`` (added to the highest die). COUNT, SIDES, T and M are
numbers or ``{field}`` (the unit's own value). Every mistake is a located finding, never a traceback.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..findings import Finding, error
from .dice import Roll, RollError, check_roll
from .model import Attack, CombatModel, Fighter

_VALUE = r"(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})"
_HEAD = re.compile(rf"^\s*{_VALUE}\s*d\s*{_VALUE}")
_PARTS = [
    ("hit", re.compile(rf"^\s*hit\s+{_VALUE}\s*\+")),
    ("faces", re.compile(r"^\s*hit\s+(\d+(?:\s*,\s*\d+)*)")),
    ("reroll", re.compile(r"^\s*reroll\s+(\d+(?:\s*,\s*\d+)*)")),
    ("explode", re.compile(rf"^\s*explode(?:\s+{_VALUE}\s*\+)?")),
    ("mod", re.compile(rf"^\s*([+-])\s*{_VALUE}")),
]
KEYS = {"kind", "mode", "attack", "defence", "health", "attacks", "cost", "wound", "kill"}


class NotationError(ValueError):
    pass


def parse_roll(text: str, item) -> Roll:
    """A roll written in the notation, its {fields} read from ``item``; NotationError says what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"a roll is written like '3d6 hit 4+', got {text!r}")
    m = _HEAD.match(text)
    if not m:
        raise NotationError(f"cannot read roll '{text[:60]}': start it with COUNT d SIDES, as in '3d6 hit 4+'")
    rest = text[m.end():]
    kw = {"count": _value(m.group(1), item), "sides": _value(m.group(2), item)}
    while rest.strip():
        for name, pat in _PARTS:
            p = pat.match(rest)
            if p:
                break
        else:
            raise NotationError(f"cannot read '{rest.strip()[:40]}' in roll '{text[:60]}': after COUNT d SIDES "
                                "write hit T+, hit F,F, reroll F, explode [F+] or +M")
        if name == "hit":
            kw["target"] = _value(p.group(1), item)
        elif name == "faces":
            kw["hits"] = tuple(int(x) for x in p.group(1).split(","))
        elif name == "reroll":
            kw["reroll"] = tuple(int(x) for x in p.group(1).split(","))
        elif name == "explode":
            kw["explode"] = _value(p.group(1), item) if p.group(1) else kw["sides"]
        else:
            kw["modifier"] = (1 if p.group(1) == "+" else -1) * _value(p.group(2), item)
        rest = rest[p.end():]
    roll = Roll(**kw)
    try:
        check_roll(roll)
    except RollError as exc:
        # a count, side or target read from the unit is the unit's mistake: say so, to locate it there
        hit = re.search(rf"hit\s+{_VALUE}\s*\+", text)
        fields = {"pool": m.group(1), "sides": m.group(2), "target": hit.group(1) if hit else ""}
        source = next((tok for word, tok in fields.items() if word in str(exc) and tok.startswith("{")), None)
        whose = f" (field '{source[1:-1]}' of '{getattr(item, 'name', '?')}')" if source else ""
        raise NotationError(f"roll '{text[:60]}': {exc}{whose}") from None
    return roll


def _value(token: str, item) -> int:
    if token.isdigit():
        return int(token)
    name = token[1:-1]
    value = getattr(item, name, None) if item is not None else 0
    if isinstance(value, tuple) and len(value) == 2 and value[0] == value[1]:
        value = value[0]
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"field '{name}' of '{getattr(item, 'name', '?')}' is {value!r}, "
                            "not a whole number a roll can use")
    return value


def custom(game) -> tuple[CombatModel | None, list[Finding]]:
    spec = game.data.game.combat
    loc = game.source.loc

    def at(*path):
        return loc(("game", "combat") + path)

    if not isinstance(spec, dict):
        return None, [error("combat-notation", "combat: is a mapping of attack, defence, health, ...", at())]
    unknown = sorted(set(spec) - KEYS)
    if unknown:
        return None, [error("combat-notation", f"combat: has no key '{unknown[0]}'; its keys are "
                            + ", ".join(sorted(KEYS)), loc(("game", "combat", unknown[0]), key=True))]
    mode = spec.get("mode", "pool")
    if mode not in ("pool", "opposed"):
        return None, [error("combat-notation", f"combat mode '{mode}' is not pool or opposed", at("mode"))]
    kind = spec.get("kind", "units")
    items = getattr(game.data, kind, None)
    if not isinstance(items, list):
        return None, [error("combat-notation", f"combat: kind '{kind}' is not a kind of this game", at("kind"))]
    if "attack" not in spec or "health" not in spec:
        return None, [error("combat-notation", "combat: needs at least attack: and health:", at())]
    fighters, found = [], []
    for i, item in enumerate(items):
        try:
            fighters.append(_fighter(spec, mode, item, game, kind, i))
        except NotationError as exc:
            field = re.search(r"field '(\w+)'", str(exc))
            where = loc((kind, i, field.group(1))) if field else at(_key_of(str(exc), spec))
            code = "limit-dice-pool" if "past the limit" in str(exc) else "combat-notation"
            found.append(error(code, str(exc), where))
            if not field:
                break  # the notation itself is wrong: once is enough
    summary = ("Successes less defence successes are wounds." if mode == "pool" else
               "Opposed: highest die less highest die; the margin wounds or destroys.")
    return CombatModel("custom", tuple(fighters), summary, ("as declared in game.yaml combat:",)), found


def _key_of(message: str, spec: dict) -> str:
    for key in ("attack", "defence", "health", "attacks", "wound", "kill"):
        if isinstance(spec.get(key), str) and f"'{spec[key][:60]}'" in message:
            return key
    return "attack"


def _number(spec, key, item, default):
    raw = spec.get(key, default)
    if isinstance(raw, bool):
        raise NotationError(f"combat {key}: is a number or a {{field}}, got {raw!r}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and re.fullmatch(r"\s*\{\w+\}\s*|\s*\d+\s*", raw):
        return _value(raw.strip(), item)
    raise NotationError(f"combat {key}: '{str(raw)[:60]}' is not a number or a {{field}}")


def _fighter(spec, mode, item, game, kind, i) -> Fighter:
    attack_roll = parse_roll(spec["attack"], item)
    defence = parse_roll(spec["defence"], item) if spec.get("defence") else None
    health, attacks = _number(spec, "health", item, 1), _number(spec, "attacks", item, 1)
    from ..limits import limit
    if not 1 <= health <= limit("combat-health"):
        raise NotationError(f"health {health} is outside 1-{int(limit('combat-health'))}; "
                            f"field '{str(spec['health']).strip('{} ')}' must say how many wounds destroy it")
    if not 0 <= attacks <= 20:
        raise NotationError(f"attacks {attacks} a turn is outside 0-20")
    if mode == "opposed":
        kill = spec.get("kill")
        attack = Attack("attack", "opposed", attack_roll, wound_from=_number(spec, "wound", item, 1),
                        kill_from=None if kill is None else _number(spec, "kill", item, 0))
    else:
        attack = Attack("attack", "pool", attack_roll)
    cost_field = spec.get("cost")
    cost = getattr(item, cost_field, None) if cost_field else None
    name = getattr(item, "name", f"{kind} {i + 1}")
    return Fighter(name=name, loc=game.source.loc((kind, i, "name")), health=health, attacks=(attack,),
                   defences=(("defence", defence),), turns=((Fraction(1), (0,) * attacks),),
                   cost=float(cost) if isinstance(cost, (int, float)) and not isinstance(cost, bool) else None,
                   cost_loc=game.source.loc((kind, i, cost_field)) if cost_field else None)
