"""HexPrint unit cards: the front (every damage line with its d6 slot dice and damage boxes) and the back.

Card coordinates: (0, 0) is the top-left of the bleed box, the trim inset by the bleed, all mm.
Every colour and size of the front comes from looks.yaml (``looks.card``); only the arrangement is
here (each damage line's slot dice and boxes are computed from the data). The backs are layouts
(layouts/unit-back.yaml, terrain-back.yaml) with the Timer dial as this pack's element.
"""

from __future__ import annotations

from ...draw.colour import ink_on, mix, readable
from ...draw.dice import die
from ...draw.document import Circle, Group, ImageError, Op, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...draw.icons import draw_icon
from ...draw.text import Run, draw, fit, style_terms
from ...names import name_key
from .dial import polar

PAD = 3.2  # mm inside the trim kept free of text
MAX_TEXT, MIN_TEXT = pt(6.4), pt(6)  # a card's rules text never below the 6 pt body text is read at
LABEL = pt(5)  # the least a tag or badge prints at, however small the rows' text
LEADING, ROW_GAP = 1.15, 1.0  # line spacing of a row's text; mm between rows


def term_styles(data) -> dict[str, tuple[str, str]]:
    """Keywords and terms bold on cards: forced movement, and the game's own capitalised terms."""
    ink = data.looks.card.ink
    styles = {k.name: ("sans-bold", ink) for k in data.keywords}
    for t in data.tokens:
        styles[t.name] = ("sans-bolditalic", t.colour)  # a token's own colour (darkened, small text printed as rich black)
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
    sizes = [round(MAX_TEXT - k * 0.05, 4) for k in range(int((MAX_TEXT - MIN_TEXT) / 0.05) + 1)]
    for size in sizes + ([MIN_TEXT] if sizes[-1] > MIN_TEXT + 1e-9 else []):  # the least size is tried too
        rows, total = [], 0.0
        for item, static in items:
            gh = gutter_size(item, looks)[1]
            paras = _line_paragraphs(item, styles, looks, static)
            f = fit(paras, width - gw - 1.6, 500, max_size=size, min_size=size, leading=LEADING)
            if f is None:
                break
            h = max(gh, size * 1.25 + f.height) + ROW_GAP
            rows.append((item, static, f, h, gw))
            total += h
        else:
            if total <= height:
                return rows
    return None


def _rows_ops(unit, data, x0: float, y: float, inner: float, height: float, colour: str) -> list[Op] | None:
    """The statics and abilities from (x0, y), ``inner`` x ``height`` mm: each line's slot dice and boxes,
    its name, badges and text at one size for the card; None when they cannot fit."""
    c = data.looks.card
    rows = _rows(unit, data, inner, height)
    if rows is None:
        return None
    ops: list[Op] = []
    for item, static, f, rh, gw in rows:
        ops += gutter(item, x0, y, data.looks, colour)
        tx = x0 + gw + 1.6
        size = f.size
        kind = "STATIC" if static else None
        nx = tx
        name_font = "sans-bold"
        ops.append(Text(nx, y + size * 0.95, item.name, name_font, size * 1.1,
                        readable(colour, c.paper) if static else c.ink))
        nx += text_width(item.name, name_font, size * 1.1) + 1.2
        if kind:
            ks = max(size * 0.8, LABEL)
            ops.append(Text(nx, y + size * 0.95, kind, "sans-bold", ks, readable(mix(c.ink, c.paper, 0.4), c.paper)))
            nx += text_width(kind, "sans-bold", ks) + 1.2
        for label, bc in _badges(item, data.looks):
            bs = max(size * 0.75, LABEL)
            bw = text_width(label, "sans-bold", bs) + 1.6
            ops.append(Rect(nx, y + 0.1, bw, bs * 1.4, Style(fill=bc), radius=0.6))
            ops.append(Text(nx + 0.8, y + 0.1 + bs * 1.1, label, "sans-bold", bs, ink_on(bc)))
            nx += bw + 0.8
        if getattr(item, "no_los", False):
            ops += no_los_icon(nx + size * 0.8, y + size * 0.55, size * 1.5, c.los_colour)
        ops += draw(f, tx, y + size * 1.25)
        y += rh
        ops.append(Poly(((x0, y - 0.7), (x0 + inner, y - 0.7)), Style(stroke=mix(colour, c.paper, 0.7), width=0.2),
                        closed=False))
    return ops


# -- layout elements (layouts/unit-card.yaml): the parts of a card computed from its data ----------------

def slots_el(face, el, scope: dict, parent) -> list[Op]:
    """``slots``: a damage line's d6 slot dice side by side and its damage boxes under them (``line``: a
    stat, static or ability of the unit), top-left at x, y."""
    line = face.get(el, "line", scope)
    if line is None or not hasattr(line, "slots"):
        return []
    x, y, _, _ = face.box(el, scope, parent)
    colour = face.colour(el, "colour", scope, "#1d1d1b") or "#1d1d1b"
    return gutter(line, x, y, scope["looks"], colour)


def damage_rows_el(face, el, scope: dict, parent) -> list[Op]:
    """``damage-rows``: the unit's statics and abilities in the box, every line with its slot dice and
    boxes, all at the largest one text size that fits (a text-overflow finding when none does)."""
    unit = face.get(el, "unit", scope)
    if unit is None:
        return []
    x, y, w, h = face.box(el, scope, parent)
    colour = face.colour(el, "colour", scope, "#1d1d1b") or "#1d1d1b"
    ops = _rows_ops(unit, scope["data"], x, y, w, h, colour)
    if ops is None:
        where = face.paths.get("item")
        face.problem("text-overflow", f"{unit.type}: its statics and abilities do not fit the card even at "
                     f"{MIN_TEXT / pt(1):.1f} pt; shorten the text or drop a line",
                     face.locate(where + ("type",)) if where else face.item_loc)
        return []
    return ops


def strip_el(face, el, scope: dict, parent) -> list[Op]:
    """``unit-strip``: the Death Die box, the Positive counters and the terrain the unit grants."""
    unit = face.get(el, "unit", scope)
    if unit is None:
        return []
    x, y, w, h = face.box(el, scope, parent)
    return _bottom_strip(unit, scope["data"], x, y, w, h, face.colour(el, "colour", scope, "#1d1d1b") or "#1d1d1b")


def _bottom_strip(unit, data, x: float, y: float, width: float, height: float, colour: str) -> list[Op]:
    c = data.looks.card
    grey = mix(c.ink, c.paper, 0.35)
    s = c.death_die_box
    ops: list[Op] = [Rect(x, y + 1.6, s, s, Style(fill="#ffffff", stroke=c.ink, width=0.3, dash=(0.8, 0.6)),
                          radius=1.2, role="death-die")]
    ops.append(Text(x + s / 2, y + 1.6 + s / 2 + 0.3, "DEATH", "sans-bold", LABEL, grey, "middle"))
    ops.append(Text(x + s / 2, y + 1.6 + s / 2 + 2.4, "DIE", "sans-bold", LABEL, grey, "middle"))
    px = x + s + 2.0
    ops.append(Text(px, y + 3.4, "POSITIVE", "sans-bold", LABEL, grey))
    for i in range(3):
        ops.append(Circle(px + 2.2 + i * 5.2, y + 6.6, 2.0, Style(stroke=grey, width=0.25, dash=(0.6, 0.5))))
    gx = px + 16.5
    grants = ", ".join(f"{g.count} {g.terrain}" for g in unit.grants) or "nothing"
    ops.append(Text(gx, y + 3.4, "GRANTS THE OPPONENT", "sans-bold", LABEL, grey))
    f = fit([[Run(grants, "sans", c.ink)]], x + width - gx, height - 4.2, max_size=pt(6.5), min_size=pt(6))
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


ELEMENTS = {
    "timer-dial": (("cx", "cy", "r", "colour", "ink"), timer_dial),
    "slots": (("line", "x", "y", "colour"), slots_el),
    "damage-rows": (("unit", "x", "y", "w", "h", "colour"), damage_rows_el),
    "unit-strip": (("unit", "x", "y", "w", "h", "colour"), strip_el),
}


def card_image(name: str, game) -> tuple[list[Op], float, float]:
    """``printgen:card/<unit type>`` for the rulebook: the card front (its layout) cut to its trim."""
    from ...layout.face_geometry import face_size
    from ...layout.sheets import picture_maker

    index = next((i for i, u in enumerate(game.data.units) if name_key(u.type) == name_key(name)), None)
    if index is None:
        raise ImageError(f"no unit named '{name}'")
    maker = picture_maker(game)
    layout = maker.layouts["unit-card"]
    w, h, bleed = face_size(layout, game.data.game)
    ops = maker.draw(layout, game.data.units[index], "units", index, f"unit card '{name}'")
    inner = Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, -bleed, -bleed), clip=(bleed, bleed, w, h))
    edge = Rect(0.15, 0.15, w - 0.3, h - 0.3, Style(stroke="#8c7b5f", width=0.3), radius=2.5)
    return [inner, edge], w, h
