"""Army cards are drawn from the layouts in layouts/ (army-card, army-back); this module gives them the
three elements of their own: the target-zone picture (the figure's silhouette at its height on its
1- or 2-hex base, the zone an attacker must see in red), the column of five numbers, and the powers
with the card's numbers filled in."""

from __future__ import annotations

from ...draw.colour import INK, ink_on, legible, mix
from ...draw.document import Circle, Op, Poly, Rect, Style, Text, pt
from ...draw.icons import draw_icon
from ...draw.text import Run, draw, fit
from ...names import index_by_name, name_key
from .checks import PLACEHOLDER

PAPER = "#f7f3ea"
STATS = (("LIFE", "life", "heart"), ("MOVE", "move", None), ("RANGE", "range", None),
         ("ATTACK", "attack", "skull"), ("DEFENSE", "defense", "shield"))
TALLEST = 10  # levels: the silhouette scale is the same on every card
TICK = 1.6  # mm: the ruler's longest ticks (every fifth level)
CLEAR = 1.0  # mm: the figure and its target zone keep this far off them


def power_text(text: str, use) -> str:
    """A power's text with the card's numbers in place of {range}, {attack}, {value}."""
    return PLACEHOLDER.sub(lambda m: str(getattr(use, m.group(1), None) or m.group(0)), text)


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
    rx = x + 3.0  # the height ruler's line; its longest ticks reach TICK mm right of it
    # the zone, the widest (1.12 of the figure), keeps CLEAR mm off the ruler's ticks: a huge figure is drawn
    # narrower rather than across the levels a player counts
    bw = min(fig_h * (0.42 if u.hexes == 1 else 0.8), (cx - rx - TICK - CLEAR) / 0.56)
    head_r = fig_h * 0.11
    body_top = ground - fig_h + 2 * head_r
    body = ((cx - bw * 0.28, body_top), (cx + bw * 0.28, body_top), (cx + bw * 0.5, ground - fig_h * 0.45),
            (cx + bw * 0.36, ground), (cx - bw * 0.36, ground), (cx - bw * 0.5, ground - fig_h * 0.45))
    fill = mix(colour, "#ffffff", 0.55)
    ops.append(Poly(body, Style(fill=fill, stroke=mix(colour, INK, 0.3), width=0.3), role="figure"))
    ops.append(Circle(cx, ground - fig_h + head_r, head_r, Style(fill=fill, stroke=mix(colour, INK, 0.3), width=0.3),
                      role="figure"))
    # the target zone, as a band across the figure
    z0 = ground - fig_h * u.target_zone.to
    z1 = ground - fig_h * u.target_zone.from_
    ops.append(Rect(cx - bw * 0.56, z0, bw * 1.12, z1 - z0, Style(fill="#d0302a", opacity=0.55), role="target-zone"))
    # a height ruler on the left, one tick per level
    ops.append(Poly(((rx, ground), (rx, ground - TALLEST * per_level)), Style(stroke="#9a958c", width=0.2), closed=False,
                    role="scale"))
    for lv in range(TALLEST + 1):
        ty = ground - lv * per_level
        ops.append(Poly(((rx, ty), (rx + (TICK if lv % 5 == 0 else 0.9), ty)), Style(stroke="#9a958c", width=0.2),
                        closed=False, role="scale"))
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
        tab = legible(mix(colour, INK, 0.15), toward="#000000")  # as dark as its letter or icon needs to read
        ops.append(Rect(x, ry, 8.5, row, Style(fill=tab), radius=1.2))
        if icon:
            ops += draw_icon(icon, x + 4.25, ry + row / 2, 5.2, ink_on(tab))
        else:
            ops.append(Text(x + 4.25, ry + row / 2 + 1.3, label[0], "sans-bold", pt(11), ink_on(tab), "middle"))
        ops.append(Text(x + 10.5, ry + row / 2 + 1.1, label, "sans-bold", pt(6.5), mix(colour, INK, 0.4)))
        ops.append(Text(x + w - 2.5, ry + row / 2 + 2.6, str(getattr(u, attr)), "sans-bold", pt(17), INK, "end"))
    return ops


def _card(face, el, scope):
    u = face.get(el, "card", scope)
    return u if u is not None and hasattr(u, "target_zone") else None


def _target_zone_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``target-zone``: the card's figure at its height on its base, the target zone red."""
    u = _card(face, el, scope)
    return silhouette(u, *face.box(el, scope, parent), u.colour) if u else []


def _stats_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``army-stats``: Life, Move, Range, Attack and Defense in a column."""
    u = _card(face, el, scope)
    x, y, w, _ = face.box(el, scope, parent)
    return stat_column(u, x, y, w, u.colour) if u else []


def _powers_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``powers``: each power's name and its text with the card's numbers, then the card's
    own line of flavour, fitted to the box."""
    u = _card(face, el, scope)
    if u is None:
        return []
    x, y, w, h = face.box(el, scope, parent)
    colour = face.colour(el, "colour", scope, INK)
    powers = index_by_name(scope.get("powers") or [])
    paras = []
    for use in u.powers:
        p = powers.get(name_key(use.power))
        if p is not None:
            paras.append([Run(p.name.upper() + "  ", "sans-bold", colour), Run(power_text(p.text, use), "sans", INK)])
    if u.text:
        paras.append([Run(u.text, "sans-italic", mix(INK, PAPER, 0.3))])
    f = fit(paras, w, h, max_size=pt(7.6), min_size=pt(5.0)) if paras else None
    return draw(f, x, y) if f else []


ELEMENTS = {
    "target-zone": (("card", "x", "y", "w", "h"), _target_zone_el),
    "army-stats": (("card", "x", "y", "w"), _stats_el),
    "powers": (("card", "colour", "x", "y", "w", "h"), _powers_el),
}
