"""Colour helpers for "#rrggbb" strings, and how well a text colour reads on its ground.

How well is WCAG 2.x's contrast ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05), from 1 (none) to
21 (black on white); 4.5:1 is its least for small text. A colour that carries meaning (a faction's, a
team's, a terrain's) is also measured as a reader with a colour-vision deficiency sees it, simulated
with the severity-1.0 matrices of Machado, Oliveira & Fernandes, "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009, applied to linear RGB. The preflight's
contrast check (printgen.preflight.colour) measures with these same functions.
"""

from __future__ import annotations

from functools import lru_cache

INK = "#1d1d1b"  # the near-black of all printed text and rules
WHITE = "#ffffff"
READABLE = 4.5  # WCAG's least contrast for small text: what every text colour chosen here reaches

# Machado et al. 2009, severity 1.0 (linear RGB -> linear RGB)
CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def rgb(c: str) -> tuple[float, float, float]:
    c = c.lstrip("#")
    return (int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255)


def to_hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in (r, g, b))


def mix(a: str, b: str, t: float) -> str:
    """``t`` of the way from colour a to colour b."""
    if isinstance(a, str) and isinstance(b, str) and isinstance(t, (int, float)):
        return _mixed(a, b, t)
    return _mixed.__wrapped__(a, b, t)  # what a layout passes is not always hashable: it fails as it would


@lru_cache(maxsize=4096)  # a picture shades a few colours thousands of times (High Ground's guide: 15,000 calls)
def _mixed(a: str, b: str, t: float) -> str:
    ra, rb = rgb(a), rgb(b)
    return to_hex(*(x + (y - x) * t for x, y in zip(ra, rb)))


def luminance(c: str) -> float:
    """A quick lightness, 0-1: the luminance weights on the gamma-encoded components (not WCAG's)."""
    r, g, b = rgb(c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _relative(lin: tuple[float, float, float]) -> float:
    r, g, b = (min(1.0, max(0.0, v)) for v in lin)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[float, float, float], b: tuple[float, float, float], vision: str | None = None) -> float:
    """The WCAG contrast ratio (1-21) of two sRGB colours (0-1 components), as a reader with ``vision``
    (a key of CVD; None: normal vision) sees them."""
    la, lb = tuple(_linear(v) for v in a), tuple(_linear(v) for v in b)
    if vision is not None:
        m = CVD[vision]
        la = tuple(sum(m[i][k] * la[k] for k in range(3)) for i in range(3))
        lb = tuple(sum(m[i][k] * lb[k] for k in range(3)) for i in range(3))
    ya, yb = _relative(la), _relative(lb)  # type: ignore[arg-type]
    hi, lo = max(ya, yb), min(ya, yb)
    return (hi + 0.05) / (lo + 0.05)


@lru_cache(maxsize=4096)
def contrast(text: str, ground: str, meaning: bool = False) -> float:
    """The contrast of #rrggbb ``text`` on ``ground``: for normal vision, and when ``meaning`` (the ground
    or the text is a faction's, a team's, a terrain's colour) the least of it and the three simulated
    deficiencies."""
    a, b = rgb(text), rgb(ground)
    worst = ratio(a, b)
    if meaning:
        worst = min(worst, *(ratio(a, b, vision) for vision in CVD))
    return worst


def text_on(ground: str, meaning: bool = False) -> str:
    """INK or white, whichever reads better on ``ground`` (by ``contrast``)."""
    return INK if contrast(INK, ground, meaning) >= contrast(WHITE, ground, meaning) else WHITE


def ink_on(c: str) -> str:
    """Readable text colour on a background ``c``: INK or white, whichever has the higher WCAG contrast."""
    return text_on(c)


@lru_cache(maxsize=4096)
def readable(colour: str, ground: str, need: float = READABLE, meaning: bool = False) -> str:
    """``colour`` as a text on ``ground`` keeps it: itself when it reads at ``need``:1 (by ``contrast``),
    else moved toward INK or white (whichever reads better there) in twentieths, the first step that
    reads; INK or white itself when none does. The hue is kept as far as the ratio allows."""
    end = text_on(ground, meaning)
    for step in range(21):
        c = mix(colour, end, step / 20) if step else colour.lower()
        if contrast(c, ground, meaning) >= need:
            return c
    return end


@lru_cache(maxsize=4096)
def legible(ground: str, meaning: bool = False, toward: str | None = None) -> str:
    """``ground`` as the fill under a text in INK or white: itself when one of them reads on it at READABLE
    (by ``contrast``), else the nearest shade that one does, mixed toward black or toward white in
    fiftieths (a middle grey-green reads in neither; a little darker, white does). ``toward``: "#000000"
    or "#ffffff" to move only that way (a row of dark tabs with white letters stays so)."""
    for step in range(51):
        for end in (toward,) if toward else ("#000000", WHITE):
            c = mix(ground, end, step / 50) if step else ground.lower()
            if contrast(text_on(c, meaning), c, meaning) >= READABLE:
                return c
    return WHITE  # not reached: white ground, INK text reads at 16:1
