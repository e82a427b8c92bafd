"""Token sheets: every token at the game's diameter, in the counts the data asks for.

Each token is a disc of its colour with a little bleed, its icon and label,
and a thin cut circle at exactly the token diameter. Tokens with a back get a
mirrored backs page for long-edge duplex printing.
"""

from __future__ import annotations

import math

from ..draw.colour import INK, ink_on, mix
from ..draw.document import Circle, Document, Op, Page, Style, Text, pt
from ..draw.icons import ICONS, draw_icon
from ..draw.page import PageSpec
from ..draw.text import single_line
from ..model.content import Token
from .compose import finish, heading
from .sheets import mirror_x

TOKEN_BLEED = 0.8  # mm of colour beyond the cut circle
TOKEN_GAP = 1.6  # mm between neighbouring bleeds
SECTION_H = 7.0  # mm for a token type's heading
CUT = Style(stroke="#000000", width=0.15)


def token_face(t: Token, cx: float, cy: float, d: float, *, back: bool = False) -> list[Op]:
    r = d / 2
    ink = ink_on(t.colour)
    ops: list[Op] = [Circle(cx, cy, r + TOKEN_BLEED, Style(fill=t.colour)),
                     Circle(cx, cy, r - 0.9, Style(stroke=mix(t.colour, ink, 0.45), width=0.3))]
    label = (t.label or t.name).upper()
    if back:
        fs = single_line(label, "sans-bold", pt(6), d * 0.7)
        ops.append(Text(cx, cy + fs * 0.35, label, "sans-bold", fs, ink, "middle"))
    else:
        if t.icon and t.icon in ICONS:
            ops += draw_icon(t.icon, cx, cy - d * 0.1, d * 0.42, ink)
        fs = single_line(label, "sans-bold", pt(5), d * 0.62)
        ops.append(Text(cx, cy + d * 0.3, label, "sans-bold", fs, ink, "middle"))
    ops.append(Circle(cx, cy, r, CUT, role="cut"))
    return ops


def token_pages(tokens: list[Token], d: float, spec: PageSpec) -> list[Page]:
    x0, y0, x1, y1 = spec.content
    pitch = d + 2 * TOKEN_BLEED + TOKEN_GAP
    cols = max(1, int((x1 - x0 + TOKEN_GAP) // pitch))
    left = x0 + (x1 - x0 - (cols * pitch - TOKEN_GAP)) / 2 + pitch / 2 - TOKEN_GAP / 2
    pages: list[Page] = []
    backs: list[Page] = []
    page = back = None
    y = y1  # forces a new page
    for t in tokens:
        rows = math.ceil(t.count / cols) if t.count else 0
        if not rows:
            continue
        need = SECTION_H + pitch
        if page is None or y + need > y1:
            page, back = Page(spec.width, spec.height), Page(spec.width, spec.height)
            pages.append(page)
            backs.append(back)
            y = y0
        page.add(heading(x0, y + 4.6, f"{t.name}", pt(10)))
        page.add(Text(x1, y + 4.6, f"{t.type}, {t.count} to cut", "sans", pt(7), INK, "end"))
        y += SECTION_H
        placed = 0
        for row in range(rows):
            if y + pitch > y1:
                page, back = Page(spec.width, spec.height), Page(spec.width, spec.height)
                pages.append(page)
                backs.append(back)
                y = y0
                page.add(heading(x0, y + 4.6, f"{t.name} (continued)", pt(10)))
                y += SECTION_H
            cy = y + pitch / 2
            for col in range(cols):
                if placed == t.count:
                    break
                cx = left + col * pitch
                page.add(*token_face(t, cx, cy, d))
                if t.back:
                    back.add(*token_face(t, mirror_x(cx, 0.0, spec), cy, d, back=True))
                placed += 1
            y += pitch
    out: list[Page] = []
    for p, b in zip(pages, backs):
        out.append(p)
        if b.ops:
            b.label = "backs"
            out.append(b)
    return out


def render_tokens(game, spec: PageSpec) -> dict[str, Document]:
    """Asset renderer: all the game's tokens on one document."""
    tokens = game.data.tokens
    if not tokens:
        return {}
    d = game.data.game.token.diameter
    pages = token_pages(tokens, d, spec)
    return {"tokens": finish(pages, spec, game=game.data.game, title=f"{d:g} mm tokens")}
