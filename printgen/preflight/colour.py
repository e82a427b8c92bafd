"""Checks of what a printed text says and how it reads against its ground: markup residue, and contrast.

Contrast is WCAG 2.x's ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05): 4.5:1 for small text,
3:1 for large (18 pt, or 14 pt bold). A colour that carries meaning (a faction's, a team's, a terrain's)
is held to the same ratio as a reader with a colour-vision deficiency sees it, simulated with the
severity-1.0 matrices of Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6), 2009, applied to linear RGB.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from .checks import Hit, Settings, Sheet, _quote

# a backslash before ASCII punctuation (a Markdown or template escape left in), HTML entities and tags,
# and Markdown emphasis markers that were never read as markup
MARKUP = re.compile(r"\\[!-/:-@\[-`{-~]|&(?:amp|lt|gt|quot|apos|nbsp|#\d+|#x[0-9a-fA-F]+);|</?(?:b|i|u|em|strong|"
                    r"font|br|span|a|p)\b[^>]*>|\*\*\S|\S\*\*|__\w")

# Machado et al. 2009, severity 1.0 (linear RGB -> linear RGB)
CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
MEANING_ROLES = ("hex", "terrain", "faction", "team", "zone", "base", "start")  # grounds whose colour says something


def markup_residue(text: str) -> str | None:
    """The first piece of markup left in printed ``text`` (a backslash escape, an entity, a tag), or None."""
    m = MARKUP.search(text)
    return m.group(0) if m else None


def markup(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    for ink in sheet.inks:
        if ink.kind == "text":
            bad = markup_residue(ink.text)
            if bad is not None:
                yield Hit("markup", ink.src, f"prints the markup {bad} left in {_quote(ink.text)}", sheet.number, ink.text)


@lru_cache(maxsize=4096)
def rgb(colour: str) -> tuple[float, float, float] | None:
    """A #rrggbb (or #rgb) colour as sRGB 0-1 components; None for anything else (none, a pattern)."""
    c = colour.strip().lower()
    if not c.startswith("#"):
        return None
    c = c[1:]
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        return None
    try:
        return tuple(int(c[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]
    except ValueError:
        return None


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(lin: tuple[float, float, float]) -> float:
    """WCAG relative luminance of a linear-RGB colour."""
    r, g, b = (min(1.0, max(0.0, v)) for v in lin)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[float, float, float], b: tuple[float, float, float], vision: str | None = None) -> float:
    """The WCAG contrast ratio (1-21) of two sRGB colours, as a reader with ``vision`` (a CVD key) sees them."""
    la, lb = tuple(_linear(v) for v in a), tuple(_linear(v) for v in b)
    if vision is not None:
        m = CVD[vision]
        la = tuple(sum(m[i][k] * la[k] for k in range(3)) for i in range(3))
        lb = tuple(sum(m[i][k] * lb[k] for k in range(3)) for i in range(3))
    ya, yb = luminance(la), luminance(lb)  # type: ignore[arg-type]
    hi, lo = max(ya, yb), min(ya, yb)
    return (hi + 0.05) / (lo + 0.05)


def large(size_pt: float, bold: bool) -> bool:
    """WCAG's large text: 18 pt, or 14 pt bold."""
    return size_pt >= 18.0 or (bold and size_pt >= 14.0)


@lru_cache(maxsize=4096)
def worst_ratio(text: str, ground: str, meaning: bool) -> tuple[float, str]:
    """The lowest contrast of a text colour on a ground colour, and how it is seen ("" normal vision), over
    normal vision and, when the ground carries meaning, the three simulated deficiencies."""
    a, b = rgb(text), rgb(ground)
    if a is None or b is None:
        return 21.0, ""
    worst = (ratio(a, b), "")
    if meaning:
        for vision in CVD:
            worst = min(worst, (ratio(a, b, vision), vision))
    return worst


def contrast(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    from .scene import Grid

    # (drawing order, ink) of every filled shape in a plain colour: what a text can be read against
    grounds = [(n, i) for n, i in enumerate(sheet.inks) if i.kind == "shape" and i.filled and rgb(i.colour) is not None]
    if not grounds:
        return
    grid = Grid([g for _, g in grounds])
    order = [n for n, _ in grounds]
    for pos, t in enumerate(sheet.inks):
        if t.kind != "text" or rgb(t.colour) is None:
            continue
        cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
        under = None
        for k in grid.near_index((cx, cy, cx, cy)):
            g = grid.inks[k]
            if order[k] < pos and g.box[0] <= cx <= g.box[2] and g.box[1] <= cy <= g.box[3]:
                under = g  # the last drawn before the text (indices come in drawing order): what it reads against
        if under is None:
            continue
        meaning = any(w in under.role for w in MEANING_ROLES)
        value, vision = worst_ratio(t.colour, under.colour, meaning)
        need = settings.contrast_large if large(t.size, "bold" in t.font) else settings.contrast
        if value < need - 1e-6:
            seen = f" as a reader with {vision} sees it" if vision else ""
            yield Hit("contrast", t.src, f"prints {_quote(t.text)} ({t.colour} on {under.colour}) at a contrast of "
                      f"{value:.2f}:1{seen}, under the {need:g}:1 least", sheet.number, t.text)
