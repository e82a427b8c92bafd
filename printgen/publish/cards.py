"""Every game's card decks as separate faces, for the digital exports (TTS, print on demand).

A plain registry, rule system -> decks(game); each face draws itself for any
bleed, in its own box with (0, 0) at the top-left of the bleed box, the same
art the print sheets impose. Lengths in mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from ..draw.document import Op
from ..names import slug

SQ3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Card:
    name: str
    face: Callable[[float], list[Op]]  # bleed (mm) -> ops
    count: int = 1


@dataclass(frozen=True)
class CardDeck:
    name: str  # "Class cards", "Tidecaller"
    trim: tuple[float, float]  # the finished card's width and height, mm
    shape: str  # "rect", or "hex" (flat-top; trim is its bounding box)
    cards: tuple[Card, ...]
    back: Callable[[float], list[Op]]

    @property
    def slug(self) -> str:
        return slug(self.name)

    def box(self, bleed: float) -> tuple[float, float]:
        """The drawing box for ``bleed`` mm of bleed (mm): a flat hex grows by its bleed on every side."""
        w, h = self.trim
        if self.shape == "hex":
            return (w + 4 * bleed / SQ3, h + 2 * bleed)
        return (w + 2 * bleed, h + 2 * bleed)


def _heroes(game) -> list[CardDeck]:
    from ..packs.heroes_of_hex.cards import card_back, card_front

    data = game.data
    if not data.classes:
        return []
    w, h = data.game.card.size
    cards = tuple(Card(c.name, lambda b, c=c: card_front(c, data, w, h, b)) for c in data.classes)
    return [CardDeck("Class cards", (w, h), "rect", cards, lambda b: card_back(data.game, w, h, b))]


def _dice(game) -> list[CardDeck]:
    from ..packs.hex_dice.printables import unit_back, unit_card

    data = game.data
    if not data.faces:
        return []
    w, h = data.game.card.size
    cards = tuple(Card(f"{f.value} {f.name}", lambda b, f=f: unit_card(f, data, w, h, b))
                  for f in sorted(data.faces, key=lambda f: f.value))
    return [CardDeck("Unit reference cards", (w, h), "rect", cards, lambda b: unit_back(data.game, w, h, b))]


def _tech(game) -> list[CardDeck]:
    from ..packs.hexatech.printables import tile_back, tile_face

    data = game.data
    size = data.game.hex.size
    factions = {f.name: f for f in data.factions}
    tiles = {t.name.casefold(): t for t in data.tiles}
    decks = []
    for deck in data.decks:
        members = [tiles[n.casefold()] for n in deck.tiles if n.casefold() in tiles]
        cards = tuple(Card(t.name, lambda b, t=t: tile_face(t, factions, size, b))
                      for t in members)
        decks.append(CardDeck(deck.name, (2 * size / SQ3, size), "hex", cards,
                              lambda b: tile_back(data.game, size, b)))
    return decks


# rule system -> decks(game) -> [CardDeck]
DECKS: dict[str, Callable] = {
    "heroes-of-hex": _heroes,
    "hex-dice": _dice,
    "hexatech": _tech,
}


def card_decks(game) -> list[CardDeck]:
    """The card decks of ``game`` (none for a system without cards)."""
    make = DECKS.get(getattr(game.pack, "system", None) if game.pack else None)
    return make(game) if make else []
