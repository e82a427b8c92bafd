"""HexPrint unit cards: the front (every damage line with its d6 slot dice and damage boxes) and the back.

Card coordinates: (0, 0) is the top-left of the bleed box, the trim inset by the bleed, all mm.
Every colour and size of the front comes from looks.yaml (``looks.card``); only the arrangement is
here (each damage line's slot dice and boxes are computed from the data). The backs are layouts
(layouts/unit-back.yaml, terrain-back.yaml) with the Timer dial as this pack's element.
"""

from __future__ import annotations

from ...draw.colour import ink_on, mix
from ...draw.dice import die
from ...draw.document import Circle, Group, ImageError, Op, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...draw.icons import draw_icon
from ...draw.text import Run, draw, fit, single_line, style_terms
from ...names import by_name
from .dial import polar

PAD = 3.2  # mm inside the trim kept free of text
MAX_TEXT, MIN_TEXT = pt(6.4), pt(4.4)


def term_styles(data) -> dict[str, tuple[str, str]]:
    """Keywords and terms bold on cards: forced movement, and the game's own capitalised terms."""
    ink = data.looks.card.ink
    styles = {k.name: ("sans-bold", ink) for k in data.keywords}
    for t in data.tokens:
        styles[t.name] = ("sans-bolditalic", mix(t.colour, "#000000", 0.25))
    return styles


def slot_values(line) -> list[int]:
    lo, hi = line.slots
    return list(range(lo, hi + 1))


def gutter(line, x: float, y: float, looks, colour: str) -> list[Op]:
    """A damage line's d6 slot dice side by side, its damage boxes in a row under them (top-left x, y)."""
    c = looks.card
    ops: list[Op] = []
    for i, v in enumerate(slot_values(line)):
        ops += die(x + i * (c.slot + 0.6), y, c.slot, v, "#ffffff", ink=c.ink, role="slot")
    by = y + c.slot + 0.8
    for i in range(line.boxes):
        ops.append(Rect(x + i * (c.box + 0.5), by, c.box, c.box, Style(fill="#ffffff", stroke=colour, width=0.3),
                        role="damage-box"))
    return ops


def gutter_size(line, looks) -> tuple[float, float]:
    c = looks.card
    n = len(slot_values(line))
    w = max(n * c.slot + (n - 1) * 0.6, line.boxes * c.box + (line.boxes - 1) * 0.5)
    return w, c.slot + 0.8 + c.box


def no_los_icon(cx: float, cy: float, s: float, colour: str) -> list[Op]:
    """An eye struck through: the ability needs no line of sight."""
    ops = draw_icon("eye", cx, cy, s, colour)
    ops.append(Poly(((cx - s * 0.5, cy + s * 0.42), (cx + s * 0.5, cy - s * 0.42)), Style(stroke=colour, width=0.35),
                    closed=False))
    return ops


def _badges(item, looks) -> list[tuple[str, str]]:
    c = looks.card
    out = []
    if getattr(item, "uses", None):
        out.append((f"{item.uses.count}/{item.uses.per.upper()}", c.ink))
    if getattr(item, "reaction", None):
        out.append((f"REACTION: {item.reaction.mode.upper()}", c.reaction_colour))
    return out


def _line_paragraphs(item, styles, looks, static: bool) -> list[list[Run]]:
    c = looks.card
    paras = []
    if getattr(item, "reaction", None):
        paras.append([Run(item.reaction.trigger + ":", "sans-italic", c.reaction_colour)])
    paras.append(style_terms(item.text, styles, Run("", "sans", c.ink)))
    return paras


def _rows(unit, data, width: float, height: float):
    """Fit every static and ability at one text size: [(item, static, paragraphs, fitted)], or None."""
    looks = data.looks
    styles = term_styles(data)
    items = [(s, True) for s in unit.statics] + [(a, False) for a in unit.abilities]
    gw = max((gutter_size(item, looks)[0] for item, _ in items), default=0.0)  # one text column per card
    size = MAX_TEXT
    while size >= MIN_TEXT - 1e-9:
        rows, total = [], 0.0
        for item, static in items:
            gh = gutter_size(item, looks)[1]
            paras = _line_paragraphs(item, styles, looks, static)
            f = fit(paras, width - gw - 1.6, 500, max_size=size, min_size=size)
            if f is None:
                break
            h = max(gh, size * 1.25 + f.height) + 1.4
            rows.append((item, static, f, h, gw))
            total += h
        else:
            if total <= height:
                return rows
        size = round(size - 0.05, 4)
    return None


def stat_cell_height(unit, looks) -> float:
    return max(gutter_size(s, looks)[1] for s in (unit.act, unit.mov, unit.tar)) + 8.6


def rows_box(unit, looks, h: float, bleed: float) -> tuple[float, float]:
    """(top, bottom) in card mm of the statics and abilities: below the header, name, size and stat
    cells, above the strip with the Death Die, counters and terrain granted."""
    c = looks.card
    top = bleed + c.header + 1.2 + c.name_line + 0.6 + 4.2 + stat_cell_height(unit, looks) + 1.4
    return top, bleed + h - PAD - (c.death_die_box + 2.0)


def overflow(unit, data) -> bool:
    """Does the unit's text fail to fit its card at the smallest text size?"""
    (w, h), bleed = data.game.card.size, data.game.card.bleed
    top, bottom = rows_box(unit, data.looks, h, bleed)
    return _rows(unit, data, w - 2 * PAD, bottom - top - 0.6) is None


def card_front(unit, data, w: float, h: float, bleed: float) -> list[Op]:
    looks, c = data.looks, data.looks.card
    colour = unit.colour
    fw, fh = w + 2 * bleed, h + 2 * bleed
    x0, inner = bleed + PAD, w - 2 * PAD
    head = ink_on(colour)
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=c.paper)),
                     Rect(0, 0, fw, bleed + c.header, Style(fill=colour), role="header"),
                     Rect(bleed + 1.4, bleed + 1.4, w - 2.8, h - 2.8, Style(stroke=mix(colour, c.paper, 0.45), width=0.4),
                          radius=2.2)]
    # header: the type and the code badge (its initiative marker's face)
    badge = c.header - 3.0
    ops.append(Circle(bleed + w - PAD - badge / 2, bleed + c.header / 2, badge / 2,
                      Style(fill=c.paper, stroke=head, width=0.4)))
    ops.append(Text(bleed + w - PAD - badge / 2, bleed + c.header / 2 + badge * 0.18, unit.code, "sans-bold",
                    single_line(unit.code, "sans-bold", badge * 0.5, badge * 0.8), colour, "middle"))
    ts = single_line(unit.type.upper(), "serif-bold", pt(11), inner - badge - 2)
    ops.append(Text(x0, bleed + c.header * 0.52, unit.type.upper(), "serif-bold", ts, head))
    tags = " · ".join(unit.tags)
    ops.append(Text(x0, bleed + c.header - 1.8, tags, "sans", single_line(tags, "sans", pt(6), inner - badge - 2),
                    mix(head, colour, 0.2)))
    y = bleed + c.header + 1.2
    # the blank name line
    ops.append(Text(x0, y + c.name_line - 1.6, "NAME", "sans-bold", pt(5), mix(c.ink, c.paper, 0.35)))
    ops.append(Poly(((x0 + 7.5, y + c.name_line - 1.4), (x0 + inner, y + c.name_line - 1.4)),
                    Style(stroke=mix(c.ink, c.paper, 0.5), width=0.25), closed=False, role="name-line"))
    y += c.name_line + 0.6
    size_text = (f"{unit.size.models} model{'s' * (unit.size.models > 1)} · {unit.size.base}"
                 + (f" · {unit.size.hexes} hexes each" if unit.size.hexes > 1 else ""))
    ops.append(Text(x0, y + 2.4, "SIZE", "sans-bold", pt(5), mix(c.ink, c.paper, 0.35)))
    ops.append(Text(x0 + 7.5, y + 2.4, size_text, "sans", single_line(size_text, "sans", pt(6.5), inner - 8), c.ink))
    y += 4.2
    # ACT, MOV, TAR: a cell each, the value and, under it, the slot dice and boxes
    cw = (inner - 2 * 1.2) / 3
    stats = [("ACT", str(unit.act.value), unit.act), ("MOV", str(unit.mov.value), unit.mov),
             ("TAR", f"{unit.tar.value}+", unit.tar)]
    cell_h = stat_cell_height(unit, looks)
    for i, (label, value, line) in enumerate(stats):
        cx = x0 + i * (cw + 1.2)
        ops.append(Rect(cx, y, cw, cell_h, Style(fill="#ffffff", stroke=colour, width=0.35), radius=1.2))
        ops.append(Text(cx + 1.4, y + 3.4, label, "sans-bold", pt(6.5), colour))
        ops.append(Text(cx + cw - 1.4, y + 6.6, value, "sans-bold", pt(15), c.ink, "end"))
        ops += gutter(line, cx + 1.4, y + 7.6 - 0.2, looks, colour)
    y += cell_h + 1.4
    top, bottom = rows_box(unit, looks, h, bleed)
    assert abs(top - y) < 1e-6  # rows_box mirrors the arrangement above
    rows = _rows(unit, data, inner, bottom - y - 0.6)
    if rows:
        for item, static, f, rh, gw in rows:
            ops += gutter(item, x0, y, looks, colour)
            tx = x0 + gw + 1.6
            size = f.size
            kind = "STATIC" if static else None
            nx = tx
            name_font = "sans-bold"
            ops.append(Text(nx, y + size * 0.95, item.name, name_font, size * 1.1, colour if static else c.ink))
            nx += text_width(item.name, name_font, size * 1.1) + 1.2
            if kind:
                ops.append(Text(nx, y + size * 0.95, kind, "sans-bold", size * 0.8, mix(c.ink, c.paper, 0.4)))
                nx += text_width(kind, "sans-bold", size * 0.8) + 1.2
            for label, bc in _badges(item, looks):
                bw = text_width(label, "sans-bold", size * 0.75) + 1.6
                ops.append(Rect(nx, y + 0.1, bw, size * 1.05, Style(fill=bc), radius=0.6))
                ops.append(Text(nx + 0.8, y + size * 0.85, label, "sans-bold", size * 0.75, ink_on(bc)))
                nx += bw + 0.8
            if getattr(item, "no_los", False):
                ops += no_los_icon(nx + size * 0.8, y + size * 0.55, size * 1.5, c.los_colour)
            ops += draw(f, tx, y + size * 1.25)
            y += rh
            ops.append(Poly(((x0, y - 0.7), (x0 + inner, y - 0.7)), Style(stroke=mix(colour, c.paper, 0.7), width=0.2),
                            closed=False))
    ops += _bottom_strip(unit, data, x0, bottom, inner, c.death_die_box + 2.0, colour)
    return ops


def _bottom_strip(unit, data, x: float, y: float, width: float, height: float, colour: str) -> list[Op]:
    c = data.looks.card
    grey = mix(c.ink, c.paper, 0.35)
    s = c.death_die_box
    ops: list[Op] = [Rect(x, y + 1.6, s, s, Style(fill="#ffffff", stroke=c.ink, width=0.3, dash=(0.8, 0.6)),
                          radius=1.2, role="death-die")]
    ops.append(Text(x + s / 2, y + 1.6 + s / 2 + 0.6, "DEATH", "sans-bold", pt(4.2), grey, "middle"))
    ops.append(Text(x + s / 2, y + 1.6 + s / 2 + 2.4, "DIE", "sans-bold", pt(4.2), grey, "middle"))
    px = x + s + 2.0
    ops.append(Text(px, y + 3.4, "POSITIVE", "sans-bold", pt(4.6), grey))
    for i in range(3):
        ops.append(Circle(px + 2.2 + i * 5.2, y + 6.6, 2.0, Style(stroke=grey, width=0.25, dash=(0.6, 0.5))))
    gx = px + 16.5
    grants = ", ".join(f"{g.count} {g.terrain}" for g in unit.grants) or "nothing"
    ops.append(Text(gx, y + 3.4, "GRANTS THE OPPONENT", "sans-bold", pt(4.6), grey))
    f = fit([[Run(grants, "sans", c.ink)]], x + width - gx, height - 4.2, max_size=pt(6), min_size=pt(4))
    if f:
        ops += draw(f, gx, y + 4.4)
    return ops


def timer_dial(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``timer-dial``: the Hex Timer in small, ``r`` mm round (cx, cy): a ring and six
    spokes in ``colour``, the segment numbers in ``ink``, a hub."""
    px, py, pw, ph = parent
    cx = px + face.length(el, "cx", scope, pw, pw / 2)
    cy = py + face.length(el, "cy", scope, ph, ph / 2)
    r = face.length(el, "r", scope, pw, min(pw, ph) * 0.33)
    light = face.colour(el, "colour", scope, "#ffffff") or "#ffffff"
    ink = face.colour(el, "ink", scope, "#ffffff") or "#ffffff"
    ops: list[Op] = [Circle(cx, cy, r, Style(stroke=light, width=0.6))]
    for k in range(6):
        x1, y1 = polar(r, k * 60)
        ops.append(Poly(((cx, cy), (cx + x1, cy + y1)), Style(stroke=light, width=0.4), closed=False))
        nx, ny = polar(r * 0.68, k * 60 + 30)
        ops.append(Text(cx + nx, cy + ny + 1.8, str(k + 1), "sans-bold", r * 0.24, ink, "middle"))
    ops.append(Circle(cx, cy, r * 0.14, Style(fill=light)))
    return ops


ELEMENTS = {"timer-dial": (("cx", "cy", "r", "colour", "ink"), timer_dial)}


def card_image(name: str, game) -> tuple[list[Op], float, float]:
    """``printgen:card/<unit type>`` for the rulebook: the card front cut to its trim."""
    unit = by_name(game.data.units, name)
    if unit is None:
        raise ImageError(f"no unit named '{name}'")
    (w, h), bleed = game.data.game.card.size, game.data.game.card.bleed
    ops = card_front(unit, game.data, w, h, bleed)
    inner = Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, -bleed, -bleed), clip=(bleed, bleed, w, h))
    edge = Rect(0.15, 0.15, w - 0.3, h - 0.3, Style(stroke="#8c7b5f", width=0.3), radius=2.5)
    return [inner, edge], w, h
