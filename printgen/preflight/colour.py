"""Checks of what a printed text says and how it reads against its ground: markup residue, and contrast.

Contrast is WCAG 2.x's ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05): 4.5:1 for small text,
3:1 for large (18 pt, or 14 pt bold). A colour that carries meaning (a faction's, a team's, a terrain's)
is held to the same ratio as a reader with a colour-vision deficiency sees it, simulated with the
severity-1.0 matrices of Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6), 2009, applied to linear RGB: draw/colour.py holds the measure,
which the layouts' ``readable()`` and the maps' labels use to choose colours that pass.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from ..draw.colour import CVD, ratio
from .bulk import grounds_bulk
from .checks import Hit, Settings, Sheet, _quote
from .sheet import rgb  # (the checks of a page read it too: one cache of colours)

# a backslash before ASCII punctuation (a Markdown or template escape left in), HTML entities and tags,
# and Markdown emphasis markers that were never read as markup
# (the last alternative: a Markdown link or picture the parser did not take, printed as typed: a space in its
# address, "![The field](printgen:map/Ember Field)", leaves "![The field](" and "[rules](" on the page; no "[" inside
# the brackets, so a text of ten thousand "[" is read in one pass, not one pass per bracket)
MARKUP = re.compile(r"\\[!-/:-@\[-`{-~]|&(?:amp|lt|gt|quot|apos|nbsp|#\d+|#x[0-9a-fA-F]+);|</?(?:b|i|u|em|strong|"
                    r"font|br|span|a|p)\b[^>]*>|\*\*\S|\S\*\*|__\w|!?\[[^\[\]\n]*\]\(")

PAPER = "#ffffff"  # what a text with nothing drawn under it stands on
MEANING_ROLES = ("hex", "terrain", "faction", "team", "zone", "base", "start")  # grounds whose colour says something


def markup_residue(text: str) -> str | None:
    """The first piece of markup left in printed ``text`` (a backslash escape, an entity, a tag, a Markdown
    link or picture not taken as one), or None."""
    m = MARKUP.search(text)
    return m.group(0) if m else None


def markup(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    for ink in sheet.texts():
        bad = markup_residue(ink.text)
        if bad is not None:
            yield Hit("markup", ink.src, f"prints the markup {bad} left in {_quote(ink.text)}", sheet.number, ink.text)


@lru_cache(maxsize=1024)
def means(role: str) -> bool:
    """Does a ground drawn in ``role`` carry meaning in its colour (MEANING_ROLES)? Asked of every text's ground."""
    return any(w in role for w in MEANING_ROLES)


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


BULK = 256  # ground-text pairs: above this, the boxes are compared in bulk (numpy), not pair by pair


def grounds_few(grounds: list, texts: list, inside) -> dict:
    """bulk.grounds_bulk's reading of a few grounds and texts (at most BULK pairs): each ground, in drawing order,
    against every text, a later ground replacing an earlier (a grid of the texts' centres costs more to build and
    look up than the pairs cost to compare: tests/preflight/test_few.py)."""
    under: dict = {}
    for n, g in grounds:
        x0, y0, x1, y1 = g.box
        outline = g.outline
        for k, (pos, _, cx, cy) in enumerate(texts):
            if n < pos and x0 <= cx <= x1 and y0 <= cy <= y1 and (not outline or inside((cx, cy), outline)):
                under[k] = g
    return under


def contrast(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    from .collide import _inside

    # (drawing order, ink, centre) of every text in a colour: what is read against its ground; and what each
    # text reads against: the last filled shape in a plain colour, or picture, drawn before it under its centre
    # (a picture's colours are not in the drawing model: a text on one is not judged). A hex or a disc holds the
    # text only inside its outline: its box also covers the corners of its neighbours. The grounds are read in
    # drawing order, each against the texts near it, so a later one replaces an earlier.
    _, texts, grounds = sheet.classes()
    if not texts:
        return
    if len(grounds) * len(texts) > BULK:
        under = grounds_bulk(grounds, texts, _inside, sheet.boxes()[[n for n, _ in grounds]])
    else:
        under = grounds_few(grounds, texts, _inside)
    for k, (pos, t, _, _) in enumerate(texts):
        g = under.get(k)
        if g is not None and g.kind == "image":
            continue
        # with nothing drawn under it, a text stands on the paper
        ground = PAPER if g is None else g.colour
        meaning = g is not None and means(g.role)
        value, vision = worst_ratio(t.colour, ground, meaning)
        need = settings.contrast_large if large(t.size, "bold" in t.font) else settings.contrast
        if value < need - 1e-6:
            seen = f" as a reader with {vision} sees it" if vision else ""
            yield Hit("contrast", t.src, f"prints {_quote(t.text)} ({t.colour} on {ground}) at a contrast of "
                      f"{value:.2f}:1{seen}, under the {need:g}:1 least", sheet.number, t.text)
