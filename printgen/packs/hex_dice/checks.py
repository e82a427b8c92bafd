"""The Hex Dice rules; every number compared against comes from game.yaml ``rules``."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ...findings import Finding, error, warning
from ...hexgrid import Hex, TextMapError, distance, hexagon, parse_textmap
from ...hexgrid.coords import neighbours
from ...limits import limit
from ...check.limits import over_limit
from ...names import by_name, index_by_name, name_key
from ..base import CheckContext
from .patterns import PatternError, face_pattern, reach, step_hexes


def check_faces(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    seen: dict[int, int] = {}
    for fi, face in enumerate(ctx.data.faces):
        base = ("faces", fi)
        if face.value in seen or not 1 <= face.value <= rules.faces:
            yield error("face-values", f"face {face.value} " + ("appears twice" if face.value in seen else
                        f"cannot come up on a d{rules.faces}"), ctx.loc(base + ("value",)))
        seen[face.value] = fi
        if face.armor != face.value:
            yield warning("face-stats", f"face {face.value}: Armor {face.armor}, but the unit table says "
                          "Armor = Dice", ctx.loc(base + ("armor",)))
        if face.attack != face.value + rules.attack_bonus:
            yield warning("face-stats", f"face {face.value}: Attack {face.attack}, but the unit table says "
                          f"Attack = Dice + {rules.attack_bonus} ({face.value + rules.attack_bonus})",
                          ctx.loc(base + ("attack",)))
        if face.distance < rules.distance_base - face.value:
            yield warning("face-stats", f"face {face.value}: Distance {face.distance}, but the unit table says "
                          f"Distance >= {rules.distance_base} - Dice ({rules.distance_base - face.value})",
                          ctx.loc(base + ("distance",)))
        for kind in ("moves", "attacks", "aura"):
            for si, step in enumerate(getattr(face, kind)):
                far = max(step.steps[1], step.ring[1] if step.ring else 0)
                if far > limit("pattern-reach"):  # before any hex of it is made
                    yield over_limit("pattern-reach", f"face {face.value}: this step's reach",
                                     far, ctx.loc(base + (kind, si)))
                    return
                try:
                    step_hexes(step)
                except PatternError as exc:
                    yield error("pattern", f"face {face.value}: {exc}", ctx.loc(base + (kind, si)))
                    return
        if reach(face) != face.distance:
            yield error("pattern", f"face {face.value}: its moves reach {reach(face)} steps, but its Distance is "
                        f"{face.distance}", ctx.loc(base + ("moves",)))
        lo, hi = face.range
        if hi:
            dists = {distance(Hex(0, 0), h) for h in face_pattern(face)["attack"]}
            if not dists or min(dists) != lo or max(dists) != hi:
                yield error("pattern", f"face {face.value}: attack range {lo}-{hi}, but its attack pattern reaches "
                            f"{min(dists) if dists else 0}-{max(dists) if dists else 0}", ctx.loc(base + ("attacks",)))
    missing = [v for v in range(1, rules.faces + 1) if v not in seen]
    if missing:
        yield error("face-values", f"no unit for face{'s' * (len(missing) > 1)} {', '.join(map(str, missing))}",
                    ctx.loc(("faces",)))


def check_setups(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    battlefield = by_name(ctx.data.maps, rules.map)
    if battlefield is None:
        yield error("unknown-map", f"rules.map names '{rules.map}', which is not defined under maps:",
                    ctx.loc(("game", "rules", "map")))
        return
    mi = ctx.data.maps.index(battlefield)
    try:
        tm = parse_textmap(battlefield.layout, battlefield.orientation or ctx.data.game.hex.orientation,
                           notation=battlefield.notation)
    except TextMapError:
        return  # the map check has reported it, with its position
    want = 3 * rules.map_radius * (rules.map_radius + 1) + 1
    cells = set(tm.cells)
    centre = Hex(round(sum(h.q for h in cells) / len(cells)), round(sum(h.r for h in cells) / len(cells)))
    if len(cells) != want or {Hex(h.q - centre.q, h.r - centre.r) for h in cells} != set(hexagon(rules.map_radius)):
        yield error("map-shape", f"map '{battlefield.name}' has {len(cells)} hexes; a radius-{rules.map_radius} "
                    f"hexagon has {want}", ctx.loc(("maps", mi, "layout")))
    zones = set(index_by_name(battlefield.zones))
    for si, s in enumerate(ctx.data.setups):
        base = ("setups", si)
        if len(s.dice) != len(s.rerolls):
            yield error("setup", f"{s.players} players: {len(s.dice)} dice options but {len(s.rerolls)} reroll counts",
                        ctx.loc(base + ("rerolls",)))
        for d, r in zip(s.dice, s.rerolls):
            if r != d // rules.reroll_divisor:
                yield warning("setup", f"{s.players} players with {d} dice: {r} rerolls, but a player may reroll "
                              f"1/{rules.reroll_divisor} of their dice, rounded down ({d // rules.reroll_divisor})",
                              ctx.loc(base + ("rerolls",)))
        if len(s.bases) != s.players:
            yield error("setup", f"{s.players} players need {s.players} bases, not {len(s.bases)}",
                        ctx.loc(base + ("bases",)))
        for bi, b in enumerate(s.bases):
            if name_key(b) not in zones:
                yield error("unknown-zone", f"base '{b}' is not a zone of map '{battlefield.name}'",
                            ctx.loc(base + ("bases", bi)))


def rules_texts(data) -> Iterable[tuple[tuple, str]]:
    for fi, f in enumerate(data.faces):
        yield ("faces", fi, "text"), f.text
    for kind in ("actions", "combat"):
        for ai, a in enumerate(getattr(data, kind)):
            yield (kind, ai, "text"), a.text


def vocabulary(data, rules) -> Iterable[str]:
    return ["Dice", "Armor", "Attack", "Distance", "Range", "Player", "Players", "Section"] + [t.name for t in data.tokens]


def check_unit_notes(ctx: CheckContext) -> Iterator[Finding]:
    """The unit table's notes against the rules: a note that lets a unit jump over any unit while its
    text limits that to friendly units; a unit that attacks by moving and can move its full Distance,
    which the Momentum rule rewards, without the Momentum note."""
    momentum = ctx.rules.momentum_note
    if not any(momentum in f.notes for f in ctx.data.faces):
        momentum = None  # the game's units carry no Momentum note: nothing to compare
    for fi, face in enumerate(ctx.data.faces):
        for ni, note in enumerate(face.notes):
            if re.fullmatch(r"jumps over units", note.strip(), re.I) and re.search(r"\bfriendly\b", face.text, re.I):
                yield warning("jump-limit", f"face {face.value}: the note '{note}' lets it pass any unit, but its "
                              "text passes only friendly units", ctx.loc(("faces", fi, "notes", ni)))
        if momentum and face.range == (0, 0) and face.distance > 0 and momentum not in face.notes:
            yield warning("momentum-note", f"face {face.value} ({face.name}) attacks by moving and can move its full "
                          f"Distance {face.distance}, which the Momentum rule rewards, but its notes lack "
                          f"'{momentum}'", ctx.loc(("faces", fi, "notes")))


# Words that put a unit's reach on the six axes through its hex (a rook's lines, not every hex around it)
_ON_AXES = re.compile(r"\b(?:in a straight line|along (?:any of )?the (?:six |6 )?(?:radial )?axes|radial axes)\b", re.I)


def _on_an_axis(h: Hex) -> bool:
    return h.q == 0 or h.r == 0 or h.q + h.r == 0


def check_diagram_text(ctx: CheckContext) -> Iterator[Finding]:
    """A rule's text its own diagram contradicts: a face's text, or an action naming its Dice value, puts
    its attack (or move) on the six axes, yet the pattern its diagram is drawn from reaches hexes off them
    (the seed's Dice 5: "along any of the 6 radial axes", 12 hexes, while its diagram marks all 30 hexes
    2-3 away)."""
    texts = [(("faces", fi, "text"), f.text, fi) for fi, f in enumerate(ctx.data.faces)]
    for ai, action in enumerate(ctx.data.actions):
        for fi, f in enumerate(ctx.data.faces):
            if re.search(rf"\bDice {f.value}\b", action.name + " " + action.text):
                texts.append((("actions", ai, "text"), action.text, fi))
    for path, text, fi in texts:
        m = _ON_AXES.search(text)
        if not m:
            continue
        face = ctx.data.faces[fi]
        try:
            pattern = face_pattern(face)
        except PatternError:
            continue  # check_faces reports the pattern itself
        what = "attack" if pattern["attack"] and re.search(r"attack|shoot|target", text, re.I) else "move"
        off = sorted((h for h in pattern[what] if not _on_an_axis(h)), key=lambda h: (h.r, h.q))
        if off:
            yield warning("diagram-text", f"face {face.value} ({face.name}): the text says '{m.group(0)}', but its "
                          f"{what} diagram marks {len(off)} of its {len(pattern[what])} hexes off the six axes",
                          _at_text(ctx, path, text, m.start()),
                          hint="make the text and the diagram's pattern (faces.yaml moves/attacks) say the same")


def _at_text(ctx, path, text, offset):
    from ...check.terms import _offset_loc

    return _offset_loc(ctx, path, text, offset)


CHECKS = (check_faces, check_setups, check_unit_notes, check_diagram_text)


def check_deploy_room(ctx: CheckContext) -> Iterator[Finding]:
    """A setup against the map: a player deploys every die onto their base cell or the hexes next to it,
    one unit a hex, so a base with fewer such hexes than the dice cannot hold the army it is given."""
    battlefield = by_name(ctx.data.maps, ctx.rules.map)
    if battlefield is None:
        return  # check_setups reports it
    try:
        tm = parse_textmap(battlefield.layout, battlefield.orientation or ctx.data.game.hex.orientation,
                           notation=battlefield.notation)
    except TextMapError:
        return
    zone_of = {h: name_key(battlefield.legend[c.char].zone or "") for h, c in tm.cells.items()
               if c.char in battlefield.legend}
    for si, s in enumerate(ctx.data.setups):
        rooms = []
        for b in s.bases:
            cells = {h for h, z in zone_of.items() if z == name_key(b)}
            room = cells | {n for h in cells for n in neighbours(h) if n in tm.cells}
            if cells:
                rooms.append((len(room), b))
        if not rooms:
            continue
        least, where = min(rooms)
        for k, dice in enumerate(s.dice):
            if dice > least:
                yield warning("deploy-room", f"{s.players} players deploy {dice} dice each onto their base cell or "
                              f"the hexes next to it, one unit a hex, but '{where}' has {least} such hexes",
                              ctx.loc(("setups", si, "dice", k)))


CHECKS = CHECKS + (check_deploy_room,)
