"""Every game's card decks as separate faces, for the digital exports (TTS, print on demand).

Every layout sheet is a deck (one card per item); decks a pack groups otherwise (Hexatech's tiles, a
deck per decks.yaml entry) come from a plain registry, rule system -> decks(game).
Each face draws itself for any bleed, in its own box with (0, 0) at the top-left of the bleed box, the same
art the print sheets impose. Lengths in mm.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from ..draw.document import Op
from ..findings import Location
from ..names import slug


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
    where: Location | None = None  # the front layout, where a finding about its faces points

    @property
    def slug(self) -> str:
        return slug(self.name)

    def box(self, bleed: float) -> tuple[float, float]:
        """The drawing box for ``bleed`` mm of bleed (mm): a flat hex grows by its bleed on every side."""
        from ..layout.face import bleed_box

        _, _, w, h = bleed_box(*self.trim, bleed, self.shape)
        return (w, h)


def _layout_decks(game) -> list[CardDeck]:
    """The game's layout-drawn sheets (printgen.layout.sheets) as decks: one card per item."""
    from ..layout.face_geometry import face_size
    from ..layout.sheets import FaceMaker, game_sheets, labels, ordered

    maker = FaceMaker(game)
    decks = []
    for sheet, index in game_sheets(game):
        items = ordered(maker, sheet, index)
        front, back = maker.layouts.get(sheet.front), maker.layouts.get(sheet.back) if sheet.back else None
        if not items or front is None:
            continue
        w, h, _ = face_size(front, game.data.game)
        title = (sheet.title or sheet.name.replace("-", " ")).capitalize()
        kind = sheet.kind
        cards = tuple(Card(label, lambda b, it=it, i=i, f=front, k=kind: maker.draw(f, it, k, i, "", bleed=b))
                      for label, (i, it) in zip(labels(maker, sheet, index, items), items))
        shape = "hex" if sheet.sheet == "hex" else "rect"
        decks.append(CardDeck(title, (w, h), shape, cards,
                              (lambda b, bk=back, it=items[0], k=kind: maker.draw(bk, it[1], k, it[0], "", bleed=b))
                              if back else (lambda b: []), front.loc("elements")))
    return decks


def _tech(game) -> list[CardDeck]:
    from ..packs.hexatech.printables import TileFaces

    faces = TileFaces(game)
    decks = []
    for deck in game.data.decks:
        cards = tuple(Card(faces.tiles[i].name, lambda b, i=i: faces.front(i, bleed=b)) for i in faces.deck(deck))
        decks.append(CardDeck(deck.name, (faces.w, faces.h), "hex", cards, lambda b: faces.back(bleed=b)))
    return decks


# rule system -> its decks that are not one per layout sheet (Hexatech: one per deck of tiles)
OTHER_DECKS: dict[str, Callable] = {
    "hexatech": _tech,
}


def card_decks(game) -> list[CardDeck]:
    """The card decks of ``game``: its layout sheets, then the decks its pack groups otherwise (while
    ``shared_faces`` holds, the same decks for the same game, each face drawn once per bleed)."""
    if _SHARED is not None:
        key = ("decks", id(game))
        if key not in _SHARED:  # the game kept beside its decks, so that no other object takes its id
            _SHARED[key] = (game, [replace(d, cards=tuple(replace(c, face=_once(c.face)) for c in d.cards),
                                           back=_once(d.back)) for d in _decks(game)])
        return list(_SHARED[key][1])
    return _decks(game)


def _decks(game) -> list[CardDeck]:
    other = OTHER_DECKS.get(game.pack.system) if game.pack else None
    return _layout_decks(game) + (other(game) if other else [])


_SHARED: dict | None = None  # while shared_faces() holds: what the exports made together share


@contextmanager
def shared_faces() -> Iterator[dict]:
    """Within: ``card_decks`` of one game gives the same decks, each face drawn once per bleed, and
    printgen.publish.raster.opened_items makes the PDF of the same faces once and opens it once for pdfium
    (closed on leaving); the exports that draw the faces (print on demand, TTS, the gallery's cards)
    made in one job share them. Yields the store."""
    global _SHARED
    outer = _SHARED
    if outer is None:
        _SHARED = {}
    try:
        yield _SHARED
    finally:
        if outer is None:  # what the exports opened for all of them (publish/raster.py opened_items) closed
            for close in _SHARED.pop("close", []):
                close()
        _SHARED = outer


def shared() -> dict | None:
    """The store of ``shared_faces`` while it holds, else None."""
    return _SHARED


def _once(face: Callable[[float], list[Op]]) -> Callable[[float], list[Op]]:
    """``face``, each bleed's ops drawn once (the same list given again: the ops are not changed after)."""
    drawn: dict[float, list[Op]] = {}

    def once(bleed: float) -> list[Op]:
        if bleed not in drawn:
            drawn[bleed] = face(bleed)
        return drawn[bleed]

    return once
