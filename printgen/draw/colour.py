"""Colour helpers for "#rrggbb" strings."""

from __future__ import annotations

INK = "#1d1d1b"  # the near-black of all printed text and rules


def rgb(c: str) -> tuple[float, float, float]:
    c = c.lstrip("#")
    return (int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255)


def to_hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in (r, g, b))


def mix(a: str, b: str, t: float) -> str:
    """``t`` of the way from colour a to colour b."""
    ra, rb = rgb(a), rgb(b)
    return to_hex(*(x + (y - x) * t for x, y in zip(ra, rb)))


def luminance(c: str) -> float:
    r, g, b = rgb(c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(c: str) -> str:
    """Readable text colour on a background ``c``."""
    return INK if luminance(c) > 0.55 else "#ffffff"
