"""Version stamps: a face's small print of the game's version and a short digest of what the face shows.

    - {type: stamp, x: 3mm, w: 100% - 6mm, baseline: 100% - 2.4mm, align: right, size: 5pt}

prints ``v0.5 · 3fa2c1``. The digest covers every other element's drawing (texts, shapes, pictures as
drawn, never where they came from), so two faces with one stamp print the same, and a player holding a
card and an errata sheet can tell at a glance which printing a card is. ``shown_digest`` is the same
measure the errata kit (printgen.editions) compares faces by. ``stamps: false`` in game.yaml turns
every stamp off.
"""

from __future__ import annotations

from ..draw.document import Op, Text, pt
from ..draw.text import single_line

DIGITS = 6  # hex digits printed: 16.7 million values, plenty to tell two printings of one face apart


def stamps_on(scope: dict) -> bool:
    """game.yaml ``stamps:`` (default on)."""
    return bool(getattr(scope.get("game"), "stamps", True))


def stamp(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``stamp``: the game's version and the face's digest on one line (drawn after every
    other element, so the digest is of them all: ``face`` is a layout.face.Face, not imported here)."""
    if not stamps_on(scope):
        return []
    version = getattr(scope.get("game"), "version", "")
    label = f"v{version} · {face.shown[:DIGITS]}" if version else face.shown[:DIGITS]
    px, py, pw, ph = parent
    x = px + face.length(el, "x", scope, pw, 0.0)
    w = face.length(el, "w", scope, pw, pw - (x - px))
    base = py + face.length(el, "baseline", scope, ph, ph - 2.4)
    font = face.font(el, "font", scope, "sans")
    size = face.length(el, "size", scope, 0.0, pt(5))
    colour = face.colour(el, "colour", scope, "#6b6b6b") or "#6b6b6b"
    align = face.choice(el, "align", scope, ("right", "left", "center"))
    size = single_line(label, font, size, w)  # never wider than its box
    if align == "left":
        return [Text(x, base, label, font, size, colour, "start", role="stamp")]
    if align == "center":
        return [Text(x + w / 2, base, label, font, size, colour, "middle", role="stamp")]
    return [Text(x + w, base, label, font, size, colour, "end", role="stamp")]


ELEMENT = (("x", "w", "baseline", "font", "size", "colour", "align"), stamp)
