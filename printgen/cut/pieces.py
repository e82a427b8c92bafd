"""Every piece a game prints that a machine can cut out, with its outline: tokens (discs), cards
(rectangles, their corners rounded when game.yaml says so), hex tiles (flat-top hexagons) and the rule
pack's own round pieces (the Hex Timer's dial).

A piece draws its face for any bleed in its own box ((0, 0) the box's top-left, mm); its outline is
given in the same box. Lengths in mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

from ..draw.document import Group, Op
from ..findings import Location

SHAPES = ("circle", "rect", "hex")
RIM = 0.6  # mm round a piece drawn without bleed: half the widest stroke at its rim (the dial's 1 mm round line)


@dataclass(frozen=True)
class Piece:
    name: str  # "token 'Smoke'", "Class cards 'Knight'"
    shape: str  # circle, rect or hex (flat-top)
    w: float  # trim width, mm (a hexagon corner to corner)
    h: float  # trim height, mm (a hexagon flat to flat)
    face: Callable[[float], list[Op]]  # bleed mm -> the face's ops in its box
    count: int
    where: Location | None
    corner: float = 0.0  # a rectangle's corner radius, mm
    bleeds: bool = True  # False: drawn to its cut and no further (the dial's segments end on its rim), so its box
    # is its trim and the stroke of its cut line (RIM): a 190 mm dial goes on a sheet whose area is 192 mm across

    def inset(self, bleed: float) -> tuple[float, float]:
        """Where the trim's bounding box starts inside the face's box for ``bleed`` mm: a flat hexagon's
        box grows by 2 bleed / sqrt 3 across (its slanted sides move out by ``bleed``)."""
        if not self.bleeds:
            return RIM, RIM
        if self.shape == "hex":
            return 2 * bleed / math.sqrt(3), bleed
        return bleed, bleed

    def box(self, bleed: float) -> tuple[float, float]:
        ix, iy = self.inset(bleed)
        return self.w + 2 * ix, self.h + 2 * iy

    def turned(self) -> "Piece":
        """The piece a quarter turn clockwise (a rectangle: its box w x h becomes h x w), for a sheet that
        holds more of it so."""
        face = self.face

        def turned_face(bleed: float) -> list[Op]:
            bh = self.box(bleed)[1]
            return [Group(tuple(face(bleed)), (0.0, 1.0, -1.0, 0.0, bh, 0.0))]  # (x, y) -> (bh - y, x)
        return replace(self, w=self.h, h=self.w, face=turned_face)

    @property
    def across(self) -> float:
        """Its least width, mm: what a blade must turn round."""
        return min(self.w, self.h)


def _tokens(game, corner: float) -> list[Piece]:
    from ..render.tokens import TokenFaces

    if not game.data.tokens:
        return []
    faces = TokenFaces(game)
    return [Piece(f"token '{t.name}'", "circle", faces.diameter, faces.diameter,
                  lambda b, i=i: faces.face(i, bleed=b), t.count, game.source.loc(("tokens", i)))
            for i, t in enumerate(faces.tokens) if t.count > 0]


def _cards(decks, corner: float) -> list[Piece]:
    out = []
    for deck in decks:
        shape = "hex" if deck.shape == "hex" else "rect"
        for card in deck.cards:
            if card.count > 0:
                out.append(Piece(f"{deck.name} '{card.name}'", shape, deck.trim[0], deck.trim[1], card.face,
                                 card.count, deck.where, corner=corner if shape == "rect" else 0.0))
    return out


def _hexprint(game, corner: float) -> list[Piece]:
    from ..packs.hexprint.dial import dial_for
    from ..packs.hexprint.printables import timer_ops

    dial = dial_for(game.data.looks, game.rules)
    d = dial.diameter
    return [Piece("the Hex Timer dial", "circle", d, d, lambda b: timer_ops(game.data, game.rules, RIM + d / 2, RIM + d / 2),
                  1, game.source.loc(("looks", "timer")), bleeds=False)]


# rule system -> the round pieces of its own printables (the dial prints its own cut line, role dial-cut)
PACK_PIECES: dict[str, Callable] = {
    "hexprint": _hexprint,
}


def cut_pieces(game, decks, corner: float = 0.0) -> list[Piece]:
    """The pieces of ``game`` a machine cuts: tokens, ``decks`` (printgen.publish.cards.card_decks; hex decks
    as hexagons), the pack's own; ``corner``: rectangles' corner radius, mm."""
    pack = PACK_PIECES.get(game.pack.system) if game.pack else None
    return _tokens(game, corner) + _cards(decks, corner) + (pack(game, corner) if pack else [])
