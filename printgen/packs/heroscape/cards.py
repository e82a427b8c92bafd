"""Army cards: the card's colour band with name and class, the target-zone picture (the figure's
silhouette at its height on its 1- or 2-hex base, the zone an attacker must see in red), the five
numbers, the powers with the card's numbers filled in, and the points. The back is shared by every
card so an opponent cannot tell which card lies face down."""

from __future__ import annotations

from ...draw.colour import INK, ink_on, mix
from ...draw.document import Circle, Op, Poly, Rect, Style, Text, pt
from ...draw.icons import draw_icon
from ...draw.text import Run, draw, fit, single_line
from ...hexgrid import Hex, Layout
from ...names import index_by_name, name_key
from ...render.cards import CardDeck
from .checks import PLACEHOLDER

PAPER = "#f7f3ea"
STATS = (("LIFE", "life", "heart"), ("MOVE", "move", None), ("RANGE", "range", None),
         ("ATTACK", "attack", "skull"), ("DEFENSE", "defense", "shield"))
TALLEST = 10  # levels: the silhouette scale is the same on every card


def power_text(text: str, use) -> str:
    """A power's text with the card's numbers in place of {range}, {attack}, {value}."""
    return PLACEHOLDER.sub(lambda m: str(getattr(use, m.group(1), None) or m.group(0)), text)


def class_line(u) -> str:
    return f"{u.rarity} {u.type}".upper()


def silhouette(u, x: float, y: float, w: float, h: float, colour: str) -> list[Op]:
    """The target-zone picture in the box (mm): the figure at its height on its base, the target zone red."""
    ops: list[Op] = [Rect(x, y, w, h, Style(fill="#ffffff", stroke=mix(colour, "#ffffff", 0.4), width=0.3), radius=1.2)]
    ground = y + h - 7.5
    per_level = (h - 12.5) / TALLEST
    fig_h = u.height * per_level
    cx = x + w / 2
    # the base: one hexagon, or two side by side, seen from the side as flat slabs
    hw = 7.5 if u.hexes == 1 else 14.0
    ops.append(Rect(cx - hw, ground, 2 * hw, 2.2, Style(fill=mix(colour, INK, 0.35)), radius=0.6))
    # a stylised figure: head, shoulders, body; a two-hex figure is drawn wider and longer
    bw = fig_h * (0.42 if u.hexes == 1 else 0.8)
    head_r = fig_h * 0.11
    body_top = ground - fig_h + 2 * head_r
    body = ((cx - bw * 0.28, body_top), (cx + bw * 0.28, body_top), (cx + bw * 0.5, ground - fig_h * 0.45),
            (cx + bw * 0.36, ground), (cx - bw * 0.36, ground), (cx - bw * 0.5, ground - fig_h * 0.45))
    fill = mix(colour, "#ffffff", 0.55)
    ops.append(Poly(body, Style(fill=fill, stroke=mix(colour, INK, 0.3), width=0.3)))
    ops.append(Circle(cx, ground - fig_h + head_r, head_r, Style(fill=fill, stroke=mix(colour, INK, 0.3), width=0.3)))
    # the target zone, as a band across the figure
    z0 = ground - fig_h * u.target_zone.to
    z1 = ground - fig_h * u.target_zone.from_
    ops.append(Rect(cx - bw * 0.56, z0, bw * 1.12, z1 - z0, Style(fill="#d0302a", opacity=0.55), role="target-zone"))
    # a height ruler on the left, one tick per level
    rx = x + 3.0
    ops.append(Poly(((rx, ground), (rx, ground - TALLEST * per_level)), Style(stroke="#9a958c", width=0.2), closed=False))
    for lv in range(TALLEST + 1):
        ty = ground - lv * per_level
        ops.append(Poly(((rx, ty), (rx + (1.6 if lv % 5 == 0 else 0.9), ty)), Style(stroke="#9a958c", width=0.2),
                        closed=False))
    ops.append(Poly(((rx, ground - fig_h), (cx - bw * 0.3, ground - fig_h)),
                    Style(stroke="#9a958c", width=0.2, dash=(0.8, 0.6)), closed=False))
    ops.append(Text(rx + 0.6, ground - fig_h - 0.8, f"height {u.height}", "sans-bold", pt(5.5), INK))
    ops.append(Text(cx, y + h - 2.2, f"{u.size} · {u.hexes}-hex base", "sans", pt(6), INK, "middle"))
    return ops


def stat_column(u, x: float, y: float, w: float, colour: str) -> list[Op]:
    ops: list[Op] = []
    row = 9.6
    for i, (label, attr, icon) in enumerate(STATS):
        ry = y + i * (row + 1.1)
        ops.append(Rect(x, ry, w, row, Style(fill="#ffffff", stroke=mix(colour, INK, 0.2), width=0.35), radius=1.2))
        ops.append(Rect(x, ry, 8.5, row, Style(fill=mix(colour, INK, 0.15)), radius=1.2))
        if icon:
            ops += draw_icon(icon, x + 4.25, ry + row / 2, 5.2, ink_on(mix(colour, INK, 0.15)))
        else:
            ops.append(Text(x + 4.25, ry + row / 2 + 1.3, label[0], "sans-bold", pt(11), ink_on(mix(colour, INK, 0.15)),
                            "middle"))
        ops.append(Text(x + 10.5, ry + row / 2 + 1.1, label, "sans-bold", pt(6.5), mix(colour, INK, 0.5)))
        ops.append(Text(x + w - 2.5, ry + row / 2 + 2.6, str(getattr(u, attr)), "sans-bold", pt(17), INK, "end"))
    return ops


def army_card(u, data, w: float, h: float, bleed: float) -> list[Op]:
    fw, fh = w + 2 * bleed, h + 2 * bleed
    dark = mix(u.colour, INK, 0.25)
    left, inner = bleed + 4.0, w - 8.0
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=mix(u.colour, PAPER, 0.85))),
                     Rect(0, 0, fw, bleed + 21.0, Style(fill=dark)),
                     Rect(bleed + 1.8, bleed + 1.8, w - 3.6, h - 3.6, Style(stroke=mix(dark, PAPER, 0.35), width=0.4),
                          radius=2.5)]
    on = ink_on(dark)
    ns = single_line(u.name, "serif-bold", pt(16), inner - 18)
    ops.append(Text(left, bleed + 10.0, u.name, "serif-bold", ns, on))
    sub = u.title or u.species
    ops.append(Text(left, bleed + 15.0, sub, "sans-italic", single_line(sub, "sans-italic", pt(7.5), inner - 18),
                    mix(on, dark, 0.2)))
    # points badge, top right
    px, py = bleed + w - 11.5, bleed + 10.5
    ops.append(Circle(px, py, 7.2, Style(fill=PAPER, stroke=on, width=0.5)))
    ops.append(Text(px, py + 1.4, str(u.points), "sans-bold", single_line(str(u.points), "sans-bold", pt(12), 11), INK,
                    "middle"))
    ops.append(Text(px, py + 4.4, "POINTS", "sans-bold", pt(3.8), INK, "middle"))
    # class line
    cls = f"{class_line(u)} · {u.species.upper()} · {u.general.upper()}"
    ops.append(Text(left, bleed + 26.0, cls, "sans-bold", single_line(cls, "sans-bold", pt(6.5), inner), dark))
    # the target-zone picture and the numbers
    pic_w = 36.0
    ops += silhouette(u, left, bleed + 29.0, pic_w, 56.0, u.colour)
    ops += stat_column(u, left + pic_w + 3.0, bleed + 29.0, inner - pic_w - 3.0, u.colour)
    # figures strip
    fig = f"{u.figures} FIGURE{'S' if u.figures > 1 else ''}" + (" · each life 1" if u.type == "squad" else "")
    ops.append(Text(left + pic_w + 3.0, bleed + 84.6, fig, "sans-bold", pt(6.5), dark))
    # powers
    powers = index_by_name(data.powers)
    paras = []
    for use in u.powers:
        p = powers.get(name_key(use.power))
        if p is None:
            continue
        paras.append([Run(p.name.upper() + "  ", "sans-bold", dark), Run(power_text(p.text, use), "sans", INK)])
    if u.text:
        paras.append([Run(u.text, "sans-italic", mix(INK, PAPER, 0.3))])
    box_y = bleed + 89.0
    box_h = h - (box_y - bleed) - 5.0
    ops.append(Rect(left, box_y, inner, box_h, Style(fill="#ffffff", stroke=mix(u.colour, "#ffffff", 0.4), width=0.3),
                    radius=1.2))
    f = fit(paras, inner - 4.0, box_h - 3.0, max_size=pt(7.6), min_size=pt(5.0)) if paras else None
    if f:
        ops += draw(f, left + 2.0, box_y + 1.6)
    return ops


def army_back(game, w: float, h: float, bleed: float) -> list[Op]:
    fw, fh = w + 2 * bleed, h + 2 * bleed
    base = "#3b3028"
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=base))]
    lay = Layout("flat", 10.0, origin=(fw / 2, fh / 2 - 8))
    # a stepped hill of hexes: the game's emblem, lighter the higher
    for ring, shade in ((2, 0.12), (1, 0.25), (0, 0.42)):
        for q in range(-ring, ring + 1):
            for r in range(max(-ring, -q - ring), min(ring, -q + ring) + 1):
                if max(abs(q), abs(r), abs(q + r)) == ring:
                    ops.append(Poly(tuple(lay.corners(Hex(q, r))), Style(fill=mix(base, "#e9c46a", shade),
                                                                          stroke=base, width=0.6)))
    ops.append(Text(fw / 2, fh / 2 + 36, game.name.upper(), "serif-bold", single_line(game.name.upper(), "serif-bold",
                    pt(20), w - 16), "#f3e3c0", "middle"))
    ops.append(Text(fw / 2, fh / 2 + 42, "ARMY CARD", "sans-bold", pt(7), "#c9b99a", "middle"))
    ops.append(Rect(bleed + 3, bleed + 3, w - 6, h - 6, Style(stroke="#c9b99a", width=0.5), radius=3))
    return ops


def card_order(u) -> tuple:
    return (u.general, u.type != "hero", u.name)


ARMY_CARDS = CardDeck("army-cards", "army cards", "units", army_card, army_back, order=card_order)
