"""High Ground (heroscape-style) content: army cards, powers, glyphs, dice, armies, scenarios,
terrain with its effects, battlefields (maps with levels), and the tile sets a player owns."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from ...model.base import Colour, Length, Model, Text
from ...model.content import Content, MapDef, Rules, Terrain

Small = Annotated[int, Field(ge=0, le=99)]
Positive = Annotated[int, Field(ge=1, le=999)]
SIZES = ("small", "medium", "large", "huge")
SHAPES = ("1", "2", "3", "7", "24")  # the tile shapes of printgen stl
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]


class PowerDef(Model):
    """A special power. Its text names the numbers a card gives it as {range}, {attack}, {value};
    ``range``/``attack``/``value`` say which numbers a card must give."""

    name: Text
    kind: Literal["movement", "attack", "special attack", "defense", "support"]
    icon: Text | None = None
    range: bool = False
    attack: bool = False
    value: bool = False
    text: Text


class PowerUse(Model):
    power: Text
    range: Annotated[int, Field(ge=1, le=99)] | None = None
    attack: Annotated[int, Field(ge=0, le=20)] | None = None
    value: Annotated[int, Field(ge=0, le=20)] | None = None


class TargetZone(Model):
    """The part of the figure an attacker must see, as fractions of its height from the ground."""

    from_: Fraction = Field(alias="from")
    to: Fraction

    @model_validator(mode="after")
    def _ordered(self):
        if self.from_ >= self.to:
            raise PydanticCustomError("target-zone", "a target zone goes from a lower fraction to a higher one")
        return self


class Unit(Model):
    """An army card."""

    name: Text
    title: Text | None = None  # a version of the card; cards with one name count as one unique card
    general: Text
    type: Literal["hero", "squad"]
    rarity: Literal["unique", "common"]
    species: Text
    figures: Positive
    life: Positive
    move: Small
    range: Positive
    attack: Small
    defense: Small
    height: Positive
    size: Literal["small", "medium", "large", "huge"]
    hexes: Literal[1, 2]
    points: Positive
    colour: Colour
    target_zone: TargetZone
    powers: list[PowerUse] = []
    text: Text | None = None


class Glyph(Model):
    name: Text
    symbol: Annotated[str, Field(min_length=1, max_length=2)]
    colour: Colour
    icon: Text | None = None
    duration: Literal["permanent", "temporary"]
    bonus: dict[Literal["attack", "defense", "move", "range", "initiative", "life"], int] = {}
    text: Text
    # tokens the markers sheet prints; default: as many as the battlefield placing it most needs (at least one)
    count: Annotated[int, Field(ge=1, le=20)] | None = None


class Die(Model):
    name: Text
    sides: Literal[6, 20]
    count: Annotated[int, Field(ge=0, le=50)] = 1  # blank dice to make stickers for
    size: Length = 16.0  # sticker edge, mm
    faces: list[Literal["skull", "shield", "blank"]] = []  # a d6's faces; a d20 is numbered
    text: Text | None = None


class CardCount(Model):
    card: Text
    copies: Annotated[int, Field(ge=1, le=20)] = 1


class Army(Model):
    name: Text
    player: Text  # a player colour of rules.players
    cards: list[CardCount]


class Scenario(Model):
    name: Text
    map: Text  # the battlefield
    points: Positive  # the most an army may spend
    rounds: Positive
    armies: list[Text]
    setup: Text
    victory: Text


class HSTerrain(Terrain):
    """A terrain kind with its effects as data."""

    fluid: bool = False  # a thin tile: a figure on it stands at the level underneath
    water: bool = False  # counts as water for every rule
    stops_move: bool = False  # entering it ends the move
    extra_move: Small = 0  # movement added to enter it
    road_bonus: Small = 0  # extra movement for a move made wholly on it
    enter_survive_d20: Annotated[int, Field(ge=1, le=20)] | None = None  # entering: survive on this or more
    round_wound_roll: bool = False  # end of round: one combat die, a skull is a wound
    cover: bool = False  # a figure next to it, attacked from afar, rolls cover dice


class HSMap(MapDef):
    """A battlefield: a shared map with levels; an objective on a hex is the glyph placed there."""

    connected: bool = True  # False: the battlefield is meant to be in several pieces
    # a community map (printgen import-map writes it): built from its author's boxes, often with no
    # start area, so too few start zones or owned tiles are warnings rather than errors
    imported: bool = False


class TileCount(Model):
    terrain: Text
    shape: Literal["1", "2", "3", "7", "24"]
    count: Annotated[int, Field(ge=0, le=10000)]


class TileSet(Model):
    """Tiles a player owns: ``copies`` boxes of these tiles."""

    name: Text
    copies: Annotated[int, Field(ge=0, le=100)] = 1
    tiles: list[TileCount]


class FallBand(Model):
    over: Annotated[int, Field(ge=0, le=100)]  # a drop of at least height + over levels
    dice: Annotated[int, Field(ge=1, le=10)] | None = None
    survive_d20: Annotated[int, Field(ge=1, le=20)] | None = None

    @model_validator(mode="after")
    def _one(self):
        if (self.dice is None) == (self.survive_d20 is None):
            raise PydanticCustomError("fall-band", "a falling band gives either dice or survive_d20")
        return self


class HeightBand(Model):
    from_: Annotated[int, Field(ge=1, le=100)] = Field(alias="from")
    dice: Annotated[int, Field(ge=1, le=10)]


class PlayerColour(Model):
    name: Text
    colour: Colour


class HSRules(Rules):
    orders: list[Text] = ["1", "2", "3", "X"]
    turns_per_round: Annotated[int, Field(ge=1, le=9)] = 3
    initiative_die: Annotated[int, Field(ge=2, le=100)] = 20
    climb_cost: Small = 1
    climb_margin: Small = 1
    descend_cost: Small = 0
    disengage_dice: Small = 1
    falling: list[FallBand]
    super_strength_falls: Small = 20
    height_advantage: list[HeightBand]
    cover_dice: Small = 1
    two_hex_sizes: list[Literal["small", "medium", "large", "huge"]] = ["large", "huge"]
    ladder_sizes: list[Literal["small", "medium", "large", "huge"]] = ["small", "medium"]
    round_track: Annotated[int, Field(ge=1, le=40)] = 12
    players: list[PlayerColour] = Field(min_length=2, max_length=8)


class HSData(Content):
    terrain: list[HSTerrain] = []
    units: list[Unit] = []
    powers: list[PowerDef] = []
    glyphs: list[Glyph] = []
    dice: list[Die] = []
    armies: list[Army] = []
    scenarios: list[Scenario] = []
    maps: list[HSMap] = []
    tile_sets: list[TileSet] = []
