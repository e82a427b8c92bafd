"""Card decks: one shared asset that packs configure.

A pack says which content kind becomes cards, how a card's front and the
deck's back are drawn (in card coordinates: (0, 0) at the top-left of the
bleed box, mm) and, if it wants, the order; the deck does the rest: the
game's card size and bleed, n-up imposition with crop marks, mirrored backs
for long-edge duplex, the page furniture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..asset import Asset
from ..draw.document import Document, Op
from ..draw.page import PageSpec
from .compose import finish
from .sheets import card_pages


@dataclass(frozen=True)
class CardDeck:
    name: str  # the asset's name and the file's stem, e.g. "class-cards"
    title: str  # as the page furniture names it, e.g. "class cards"
    kind: str  # the content kind whose items become cards, e.g. "classes"
    front: Callable[..., list[Op]]  # (item, data, trim w, trim h, bleed) -> ops
    back: Callable[..., list[Op]] | None  # (game settings, trim w, trim h, bleed) -> ops
    order: Callable[[Any], Any] | None = None  # a sort key; None keeps the data's order
    back_data: bool = False  # the back is drawn from the whole game data (its looks), not only its settings
    back_layout: str | None = None  # the back is this layout of the game (``back`` is then unused)

    def draw_back(self, game, w: float, h: float, bleed: float) -> list[Op]:
        """The deck's back, in card coordinates (mm)."""
        if self.back_layout is not None:
            from ..layout.sheets import FaceMaker

            maker = FaceMaker(game)
            items = list(getattr(game.data, self.kind))
            return maker.draw(maker.layouts[self.back_layout], items[0] if items else None, self.kind, 0,
                              f"{self.title} (back)", bleed=bleed)
        data = game.data
        return self.back(data if self.back_data else data.game, w, h, bleed)

    def render(self, game, spec: PageSpec) -> dict[str, Document]:
        """Asset renderer: the deck's fronts and backs on one document (nothing when there are no items)."""
        data = game.data
        items = list(getattr(data, self.kind))
        if not items:
            return {}
        if self.order is not None:
            items.sort(key=self.order)
        (w, h), bleed = data.game.card.size, data.game.card.bleed
        fronts = [self.front(item, data, w, h, bleed) for item in items]
        pages = card_pages(fronts, self.draw_back(game, w, h, bleed), spec, (w, h), bleed)
        return {self.name: finish(pages, spec, game=data.game, title=self.title)}

    def lost_text(self, game) -> list:
        """Validation hook: a card text that would not fit its box is a finding, not a blank."""
        from .overflow import lost_text_findings

        return list(lost_text_findings(game, lambda spec: self.render(game, spec), (self.kind,))) + \
            self.back_findings(game)

    def back_findings(self, game) -> list:
        """What is wrong in a back layout (a designer's broken back), drawn once."""
        items = getattr(game.data, self.kind, None) if game.data is not None else None
        if self.back_layout is None or not game.ok() or not items:
            return []
        from ..layout.sheets import FaceMaker

        maker = FaceMaker(game)
        maker.draw(maker.layouts[self.back_layout], items[0], self.kind, 0, f"{self.title} (back)")
        return maker.found

    def asset(self) -> Asset:
        return Asset(self.name, self.render, reads=(self.kind,), validate=self.lost_text)
