"""What a layout's face measures and how faces of it lie on a sheet: its trim size and bleed, its shape and
cut line, the lattice it is imposed on. Units: mm."""

from __future__ import annotations

import math
from dataclasses import replace

from ..draw.page import PageSpec
from ..findings import quoted
from ..limits import limit
from ..render.sheets import card_lattice, hex_lattice, plan_sheet, rect_lattice
from ..units import UnitError, parse_size
from .face import bleed_box
from .spec import Layout

HEX_GAP = 1.2  # mm between neighbouring hex tiles' bleeds on a sheet
ROUND_GAP = 1.6  # mm between neighbouring tokens' bleeds


def face_size(layout: Layout, settings) -> tuple[float, float, float]:
    """(trim w, trim h, bleed) mm of a layout's face; raises UnitError when its size or bleed is unreadable."""
    from .lengths import LengthError, parse_extent

    size = layout.settings.get("size", "card")
    if size == "card":
        (w, h), bleed = settings.card.size, settings.card.bleed
    elif size == "token":
        w = h = settings.token.diameter
        bleed = 0.0
    elif size == "hex":  # a tile card: the game's hex size flat to flat, the card bleed round it
        h = settings.hex.size
        w = h * 2 / math.sqrt(3)
        bleed = settings.card.bleed
    else:
        try:
            if not isinstance(size, str):
                raise UnitError("not a size")
            w, h = parse_size(size, {})
        except UnitError:
            raise UnitError(f"size is card, token, hex or 'W x H' with units (e.g. '63.5mm x 88.9mm'), "
                            f"not {size!r}") from None
        bleed = 0.0
    if "bleed" in layout.settings:
        try:
            bleed = parse_extent(layout.settings["bleed"], ref=0.0)
        except LengthError as exc:
            raise UnitError(f"bleed: {exc}") from None
        if not 0 <= bleed <= limit("bleed"):
            raise UnitError(f"bleed: {bleed:g} mm is outside 0-{limit('bleed'):g} mm")
    if not (0 < w <= limit("card-side") and 0 < h <= limit("card-side")):
        raise UnitError(f"a face of {w:g} x {h:g} mm is outside the 0-{limit('card-side'):g} mm a side can be")
    return w, h, bleed


def face_shape(layout: Layout) -> tuple[str, float]:
    """(shape, cut line width mm) of a layout's face; raises UnitError when either is unreadable."""
    from .face import SHAPES
    from .lengths import LengthError, parse_extent

    size = layout.settings.get("size", "card")
    shape = layout.settings.get("shape", {"token": "round", "hex": "hex"}.get(size, "rect"))
    if shape not in SHAPES:
        raise UnitError(f"shape is one of {', '.join(SHAPES)}, not {quoted(shape)}")
    try:
        cut = parse_extent(layout.settings.get("cut", "0.2mm"), ref=0.0)
    except LengthError as exc:
        raise UnitError(f"cut: {exc}") from None
    if not 0 <= cut <= 2:
        raise UnitError(f"cut is a line width from 0 to 2mm, not {cut:g} mm")
    return shape, cut


def face_lattice(spec: PageSpec, layout: Layout, settings, *, hex_sheet: bool = False):
    """Where a layout's faces go on a sheet: hexagons on a hex lattice, discs n-up with a small gap and
    no crop marks (they carry their cut circle), cards n-up with crop marks (render.sheets.Lattice)."""
    w, h, bleed = face_size(layout, settings)
    shape = face_shape(layout)[0]
    if hex_sheet or shape == "hex":
        ix, iy, bw, bh = bleed_box(w, h, bleed, shape)
        return hex_lattice(spec, (bw, bh), bh + HEX_GAP, (ix, iy))
    if shape == "round":
        return replace(rect_lattice(plan_sheet(spec, (w, h), bleed, gutter=ROUND_GAP)), marks=())
    return card_lattice(spec, (w, h), bleed)
