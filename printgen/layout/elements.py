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
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from ..draw.document import Circle, Op, Poly, Rect, Style, Text, pt
from ..draw.geometry import clip_polygon
from ..draw.icons import ICONS, draw_icon
from ..draw.text import ICON, Run, draw, fit, single_line, style_terms
from ..hexgrid import hex_corners, honeycomb
from ..limits import LIMITS, limit
from .face import FAILED, Box, Face
from .lengths import parse_extent
from .spec import Element

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
        from ..findings import did_you_mean

        hint = did_you_mean(str(name), ICONS)
        face.problem("layout-icon", f"layout '{face.layout.name}': no built-in icon {name!r}"
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


# -- text ------------------------------------------------------------------------

def inline_icon(face: Face) -> Callable:
    """Draws ``:name:`` icons: the layout's ``icons:`` entry, else a built-in icon."""
    def draw_one(name: str, cx: float, cy: float, em: float, colour: str) -> list[Op]:
        spec = face.layout.icons.get(name)
        if spec is None:
            return draw_icon(name, cx, cy, em, colour)
        ops: list[Op] = []
        bg = spec.get("background")
        if isinstance(bg, str):
            ops.append(Circle(cx, cy, em * 0.55, Style(fill=bg)))
        if spec.get("image"):
            ops += face.picture(spec["image"], (cx - em / 2, cy - em / 2, em, em), spec["_loc"])
        if spec.get("icon") in ICONS:
            ops += draw_icon(spec["icon"], cx, cy, em * (0.7 if bg else 1.0), spec.get("colour", colour))
        if spec.get("label"):
            label = str(spec["label"])
            s = single_line(label, "sans-bold", em * 0.55, em * 1.0)
            ops.append(Text(cx, cy + s * 0.36, label, "sans-bold", s, spec.get("label_colour", "#ffffff"), "middle"))
        return ops
    return draw_one


def _strong(para: str) -> list[str]:
    """``para`` split at ``**`` pairs: the odd parts are bold. An unpaired ``**`` is kept as written."""
    parts = para.split("**")
    if len(parts) % 2 == 0:
        parts = parts[:-2] + [parts[-2] + "**" + parts[-1]]
    return parts


def _bold(font: str) -> str:
    from ..draw.fonts import FONTS

    bold = font.replace("-italic", "-bolditalic") if font.endswith("-italic") else (
        font if "bold" in font else font + "-bold")
    return bold if bold in FONTS else font


def _runs(face: Face, el: Element, text: str, font: str, colour: str, terms: bool) -> list[list[Run]]:
    """``text`` as styled runs per paragraph. Remembered per element and text: a deck's cards repeat
    their texts, and fitting asks for the same runs at every size it tries."""
    key = (id(el), text, font, colour, terms)
    runs = face.memo.get(key)
    if runs is None:
        runs = face.memo[key] = _style_runs(face, el, text, font, colour, terms)
    return runs


def _style_runs(face: Face, el: Element, text: str, font: str, colour: str, terms: bool) -> list[list[Run]]:
    import re

    face.glyphs(text, font, _text_loc(face, el))
    paras = []
    for para in text.split("\n"):
        if not para.strip():
            continue
        runs = []
        for k, part in enumerate(_strong(para)):
            # **...** is bold (a game's own font stays as it is: it may have no bold face)
            f = _bold(font) if k % 2 else font
            runs += style_terms(part, face.styles, Run("", f, colour)) if terms else [Run(part, f, colour)]
        runs = [r for r in runs if r.text]
        out: list[Run] = []
        for r in runs:
            pos = 0
            for m in re.finditer(r":([A-Za-z][\w-]*):", r.text):
                name = m.group(1)
                if name not in face.layout.icons and name not in ICONS:
                    from ..findings import did_you_mean

                    hint = did_you_mean(name, list(face.layout.icons) + list(ICONS))
                    face.problem("layout-icon", f"layout '{face.layout.name}': ':{name}:' names no "
                                 "icon" + (f"; did you mean ':{hint}:'?" if hint else
                                           "; declare it under icons: in the layout"), el.loc("text"))
                    continue
                if m.start() > pos:
                    out.append(Run(r.text[pos:m.start()], r.font, r.colour))
                out.append(Run(name, ICON + name, r.colour))
                pos = m.end()
            if pos < len(r.text):
                out.append(Run(r.text[pos:], r.font, r.colour))
        paras.append(out)
    return paras


def _text_loc(face: Face, el: Element):
    """Where a text's words were written: the data field it shows, else the layout's text key."""
    path = face.data_path(el.args.get("text"))
    return face.locate(path) if path is not None else el.loc("text")


def _pictured_icons(face: Face, fitted) -> bool:
    """Does the fitted text hold an inline icon drawn from a picture (whose checks run as it is drawn)?"""
    pictured = [n for n, spec in face.layout.icons.items() if spec.get("image")]
    return bool(pictured) and any(run.font.startswith(ICON) and run.text in pictured
                                  for line in fitted.lines for _, run in line.pieces)


def _overflow(face: Face, el: Element, w: float, h: float, min_size: float, raw) -> None:
    path = face.data_path(raw)
    where = el.loc("text")
    loc = face.locate(path) if path is not None else face.item_loc
    face.problem("text-overflow", f"{face.what}: the text of the layout's {el.id or 'text'} element "
                 f"({where}) does not fit {w:.1f} x {h:.1f} mm even at {min_size * 72 / 25.4:.1f} pt; "
                 "shorten it, or give the element more room or a smaller min:", loc)


_TEXT_KEYS = frozenset(("font", "size", "min", "colour"))


def text_params(face: Face, el: Element, scope: dict):
    """(font, size mm, min size mm, colour) of a text element; worked out once when none is a template."""
    if el.dynamic.isdisjoint(_TEXT_KEYS):
        key = ("text", id(el), face.bleed)
        params = face.memo.get(key)
        if params is None:
            params = face.memo[key] = _text_params(face, el, scope)
        return params
    return _text_params(face, el, scope)


def _text_params(face: Face, el: Element, scope: dict):
    font = face.font(el, "font", scope, "sans")
    size = face.length(el, "size", scope, 0.0, pt(8))
    min_size = face.length(el, "min", scope, 0.0, size)
    colour = face.colour(el, "colour", scope, "#1d1d1b") or "#1d1d1b"
    return font, size, min(min_size, size), colour


def _paragraphs(face: Face, el: Element, scope: dict) -> list[list[Run]]:
    """``paragraphs:`` [{text, font, colour, when, lead, lead_colour}], each in its own style; else ``text``."""
    font, _, _, colour = text_params(face, el, scope)
    terms = bool(face.get(el, "terms", scope, False))
    raw = el.args.get("paragraphs")
    if raw is None:
        value = face.get(el, "text", scope, "")
        return [] if value is None or value is FAILED else _runs(face, el, str(value), font, colour, terms)
    if not isinstance(raw, list):
        face.problem("layout-value", f"layout '{face.layout.name}': paragraphs is a list of {{text, font, colour}}",
                     el.loc("paragraphs"))
        return []
    paras = []
    for i, p in enumerate(raw):
        p = face.eval(p, scope, el.loc(("paragraphs", i)))
        if not isinstance(p, dict) or ("when" in p and not p["when"]) or p.get("text") in (None, "", FAILED):
            continue
        pfont = p.get("font", font)
        if pfont not in face.fonts:
            face.problem("layout-font", f"layout '{face.layout.name}': unknown font {pfont!r}", el.loc(("paragraphs", i)))
            pfont = font
        runs = _runs(face, el, str(p["text"]), pfont, str(p.get("colour", colour)), terms)
        if p.get("lead") and runs:
            # a lead-in ("Cover: ") in bold, in a colour of its own, before the paragraph's first line
            lead = Run(str(p["lead"]), _bold(pfont), str(p.get("lead_colour", p.get("colour", colour))))
            runs = [[lead] + runs[0]] + runs[1:]
        paras += runs
    return paras


def fit_text(face: Face, el: Element, scope: dict, w: float, h: float, size: float, min_size: float):
    """The text of ``el`` fitted to w x h mm between size and min_size (None: it does not fit)."""
    paras = _paragraphs(face, el, scope)
    if not paras:
        return None, []
    leading = face.get(el, "leading", scope, 1.2)
    return fit(paras, w, h, max_size=size, min_size=min_size, leading=float(leading)), paras


def text(face: Face, el: Element, scope: dict, parent: Box) -> list[Op]:
    x, y, w, h = face.box(el, scope, parent)
    font, size, min_size, colour = text_params(face, el, scope)
    align = face.choice(el, "align", scope, ("left", "center", "right"))
    group = face.get(el, "group", scope)
    if id(el) in face.forced:
        size = min_size = face.forced[id(el)]
    elif group and not face.measuring and group in face.groups:
        size = min(size, face.groups[group])
    if "baseline" in el.args:
        value = face.get(el, "text", scope, "")
        if value in (None, FAILED, ""):
            return []
        value = " ".join(str(value).split())
        face.glyphs(value, font, _text_loc(face, el))
        s = single_line(value, font, size, w)
        if s < min_size - 1e-9:
            _overflow(face, el, w, size, min_size, el.args.get("text"))
            s = min_size
        if group and face.measuring:
            face.groups[group] = min(face.groups.get(group, s), s)
        base = parent[1] + face.length(el, "baseline", scope, parent[3], 0.0)
        ax = {"left": x, "center": x + w / 2, "right": x + w}[align]
        anchor = {"left": "start", "center": "middle", "right": "end"}[align]
        return [Text(ax, base, value, font, s, colour, anchor)]
    if face.get(el, "wrap", scope, True) is False:
        value = " ".join(str(face.get(el, "text", scope, "") or "").split())
        if not value:
            return []
        face.glyphs(value, font, _text_loc(face, el))
        s = single_line(value, font, size, w)
        if s < min_size - 1e-9:
            _overflow(face, el, w, h, min_size, el.args.get("text"))
            s = min_size
        valign = face.choice(el, "valign", scope, ("top", "middle", "bottom"))
        base = {"top": y + s * 0.92, "middle": y + h / 2 + s * 0.36, "bottom": y + h - s * 0.25}[valign]
        ax = {"left": x, "center": x + w / 2, "right": x + w}[align]
        return [Text(ax, base, value, font, s, colour, {"left": "start", "center": "middle", "right": "end"}[align])]
    fitted, paras = fit_text(face, el, scope, w, h, size, min_size)
    if not paras:
        return []
    if fitted is None:
        _overflow(face, el, w, h, min_size, el.args.get("text"))
        fitted = fit(paras, w, 10_000.0, max_size=min_size, min_size=min_size * 0.3)
        if fitted is None:
            return []
    if group and face.measuring:
        face.groups[group] = min(face.groups.get(group, fitted.size), fitted.size)
    valign = face.choice(el, "valign", scope, ("top", "middle", "bottom"))
    if face.validating and not _pictured_icons(face, fitted):
        return []  # every finding is made; the ops would be thrown away
    dy = {"top": 0.0, "middle": (h - fitted.height) / 2, "bottom": h - fitted.height}[valign]
    return draw(fitted, x, y + max(0.0, dy), width=w, align=align, icon=inline_icon(face))


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
    for key, dsize, dbase, dcolour in (("label", pt(4.6), 0.3, "#1d1d1b"), ("value", pt(10), 0.82, "#1d1d1b")):
        spec = face.eval(el.args.get(key, {}), scope, el.loc(key)) or {}
        spec = spec if isinstance(spec, dict) else {}
        try:
            size = parse_extent(spec.get("size", f"{dsize}mm"), ref=h)
            base = parse_extent(spec.get("baseline", f"{dbase * h}mm"), ref=h)
        except ValueError as exc:
            face.problem("layout-length", f"layout '{face.layout.name}': {exc}", el.loc(key))
            size, base = dsize, dbase * h
        font = spec.get("font", "sans-bold")
        parts.append((size, base, font if font in face.fonts else "sans-bold", str(spec.get("colour", dcolour))))
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
    return [Poly(pts, style) for pts in _honeycomb_cells(fw, fh, r, float(scale))]


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
}


def element_types(pack_elements: dict[str, tuple[tuple[str, ...], Callable]] | None = None) -> dict:
    """Element type -> (keys, draw): the built-in elements and a rule pack's own."""
    return {**ELEMENTS, **(pack_elements or {})}


__all__ = ["ELEMENTS", "element_types", "math"]
