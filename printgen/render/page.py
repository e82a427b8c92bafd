"""Paper, the safe area, and the furniture every sheet carries.

Every page carries a calibration ruler (50 mm and 2 in) and a "print at 100 %"
line, so a player can check that the printer kept the scale, plus the game's
name and version and "page x of y". All of it stays inside the safe margin.
"""

from __future__ import annotations

from functools import lru_cache

from ..draw.colour import INK
from ..draw.document import Op, Poly, Style, Text, pt
from ..draw.page import FOOTER_H, PageSpec
from ..draw.provenance import current

HAIR = 0.2  # mm


@lru_cache(maxsize=64)
def _bar(x: float, y: float, length: float, ticks: tuple[tuple[float, float], ...], label_end: str) -> tuple[Op, ...]:
    """A ruler's bar and ticks: the same objects on every page of a size (ops are immutable), so what looks
    at the pages (the preflight, the PDF writer) meets them again instead of anew."""
    ops: list[Op] = [Poly(((x, y), (x + length, y)), Style(stroke=INK, width=0.25), closed=False,
                          role=f"ruler:{label_end}")]
    for pos, h in ticks:
        ops.append(Poly(((x + pos, y), (x + pos, y - h)), Style(stroke=INK, width=HAIR), closed=False))
    return tuple(ops)


_TEXTS: dict[tuple, Text] = {}


def _text(*args) -> Text:
    """A furniture text (Text's own arguments) that every page of a document prints alike: one object for all of
    them, as long as what is being drawn (the text's source) is the same."""
    key = (args, current())
    got = _TEXTS.get(key)
    if got is None:
        if len(_TEXTS) >= 256:
            _TEXTS.clear()
        got = _TEXTS[key] = Text(*args, role="furniture")
    return got


def _ruler(x: float, y: float, length: float, ticks: list[tuple[float, float]], label_end: str) -> list[Op]:
    ops: list[Op] = list(_bar(x, y, length, tuple(ticks), label_end))
    ops.append(_text(x, y + 2.6, "0", "sans", pt(5), INK, "middle"))
    ops.append(_text(x + length, y + 2.6, label_end, "sans", pt(5), INK, "middle"))
    return ops


def furniture(spec: PageSpec, *, game: str, version: str, title: str, page_no: int, page_count: int,
              label: str = "") -> list[Op]:
    """The footer strip: rulers, the print-at-100 % line, game, version, page x of y."""
    m = spec.margin
    top = spec.height - m - FOOTER_H
    ops: list[Op] = []
    ops.append(_text(m, top + 2.9, "PRINT AT 100% (ACTUAL SIZE). Each bar must measure as marked.",
                     "sans-bold", pt(6), INK))
    ry = top + 8.2
    mm_ticks = [(float(i), 1.6 if i % 10 == 0 else 1.1 if i % 5 == 0 else 0.6) for i in range(0, 51)]
    ops += _ruler(m + 0.5, ry, 50.0, mm_ticks, "50 mm")
    in_ticks = [(i * 25.4 / 8, 1.6 if i % 8 == 0 else 1.1 if i % 4 == 0 else 0.6) for i in range(0, 17)]
    ops += _ruler(m + 58.0, ry, 50.8, in_ticks, "2 in")
    right = spec.width - m
    ops.append(_text(right, top + 2.9, f"{game} v{version}: {title}", "sans-bold", pt(6.5), INK, "end"))
    where = f"{spec.paper.upper()}   page {page_no} of {page_count}"
    if label:
        where = f"{label}   {where}"
    ops.append(Text(right, top + 6.6, where, "sans", pt(6), INK, "end", role="furniture"))
    ops.append(_text(right, top + 10.2, "Made with printgen", "sans-italic", pt(5), "#6b6b6b", "end"))
    return ops
