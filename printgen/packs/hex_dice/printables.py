"""Hex Dice printables: the computed art of the unit reference cards (their faces are layouts) and the player aid."""

from __future__ import annotations

import math

from ...draw.colour import INK, mix
from ...draw.dice import die
from ...draw.document import Document, Op, Poly, Rect, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.page import PageSpec
from ...draw.text import Run
from ...hexgrid import Hex, Layout, hexagon
from ...model.notation import format_range
from ...render.compose import finish
from ...render.flow import Flow
from .patterns import face_pattern

PAPER = "#f2f4f7"
ACCENT = "#23395b"
MARK = {"move": "#3f8f3a", "path": "#b9c2cc", "attack": "#c0392b", "aura": "#2f6fb5"}
LABEL = {"move": "move to", "path": "passes over", "attack": "attacks", "aura": "affects"}
def diagram(face, x: float, y: float, width: float, height: float, *, rings: bool = False) -> list[Op]:
    """The face's pattern on a radius-3 patch of flat-top hexes, forward up, fitted to the box (mm). A hex is
    filled for the first of attack, move, affects, passes over that it is; ``rings``: one it affects that is
    filled for another shows that too, as a ring inside it (the Legion attacks and strengthens the hexes next
    to it: filled red alone, the key's "affects" would name nothing drawn)."""
    pattern = face_pattern(face)
    radius = 3
    size = min(height / (2 * radius + 1), width / ((3 * radius + 2) / math.sqrt(3)))
    lay = Layout("flat", size)
    cx, cy = x + width / 2, y + height / 2
    lay = Layout("flat", size, origin=(cx, cy))
    ops: list[Op] = []
    for h in hexagon(radius):
        kind = next((k for k in ("attack", "move", "aura", "path") if h in pattern[k]), None)
        fill = "#ffffff" if kind is None else mix(MARK[kind], "#ffffff", 0.25 if kind != "path" else 0.0)
        if kind == "attack" and h in pattern["move"]:
            fill = mix(MARK["move"], MARK["attack"], 0.5)
        ops.append(Poly(tuple(lay.corners(h)), Style(fill=fill, stroke="#6b7683", width=0.2)))
        if rings and kind not in (None, "aura") and h in pattern["aura"]:
            hx, hy = lay.hex_to_point(h)
            ring = tuple((hx + (px - hx) * 0.6, hy + (py - hy) * 0.6) for px, py in lay.corners(h))
            ops.append(Poly(ring, Style(stroke=MARK["aura"], width=size * 0.12)))
    ux, uy = lay.hex_to_point(Hex(0, 0))
    ops += die(ux - size * 0.33, uy - size * 0.33, size * 0.66, face.value, "#fff6d5")
    # the primary axis: an arrow above the patch, clear of its top hex's stroke (the preflight's clearance)
    ax, ay = cx, y - 0.75
    ops.append(Poly(((ax - 1.6, ay + 0.2), (ax + 1.6, ay + 0.2), (ax, ay - 2.2)), Style(fill=ACCENT)))
    return ops


def _die_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``die``: a die showing ``value`` pips, ``size`` mm square, its top-left at x, y."""
    px, py, pw, ph = parent
    value = face.get(el, "value", scope, 1)
    size = face.length(el, "size", scope, pw, 10.0)
    colour = face.colour(el, "fill", scope, "#ffffff") or "#ffffff"
    x = face.length(el, "x", scope, pw, 0.0) if "cx" not in el.args else face.length(el, "cx", scope, pw) - size / 2
    y = face.length(el, "y", scope, ph, 0.0) if "cy" not in el.args else face.length(el, "cy", scope, ph) - size / 2
    return die(px + x, py + y, size, value if isinstance(value, int) else 0, colour)


def _pattern_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``pattern``: the face's computed movement and attack diagram, fitted to its box."""
    unit = face.get(el, "face", scope)
    if unit is None or not hasattr(unit, "moves"):
        return []
    return diagram(unit, *face.box(el, scope, parent))


def pattern_legend(unit, x: float, y: float, size: float = pt(5.5), per_char: float = 1.15) -> list[Op]:
    """A swatch and label for each kind of hex the unit's diagram marks, in a row from (x, y) (mm)."""
    pattern = face_pattern(unit)
    ops: list[Op] = []
    for kind in ("move", "path", "attack", "aura"):
        if pattern[kind]:
            ops.append(Rect(x, y, 2.6, 2.6, Style(fill=MARK[kind], stroke="#6b7683", width=0.2)))
            ops.append(Text(x + 3.4, y + 2.1, LABEL[kind], "sans", size, INK))
            x += 5 + len(LABEL[kind]) * per_char
    return ops


def _legend_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``pattern-legend``: a swatch and label for each kind of hex the diagram marks."""
    unit = face.get(el, "face", scope)
    if unit is None or not hasattr(unit, "moves"):
        return []
    x, y, _, _ = face.box(el, scope, parent)
    return pattern_legend(unit, x, y)


# Layout elements for the computed art of a unit card (layouts/unit-card.yaml).
ELEMENTS = {
    "die": (("value", "size", "fill", "x", "y", "cx", "cy"), _die_el),
    "pattern": (("face", "x", "y", "w", "h"), _pattern_el),
    "pattern-legend": (("face", "x", "y"), _legend_el),
}


def render_player_aid(game, spec: PageSpec) -> dict[str, Document]:
    data = game.data
    flow = Flow(spec)
    flow.page.add(Text(flow.x0, flow.y + 8.8, f"{data.game.name}: player aid", "serif-bold", pt(20), INK))
    flow.space(13)
    flow.heading("Setup", pt(11))
    rows = []
    for s in sorted(data.setups, key=lambda s: s.players):
        dice = " or ".join(str(d) for d in s.dice)
        rerolls = " or ".join(str(r) for r in s.rerolls)
        rows.append([[Run(str(s.players), "sans-bold")], [Run(dice)], [Run(rerolls)], [Run(", ".join(s.bases))],
                     [Run(s.text or "")]])
    flow.table(["Players", "Dice each", "Rerolls", "Bases", "Notes"], [1, 1.3, 1.1, 2.6, 5], rows,
               align=["center", "center", "center", "left", "left"])
    flow.paragraph([Run("Roll all your dice; each may reroll up to a third of its dice (rounded down) once. "
                        "Deploy on your base hex or the hexes next to it.")])
    flow.section("Turn order", data.turn)
    flow.section("Your turn: activate one unit for one action", data.actions)
    flow.section("Combat", data.combat)
    flow.section("Winning", data.winning)
    flow.heading("Units", pt(11))
    rows = []
    for f in sorted(data.faces, key=lambda f: f.value):
        rng = format_range(f.range, none="-")
        rows.append([[Run(str(f.value), "sans-bold")], [Run(f"{f.name} ({f.role})")], [Run(str(f.armor))],
                     [Run(str(f.attack))], [Run(rng)], [Run(str(f.distance))], [Run(" · ".join(f.notes))]])
    flow.table(["Die", "Unit", "Armor", "Attack", "Range", "Dist.", "Notes"], [0.8, 2.6, 1, 1, 1, 0.9, 4.5], rows,
               align=["center", "left", "center", "center", "center", "center", "left"])
    return {"player-aid": finish(flow.pages, spec, game=data.game, title="player aid",
                                 facts=PrintFacts(part="aid", copies="1 per player"))}


def pattern_image(value: str, game) -> tuple[list[Op], float, float]:
    """``printgen:pattern/<die value>`` for the rulebook: the face's movement/attack diagram, computed from
    its data like the unit card's, with a key of the marks it uses (mm)."""
    from ...draw.document import ImageError

    face = next((f for f in game.data.faces if str(f.value) == value.strip()), None)
    if face is None:
        raise ImageError(f"no face with value '{value}' (faces: {', '.join(str(f.value) for f in game.data.faces)})")
    w, h = 46.0, 46.0
    ops = diagram(face, 0.0, 3.0, w, h - 3.0, rings=True) + pattern_legend(face, 0.0, h + 1.2, pt(6.5), 1.35)
    return ops, w, h + 5.0
