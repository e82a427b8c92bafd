"""HexPrint content: unit cards with damage lines and d6 slots, terrain with tags and heights, missions,
and the looks of its printables (every colour, size and position the pack draws with)."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Literal

from pydantic import Field
from typing_extensions import Annotated

from ...model.base import Colour, Length, Model, PositiveLength, Text
from ...model.content import Content, Rules, Terrain
from ...model.notation import IntRange, Threshold

Small = Annotated[int, Field(ge=0, le=20)]


class Line(Model):
    """A line of a unit card that takes damage: ``slots`` are the d6 results that mark it (3, or 5-6),
    ``boxes`` how many marks it takes before it is damaged."""

    slots: IntRange
    boxes: Annotated[int, Field(ge=1, le=6)] = 1


class Stat(Line):
    value: Small


class Target(Line):
    value: Threshold  # written "4+": a die showing this or more is a success


class Uses(Model):
    count: Annotated[int, Field(ge=1, le=9)] = 1
    per: Literal["turn", "round"]  # turn: this Timer segment; round: refills when the Timer turns to 1


class Reaction(Model):
    mode: Literal["may", "must"]
    trigger: Text  # "When an enemy model moves within 3 of self"


class Ability(Line):
    name: Text
    text: Text
    uses: Uses | None = None
    reaction: Reaction | None = None
    no_los: bool = False  # usable without line of sight (printed as an icon)


class Static(Line):
    name: Text
    text: Text


class Size(Model):
    models: Annotated[int, Field(ge=1, le=20)]
    base: Text  # "25mm round", "2 hexes"
    hexes: Annotated[int, Field(ge=1, le=7)] = 1  # hexes each model fills (multi-hex models)


class Grant(Model):
    terrain: Text
    count: Annotated[int, Field(ge=1, le=12)] = 1


class Unit(Model):
    """A unit card. ``type`` is its name in the unit list; the card's name line is left blank to fill in."""

    type: Text
    code: Annotated[str, Field(pattern=r"^[A-Z0-9]{1,3}$")]  # printed on its initiative marker
    colour: Colour
    size: Size
    tags: list[Text]
    act: Stat
    mov: Stat
    tar: Target
    statics: list[Static] = []
    abilities: list[Ability] = []
    grants: list[Grant] = []  # terrain the opponent receives, kept in a batch with this card
    text: Text | None = None  # a line of flavour

    @property
    def name(self) -> str:  # look-ups and duplicate checks go by type
        return self.type


class TerrainCard(Model):
    """The rules card of a terrain piece: what it does to shots it blocks, and when it activates
    (after every unit, in a random order)."""

    cover: Text | None = None
    activation: Text | None = None


class HexTerrain(Terrain):
    tags: list[Text]  # Land, Water, or both (shallow water)
    height: Annotated[int, Field(ge=0, le=10)]  # a land tile is 1; below 1 takes the height of what is under it
    cost: Annotated[int, Field(ge=0, le=10)] = 1  # movement points to enter, before height steps
    card: TerrainCard | None = None
    piece: Text | None = None  # what to print or build for it


class Neutral(Model):
    name: Text
    text: Text  # what it does when it activates


class Mission(Model):
    name: Text
    summary: Text
    board: Text  # board size, "12 x 10 hexes"
    map: Text
    symmetric: bool = False  # both sides alike: roll off for who places first
    defender: Text | None = None  # the side that places first in an asymmetric mission
    placement: list[Text] = []  # how terrain and neutral models are placed
    deployment: list[Text] = []
    victory: list[Text]
    time_limit: Annotated[int, Field(ge=1, le=12)] | None = None  # rounds; None: rules.rounds
    new_round: list[Text] = []  # what happens each time the Timer turns to 1
    neutrals: list[Neutral] = []


class TimerLooks(Model):
    diameter: PositiveLength  # the cut-out dial
    hub: PositiveLength  # the centre disc (pointer pivot) left empty
    segment_colours: list[Colour]  # one per segment, 1 first
    start_colour: Colour
    round_colour: Colour
    number_size: PositiveLength


class CardLooks(Model):
    header: PositiveLength  # height of the coloured band with the type
    name_line: PositiveLength
    row: PositiveLength  # minimum height of a stat / ability row
    box: PositiveLength  # side of a damage box
    slot: PositiveLength  # side of the d6 slot die
    paper: Colour
    ink: Colour
    los_colour: Colour
    reaction_colour: Colour
    death_die_box: PositiveLength  # the square for the Death Die on the card


class MarkerLooks(Model):
    diameter: PositiveLength
    per_unit: Annotated[int, Field(ge=1, le=6)] = 1


class TrackLooks(Model):
    cell: PositiveLength
    per_page: Annotated[int, Field(ge=1, le=12)] = 6
    colour: Colour


class MapLooks(Model):
    overview_width: PositiveLength  # the map on a mission sheet (shaded and numbered by level, as every map)


class Looks(Model):
    accent: Colour
    card: CardLooks
    timer: TimerLooks
    marker: MarkerLooks
    track: TrackLooks
    map: MapLooks
    gap: Length = 2.0


class HexPrintRules(Rules):
    action_cap: Annotated[int, Field(ge=1, le=12)] = 5
    segments: Annotated[int, Field(ge=2, le=12)] = 6  # the Hex Timer
    start: Annotated[int, Field(ge=1, le=12)] = 6
    rounds: Annotated[int, Field(ge=1, le=12)] = 3  # default time limit: the third time it turns to the last segment
    damage_die: Annotated[int, Field(ge=2, le=20)] = 6  # the d6 slots of a card cover 1..damage_die once each
    tar_range: IntRange = (2, 6)
    height_cost: Annotated[int, Field(ge=0, le=5)] = 1  # movement points per step of height
    max_units: Annotated[int, Field(ge=1, le=40)] = 8  # initiative markers one Timer segment must hold
    character_tag: Text = "Character"  # units that are Downed rather than removed
    land_tag: Text = "Land"
    water_tag: Text = "Water"
    tags: list[Text] = []  # the unit tags a card may use


class HexPrintData(Content):
    terrain: list[HexTerrain] = []
    units: list[Unit] = []
    missions: list[Mission] = []
    looks: Looks | None = None
