"""Hexatech content: colour factions, hex tiles with links on their six edges, decks."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Any, Literal

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from ...model.base import Colour, Model, Text
from ...model.content import Content, Rules

EDGE_NAMES = ("top", "top-right", "bottom-right", "bottom", "bottom-left", "top-left")  # flat-top, clockwise


def _link(value: Any) -> tuple[str, ...]:
    """An edge: nothing (no link), one faction, or a dual link of two: "FLUID" / [FLUID, SPIRIT]."""
    if value is None:
        return ()
    if isinstance(value, str) and value.strip():
        return (value.strip(),)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v.strip() for v in value)
    raise PydanticCustomError("link", "an edge is null (no link), a faction name, or a list of two faction names")


Link = Annotated[tuple[str, ...], BeforeValidator(_link)]


class Faction(Model):
    name: Text
    colour: Colour
    colour_name: Text
    icon: Text
    ability: Text
    text: Text  # what the ability does
    # The short wording a tile of this faction prints after the ability's name ("Flush: <reminder>");
    # tile-ability checks every tile text against it (or against text when absent).
    reminder: Text | None = None
    lore: Text | None = None


class Tile(Model):
    name: Text
    faction: Text  # base faction
    attack: Annotated[int, Field(ge=0, le=20)]
    defense: Annotated[int, Field(ge=0, le=20)]
    text: Text | None = None
    edges: list[Link]  # six edges, clockwise from the top


class Deck(Model):
    name: Text
    tiles: list[Text]
    text: Text | None = None


class Rule(Model):
    """A named piece of the rules, in plain words, for the player aid: {name, text}."""

    name: Text
    text: Text


class MatchExample(Model):
    """A worked example of the seed's Links & Matches, as the seed states it: two HEXs joined by ``link``,
    their base factions the same or different (``base``: the shared one), and the abilities it says are
    triggered. match-example checks the statement against the Base Match and Link Match rules."""

    name: Text
    bases: Literal["same", "different"] | None = None  # None: the seed does not say
    base: Text | None = None  # the shared base faction, when the seed names it
    link: Link  # the link of the joint, as the text names it
    triggers: list[Text] = []  # the factions whose abilities the seed says trigger
    text: Text | None = None  # the seed's words, in ours


class TechRules(Rules):
    deck_size: Annotated[int, Field(ge=1)] = 14
    pattern_size: Annotated[int, Field(ge=1)] = 7
    rotation: bool = True  # may a tile be turned when placed?
    wild_faction: Text | None = None  # placing a tile of this faction ignores link colours
    actions_per_turn: Annotated[int, Field(ge=1)] = 2
    # The Overview: every HEX placed must be linked to a HEX already on the board.
    place_linked: bool = False
    start_board: Annotated[int, Field(ge=0, le=7)] = 0  # HEXs on each board when the game starts


class TechData(Content):
    factions: list[Faction] = []
    tiles: list[Tile] = []
    decks: list[Deck] = []
    # How the game is played, for the player aid.
    setup: list[Rule] = []
    turn: list[Rule] = []
    actions: list[Rule] = []
    matches: list[Rule] = []
    winning: list[Rule] = []
    notes: list[Rule] = []
    examples: list[MatchExample] = []  # the seed's worked examples of matches
