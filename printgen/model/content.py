"""Content every game system shares: tokens, keywords, terrain, maps, pieces, and the base models
that each pack's data and rule numbers extend (Content, Rules)."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Literal

from pydantic import Field
from typing_extensions import Annotated

from .base import Colour, Model, RawText, Text
from ..units import PAPER_SIZES
from .game import GameConfig

Count = Annotated[int, Field(ge=0, le=1000)]


class Token(Model):
    name: Text
    type: Text = "counter"  # counter, marker, status effect, ...
    colour: Colour
    icon: Text | None = None  # a built-in icon name
    image: Text | None = None  # a picture in the game folder (art/shield.png), drawn instead of the icon
    label: Text | None = None  # short text printed on the token
    text: Text
    count: Count = 10  # how many to print per player sheet
    back: bool = False  # print a back face too


class Keyword(Model):
    name: Text
    # How the keyword takes its parameter, letters standing for numbers:
    # "N" (Range 4), "X (a-b)" (Distance 2 (3-4)); None when it takes none.
    param: Text | None = None
    group: Text | None = None  # action, movement, status ...
    text: Text


class Terrain(Model):
    name: Text
    colour: Colour
    blocked: bool = False  # impassable: blocks movement and line of sight
    text: Text | None = None
    image: Text | None = None  # a picture in the game folder (art/tree.svg) drawn in every hex of this terrain
    # contain: whole, centred, 55 % of the hex wide (a symbol); cover: filling the hexagon, cut to it (a texture)
    image_fit: Literal["contain", "cover"] = "contain"


class LegendEntry(Model):
    terrain: Text
    zone: Text | None = None  # a deployment zone / Initial Position
    objective: Text | None = None  # an objective or marker placed on this hex
    level: Annotated[int, Field(ge=0, le=50)] = 0  # this hex's height in levels (0 and 1: the ground)
    label: Text | None = None


class Zone(Model):
    name: Text
    colour: Colour
    text: Text | None = None


class MapObjective(Model):
    name: Text
    at: Text  # axial "q,r"
    text: Text | None = None


class PlacedPiece(Model):
    """One real terrain piece where an imported map puts it (printgen import-map writes these, so
    export-map gives the community's editors back the same pieces)."""

    piece: Text  # a name from printgen.mapio.pieces (grass-24, tree-10, glyph-A, start)
    at: Text  # the anchor hex, axial "q,r"
    level: Annotated[int, Field(ge=-200, le=201)] = 1  # 1: standing on the table
    rotation: Annotated[int, Field(ge=0, le=5)] = 0  # 60-degree turns clockwise
    colour: Colour | None = None  # a start zone's colour


class MapDef(Model):
    name: Text
    orientation: Literal["flat", "pointy"] | None = None  # default: game.yaml hex orientation
    layout: RawText  # level 1: every non-space character is a hex
    # How the text reads (hexgrid/textmap.py NOTATIONS): "rows", a line a row and a character a hex, or
    # "picture", each character where its hex sits on the printed map; "exact", a picture whose spacing
    # is fixed (one character a half hex), not inferred, so scattered hexes read back where they were written.
    notation: Literal["picture", "rows", "exact"] = "picture"
    # Levels above the layout, bottom first: each a text map over the layout's hexes, lined up with
    # it, ``empty`` where that level has no hex; a hex at level L stands on one at level L - 1.
    layers: list[RawText] = []
    empty: Annotated[str, Field(min_length=1, max_length=1)] = "-"
    legend: dict[str, LegendEntry]
    zones: list[Zone] = []
    objectives: list[MapObjective] = []
    fit: Literal[tuple(PAPER_SIZES)] | None = None  # type: ignore[valid-type]  # must print on one page of this paper
    coordinates: bool = False  # print hex coordinates
    text: Text | None = None
    pieces: list[PlacedPiece] = []  # the real pieces of an imported map (printgen import-map)


class Piece(Model):
    """A 3D-printable terrain piece the game ships (exported by ``printgen build``)."""

    name: Text
    shape: Text  # as printgen stl --shape: 1, 7, 24, hexagon:R, rect:WxH, q,r;..., map:NAME[:TERRAIN]
    levels: Annotated[int, Field(ge=1, le=20)] = 1  # how many levels high (a map region uses its own levels)
    count: Count = 1
    text: Text | None = None


class Rules(Model):
    """The base of every pack's rule numbers (game.yaml ``rules:``), validated by the pack's subclass."""

    terms: list[Text] = []  # capitalised words that may precede a number in rules text without being keywords


class Content(Model):
    """A game's data: its settings and the content kinds every system has. A pack's data model extends
    it with the pack's own kinds (one list field per kind, named as the YAML key)."""

    game: GameConfig
    tokens: list[Token] = []
    keywords: list[Keyword] = []
    terrain: list[Terrain] = []
    maps: list[MapDef] = []
    pieces: list[Piece] = []
