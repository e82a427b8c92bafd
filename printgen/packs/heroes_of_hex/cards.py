"""Heroes of Hex class cards: layout (shared with the validator's fit check) and drawing.

Everything is in card coordinates: (0, 0) is the top-left of the bleed box,
the trim box is inset by the bleed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...draw.colour import ink_on, mix
from ...draw.document import Circle, Group, ImageError, Op, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...draw.icons import draw_icon
from ...draw.text import Fitted, Run, draw, fit, single_line, style_terms
from ...hexgrid import hex_corners, honeycomb
from ...names import by_name

ACCENT = "#3b2f4a"
PAPER = "#f4ecd8"
INK = "#1d1d1b"
AP_COLOUR = "#1f5f8b"
HEX_COLOUR = "#6b2d84"
KEYWORD_COLOUR = "#7a2318"
SAFE = 3.0  # mm inside the trim kept free of text
MAX_TEXT, MIN_TEXT = pt(7.2), pt(5.0)


@dataclass
class CardLayout:
    """Where everything goes on one class card, and what did not fit."""

    w: float  # trim, mm
    h: float
    bleed: float
    name_size: float = 0.0
    role: Fitted | None = None
    actions: list[tuple[float, float, Fitted]] = field(default_factory=list)  # (top, height, text)
    examples: Fitted | None = None
    overflow: list[tuple[tuple, str]] = field(default_factory=list)  # (path suffix, what overflowed)


def term_styles(data) -> dict[str, tuple[str, str]]:
    """Keywords bold in the keyword colour; tokens bold-italic in their own colour."""
    styles = {k.name: ("sans-bold", KEYWORD_COLOUR) for k in data.keywords}
    for t in data.tokens:
        styles[t.name] = ("sans-bolditalic", mix(t.colour, "#000000", 0.25))
    return styles


def _cost_badges(cost) -> list[tuple[str, str]]:
    return [(f"{n} {res}", HEX_COLOUR if res.upper() == "HEX" else AP_COLOUR) for n, res in cost.options]


def badge_width(label: str, size: float) -> float:
    return text_width(label, "sans-bold", size) + 3.2


def layout_card(cls, data, w: float, h: float, bleed: float) -> CardLayout:
    lay = CardLayout(w, h, bleed)
    inner_w = w - 2 * SAFE
    lay.name_size = single_line(cls.name, "serif-bold", pt(15), inner_w - 4)
    if lay.name_size < pt(9):
        lay.overflow.append((("name",), "the class name is too long for the header"))
    role = fit([[Run(cls.role, "sans-italic")]], inner_w, 7.4, max_size=pt(6.8), min_size=pt(5.0))
    if role is None:
        lay.overflow.append((("role",), "the role line does not fit two lines under the name"))
    lay.role = role
    ex_text = "Examples: " + ", ".join(cls.examples) if cls.examples else ""
    if ex_text:
        lay.examples = fit([[Run(ex_text, "sans-italic", "#4a4a4a")]], inner_w, 6.0, max_size=pt(5.6),
                           min_size=pt(4.5))
        if lay.examples is None:
            lay.overflow.append((("examples",), "the examples do not fit two lines at the foot of the card"))
    # Actions share one text size: the largest at which all of them fit the space left.
    top = bleed + SAFE + 12.0 + 8.4 + 11.5
    bottom = bleed + h - SAFE - (7.0 if ex_text else 0.0)
    avail = bottom - top
    styles = term_styles(data)
    paras = [[style_terms(a.effect, styles, Run("", "sans", INK))] for a in cls.actions]
    size = MAX_TEXT
    chosen = None
    while size >= MIN_TEXT - 1e-9:
        fits = [fit(p, inner_w - 3.0, 1000.0, max_size=size, min_size=size) for p in paras]
        heights = [6.2 + f.height + 1.6 for f in fits]
        if sum(heights) + 1.4 * (len(fits) - 1) <= avail:
            chosen = (size, fits, heights)
            break
        size = round(size - 0.05, 4)
    if chosen is None:
        longest = max(range(len(cls.actions)), key=lambda i: len(cls.actions[i].effect))
        lay.overflow.append((("actions", longest, "effect"),
                             f"the {len(cls.actions)} action texts do not fit the card even at "
                             f"{MIN_TEXT * 72 / 25.4:.0f} pt; shorten them, starting with '{cls.actions[longest].name}'"))
        return lay
    size, fits, heights = chosen
    spare = (avail - sum(heights) - 1.4 * (len(fits) - 1)) / max(1, len(fits))
    y = top
    for f, hh in zip(fits, heights):
        lay.actions.append((y, hh + spare, f))
        y += hh + spare + 1.4
    return lay


def _stat_boxes(cls, x: float, y: float, width: float, accent: str) -> list[Op]:
    stats = [("VIT", str(cls.stats.vit)), ("MOVE", cls.movement.text.replace(" / ", "/")),
             ("ATK", str(cls.stats.atk)), ("SP ATK", str(cls.stats.sp_atk)), ("DEF", str(cls.stats.def_)),
             ("SP DEF", str(cls.stats.sp_def))]
    weights = [1.0, 2.0, 1.0, 1.15, 1.0, 1.15]
    unit = (width - 1.0 * (len(stats) - 1)) / sum(weights)
    ops: list[Op] = []
    cx = x
    for (label, value), wgt in zip(stats, weights):
        bw = unit * wgt
        ops.append(Rect(cx, y, bw, 10.0, Style(fill="#fffaf0", stroke=accent, width=0.35), radius=1.0))
        ops.append(Text(cx + bw / 2, y + 3.0, label, "sans-bold", pt(4.6), accent, "middle"))
        vs = single_line(value, "sans-bold", pt(10), bw - 1.2)
        ops.append(Text(cx + bw / 2, y + 8.2, value, "sans-bold", vs, INK, "middle"))
        cx += bw + 1.0
    return ops


def card_front(cls, data, w: float, h: float, bleed: float) -> list[Op]:
    lay = layout_card(cls, data, w, h, bleed)
    accent = cls.colour or ACCENT
    fw, fh = w + 2 * bleed, h + 2 * bleed
    left = bleed + SAFE
    inner_w = w - 2 * SAFE
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=PAPER))]
    # header band runs into the bleed at the top
    band_h = bleed + SAFE + 10.5
    ops.append(Rect(0, 0, fw, band_h, Style(fill=accent)))
    ops.append(Text(fw / 2, bleed + SAFE + 7.2, cls.name, "serif-bold", lay.name_size, ink_on(accent), "middle"))
    ops.append(Rect(bleed + 1.6, bleed + 1.6, w - 3.2, h - 3.2, Style(stroke=mix(accent, PAPER, 0.3), width=0.4),
                    radius=2.0, role="frame"))
    y = band_h + 1.2
    if lay.role:
        ops += draw(lay.role, left, y, width=inner_w, align="center")
    y = bleed + SAFE + 12.0 + 8.4
    ops += _stat_boxes(cls, left, y, inner_w, accent)
    for action, (top, height, fitted) in zip(cls.actions, lay.actions):
        ops.append(Rect(left, top, inner_w, height, Style(fill="#fffaf0", stroke=mix(accent, PAPER, 0.45), width=0.3),
                        radius=1.2))
        ops.append(Text(left + 1.5, top + 4.4, action.name, "sans-bold", pt(7.6), INK))
        bx = left + inner_w - 1.2
        for label, colour in reversed(_cost_badges(action.cost)):
            bw = badge_width(label, pt(6.4))
            bx -= bw
            if colour == HEX_COLOUR:
                ops.append(Poly(((bx, top + 3.0), (bx + 1.4, top + 1.1), (bx + bw - 1.4, top + 1.1),
                                 (bx + bw, top + 3.0), (bx + bw - 1.4, top + 4.9), (bx + 1.4, top + 4.9)),
                                Style(fill=colour)))
            else:
                ops.append(Rect(bx, top + 1.1, bw, 3.8, Style(fill=colour), radius=1.9))
            ops.append(Text(bx + bw / 2, top + 4.0, label, "sans-bold", pt(6.4), "#ffffff", "middle"))
            bx -= 1.0
        ops += draw(fitted, left + 1.5, top + 6.0)
    if lay.examples:
        ops += draw(lay.examples, left, bleed + h - SAFE - 6.6, width=inner_w, align="center")
    return ops


def card_back(game, w: float, h: float, bleed: float) -> list[Op]:
    fw, fh = w + 2 * bleed, h + 2 * bleed
    ops: list[Op] = [Rect(0, 0, fw, fh, Style(fill=ACCENT))]
    line = mix(ACCENT, "#ffffff", 0.18)
    # a honeycomb of outlined hexes across the whole bleed box
    r = 6.0
    hexes: list[Op] = []
    for cx, cy in honeycomb(fw, fh, r):
        pts = tuple(hex_corners(cx, cy, r * 0.92))
        if all(-r <= x <= fw + r and -r <= y <= fh + r for x, y in pts):
            hexes.append(Poly(pts, Style(stroke=line, width=0.3)))
    from ...draw.geometry import clip_polygon

    for hx in hexes:
        clipped = clip_polygon(hx.points, 0, 0, fw, fh)
        if len(clipped) >= 3:
            ops.append(Poly(tuple(clipped), hx.style))
    ops.append(Rect(bleed + 4, bleed + 4, w - 8, h - 8, Style(stroke="#d9c9a3", width=0.6), radius=3.0))
    cx, cy = fw / 2, fh / 2
    ops.append(Circle(cx, cy - 6, 13.0, Style(fill=ACCENT, stroke="#d9c9a3", width=0.8)))
    ops += draw_icon("hex", cx, cy - 6, 15.0, "#d9c9a3")
    ops += draw_icon("sword", cx, cy - 6, 10.0, ACCENT)
    ns = single_line(game.name.upper(), "serif-bold", pt(13), w - 14)
    ops.append(Text(cx, cy + 15, game.name.upper(), "serif-bold", ns, "#f4ecd8", "middle"))
    ops.append(Text(cx, cy + 21, "CLASS CARD", "sans-bold", pt(6.5), "#d9c9a3", "middle"))
    return ops


def card_image(name: str, game) -> tuple[list[Op], float, float]:
    """``printgen:card/<class>`` for the rulebook: the card front cut to its trim."""
    cls = by_name(game.data.classes, name)
    if cls is None:
        raise ImageError(f"no class named '{name}'")
    (w, h), bleed = game.data.game.card.size, game.data.game.card.bleed
    ops = card_front(cls, game.data, w, h, bleed)
    inner = Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, -bleed, -bleed), clip=(bleed, bleed, w, h))
    edge = Rect(0.15, 0.15, w - 0.3, h - 0.3, Style(stroke="#8c7b5f", width=0.3), radius=2.5)
    return [inner, edge], w, h
