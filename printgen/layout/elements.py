"""Layout elements: a registry dict, element type -> (its keys, its drawing function).

Every element takes ``id`` (for ``extends``) and ``when`` (an expression; false: not drawn). Boxes
(x, y, w, h) default to the whole containing box; percentages are of that box. Colours are
"#rrggbb" or none; ``width`` is a stroke width.

    rect      x y w h fill stroke width radius dash opacity
    circle    cx cy r fill stroke width opacity            (defaults: centre of the box, half its width)
    hexagon   cx cy r orientation(flat|pointy) fill stroke width opacity   (r: centre to corner)
    line      x1 y1 x2 y2 stroke width dash
    text      text paragraphs x y w h font size min colour align(left|center|right) valign(top|middle|bottom)
              wrap leading terms group grow baseline
              - fits the box: the largest size from ``size`` down to ``min`` (a finding below that);
              - ``baseline``: one line on that baseline, shrunk to the width;
              - ``terms: true`` styles the game's keywords and tokens; ``:name:`` draws an inline icon;
                ``**words**`` are bold
                (the layout's ``icons:``, else a built-in icon);
              - ``group``: texts of one group share the largest size at which all of them fit;
              - ``paragraphs``: [{text, font, colour, when, lead, lead_colour}] instead of text, each in its
                own style (``lead``: a bold lead-in before the paragraph, in ``lead_colour``).
    icon      name cx cy size colour                        (a built-in icon)
    image     src x y w h fit(contain|cover|stretch)        (PNG, JPEG or SVG inside the game folder)
    stats     items x y w h gap fill stroke width radius label value
              - items: [{label, value, weight}]; label/value: {font, size, colour, baseline}
    repeat    over as x y w h gap flow(fixed|stack) cell direction(down|right) pad elements
              - one cell per item of ``over``, its elements in cell coordinates;
              - fixed: cells of ``cell`` mm (default: the box shared out);
              - stack (down): each cell as tall as its ``grow: true`` text plus ``pad``, every grow text at
                one size (the largest that fits the box), spare height shared out.
    honeycomb r scale stroke width                          (outlined hexes over the whole bleed box)
    hexgrid   cx cy radius size orientation fill stroke width (a patch of hexes ``radius`` rings round)
    stamp     x w baseline font size colour align           (the game's version and a digest of the face:
                                                             layout/stamp.py; game.yaml ``stamps: false``)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from ..draw.document import Circle, Op, Poly, Rect, Style, Text, pt
from ..draw.geometry import clip_polygon
from ..draw.icons import ICONS, draw_icon
from ..draw.text import fit, single_line
from ..hexgrid import hex_corners, honeycomb
from ..limits import LIMITS, limit
from .face import FAILED, Box, Face
from .lengths import parse_extent
from .spec import Element
from .stamp import ELEMENT as STAMP
from .text_element import _overflow, _paragraphs, text, text_params

_STROKE = ("fill", "stroke", "width", "opacity")


def _style(face: Face, el: Element, scope: dict, *, fill: str | None = None) -> Style:
    stroke = face.colour(el, "stroke", scope)
    width = face.length(el, "width", scope, 0.0, 0.3 if stroke else 0.0)
    dash = face.get(el, "dash", scope)
    dashes = None
    if isinstance(dash, list) and dash:
        dashes = tuple(_len(face, el, d) for d in dash)
    opacity = face.get(el, "opacity", scope, 1.0)
    if not isinstance(opacity, (int, float)) or isinstance(opacity, bool) or not 0 <= opacity <= 1:
        face.problem("layout-value", f"layout '{face.layout.name}': opacity is a number from 0 to 1",
                     el.loc("opacity"))
        opacity = 1.0
    return Style(fill=face.colour(el, "fill", scope, fill), stroke=stroke, width=width, dash=dashes,
                 opacity=float(opacity))


def _len(face: Face, el: Element, raw) -> float:
    from .lengths import LengthError, parse_extent

    try:
        return parse_extent(raw, ref=0.0, bleed=face.bleed)
    except LengthError as exc:
        face.problem("layout-length", f"layout '{face.layout.name}': {exc}", el.loc("dash"))
        return 1.0


def rect(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    x, y, w, h = face.box(el, scope, parent)
    radius = face.length(el, "radius", scope, min(w, h), 0.0)
    return [Rect(x, y, w, h, _style(face, el, scope), radius=radius, role=str(el.id or ""))]


def _centre(face: Face, el: Element, scope: dict, parent: Box) -> tuple[float, float, float]:
    px, py, pw, ph = parent
    cx = px + face.length(el, "cx", scope, pw, pw / 2)
    cy = py + face.length(el, "cy", scope, ph, ph / 2)
    r = face.length(el, "r", scope, pw, min(pw, ph) / 2)
    return cx, cy, r


def circle(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    cx, cy, r = _centre(face, el, scope, parent)
    return [Circle(cx, cy, r, _style(face, el, scope), role=str(el.id or ""))]


def hexagon(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    cx, cy, r = _centre(face, el, scope, parent)
    orient = face.choice(el, "orientation", scope, ("flat", "pointy"))
    return [Poly(tuple(hex_corners(cx, cy, r, orient)), _style(face, el, scope), role=str(el.id or "hexagon"))]


def line(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    px, py, pw, ph = parent
    pts = ((px + face.length(el, "x1", scope, pw), py + face.length(el, "y1", scope, ph)),
           (px + face.length(el, "x2", scope, pw, pw), py + face.length(el, "y2", scope, ph)))
    style = _style(face, el, scope)
    if style.stroke is None:
        style = Style(stroke="#1d1d1b", width=style.width or 0.3, dash=style.dash, opacity=style.opacity)
    return [Poly(pts, style, closed=False, role=str(el.id or "line"))]


def icon(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    cx, cy, _ = _centre(face, el, scope, parent)
    size = face.length(el, "size", scope, parent[2], 6.0)
    name = face.get(el, "name", scope)
    if name not in ICONS:
        from ..findings import did_you_mean, quoted

        hint = did_you_mean(str(name), ICONS)
        face.problem("layout-icon", f"layout '{face.layout.name}': no built-in icon {quoted(name)}"
                     + (f"; did you mean '{hint}'?" if hint else f"; icons: {', '.join(sorted(ICONS))}"),
                     el.loc("name"))
        return []
    return draw_icon(name, cx, cy, size, face.colour(el, "colour", scope, "#1d1d1b") or "#1d1d1b")


def image(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    src = face.get(el, "src", scope)
    if src in (None, ""):
        return []
    fit = face.choice(el, "fit", scope, ("contain", "cover", "stretch"))
    path = face.data_path(el.args.get("src"))  # a picture named in the data: the finding points there
    return face.picture(src, face.box(el, scope, parent), face.locate(path) if path else el.loc("src"), fit)


# -- compound elements -----------------------------------------------------------

def stats(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    x, y, w, h = face.box(el, scope, parent)
    raw = el.args.get("items")
    items = face.eval(raw, scope, el.loc("items")) if isinstance(raw, str) else raw
    if not isinstance(items, list):
        if items is not FAILED:
            face.problem("layout-value", f"layout '{face.layout.name}': items is a list of {{label, value, weight}}",
                         el.loc("items"))
        return []
    cells = []
    for i, it in enumerate(items):
        if not isinstance(it, dict):
            continue
        loc = el.loc(("items", i))
        v = {k: face.eval(val, scope, loc) for k, val in it.items()}
        if "when" in v and not v["when"]:
            continue
        weight = v.get("weight", 1.0)
        cells.append((str(v.get("label", "")), str(v.get("value", "")),
                      float(weight) if isinstance(weight, (int, float)) else 1.0))
    if not cells:
        return []
    gap = face.length(el, "gap", scope, w, 1.0)
    unit = (w - gap * (len(cells) - 1)) / sum(c[2] for c in cells)
    style = _style(face, el, scope)
    radius = face.length(el, "radius", scope, h, 1.0)
    parts = []  # (size mm, baseline mm, font, colour) of the label, then of the value
    for key, dsize, dbase, dcolour in (("label", pt(5), 0.3, "#1d1d1b"), ("value", pt(10), 0.82, "#1d1d1b")):
        spec = face.eval(el.args.get(key, {}), scope, el.loc(key)) or {}
        spec = spec if isinstance(spec, dict) else {}
        try:
            size = parse_extent(spec.get("size", f"{dsize}mm"), ref=h)
            base = parse_extent(spec.get("baseline", f"{dbase * h}mm"), ref=h)
        except ValueError as exc:
            face.problem("layout-length", f"layout '{face.layout.name}': {exc}", el.loc(key))
            size, base = dsize, dbase * h
        font = face.font_key(spec.get("font", "sans-bold")) or "sans-bold"
        parts.append((size, base, font, str(spec.get("colour", dcolour))))
    if face.validating:
        return []  # every value is read and checked: the ops would be thrown away
    ops: list[Op] = []
    cx = x
    for cell in cells:
        bw = unit * cell[2]
        ops.append(Rect(cx, y, bw, h, style, radius=radius))
        for text, (size, base, font, colour) in zip(cell[:2], parts):
            s = single_line(text, font, size, bw - 1.2)
            ops.append(Text(cx + bw / 2, y + base, text, font, s, colour, "middle"))
        cx += bw + gap
    return ops


def honeycomb_el(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    _, _, fw, fh = face.frame
    r = face.length(el, "r", scope, fw, 6.0)
    if not r >= limit("honeycomb-hex"):  # a tiny r is millions of hexes (0 never ends): refuse, do not draw
        face.problem(LIMITS["honeycomb-hex"].code, f"layout '{face.layout.name}': a honeycomb hex of {r:g} mm is "
                     f"smaller than the limit of {limit('honeycomb-hex'):g} mm", el.loc("r"))
        return []
    scale = face.get(el, "scale", scope, 0.92)
    style = _style(face, el, scope)
    # a background pattern: text over it is text on a textured ground, not text crossed by a line
    return [Poly(pts, style, role="pattern") for pts in _honeycomb_cells(fw, fh, r, float(scale))]


@lru_cache(maxsize=64)
def _honeycomb_cells(fw: float, fh: float, r: float, scale: float) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The hexagons (clipped to the fw x fh mm face) of a honeycomb of ``r`` mm hexes drawn at ``scale``.
    Cached: every card of a deck has the same background, and clipping hundreds of cells is slow."""
    cells = []
    for cx, cy in honeycomb(fw, fh, r):
        pts = hex_corners(cx, cy, r * scale)
        if all(-r <= px <= fw + r and -r <= py <= fh + r for px, py in pts):
            clipped = clip_polygon(pts, 0, 0, fw, fh)
            if len(clipped) >= 3:
                cells.append(tuple(clipped))
    return tuple(cells)


def hexgrid(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    """A hexagon-shaped patch of hexes: ``radius`` rings round the centre, each ``size`` mm across the flats."""
    from ..hexgrid import Layout, hexagon as patch

    cx, cy, _ = _centre(face, el, scope, parent)
    size = face.length(el, "size", scope, parent[2], 8.0)
    radius = face.get(el, "radius", scope, 2)
    if not isinstance(radius, int) or isinstance(radius, bool) or not 0 <= radius <= 12 or size <= 0:
        face.problem("layout-value", f"layout '{face.layout.name}': hexgrid radius is a whole number from 0 to 12 "
                     "and size a positive length", el.loc("radius"))
        return []
    lay = Layout(face.choice(el, "orientation", scope, ("flat", "pointy")), size, origin=(cx, cy))
    style = _style(face, el, scope)
    return [Poly(tuple(lay.corners(h)), style) for h in patch(radius)]


def repeat(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    x, y, w, h = face.box(el, scope, parent)
    raw = el.args.get("over")
    if raw is None:
        face.problem("layout-value", f"layout '{face.layout.name}': a repeat says what it repeats over: "
                     "over: item.actions", el.loc())
        return []
    expr = raw if isinstance(raw, list) or "{{" in str(raw) else "{{ " + str(raw) + " }}"
    items = face.eval(expr, scope, el.loc("over"))
    if items is FAILED or items is None:
        return []
    if not isinstance(items, (list, tuple)):
        face.problem("layout-value", f"layout '{face.layout.name}': over: must give a list, it gave "
                     f"{type(items).__name__}", el.loc("over"))
        return []
    name = str(el.args.get("as", "it"))
    base = face.data_path(expr)
    gap = face.length(el, "gap", scope, h, 0.0)
    flow = face.choice(el, "flow", scope, ("fixed", "stack"))
    down = face.choice(el, "direction", scope, ("down", "right")) == "down"
    scopes = []
    for i, it in enumerate(items):
        s = dict(scope)
        s[name], s[name + "_index"] = it, i
        scopes.append(s)
    n = len(items)
    if not n:
        return []
    ops: list[Op] = []
    if flow == "stack":
        cells = _stack(face, el, scopes, name, base, (x, y, w, h), gap)
    else:
        extent = h if down else w
        cell = face.length(el, "cell", scope, extent, (extent - gap * (n - 1)) / n)
        cells = [(x, y + i * (cell + gap), w, cell) if down else (x + i * (cell + gap), y, cell, h) for i in range(n)]
    for i, (s, box) in enumerate(zip(scopes, cells)):
        if base is not None:
            face.paths[name] = base + (i,)
        ops += face.draw(el.children, s, box)
    face.paths.pop(name, None)
    for c in el.children:
        face.forced.pop(id(c), None)
    return ops


def _stack(face: Face, el: Element, scopes, name, base, box: Box, gap: float) -> list[Box]:
    x, y, w, h = box
    grow = [c for c in el.children if c.type == "text" and c.args.get("grow")]
    pad = face.length(el, "pad", scopes[0], h, 0.0)
    n = len(scopes)
    if not grow:
        face.problem("layout-value", f"layout '{face.layout.name}': a stack repeat needs one text with grow: true "
                     "(its height sets each cell's)", el.loc("flow"))
        cell = (h - gap * (n - 1)) / n
        return [(x, y + i * (cell + gap), w, cell) for i in range(n)]
    g = grow[0]
    cell_box = (0.0, 0.0, w, h)
    _, size, min_size, _ = text_params(face, g, scopes[0])
    chosen = None
    s = size
    cells = []  # per item: its text's top, width and styled paragraphs, and its leading (the same at every size)
    for sc in scopes:
        _, gy, gw, _ = face.box(g, sc, cell_box)
        cells.append((gy, gw, _paragraphs(face, g, sc), float(face.get(g, "leading", sc, 1.2))))
    while s >= min_size - 1e-9:
        heights = []
        for gy, gw, paras, leading in cells:
            fitted = fit(paras, gw, 10_000.0, max_size=s, min_size=s, leading=leading) if paras else None
            heights.append(gy + (fitted.height if fitted else 0.0) + pad)
        if sum(heights) + gap * (n - 1) <= h + 1e-9:
            chosen = (s, heights)
            break
        s = round(s - 0.05, 4)
    if chosen is None:
        longest = max(range(n), key=lambda i: len(str(face.get(g, "text", scopes[i], ""))))
        if base is not None:
            face.paths[name] = base + (longest,)
        _overflow(face, g, w, h, min_size, g.args.get("text"))
        face.paths.pop(name, None)
        s, heights = min_size, [h / n] * n
    else:
        s, heights = chosen
    face.forced[id(g)] = s
    spare = max(0.0, (h - sum(heights) - gap * (n - 1)) / n)
    out, cy = [], y
    for hh in heights:
        out.append((x, cy, w, hh + spare))
        cy += hh + spare + gap
    return out


BOX = ("x", "y", "w", "h")
ELEMENTS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "rect": (BOX + _STROKE + ("radius", "dash"), rect),
    "circle": (("cx", "cy", "r") + _STROKE, circle),
    "hexagon": (("cx", "cy", "r", "orientation") + _STROKE, hexagon),
    "line": (("x1", "y1", "x2", "y2", "stroke", "width", "dash", "opacity"), line),
    "text": (BOX + ("text", "paragraphs", "font", "size", "min", "colour", "align", "valign", "wrap", "leading", "terms",
                    "group", "grow", "baseline"), text),
    "icon": (("name", "cx", "cy", "size", "colour"), icon),
    "image": (BOX + ("src", "fit"), image),
    "stats": (BOX + _STROKE + ("items", "gap", "radius", "label", "value"), stats),
    "repeat": (BOX + ("over", "as", "gap", "flow", "cell", "direction", "pad", "elements"), repeat),
    "honeycomb": (("r", "scale") + _STROKE, honeycomb_el),
    "hexgrid": (("cx", "cy", "radius", "size", "orientation") + _STROKE, hexgrid),
    "stamp": STAMP,
}


def element_types(pack_elements: dict[str, tuple[tuple[str, ...], Callable]] | None = None) -> dict:
    """Element type -> (keys, draw): the built-in elements and a rule pack's own."""
    return {**ELEMENTS, **(pack_elements or {})}


__all__ = ["ELEMENTS", "element_types", "math"]
