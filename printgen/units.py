"""Lengths and named sizes. Everything inside printgen is in millimetres.

Lengths arrive as strings with a unit (``25.4mm``, ``1in``, ``1 in``,
``2.5cm``, ``12pt``) and are parsed here, at the edge. A bare number is never
guessed at: it is an error that says which units are accepted.
"""

from __future__ import annotations

import re

MM_PER_UNIT: dict[str, float] = {
    "mm": 1.0,
    "cm": 10.0,
    "in": 25.4,
    "pt": 25.4 / 72.0,
}

# Named card sizes, width x height in mm (portrait).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini": (44.45, 63.5),
    "standard": (63.0, 88.0),
}

# Paper sizes, width x height in mm (portrait).
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}

_LENGTH = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-zA-Z]+)\s*$")
_SIZE = re.compile(r"^\s*(.+?)\s*[xX×]\s*(.+?)\s*$")


class UnitError(ValueError):
    """A length or size that cannot be read; the message says what to write."""


def accepted_units() -> str:
    return ", ".join(MM_PER_UNIT)


def parse_length(value: object, *, allow_zero: bool = True) -> float:
    """Parse a length such as ``"1in"`` into millimetres (float).

    Raises UnitError for bare numbers, unknown units and negative lengths.
    """
    if isinstance(value, bool) or value is None:
        raise UnitError(f"expected a length with a unit (one of {accepted_units()}), got {value!r}")
    if isinstance(value, (int, float)):
        raise UnitError(
            f"bare number {value!r} where a length is expected; add a unit, "
            f"e.g. '{value}mm' (accepted units: {accepted_units()})"
        )
    if not isinstance(value, str):
        raise UnitError(f"expected a length string such as '25.4mm', got {type(value).__name__}")
    m = _LENGTH.match(value)
    if not m:
        raise UnitError(
            f"cannot read {value!r} as a length; write a number and a unit, e.g. '25.4mm' or '1in' "
            f"(accepted units: {accepted_units()})"
        )
    number, unit = float(m.group(1)), m.group(2).lower()
    if unit not in MM_PER_UNIT:
        raise UnitError(f"unknown unit {m.group(2)!r} in {value!r}; accepted units: {accepted_units()}")
    mm = number * MM_PER_UNIT[unit]
    if mm < 0 or (mm == 0 and not allow_zero):
        raise UnitError(f"length {value!r} must be {'positive' if not allow_zero else 'zero or more'}")
    return mm


def parse_size(value: object, named: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """Parse a named size (``poker``) or ``"63.5mm x 88.9mm"`` into (width, height) mm."""
    if isinstance(value, str) and value.strip().lower() in named:
        return named[value.strip().lower()]
    if isinstance(value, str):
        m = _SIZE.match(value)
        if m:
            sides = [("width", m.group(1).strip()), ("height", m.group(2).strip())]
            bare = [(side, text) for side, text in sides if re.fullmatch(r"[0-9.]+", text)]
            if bare:  # '63x88mm' reads as '63' and '88mm': name the size and the side, and show it mended
                mended = " x ".join(text + "mm" if (side, text) in bare else text for side, text in sides)
                raise UnitError(f"size {value!r}: its {bare[0][0]} {bare[0][1]!r} has no unit; give each side "
                                f"its own, e.g. {mended!r}")
            try:
                return (parse_length(sides[0][1], allow_zero=False), parse_length(sides[1][1], allow_zero=False))
            except UnitError as exc:
                raise UnitError(f"size {value!r}: {exc}") from None
    raise UnitError(
        f"unknown size {value!r}; use one of {', '.join(named)} or 'W x H' with units, e.g. '63.5mm x 88.9mm'"
    )


def mm_to_pt(mm: float) -> float:
    """Millimetres to PostScript points (1/72 in). For writers only."""
    return mm * 72.0 / 25.4


def pt_to_mm(pt: float) -> float:
    return pt * 25.4 / 72.0


_MAGNET = re.compile(r"^\s*([0-9.]+)\s*(?:mm)?\s*[xX×]\s*([0-9.]+)\s*(mm|cm|in)\s*$")


def parse_magnet(value: object) -> tuple[float, float]:
    """A magnet size such as ``6x2mm`` (diameter x thickness) into (diameter, thickness) mm."""
    pair = _pair(value)
    if pair is not None:
        return pair
    raise UnitError(f"cannot read magnet size {value!r}; write diameter x thickness with a unit, e.g. '6x2mm'")


def _pair(value: object) -> tuple[float, float] | None:
    """``AxBunit`` or ``A unit x B unit`` as two positive lengths in mm under 1 m; None if unreadable."""
    if isinstance(value, str):
        m = _MAGNET.match(value)
        if m:
            k = MM_PER_UNIT[m.group(3)]
            try:
                a, b = float(m.group(1)) * k, float(m.group(2)) * k
            except ValueError:  # "..x2mm": the pattern admits dots, float does not
                a = b = 0.0
            if 0 < a < 1000 and 0 < b < 1000:
                return (a, b)
        try:
            return parse_size(value, {})
        except UnitError:
            pass
    return None


def parse_pair(value: object, what: str, example: str) -> tuple[float, float]:
    """Two lengths such as ``256x256mm`` or ``250mm x 210mm`` into mm; the error names ``what``."""
    pair = _pair(value)
    if pair is None:
        raise UnitError(f"cannot read {what} {value!r}; write it with a unit, e.g. '{example}'")
    return pair


def parse_bed(value: object) -> tuple[float, float]:
    """A print bed, width x depth, such as ``256x256mm``, in mm."""
    return parse_pair(value, "bed size (width x depth)", "256x256mm")
