"""The text element of layouts: styled runs (terms, ``**bold**``, ``:icon:``), fitting to its box
between ``size`` and ``min`` (a ``text-overflow`` finding below that), one-line and baseline texts,
paragraphs with lead-ins, and text groups that share one size. Lengths in mm."""

from __future__ import annotations

import re
from typing import Callable

from ..draw.document import Circle, Op, Style, Text, pt
from ..draw.icons import ICONS, draw_icon
from ..draw.text import ICON, Run, draw, fit, single_line, style_terms
from .face import FAILED, Box, Face
from .spec import Element


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
            # as large as the disc holds (0.68 em): at 0.55 em a 7.5 pt rule printed its 'AP' at 4.1 pt
            s = single_line(label, "sans-bold", em * 0.68, em * 1.0)
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
    """The bold (or bold italic) face of ``font``'s family: a game's own family too (draw.fonts.STYLE_OF)."""
    from ..draw.fonts import STYLE_OF, styled

    return styled(font, "bold italic" if "italic" in STYLE_OF.get(font, ("", ""))[1] else "bold")


def _runs(face: Face, el: Element, text: str, font: str, colour: str, terms: bool,
          scope: dict | None = None) -> list[list[Run]]:
    """``text`` as styled runs per paragraph. Remembered per element and text: a deck's cards repeat
    their texts, and fitting asks for the same runs at every size it tries."""
    key = (id(el), text, font, colour, terms)
    runs = face.memo.get(key)
    if runs is None:
        runs = face.memo[key] = _style_runs(face, el, text, font, colour, terms, scope)
    return runs


_FIELD_READ = re.compile(r"\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\s*(?:\|[^}]*)?\}\}")


def _data_loc(face: Face, el: Element, scope: dict | None, needle: str):
    """Where the data text holding ``needle`` (an icon typo) was written: the field, among those the
    element's text reads (``{{ ability.text }}``), whose value holds it; else None."""
    raw = el.args.get("text")
    if scope is None or not isinstance(raw, str):
        return None
    for m in _FIELD_READ.finditer(raw):
        expr = "{{ " + m.group(1) + " }}"
        path = face.data_path(expr)
        if path is None:
            continue
        try:
            value = face.exprs.evaluate(expr, scope)
        except Exception:  # noqa: BLE001 - the element's own evaluation reports it
            continue
        if isinstance(value, str) and needle in value:
            # at the typo itself when the text was written on one line as it reads (the data's source
            # can place an offset; face.locate is that source's loc)
            source = getattr(face.locate, "__self__", None)
            if hasattr(source, "offset_loc") and value == " ".join(value.split()):
                return source.offset_loc(path, value.index(needle))
            return face.locate(path)
    return None


def _style_runs(face: Face, el: Element, text: str, font: str, colour: str, terms: bool,
                scope: dict | None = None) -> list[list[Run]]:
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
                    fix = f"; did you mean ':{hint}:'?" if hint else "; declare it under icons: in the layout"
                    at = _data_loc(face, el, scope, m.group())
                    if at is not None:  # a typo in the data: at the data's line, naming the element that shows it
                        face.problem("layout-icon", f"{face.what}: ':{name}:' names no icon{fix} (shown by "
                                     f"the {el.id or el.type} element of layout '{face.layout.name}', "
                                     f"{el.loc('text')})", at)
                    else:
                        face.problem("layout-icon", f"layout '{face.layout.name}': ':{name}:' names no icon{fix}",
                                     el.loc("text"))
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
        return [] if value is None or value is FAILED else _runs(face, el, str(value), font, colour, terms, scope)
    if not isinstance(raw, list):
        face.problem("layout-value", f"layout '{face.layout.name}': paragraphs is a list of {{text, font, colour}}",
                     el.loc("paragraphs"))
        return []
    paras = []
    for i, p in enumerate(raw):
        p = face.eval(p, scope, el.loc(("paragraphs", i)))
        if not isinstance(p, dict) or ("when" in p and not p["when"]) or p.get("text") in (None, "", FAILED):
            continue
        pfont = face.font_key(p["font"]) if "font" in p else font
        if pfont is None:
            face.problem("layout-font", f"layout '{face.layout.name}': {face._fonts().unknown(p['font'])}",
                         el.loc(("paragraphs", i)))
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
