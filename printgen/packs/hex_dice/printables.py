"""Hex Dice printables: a unit reference card per face (with its computed diagram) and the player aid."""

from __future__ import annotations

import math

from ...draw.colour import INK, ink_on, mix
from ...draw.document import Circle, Document, Op, Poly, Rect, Style, Text, pt
from ...draw.page import PageSpec
from ...draw.text import Run, draw, fit, single_line
from ...hexgrid import Hex, Layout, hexagon
from ...model.notation import format_range
from ...render.cards import CardDeck
from ...render.compose import finish
from ...render.flow import Flow
from .patterns import face_pattern

PAPER = "#f2f4f7"
ACCENT = "#23395b"
MARK = {"move": "#3f8f3a", "path": "#b9c2cc", "attack": "#c0392b", "aura": "#2f6fb5"}
LABEL = {"move": "move to", "path": "passes over", "attack": "attacks", "aura": "affects"}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(x: float, y: float, size: float, value: int, colour: str = "#ffffff") -> list[Op]:
    ops: list[Op] = [Rect(x, y, size, size, Style(fill=colour, stroke=INK, width=0.4), radius=size * 0.18)]
    for px, py in PIPS.get(value, []):
        ops.append(Circle(x + size / 2 + px * size * 0.27, y + size / 2 + py * size * 0.27, size * 0.085,
                          Style(fill=INK)))
    if value not in PIPS:
        ops.append(Text(x + size / 2, y + size * 0.68, str(value), "sans-bold", size * 0.5, INK, "middle"))
    return ops


def diagram(face, x: float, y: float, width: float, height: float) -> list[Op]:
    """The face's pattern on a radius-3 patch of flat-top hexes, forward up, fitted to the box (mm)."""
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
    ux, uy = lay.hex_to_point(Hex(0, 0))
    ops += die(ux - size * 0.33, uy - size * 0.33, size * 0.66, face.value, "#fff6d5")
    # the primary axis: an arrow above the patch
    ax, ay = cx, y - 0.3
    ops.append(Poly(((ax - 1.6, ay + 0.2), (ax + 1.6, ay + 0.2), (ax, ay - 2.2)), Style(fill=ACCENT)))
    return ops


def unit_card(face, data, w: float, h: float, bleed: float) -> list[Op]:
    fw, fh = w + 2 * bleed, h + 2 * bleed
    left, inner = bleed + 3.5, w - 7.0
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=PAPER)),
                     Rect(0, 0, fw, bleed + 15.5, Style(fill=ACCENT)),
                     Rect(bleed + 1.6, bleed + 1.6, w - 3.2, h - 3.2, Style(stroke=mix(ACCENT, PAPER, 0.4), width=0.4),
                          radius=2.0)]
    ops += die(left, bleed + 3.0, 10.0, face.value)
    ns = single_line(face.name, "serif-bold", pt(14), inner - 14)
    ops.append(Text(left + 13, bleed + 9.2, face.name, "serif-bold", ns, ink_on(ACCENT)))
    ops.append(Text(left + 13, bleed + 13.2, face.role, "sans-italic", pt(7), mix(ink_on(ACCENT), ACCENT, 0.25)))
    stats = [("ARMOR", str(face.armor)), ("ATTACK", str(face.attack)),
             ("RANGE", format_range(face.range, none="-")),
             ("DISTANCE", str(face.distance)), ("MOVE", face.symbol)]
    bw = (inner - 4 * 1.0) / 5
    for i, (label, value) in enumerate(stats):
        bx = left + i * (bw + 1.0)
        ops.append(Rect(bx, bleed + 18, bw, 9.5, Style(fill="#ffffff", stroke=ACCENT, width=0.35), radius=1))
        ops.append(Text(bx + bw / 2, bleed + 21, label, "sans-bold", pt(4.4), ACCENT, "middle"))
        ops.append(Text(bx + bw / 2, bleed + 26, value, "sans-bold", single_line(value, "sans-bold", pt(9), bw - 1),
                        INK, "middle"))
    ops += diagram(face, left, bleed + 32, inner, 30)
    pattern = face_pattern(face)
    lx = left
    for kind in ("move", "path", "attack", "aura"):
        if pattern[kind]:
            ops.append(Rect(lx, bleed + 64.2, 2.6, 2.6, Style(fill=MARK[kind] if kind != "path" else "#b9c2cc")))
            ops.append(Text(lx + 3.4, bleed + 66.3, LABEL[kind], "sans", pt(5.5), INK))
            lx += 5 + len(LABEL[kind]) * 1.15
    paras = [[Run(" · ".join(face.notes), "sans-bold", ACCENT)]] if face.notes else []
    paras.append([Run(face.text, "sans", INK)])
    f = fit(paras, inner, h - 69.5 - 4.0, max_size=pt(6.8), min_size=pt(4.8))
    if f:
        ops += draw(f, left, bleed + 69)
    return ops


def unit_back(game, w: float, h: float, bleed: float) -> list[Op]:
    fw, fh = w + 2 * bleed, h + 2 * bleed
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=ACCENT))]
    lay = Layout("flat", 9.0, origin=(fw / 2, fh / 2 - 6))
    for hx in hexagon(2):
        ops.append(Poly(tuple(lay.corners(hx)), Style(stroke=mix(ACCENT, "#ffffff", 0.3), width=0.4)))
    ops += die(fw / 2 - 6, fh / 2 - 12, 12, 6)
    ops.append(Text(fw / 2, fh / 2 + 22, game.name.upper(), "serif-bold", pt(14), "#ffffff", "middle"))
    ops.append(Text(fw / 2, fh / 2 + 27, "UNIT REFERENCE", "sans-bold", pt(6.5), "#c9d3e0", "middle"))
    return ops


def face_value(face) -> int:
    return face.value


UNIT_CARDS = CardDeck("unit-cards", "unit reference cards", "faces", unit_card, unit_back, order=face_value)


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
    for f in sorted(data.faces, key=face_value):
        rng = format_range(f.range, none="-")
        rows.append([[Run(str(f.value), "sans-bold")], [Run(f"{f.name} ({f.role})")], [Run(str(f.armor))],
                     [Run(str(f.attack))], [Run(rng)], [Run(str(f.distance))], [Run(" · ".join(f.notes))]])
    flow.table(["Die", "Unit", "Armor", "Attack", "Range", "Dist.", "Notes"], [0.8, 2.6, 1, 1, 1, 0.9, 4.5], rows,
               align=["center", "left", "center", "center", "center", "center", "left"])
    return {"player-aid": finish(flow.pages, spec, game=data.game, title="player aid")}
