"""The ink rules a print shop's CMYK file keeps, and the conversion that makes it keep them.

- **Small text in one ink.** Text under a size (8 pt unless the game says) printed from more than one
  ink blurs into coloured fringes when the plates are a hair out of register. A dark colour (CIELAB L*
  at most ``DARK_L``) prints as black ink alone at the same lightness: the reader sees the same dark
  label, one plate draws it. A lighter one takes the nearest tint of a single ink (cyan, magenta, yellow
  or black alone) when that is within ``NEAR`` (CIE76 colour difference) of it: a light tan label
  becomes a yellow or grey tint a reader takes for the same. A vivid colour further than that from
  every single ink stays as it is, and the preflight names it (printgen.preflight.ink).
- **Total ink.** No colour over the profile's total ink limit (300 % for the SWOP profile the shop files
  are converted with): a press cannot dry more. Cyan, magenta and yellow are reduced in proportion,
  black kept (under-colour removal), so the colour darkens no less.

Lightness is read through the same CMYK profile the file was converted with (littleCMS, Pillow's ImageCms).
An ink under ``INK_FLOOR`` does not count: it is below the smallest dot a plate holds.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .ink_stream import CMYK, Rule

INK_FLOOR = 0.03  # an ink under 3 % prints no visible dot (and no fringe)
DARK_L = 56.0  # CIELAB lightness: at or under it a colour reads as dark text (black ink at 100 % is 22)
NEAR = 20.0  # CIE76 difference a lighter colour may move to print in one ink (2.3 is just noticeable)


def inks(cmyk: CMYK) -> int:
    """How many inks a colour prints with (those at INK_FLOOR or more)."""
    return sum(v >= INK_FLOOR for v in cmyk)


@lru_cache(maxsize=1)
def _to_lab():
    from PIL import ImageCms

    from .cmyk import profile_dir

    return ImageCms.buildTransform(ImageCms.getOpenProfile(str(profile_dir() / "default_cmyk.icc")),
                                   ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


@lru_cache(maxsize=4096)
def lab_of(cmyk: CMYK) -> tuple[float, float, float]:
    """CIELAB (L* 0-100, a*, b*) of inks ``cmyk`` (0-1 each) on the profile's paper."""
    from PIL import Image, ImageCms

    px = tuple(round(v * 255) for v in cmyk)
    L, a, b = ImageCms.applyTransform(Image.new("CMYK", (1, 1), px), _to_lab()).getpixel((0, 0))
    return (L * 100 / 255, _signed(a), _signed(b))


def _signed(v: int) -> float:
    """Pillow's LAB bands hold a* and b* offset by 128 (0-255)."""
    return float(v - 128)


@lru_cache(maxsize=1)
def _black_ramp() -> tuple[float, ...]:
    """L* of black ink alone at 0, 1/255, ... 1 (darkening: a falling list)."""
    return tuple(lab_of((0.0, 0.0, 0.0, k / 255))[0] for k in range(256))


def black_for(lightness: float) -> float:
    """The black ink (0-1) whose print is as light as ``lightness`` (L*)."""
    ramp = _black_ramp()
    best = min(range(256), key=lambda k: abs(ramp[k] - lightness))
    return round(best / 255, 4)


@lru_cache(maxsize=1)
def _tints() -> tuple[tuple[CMYK, tuple[float, float, float]], ...]:
    """Every tint of one ink (1/255 steps) and its CIELAB."""
    out = []
    for ink in range(4):
        for t in range(1, 256):
            c = [0.0] * 4
            c[ink] = round(t / 255, 4)
            out.append((tuple(c), lab_of(tuple(c))))
    return tuple(out)


def one_ink(cmyk: CMYK) -> CMYK | None:
    """The one-ink colour ``cmyk`` prints as in small text: black alone at its lightness when it is dark,
    else the nearest single-ink tint within NEAR of it; None when it has no such match."""
    lab = lab_of(cmyk)
    if lab[0] <= DARK_L:
        return (0.0, 0.0, 0.0, black_for(lab[0]))
    tint, d = min(((c, math.dist(lab, t)) for c, t in _tints()), key=lambda p: p[1])
    return tint if d <= NEAR else None


def capped(cmyk: CMYK, limit: float) -> CMYK:
    """``cmyk`` with its total ink at most ``limit`` (fraction: 3.0 is 300 %): cyan, magenta and yellow
    reduced in proportion, black kept (black alone over the limit is cut to it)."""
    c, m, y, k = cmyk
    if c + m + y + k <= limit + 1e-9:
        return cmyk
    k = min(k, limit)
    scale = (limit - k) / (c + m + y) if c + m + y else 0.0
    return (round(c * scale, 4), round(m * scale, 4), round(y * scale, 4), k)


def shop_rule(text_pt: float, limit: float) -> Rule:
    """The rule for rewrite_inks (write/ink_stream.py): text under ``text_pt`` pt of more than one ink as
    black alone (when it has a one-ink match), every colour capped at ``limit`` total ink (fraction)."""
    def rule(size: float | None, cmyk: CMYK) -> CMYK | None:
        if size is not None and size < text_pt and inks(cmyk) > 1:
            single = one_ink(cmyk)
            if single is not None:
                return single
        new = capped(cmyk, limit)
        return new if new != cmyk else None
    return rule
