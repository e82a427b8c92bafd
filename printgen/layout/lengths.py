"""Layout lengths: a sum of terms, each a number with a unit (mm, cm, in, pt), a percentage of the
containing box, or ``bleed`` (the face's bleed): ``3mm``, ``50%``, ``100% - 6mm``, ``-bleed``,
``13.5mm + bleed``. A bare 0 is allowed; any other bare number is an error (what unit?)."""

from __future__ import annotations

import re
from functools import lru_cache

from ..findings import quoted
from ..units import MM_PER_UNIT

_TERM = re.compile(r"\s*([+-])?\s*(\d+(?:\.\d*)?|\.\d+)?\s*([a-zA-Z]+|%)?\s*")


class LengthError(ValueError):
    """A layout length that cannot be read; the message says what to write."""


def parse_extent(value: object, *, ref: float, bleed: float = 0.0) -> float:
    """``value`` in mm; ``ref`` mm is 100 % (the box's width for x and w, its height for y and h)."""
    if isinstance(value, str):  # a layout's lengths are a few texts read for every card: read each once
        return _parse_text(value, ref, bleed)
    return _parse(value, ref=ref, bleed=bleed)


@lru_cache(maxsize=4096)
def _parse_text(value: str, ref: float, bleed: float) -> float:
    return _parse(value, ref=ref, bleed=bleed)


def _parse(value: object, *, ref: float, bleed: float = 0.0) -> float:
    if isinstance(value, bool) or value is None:
        raise LengthError(f"expected a length such as '3mm' or '50%', got {quoted(value)}")
    if isinstance(value, (int, float)):
        if value == 0:
            return 0.0
        raise LengthError(f"bare number {quoted(value)} where a length is expected; add a unit, e.g. '{value}mm' or '{value}%'")
    text = str(value).strip()
    if not text:
        raise LengthError("empty length; write e.g. '3mm' or '50%'")
    pos, total = 0, 0.0
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m or m.end() == pos or (m.group(2) is None and m.group(3) is None):
            raise LengthError(f"cannot read {quoted(text)} as a length; write terms like '3mm', '50%', 'bleed' joined "
                              "by + or -, e.g. '100% - 6mm'")
        sign = -1.0 if m.group(1) == "-" else 1.0
        if pos and m.group(1) is None:
            raise LengthError(f"cannot read {quoted(text)}: join terms with + or -")
        number = float(m.group(2)) if m.group(2) else 1.0
        unit = (m.group(3) or "").lower()
        if unit and unit not in MM_PER_UNIT and unit not in ("%", "bleed"):
            raise LengthError(f"unknown unit {m.group(3)!r} in {quoted(text)}; write mm, cm, in, pt, % or bleed")
        if not unit:
            if number != 0:
                raise LengthError(f"'{m.group(0).strip()}' in {quoted(text)} has no unit; write mm, cm, in, pt, % or bleed")
            mm = 0.0
        elif unit == "%":
            mm = number * ref / 100.0
        elif unit == "bleed":
            mm = number * bleed
        else:
            mm = number * MM_PER_UNIT[unit]
        total += sign * mm
        pos = m.end()
    return total
