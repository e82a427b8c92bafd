"""Markers: order markers 1, 2, 3 and X for every player colour (their backs alike, so the
opponent cannot tell them apart), glyph tokens (face down they all look the same), the round
track, and stickers for blank dice (combat d6 faces as data, a numbered d20).

Order markers and glyphs are layouts (layouts/order-marker.yaml, order-back, glyph, glyph-back)."""

from __future__ import annotations

import math

from ...draw.colour import INK, ink_on, legible, mix
from ...draw.document import Document, Group, Op, Page, Poly, Rect, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.icons import draw_icon
from ...draw.page import PageSpec
from ...draw.text import Run, draw, fit
from ...render.compose import finish, heading
from ...render.sheets import BACKS_LABEL, Lattice, Slot, impose

BLEED = 0.8  # mm of colour beyond a marker's cut circle (the layouts' bleed)
GAP = 2.4  # mm between neighbouring bleeds


def _put(item, slot: Slot, back: bool) -> Op:
    return Group(tuple(item), (1.0, 0.0, 0.0, 1.0, slot.x, slot.y))


def disc_lattice(spec: PageSpec, d: float) -> Lattice:
    """Square cells for discs of diameter ``d`` mm (plus bleed), centred in the content area."""
    x0, y0, x1, y1 = spec.content
    cell = d + 2 * BLEED
    pitch = cell + GAP
    cols = max(1, int((x1 - x0 + GAP) // pitch))
    rows = max(1, int((y1 - y0 + GAP) // pitch))
    ox = (spec.width - (cols * pitch - GAP)) / 2
    oy = y0 + (y1 - y0 - (rows * pitch - GAP)) / 2
    slots = tuple(Slot(ox + c * pitch, oy + r * pitch, False) for r in range(rows) for c in range(cols))
    return Lattice(spec, slots, (cell, cell), _put)


class MarkerFaces:
    """Order markers and glyphs from the game's layouts (order-marker, order-back, glyph, glyph-back),
    in bleed-box mm; a game changes them with its own layout files."""

    def __init__(self, game) -> None:
        from ...layout.sheets import FaceMaker

        self.maker = FaceMaker(game)
        self.game = game

    def _draw(self, layout: str, item, kind: str, index: int, what: str) -> list[Op]:
        return self.maker.draw(self.maker.layouts[layout], item, kind, index, what)

    def orders(self) -> tuple[list[list[Op]], list[list[Op]]]:
        """Every player's order markers and their backs (the back drawn once per player)."""
        fronts, backs = [], []
        for i, p in enumerate(self.game.rules.players):
            items = [{"order": o, "player": p.name, "colour": p.colour} for o in self.game.rules.orders]
            back = self._draw("order-back", items[0], "rules", i, f"{p.name}'s order marker (back)")
            for item in items:
                fronts.append(self._draw("order-marker", item, "rules", i, f"{p.name}'s order marker {item['order']}"))
                backs.append(back)
        return fronts, backs

    def glyphs(self) -> tuple[list[list[Op]], list[list[Op]]]:
        """Every glyph's token, as many of each as ``glyph_copies`` says, and their backs."""
        glyphs = self.game.data.glyphs
        if not glyphs:
            return [], []
        back = self._draw("glyph-back", glyphs[0], "glyphs", 0, "glyph back")
        copies = glyph_copies(self.game.data)
        fronts = []
        for i, g in enumerate(glyphs):
            face = self._draw("glyph", g, "glyphs", i, f"glyph '{g.name}'")
            fronts += [face] * copies[i]
        return fronts, [back] * len(fronts)


def glyph_copies(data) -> list[int]:
    """How many tokens of each glyph (in ``data.glyphs`` order) the markers sheet prints: its ``count``, else
    as many as the battlefield that places it on most hexes needs, at least one."""
    from .checks_maps import glyph_needs

    need = glyph_needs(data)
    return [g.count if g.count is not None else max(1, max((n for n, *_ in need.get(g.name, [])), default=1))
            for g in data.glyphs]


def check_markers(game) -> list:
    """Validation hook: every marker face drawn once (a label that cannot fit, a broken layout)."""
    if not game.ok():
        return []
    faces = MarkerFaces(game)
    faces.orders()
    faces.glyphs()
    return faces.maker.found


def render_markers(game, spec: PageSpec) -> dict[str, Document]:
    """Order markers per player colour, then glyph tokens, fronts and mirrored backs."""
    data = game.data
    d = data.game.token.diameter
    faces = MarkerFaces(game)
    fronts, backs = faces.orders()
    gf, gb = faces.glyphs()
    lattice = disc_lattice(spec, d)
    pages = []
    for page, side in impose(fronts + gf, lattice, backs=backs + gb):
        page.label = BACKS_LABEL if side == "back" else "fronts"
        pages.append(page)
    return {"markers": finish(pages, spec, game=data.game, title=f"order markers and glyphs, {d:g} mm",
                              facts=PrintFacts(part="markers"))}


def render_round_track(game, spec: PageSpec) -> dict[str, Document]:
    """The round track: one space per round, a marker's width each, in rows across the page."""
    data, rules = game.data, game.rules
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height)
    page.add(heading(x0, y0 + 7, f"{data.game.name}: round track", pt(16)))
    side = data.game.token.diameter + 4.0
    per_row = max(1, int((x1 - x0) // (side + 2.0)))
    rows = math.ceil(rules.round_track / per_row)
    top = y0 + 16
    for i in range(rules.round_track):
        r, c = divmod(i, per_row)
        left = x0 + (x1 - x0 - min(per_row, rules.round_track) * (side + 2.0) + 2.0) / 2
        x, y = left + c * (side + 2.0), top + r * (side + 8.0)
        # sand to rust, round by round; a middle shade moved as little as its number and label need to read
        shade = legible(mix("#e9dcc0", "#8e4a3c", i / max(1, rules.round_track - 1)))
        page.add(Rect(x, y, side, side, Style(fill=shade, stroke=INK, width=0.3), radius=2.0))
        page.add(Text(x + side / 2, y + side * 0.62, str(i + 1), "serif-bold", side * 0.42, ink_on(shade), "middle"))
        page.add(Text(x + side / 2, y + side - 1.6, "ROUND", "sans-bold", pt(5), ink_on(shade), "middle"))
    y = top + rows * (side + 8.0) + 4
    steps = [f"Place order markers {', '.join(rules.orders[:-1])} and {rules.orders[-1]} face down on your army cards.",
             f"Roll the d{rules.initiative_die} for initiative; re-roll ties.",
             f"Reveal and take turns {rules.turns_per_round} times, in initiative order.",
             "End of round: roll for figures on Lava Fields, then move the round marker on."]
    f = fit([[Run(f"{i + 1}. ", "sans-bold"), Run(s)] for i, s in enumerate(steps)], x1 - x0, y1 - y, max_size=pt(10),
            min_size=pt(7))
    if f:
        page.add(*draw(f, x0, y))
    return {"round-track": finish([page], spec, game=data.game, title="round track", facts=PrintFacts(part="track"))}


def _d6_face(face: str, x: float, y: float, s: float) -> list[Op]:
    ops: list[Op] = [Rect(x, y, s, s, Style(fill="#ffffff", stroke=INK, width=0.15), radius=s * 0.12, role="cut")]
    if face in ("skull", "shield"):
        ops += draw_icon(face, x + s / 2, y + s / 2, s * 0.6, "#8f2320" if face == "skull" else "#2d5fa8")
    return ops


def _d20_face(n: int, x: float, y: float, e: float) -> list[Op]:
    h = e * math.sqrt(3) / 2
    label = str(n) + ("." if n in (6, 9) else "")  # the dot tells 6 from 9
    fs = e * 0.3
    return [Poly(((x, y + h), (x + e, y + h), (x + e / 2, y)), Style(fill="#ffffff", stroke=INK, width=0.15), role="cut"),
            Text(x + e / 2, y + h * 0.68 + fs * 0.36, label, "sans-bold", fs, INK, "middle")]


def _sticker_ops(die, x0: float, y: float, width: float) -> tuple[list[Op], float]:
    """Every sticker of ``die`` (all its dice) in rows from ``y``; returns the ops and the height used."""
    s, gap = die.size, 2.0
    ops: list[Op] = []
    if die.sides == 6:
        per_row = max(1, int((width + gap) // (s + gap)))
        per_row = per_row - per_row % 6 if per_row >= 6 else per_row  # one die to a row when it fits
        faces = [f for _ in range(die.count) for f in die.faces]
        for i, face in enumerate(faces):
            r, c = divmod(i, per_row)
            ops += _d6_face(face, x0 + c * (s + gap), y + r * (s + gap), s)
        return ops, math.ceil(len(faces) / per_row) * (s + gap)
    h = s * math.sqrt(3) / 2
    per_row = max(1, min(20, int((width + gap) // (s + gap))))
    faces = [n for _ in range(die.count) for n in range(1, 21)]
    for i, n in enumerate(faces):
        r, c = divmod(i, per_row)
        ops += _d20_face(n, x0 + c * (s + gap), y + r * (h + gap), s)
    return ops, math.ceil(len(faces) / per_row) * (h + gap)


def render_dice_stickers(game, spec: PageSpec) -> dict[str, Document]:
    """Stickers for blank dice: every face of each d6 at its size, and the 20 faces of each d20."""
    data = game.data
    x0, y0, x1, y1 = spec.content
    pages = [Page(spec.width, spec.height)]
    y = y0
    for die in data.dice:
        ops, used = _sticker_ops(die, x0, y + 9, x1 - x0)
        if y + 9 + used > y1 and y > y0:
            pages.append(Page(spec.width, spec.height))
            y = y0
            ops, used = _sticker_ops(die, x0, y + 9, x1 - x0)
        page = pages[-1]
        what = "faces: " + ", ".join(die.faces) if die.sides == 6 else "faces numbered 1-20"
        plural = "dice" if die.count != 1 else "die"
        page.add(heading(x0, y + 5, f"{die.name} (d{die.sides}) for {die.count} blank {plural}", pt(11)))
        page.add(Text(x1, y + 5, f"{die.size:g} mm stickers; {what}", "sans", pt(7), INK, "end"))
        page.add(*ops)
        y += 9 + used + 4
    return {"dice-stickers": finish(pages, spec, game=data.game, title="dice stickers",
                                    facts=PrintFacts(part="stickers", paper="sticker paper",
                                                     notes=("stick each face on a blank die",)))}
