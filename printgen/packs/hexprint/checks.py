"""The HexPrint rules; every number compared against comes from game.yaml ``rules`` (or looks.yaml)."""

from __future__ import annotations

from typing import Iterable, Iterator

from ...draw.page import PageSpec, map_fits_page
from ...findings import Finding, did_you_mean, error, warning
from ...hexgrid import TextMapError, read_stack
from ...names import by_name, index_by_name, name_key
from ..base import CheckContext
from .dial import dial_for

PAPERS = ("a4", "letter")


def card_lines(unit) -> list[tuple[str, str, object]]:
    """(path key, label, line) for every damage line of a card, in print order: ACT, MOV, TAR, statics,
    abilities."""
    out = [("act", "ACT", unit.act), ("mov", "MOV", unit.mov), ("tar", "TAR", unit.tar)]
    out += [(("statics", i), s.name, s) for i, s in enumerate(unit.statics)]
    out += [(("abilities", i), a.name, a) for i, a in enumerate(unit.abilities)]
    return out


def _path(base: tuple, key) -> tuple:
    return base + (key if isinstance(key, tuple) else (key,))


def check_units(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    tags = {name_key(t): t for t in rules.tags}
    terrain = index_by_name(ctx.data.terrain)
    for ui, unit in enumerate(ctx.data.units):
        base = ("units", ui)
        if not 1 <= unit.act.value <= rules.action_cap:
            yield error("act-cap", f"{unit.type}: ACT {unit.act.value}, but a unit takes at most "
                        f"{rules.action_cap} actions (rules.action_cap) and at least 1", ctx.loc(base + ("act", "value")))
        lo, hi = rules.tar_range
        if not lo <= unit.tar.value <= hi:
            yield error("tar-range", f"{unit.type}: TAR {unit.tar.value}+ is outside {lo}+ to {hi}+",
                        ctx.loc(base + ("tar", "value")))
        yield from _check_slots(ctx, unit, base)
        for ti, tag in enumerate(unit.tags):
            if name_key(tag) not in tags:
                hint = did_you_mean(tag, rules.tags)
                yield error("unknown-tag", f"{unit.type}: tag '{tag}' is not in rules.tags"
                            + (f"; did you mean '{hint}'?" if hint else f" ({', '.join(rules.tags)})"),
                            ctx.loc(base + ("tags", ti)))
        for gi, g in enumerate(unit.grants):
            if name_key(g.terrain) not in terrain:
                hint = did_you_mean(g.terrain, [t.name for t in ctx.data.terrain])
                yield error("unknown-terrain", f"{unit.type} grants terrain '{g.terrain}', which is not defined under "
                            "terrain:" + (f"; did you mean '{hint}'?" if hint else ""),
                            ctx.loc(base + ("grants", gi, "terrain")))
        for ai, a in enumerate(unit.abilities):
            if a.reaction and a.reaction.trigger.split()[0].lower() not in ("when", "whenever", "each", "after",
                                                                            "before", "if"):
                yield warning("reaction-trigger", f"{unit.type}: the trigger of {a.name} should be a condition "
                              "('When ...', 'Each time ...')", ctx.loc(base + ("abilities", ai, "reaction", "trigger")))


def _check_slots(ctx: CheckContext, unit, base: tuple) -> Iterator[Finding]:
    """The d6 results of a card's damage lines cover 1..damage_die, each exactly once."""
    die = ctx.rules.damage_die
    owner: dict[int, str] = {}
    for key, label, line in card_lines(unit):
        lo, hi = line.slots
        where = ctx.loc(_path(base, key) + ("slots",))
        if lo < 1 or hi > die:
            yield error("slot-cover", f"{unit.type}: {label} is marked on {lo}-{hi}, but the damage die is a "
                        f"d{die} (1-{die})", where)
            continue
        for v in range(lo, hi + 1):
            if v in owner:
                yield error("slot-cover", f"{unit.type}: a roll of {v} marks both {owner[v]} and {label}; "
                            "each result must mark one line", where)
            else:
                owner[v] = label
    missing = [str(v) for v in range(1, die + 1) if v not in owner]
    if missing:
        yield error("slot-cover", f"{unit.type}: no line is marked on a roll of {', '.join(missing)}; the slots "
                    f"must cover 1-{die}", ctx.loc(base + ("type",)))


def check_terrain(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    known = [rules.land_tag, rules.water_tag]
    for ti, t in enumerate(ctx.data.terrain):
        for gi, tag in enumerate(t.tags):
            if name_key(tag) not in {name_key(k) for k in known}:
                hint = did_you_mean(tag, known)
                yield error("unknown-tag", f"terrain '{t.name}': tag '{tag}' is neither {' nor '.join(known)}"
                            + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(("terrain", ti, "tags", gi)))
        if not t.tags:
            yield error("unknown-tag", f"terrain '{t.name}' needs a tag: {' or '.join(known)}",
                        ctx.loc(("terrain", ti, "tags")))


def is_water(t, rules) -> bool:
    return any(name_key(g) == name_key(rules.water_tag) for g in t.tags)


def is_tile(t, rules) -> bool:
    """A land tile: one of a hex's levels, something else may stand on it."""
    return t.height >= 1 and t.card is None and not is_water(t, rules)


def check_heights(ctx: CheckContext) -> Iterator[Finding]:
    """A hex's level counts the land tiles in its stack (the built-in map levels). Water has no height:
    it lies on the top tile and takes its level, so it needs a tile (level 1 or more) and nothing can
    stand on it; nor can anything stand on a piece such as a bunker."""
    terrain = index_by_name(ctx.data.terrain)
    for mi, m in enumerate(ctx.data.maps):
        base = ("maps", mi)
        for ch, entry in m.legend.items():
            t = terrain.get(name_key(entry.terrain))
            if t is not None and is_water(t, ctx.rules) and "level" in entry.model_fields_set and entry.level < 1:
                yield error("water-level", f"map '{m.name}': '{ch}' puts {t.name} at level {entry.level}; water "
                            "takes the height of the tile under it, so it needs a tile: level 1 or more",
                            ctx.loc(base + ("legend", ch, "level")))
        if not m.layers:
            continue
        try:
            stack = read_stack(m.layout, m.layers, m.orientation or ctx.data.game.hex.orientation, m.empty, m.notation)
        except TextMapError:
            continue  # the map check reports it
        for lv in range(2, stack.top_level + 1):
            here, below = stack.tiles[lv - 1], stack.tiles[lv - 2]
            for h in sorted(here, key=lambda h: (here[h].line, here[h].col)):
                under = below.get(h)
                entry = m.legend.get(under.char) if under else None
                t = terrain.get(name_key(entry.terrain)) if entry else None
                if t is None or is_tile(t, ctx.rules):
                    continue
                water = is_water(t, ctx.rules)
                cell = here[h]
                yield error("water-level" if water else "stacked-on",
                            f"map '{m.name}': the hex at level {lv} stands on {t.name}; "
                            + ("water has no height of its own and carries nothing" if water
                               else "a piece with a rules card stands on the top of its hex and carries nothing"),
                            ctx.text_loc(base + ("layers", lv - 2), cell.line, cell.col))


def check_missions(ctx: CheckContext) -> Iterator[Finding]:
    for si, ms in enumerate(ctx.data.missions):
        base = ("missions", si)
        m = by_name(ctx.data.maps, ms.map)
        if m is None:
            hint = did_you_mean(ms.map, [x.name for x in ctx.data.maps])
            yield error("unknown-map", f"mission '{ms.name}' names map '{ms.map}', which is not defined under maps:"
                        + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(base + ("map",)))
            continue
        zones = [z.name for z in m.zones]
        if ms.symmetric and ms.defender:
            yield error("first-placement", f"mission '{ms.name}' is symmetric (players roll off to place first) "
                        "but also names a defender; keep one", ctx.loc(base + ("defender",)))
        elif not ms.symmetric and not ms.defender:
            yield error("first-placement", f"mission '{ms.name}': say who places first: a defender (one of "
                        f"{', '.join(zones)}) or symmetric: true", ctx.loc(base + ("name",)))
        elif ms.defender and name_key(ms.defender) not in {name_key(z) for z in zones}:
            yield error("unknown-zone", f"mission '{ms.name}': defender '{ms.defender}' is not a zone of map "
                        f"'{m.name}' ({', '.join(zones)})", ctx.loc(base + ("defender",)))


def check_looks(ctx: CheckContext) -> Iterator[Finding]:
    looks = ctx.data.looks
    if looks is None:
        drawn = [k for k in ("units", "terrain", "missions") if getattr(ctx.data, k)]
        if drawn and "looks" not in ctx.source.data:  # (a looks: block with mistakes is reported as such)
            yield error("missing-looks", "HexPrint printables need a looks: block (colours and sizes of the cards, "
                        "the Hex Timer, markers and tracks)", ctx.loc((drawn[0],), key=True))
        return
    rules = ctx.rules
    if len(looks.timer.segment_colours) != rules.segments:
        yield error("timer-colours", f"the Hex Timer has {rules.segments} segments but "
                    f"{len(looks.timer.segment_colours)} segment colours", ctx.loc(("looks", "timer", "segment_colours")))
    dial = dial_for(looks, rules)
    if dial.capacity() < rules.max_units:
        yield error("timer-size", f"a {dial.diameter:g} mm Hex Timer holds {dial.capacity()} initiative markers of "
                    f"{dial.marker:g} mm in a segment, but rules.max_units is {rules.max_units}; make it larger",
                    ctx.loc(("looks", "timer", "diameter")))
    margin = ctx.data.game.print.margin
    for paper in PAPERS:
        if not map_fits_page(dial.diameter, dial.diameter + 30, PageSpec.for_paper(paper, margin)):
            yield error("timer-size", f"a {dial.diameter:g} mm Hex Timer does not fit on one {paper.upper()} page "
                        "with its title", ctx.loc(("looks", "timer", "diameter")))
            break
    if dial.hub >= dial.diameter / 3:
        yield error("timer-size", "the Timer's hub takes a third of its diameter or more",
                    ctx.loc(("looks", "timer", "hub")))


def rules_texts(data) -> Iterable[tuple[tuple, str]]:
    for ui, u in enumerate(data.units):
        for si, s in enumerate(u.statics):
            yield ("units", ui, "statics", si, "text"), s.text
        for ai, a in enumerate(u.abilities):
            yield ("units", ui, "abilities", ai, "text"), a.text
            if a.reaction:
                yield ("units", ui, "abilities", ai, "reaction", "trigger"), a.reaction.trigger
    for ti, t in enumerate(data.terrain):
        if t.card:
            for part in ("cover", "activation"):
                if getattr(t.card, part):
                    yield ("terrain", ti, "card", part), getattr(t.card, part)
    for si, ms in enumerate(data.missions):
        for part in ("placement", "deployment", "victory", "new_round"):
            for i, text in enumerate(getattr(ms, part)):
                yield ("missions", si, part, i), text


def vocabulary(data, rules) -> Iterable[str]:
    return (["ACT", "MOV", "TAR", "Timer", "Hex", "Round", "Segment", "Turn"] + list(rules.tags)
            + [t.name for t in data.terrain] + [u.type for u in data.units] + [t.name for t in data.tokens])


CHECKS = (check_units, check_terrain, check_heights, check_missions, check_looks)
