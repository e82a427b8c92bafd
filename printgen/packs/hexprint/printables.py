"""HexPrint printables besides the unit cards: the Hex Timer dial, initiative markers, Death Die
tracks, terrain rules cards. Every colour and size comes from looks.yaml."""

from __future__ import annotations

from ...draw.colour import INK, ink_on, mix, readable
from ...draw.dice import die
from ...draw.document import Circle, Document, Group, Op, Page, Poly, Rect, Style, Text, pt
from ...draw.facts import PrintFacts
from ...draw.page import PageSpec
from ...draw.text import Run, draw, fit
from ...render.compose import finish, heading
from ...render.sheets import take_face
from .dial import dial_for, polar


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 48) -> list[tuple[float, float]]:
    return [(cx + x, cy + y) for x, y in (polar(r, a0 + (a1 - a0) * i / n) for i in range(n + 1))]


def wedge(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float) -> tuple:
    """An annular sector between radii r0 and r1 (mm) from angle a0 to a1 (degrees clockwise from 12)."""
    return tuple(_arc(cx, cy, r1, a0, a1) + _arc(cx, cy, r0, a1, a0))


def timer_ops(data, rules, cx: float, cy: float) -> list[Op]:
    """The Hex Timer dial centred on (cx, cy): coloured segments, numbers, marker spots, the start on
    the first segment's opposite (rules.start), the round turn at 12 o'clock, the cut circle."""
    looks = data.looks
    t = looks.timer
    dial = dial_for(looks, rules)
    R, hub = dial.radius, dial.hub / 2
    ink = looks.card.ink
    ops: list[Op] = []
    for seg in range(1, rules.segments + 1):
        a0, a1 = dial.span(seg)
        fill = t.start_colour if seg == rules.start else t.segment_colours[seg - 1]
        fill = mix(fill, "#ffffff", 0.78) if seg == rules.start else fill
        ops.append(Poly(wedge(cx, cy, hub, R, a0, a1), Style(fill=fill), role="segment"))
        for sx, sy in dial.spots(seg):
            ops.append(Circle(cx + sx, cy + sy, dial.marker / 2, Style(stroke=mix(ink, fill, 0.6), width=0.25,
                                                                      dash=(1.0, 0.8)), role="marker-spot"))
        nx, ny = polar(R - t.number_size / 2 - 1.5, (a0 + a1) / 2)
        ops.append(Text(cx + nx, cy + ny + t.number_size * 0.36, str(seg), "sans-bold", t.number_size, ink, "middle"))
    for seg in range(rules.segments):  # the segment lines, from the hub to the rim
        x0, y0 = polar(hub, seg * dial.sweep)
        x1, y1 = polar(R, seg * dial.sweep)
        turn = seg == 0
        ops.append(Poly(((cx + x0, cy + y0), (cx + x1, cy + y1)),
                        Style(stroke=t.round_colour if turn else ink, width=1.0 if turn else 0.5), closed=False,
                        role="round-line" if turn else "segment-line"))
    # the round turn: an arrow across the line at 12 o'clock, from the last segment into the first
    ra = R - t.number_size - 4.0
    arrow = _arc(cx, cy, ra, -9, 9, 12)
    ops.append(Poly(tuple(arrow), Style(stroke=t.round_colour, width=0.7), closed=False))
    tipx, tipy = arrow[-1]
    ops.append(Poly(((tipx, tipy), (tipx - 2.4, tipy - 1.3), (tipx - 2.0, tipy + 1.5)), Style(fill=t.round_colour)))
    # beside the red line, not across it: the arrow shows the turn, the words what it means
    ops.append(Text(cx + 1.6, cy - ra - 2.2, "NEW ROUND", "sans-bold", pt(6.5), t.round_colour, "start"))
    # the start: in the numbers' band beside its segment's number, clear of the marker spots' rings (a picture
    # of the dial in the rulebook sets the word larger than the dial, where a ring would run through it)
    a0, a1 = dial.span(rules.start)
    sx, sy = polar(R - t.number_size / 2 - 1.5, (a0 + a1) / 2 + 0.3 * (a1 - a0))
    ops.append(Text(cx + sx, cy + sy + 1.2, "START", "sans-bold", pt(7),
                     readable(t.start_colour, mix(t.start_colour, "#ffffff", 0.78)), "middle"))
    ops.append(Circle(cx, cy, hub, Style(fill="#ffffff", stroke=ink, width=0.4), role="hub"))
    ops.append(Circle(cx, cy, 1.2, Style(stroke=ink, width=0.3)))
    ops.append(Text(cx, cy + hub * 0.55, "pin", "sans", pt(5), readable(mix(ink, "#ffffff", 0.4), "#ffffff"), "middle"))
    ops.append(Circle(cx, cy, R, Style(stroke="#000000", width=0.35), role="dial-cut"))
    return ops


def timer_image(name: str, game) -> tuple[list[Op], float, float]:
    """``printgen:timer/dial`` for the rulebook: the Hex Timer, shrunk to 110 mm across."""
    dial = dial_for(game.data.looks, game.rules)
    k = min(1.0, 110.0 / dial.diameter)
    ops = timer_ops(game.data, game.rules, dial.radius, dial.radius)
    return [Group(tuple(ops), (k, 0.0, 0.0, k, 0.0, 0.0))], dial.diameter * k, dial.diameter * k


def pointer_ops(data, x: float, y: float, length: float) -> list[Op]:
    """The Timer's hand, to cut out and pin through the hub: lying flat, its pivot at (x, y)."""
    t = data.looks.timer
    w = 9.0
    pts = ((x - w / 2, y), (x, y - w / 2), (x + length - 12, y - w / 3), (x + length, y), (x + length - 12, y + w / 3),
           (x, y + w / 2))
    fill = t.round_colour  # its title reads on it (a lighter tint of the red reads neither in black nor in white)
    return [Poly(pts, Style(fill=fill, stroke="#000000", width=0.3), role="cut"),
            Circle(x, y, 1.2, Style(fill="#ffffff", stroke="#000000", width=0.3)),
            Text(x + length / 2, y + 1.3, "HEX TIMER", "sans-bold", pt(7), ink_on(fill), "middle")]


def render_timer(game, spec: PageSpec) -> dict[str, Document]:
    data, rules = game.data, game.rules
    dial = dial_for(data.looks, rules)
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height)
    page.add(heading(x0, y0 + 7, "The Hex Timer", pt(16)))
    note = (f"Cut out the dial and the hand; pin the hand through the hub. Start on {rules.start}. Each turn the "
            f"hand moves one segment clockwise; passing the red line starts a new round. Each segment holds "
            f"{dial.capacity()} initiative markers.")
    f = fit([[Run(note)]], x1 - x0, 12, max_size=pt(8), min_size=pt(6))
    page.add(*draw(f, x0, y0 + 10))
    cy = y0 + 24 + dial.radius
    page.add(*timer_ops(data, rules, (x0 + x1) / 2, cy))
    py = cy + dial.radius + 12
    if py + 6 <= y1:
        page.add(*pointer_ops(data, (x0 + x1) / 2 - dial.radius * 0.45, py, dial.radius * 0.9))
    return {"hex-timer": finish([page], spec, game=data.game, title="Hex Timer",
                                facts=PrintFacts(part="track", notes=("pin the hand through the dial's hub",),
                                                 tools=("a drawing pin",)))}


def marker_faces(game) -> tuple[object, float, list[list[Op]]]:
    """Each unit's initiative marker (layout ``initiative-marker``) at looks.yaml's diameter, in its
    bleed box (mm); the FaceMaker that drew them (its findings) and the box's side, mm."""
    from ...layout.face_geometry import face_size
    from ...layout.sheets import FaceMaker

    maker = FaceMaker(game)
    d = game.data.looks.marker.diameter
    layout = maker.layouts["initiative-marker"]
    bleed = face_size(layout, game.data.game)[2]
    return maker, d + 2 * bleed, [maker.draw(layout, u, "units", i, f"initiative marker '{u.type}'", size=(d, d))
                                  for i, u in enumerate(game.data.units)]


def check_markers(game) -> list:
    """Validation hook: every marker face drawn once (a code or type that cannot fit, a broken layout)."""
    if not game.ok() or game.data.looks is None or not game.data.units:
        return []
    maker, _, _ = marker_faces(game)
    return maker.found


def render_markers(game, spec: PageSpec) -> dict[str, Document]:
    """Initiative markers: each unit's code and colour, as on its card, ``looks.marker.per_unit`` of each."""
    data = game.data
    m = data.looks.marker
    d = m.diameter
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height)
    page.add(heading(x0, y0 + 7, "Initiative markers", pt(16)))
    page.add(Text(x0, y0 + 12.5, "One per unit card, in its colour with its code; put it on the Hex Timer.",
                  "sans", pt(8), INK))
    pitch = d + 4.0
    cols = max(1, int((x1 - x0 - 40) // pitch))
    y = y0 + 18
    _, box, faces = marker_faces(game)
    for u, face in zip(data.units, faces):
        if y + pitch > y1:
            break
        page.add(Text(x0, y + pitch / 2 + 1, u.type, "sans-bold", pt(8), INK))
        # each marker a group moved to its spot, every copy the very same ops (as token sheets place tokens): the
        # preflight reads the face once, Letter looks up what A4 read, and the PDF draws it once, as a form
        ops = tuple(face)
        for k in range(min(m.per_unit, cols)):
            cx, cy = x0 + 40 + pitch / 2 + k * pitch, y + pitch / 2
            page.add(Group(ops, (1.0, 0.0, 0.0, 1.0, cx - box / 2, cy - box / 2)))
            take_face(page, (cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2),  # its TrimBox and BleedBox
                      (cx - box / 2, cy - box / 2, cx + box / 2, cy + box / 2))
        y += pitch
    return {"initiative-markers": finish([page], spec, game=data.game, title="initiative markers",
                                         facts=PrintFacts(part="markers"))}


def render_death_tracks(game, spec: PageSpec) -> dict[str, Document]:
    """Death Die tracks: a row of die faces 1-6 per Downed model, to slide a marker along."""
    data = game.data
    tr = data.looks.track
    s = tr.cell
    x0, y0, x1, y1 = spec.content
    page = Page(spec.width, spec.height)
    page.add(heading(x0, y0 + 7, "Death Die tracks", pt(16)))
    note = ("When a model is Downed, at the end of that time segment put a marker on 1 (or a die showing 1 on its "
            "card). Each time the Timer turns, move it up one. Whenever the model would take damage, roll that many "
            "dice instead: any die showing the Death Die's number or less removes the model.")
    f = fit([[Run(note)]], x1 - x0, 14, max_size=pt(8), min_size=pt(6))
    page.add(*draw(f, x0, y0 + 10))
    y = y0 + 27
    gap = 2.0
    strip_h = s + 11
    for k in range(tr.per_page):
        if y + strip_h > y1:
            break
        page.add(Rect(x0, y, x1 - x0, strip_h, Style(fill=mix(tr.colour, "#ffffff", 0.9), stroke=tr.colour, width=0.4),
                      radius=2))
        page.add(Text(x0 + 3, y + 5, "MODEL", "sans-bold", pt(6), tr.colour))
        page.add(Poly(((x0 + 14, y + 5.2), (x0 + 70, y + 5.2)), Style(stroke=mix(tr.colour, "#ffffff", 0.4), width=0.25),
                      closed=False))
        left = x0 + 3
        for v in range(1, 7):
            cx = left + (v - 1) * (s + gap)
            page.add(*die(cx, y + 8, s, v, "#ffffff" if v < 6 else mix(tr.colour, "#ffffff", 0.75), role="death-cell"))
        tx = left + 6 * (s + gap) + 2
        f = fit([[Run("On 6 every damage die removes the model; it stays 6 as time turns.", "sans-italic",
                      tr.colour)]], x1 - 3 - tx, s, max_size=pt(7), min_size=pt(5))
        if f:
            page.add(*draw(f, tx, y + 9))
        y += strip_h + 3
    return {"death-die-tracks": finish([page], spec, game=data.game, title="Death Die tracks",
                                       facts=PrintFacts(part="track"))}


def stack_ops(t, data, cx: float, base: float, height: float) -> list[Op]:
    """A side view of the terrain on a land tile: tiles of one level each, water as a thin sheet on the
    tile under it, a piece standing on its tile; its base line at ``base`` mm."""
    tile_h = min(5.0, height / max(2, t.height + 1))
    wd = 26.0
    edge = mix(t.colour, "#000000", 0.45)
    ground = "#d8cfb4"
    ops: list[Op] = [Poly(((cx - wd / 2 - 4, base), (cx + wd / 2 + 4, base)), Style(stroke="#8c8c8c", width=0.3),
                          closed=False)]
    y = base
    tiles = t.height if (t.card is None and t.height >= 1) else 1
    for k in range(tiles):
        fill = t.colour if (t.card is None and t.height >= 1) else ground
        ops.append(Rect(cx - wd / 2, y - tile_h, wd, tile_h, Style(fill=fill, stroke=edge, width=0.3)))
        y -= tile_h
    if t.height == 0:
        ops.append(Rect(cx - wd / 2, y - 1.2, wd, 1.2, Style(fill=t.colour, stroke=edge, width=0.3)))
    elif t.card is not None:
        ph = tile_h * t.height
        ops.append(Rect(cx - wd / 2 + 3, y - ph, wd - 6, ph, Style(fill=t.colour, stroke=edge, width=0.3), radius=0.6))
    return ops


def terrain_stack_el(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``terrain-stack``: the side view of ``terrain`` on its tiles (stack_ops), centred on
    cx, its base line at ``base``, ``h`` mm tall at most."""
    t = face.get(el, "terrain", scope)
    if t is None or not hasattr(t, "height"):
        return []
    px, py, pw, ph = parent
    cx = px + face.length(el, "cx", scope, pw, pw / 2)
    base = py + face.length(el, "base", scope, ph, ph)
    return stack_ops(t, scope["data"], cx, base, face.length(el, "h", scope, ph, 16.0))


TERRAIN_ELEMENTS = {"terrain-stack": (("terrain", "cx", "base", "h"), terrain_stack_el)}
