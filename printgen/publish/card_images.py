"""Every card alone, small, for the players' gallery: cards shown as cards, not as whole A4 sheets.

One PNG per card face (and one per deck back) at ``DPI``, drawn as the print sheets draw them
(printgen.publish.cards), trimmed; a face drawn as at the last publish is read back (``reuse``).
"""

from __future__ import annotations

from ..names import slug
from .cards import card_decks
from .raster import px, reused_pngs

DPI = 100  # a poker card is 250 x 350 px: a phone shows two across


def cards_export(game, gout, reuse) -> tuple[dict[str, bytes], dict]:
    """Files ``cards/<deck>/<n>-<card>.png`` and the gallery's entry: each deck with its cards' names and
    images ({"title", "text", "links": [], "decks": [...]})."""
    files: dict[str, bytes] = {}
    decks = []
    for deck in card_decks(game):
        if not deck.cards:
            continue
        box = deck.box(0.0)
        size = (px(box[0], DPI), px(box[1], DPI))
        paths = [f"cards/{deck.slug}/{n:03d}-{slug(c.name) or 'card'}.png" for n, c in enumerate(deck.cards, 1)]
        back = f"cards/{deck.slug}/back.png"
        items = [c.face(0.0) for c in deck.cards] + [deck.back(0.0)]
        files.update(reused_pngs(reuse, paths + [back], items, box, size, DPI))
        entry = {"name": deck.name, "shape": deck.shape,
                 "cards": [{"name": c.name, "count": c.count, "src": p, "w": size[0], "h": size[1]}
                           for c, p in zip(deck.cards, paths)]}
        if any(op for op in items[-1]):
            entry["back"] = {"src": back, "w": size[0], "h": size[1]}
        else:
            files.pop(back, None)
        decks.append(entry)
    if not decks:
        return {}, {}
    return files, {"title": "Every card", "text": "Each card on its own, as it prints.", "links": [], "decks": decks}
