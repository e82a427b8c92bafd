"""The High Ground rules on army cards, armies, scenarios and glyphs; every number compared against
comes from game.yaml ``rules`` or the data itself. Battlefields and tile sets: checks_maps.py."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ...findings import Finding, did_you_mean, error, warning
from ...names import by_name, index_by_name, name_key
from ..base import CheckContext

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
NUMBERS = ("range", "attack", "value")


def _unknown(kind: str, name: str, choices: list[str], where: str) -> str:
    hint = did_you_mean(name, choices)
    return f"{kind} '{name}' is not defined under {where}:" + (f"; did you mean '{hint}'?" if hint else "")


def check_powers(ctx: CheckContext) -> Iterator[Finding]:
    for pi, p in enumerate(ctx.data.powers):
        named = set(PLACEHOLDER.findall(p.text))
        for n in sorted(named - set(NUMBERS)):
            yield error("power-text", f"power '{p.name}': {{{n}}} is not a number a card can give "
                        f"(use {', '.join('{' + k + '}' for k in NUMBERS)})", ctx.loc(("powers", pi, "text")))
        for n in NUMBERS:
            if getattr(p, n) and n not in named:
                yield warning("power-text", f"power '{p.name}' takes a {n} but its text never shows {{{n}}}",
                              ctx.loc(("powers", pi, n)))
            if n in named and not getattr(p, n):
                yield error("power-text", f"power '{p.name}': its text shows {{{n}}}; add '{n}: true' so cards "
                            "must give it", ctx.loc(("powers", pi, "text")))
        if p.kind == "special attack" and not (p.range and p.attack):
            yield error("power-text", f"special attack '{p.name}' needs 'range: true' and 'attack: true': a card "
                        "gives its range and dice", ctx.loc(("powers", pi, "kind")))


def check_units(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    powers = index_by_name(ctx.data.powers)
    seen: dict[tuple[str, str], int] = {}
    for ui, u in enumerate(ctx.data.units):
        base = ("units", ui)
        key = (name_key(u.name), name_key(u.title or ""))
        if key in seen:
            yield error("duplicate-card", f"army card '{u.name}'{' (' + u.title + ')' if u.title else ''} is "
                        "defined twice; give one a different title", ctx.loc(base + ("name",)))
        seen[key] = ui
        if u.type == "squad" and u.life != 1:
            yield error("squad-life", f"'{u.name}' is a squad: every squad figure has life 1, not {u.life}",
                        ctx.loc(base + ("life",)))
        if u.type == "hero" and u.figures != 1:
            yield warning("hero-figures", f"'{u.name}' is a hero with {u.figures} figures; heroes are usually one "
                          "figure (a squad has several)", ctx.loc(base + ("figures",)))
        if u.hexes == 2 and u.size not in rules.two_hex_sizes:
            yield warning("figure-size", f"'{u.name}' stands on 2 hexes but is {u.size}; two-hex figures are "
                          f"{' or '.join(rules.two_hex_sizes)}", ctx.loc(base + ("size",)))
        for pi, use in enumerate(u.powers):
            where = base + ("powers", pi)
            p = powers.get(name_key(use.power))
            if p is None:
                yield error("unknown-power", f"'{u.name}': " + _unknown("power", use.power,
                            [x.name for x in ctx.data.powers], "powers"), ctx.loc(where + ("power",)))
                continue
            for n in NUMBERS:
                if getattr(p, n) and getattr(use, n) is None:
                    yield error("power-number", f"'{u.name}': power '{p.name}' needs its {n}: write "
                                f"{{power: {p.name}, {n}: N}}", ctx.loc(where))
                elif not getattr(p, n) and getattr(use, n) is not None:
                    yield warning("power-number", f"'{u.name}': power '{p.name}' takes no {n}; the {n} given is "
                                  "never shown", ctx.loc(where + (n,)))


def army_cost(army, units) -> int:
    """Points an army spends: each card's points times its copies (unknown cards cost nothing)."""
    idx = index_by_name(units)
    return sum(idx[name_key(c.card)].points * c.copies for c in army.cards if name_key(c.card) in idx)


def check_armies(ctx: CheckContext) -> Iterator[Finding]:
    units = ctx.data.units
    by = {}
    for u in units:  # versions of a card share its name: the first decides what the army holds
        by.setdefault(name_key(u.name), u)
    players = {name_key(p.name) for p in ctx.rules.players}
    for ai, army in enumerate(ctx.data.armies):
        base = ("armies", ai)
        if name_key(army.player) not in players:
            yield error("unknown-player", _unknown("player colour", army.player, [p.name for p in ctx.rules.players],
                                                   "rules.players"), ctx.loc(base + ("player",)))
        held: dict[str, int] = {}
        for ci, c in enumerate(army.cards):
            u = by.get(name_key(c.card))
            if u is None:
                yield error("unknown-card", _unknown("army card", c.card, [x.name for x in units], "units"),
                            ctx.loc(base + ("cards", ci, "card")))
                continue
            held[name_key(u.name)] = held.get(name_key(u.name), 0) + c.copies
            if u.rarity == "unique" and held[name_key(u.name)] > 1:
                yield error("unique-card", f"army '{army.name}' holds {held[name_key(u.name)]} copies of '{u.name}', "
                            "a unique card: an army may hold only one (every version of a card counts as "
                            "that card)", ctx.loc(base + ("cards", ci)))


def check_scenarios(ctx: CheckContext) -> Iterator[Finding]:
    armies = index_by_name(ctx.data.armies)
    for si, s in enumerate(ctx.data.scenarios):
        base = ("scenarios", si)
        bf = by_name(ctx.data.maps, s.map)
        if bf is None:
            yield error("unknown-map", _unknown("map", s.map, [b.name for b in ctx.data.maps], "maps"),
                        ctx.loc(base + ("map",)))
        elif len(s.armies) > len(bf.zones):
            yield error("start-zones", f"scenario '{s.name}' has {len(s.armies)} armies but battlefield '{bf.name}' "
                        f"has {len(bf.zones)} start zones", ctx.loc(base + ("armies",)))
        for ai, name in enumerate(s.armies):
            army = armies.get(name_key(name))
            if army is None:
                yield error("unknown-army", _unknown("army", name, [a.name for a in ctx.data.armies], "armies"),
                            ctx.loc(base + ("armies", ai)))
                continue
            cost = army_cost(army, ctx.data.units)
            if cost > s.points:
                yield error("army-points", f"army '{army.name}' costs {cost} points; scenario '{s.name}' allows "
                            f"{s.points}: drop {cost - s.points} points of cards",
                            ctx.loc(("armies", ctx.data.armies.index(army), "cards")))


def check_glyphs_and_dice(ctx: CheckContext) -> Iterator[Finding]:
    seen: dict[str, str] = {}
    for gi, g in enumerate(ctx.data.glyphs):
        if g.symbol in seen:
            yield error("glyph-symbol", f"glyphs '{seen[g.symbol]}' and '{g.name}' share the symbol '{g.symbol}'",
                        ctx.loc(("glyphs", gi, "symbol")))
        seen[g.symbol] = g.name
    for di, d in enumerate(ctx.data.dice):
        if d.sides == 6 and len(d.faces) != 6:
            yield error("die-faces", f"'{d.name}' is a d6 and needs 6 faces, not {len(d.faces)}",
                        ctx.loc(("dice", di, "faces")))
        if d.sides == 20 and d.faces:
            yield warning("die-faces", f"'{d.name}' is a d20: it is numbered 1-20 and its faces are not used",
                          ctx.loc(("dice", di, "faces")))
    if ctx.data.units and not any(d.sides == 6 and "skull" in d.faces and "shield" in d.faces for d in ctx.data.dice):
        # with no dice: at all, the place is the units: list that needs them (dice: belongs beside it)
        yield warning("die-faces", "no combat die with skull and shield faces is defined under dice:"
                      + ("" if ctx.data.dice else "; add a dice: list (a d6 with skull and shield faces)"),
                      ctx.loc(("dice",)) if ctx.data.dice else ctx.loc(("units",), key=True))


def rules_texts(data) -> Iterable[tuple[tuple, str]]:
    for kind in ("powers", "glyphs", "terrain"):
        for i, item in enumerate(getattr(data, kind)):
            if item.text:
                yield (kind, i, "text"), item.text
    for i, s in enumerate(data.scenarios):
        yield ("scenarios", i, "victory"), s.victory
        yield ("scenarios", i, "setup"), s.setup


def vocabulary(data, rules) -> Iterable[str]:
    return [t.name for t in data.terrain] + [g.name for g in data.glyphs] + [p.name for p in data.powers]
