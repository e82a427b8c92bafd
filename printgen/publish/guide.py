"""How to print each printable: sides, flip edge, copies, what to cut and with what.

A plain registry keyed by the printable's file stem (exact, or a prefix such as
"map-"). A stem no entry knows still gets printed, single-sided, after the
known ones: a new asset kind never drops out of a kit, it only lacks advice
until it gets an entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

LONG_EDGE = "long edge"


@dataclass(frozen=True)
class Guide:
    """The print advice for one printable (a PDF)."""

    title: str  # what a player calls it: "Class cards", "Map: Fool's Gold Ambush"
    rank: int  # its place in the kit: lower first
    duplex: bool  # double-sided: pages come as front, back, front, back...
    copies: str  # "1", "1 per player"
    cut: str  # what to cut and with what ("" when nothing)
    note: str = ""
    tools: tuple[str, ...] = ()  # what a player needs at hand for the cutting

    @property
    def sides(self) -> str:
        return f"double-sided, flip on the {LONG_EDGE}" if self.duplex else "single-sided"


def _name(game, kind: str, stem: str, prefix: str) -> str:
    """The data's own name of the item a stem was made from ("map-fools-gold-ambush" -> "Fool's Gold Ambush")."""
    from ..names import slug

    tail = stem[len(prefix):]
    for item in getattr(game.data, kind, None) or []:
        if slug(getattr(item, "name", "")) == tail:
            return item.name
    return tail.replace("-", " ").title()


def _tokens(game, stem: str, pages: int) -> Guide:
    data = game.data
    d = data.game.token.diameter
    two_sided = any(getattr(t, "back", None) for t in getattr(data, "tokens", []) or [])
    return Guide("Tokens", 40, two_sided, "1",
                 f"a {d:g} mm circle punch on the thin cut circles (or scissors)",
                 "each backs page goes on the back of the fronts page before it" if two_sided else "",
                 (f"a {d:g} mm circle punch", "scissors"))


def _map(game, stem: str, pages: int) -> Guide:
    name = _name(game, "maps", stem, "map-")
    if pages > 1:
        return Guide(f"Map: {name}", 60, False, "1",
                     "craft knife and steel ruler: trim each tile at the red dashed line, then tape from behind",
                     "page 1 is the assembly guide: lay the tiles as it shows, matching the red crosses",
                     (KNIFE, "clear tape"))
    return Guide(f"Map: {name}", 60, False, "1", "")


def _fixed(title: str, rank: int, duplex: bool, copies: str, cut: str, note: str = "",
           tools: tuple[str, ...] = ()) -> Callable:
    def guide(game, stem: str, pages: int) -> Guide:
        return Guide(title, rank, duplex, copies, cut, note, tools)
    return guide


KNIFE = "a craft knife, a steel ruler and a cutting mat"
CARD_CUT = "craft knife and steel ruler along the crop marks (scissors work too)"

# stem (or "prefix-") -> guide(game, stem, page count) -> Guide
GUIDES: dict[str, Callable] = {
    "rulebook": _fixed("Rulebook", 0, True, "1", "", "fold or staple on the left edge"),
    "player-aid": _fixed("Player aid", 10, False, "1 per player", ""),
    "faction-reference": _fixed("Faction reference", 12, False, "1 per player", ""),
    "class-cards": _fixed("Class cards", 20, True, "1", CARD_CUT,
                          "odd pages are fronts, even pages their backs", (KNIFE,)),
    "unit-cards": _fixed("Unit reference cards", 20, True, "1 per player", CARD_CUT,
                         "odd pages are fronts, even pages their backs", (KNIFE,)),
    "deck-": lambda game, stem, pages: Guide(
        f"Deck: {_name(game, 'decks', stem, 'deck-')}", 30, True, "1 per player using it",
        "scissors or a craft knife along each hex's outer edge",
        "the last page is the deck summary: no cutting", ("scissors",)),
    "tokens": _tokens,
    "hex-track": _fixed("HEX tracks", 50, False, "1 for two players", "scissors around each player's panel",
                        tools=("scissors",)),
    "pattern-mat": _fixed("Pattern mat", 55, False, "1 per player", ""),
    "map-": _map,
    "army-cards": _fixed("Army cards", 20, True, "1", CARD_CUT, "odd pages are fronts, even pages their backs",
                         (KNIFE,)),
    "markers": _fixed("Order markers and glyphs", 42, True, "1", "a circle punch or scissors on the thin cut circles",
                      "each backs page goes on the back of the fronts page before it", ("scissors",)),
    "dice-stickers": _fixed("Dice stickers", 45, False, "1", "scissors along each sticker's outline",
                            "print on sticker paper and stick each face on a blank die", ("scissors",)),
    "round-track": _fixed("Round track", 52, False, "1", ""),
    "build-guide-": lambda game, stem, pages: Guide(
        f"Build guide: {_name(game, 'maps', stem, 'build-guide-')}", 65, False, "1", "",
        "one page per level: lay the tiles of each level as its page shows, from level 1 up"),
    "scenario-": lambda game, stem, pages: Guide(
        f"Scenario: {_name(game, 'scenarios', stem, 'scenario-')}", 70, False, "1", "", "its map is the last page"),
}
OTHER_RANK = 90


def guide_for(game, stem: str, pages: int) -> Guide:
    """The advice for the printable ``stem`` (``pages`` long) of ``game``."""
    if stem in GUIDES:
        return GUIDES[stem](game, stem, pages)
    for key, make in GUIDES.items():
        if key.endswith("-") and stem.startswith(key):
            return make(game, stem, pages)
    return Guide(stem.replace("-", " ").capitalize(), OTHER_RANK, False, "1", "")
