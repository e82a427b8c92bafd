"""Hex Dice content: the six faces with their movement and attack patterns, and player-count setups."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).


from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from ...model.base import Model, Text
from ...model.content import Content, Rules
from ...model.notation import IntRange

Direction = Text  # forward, back, forward-left, forward-right, back-left, back-right, all; diagonals: left, right, ...


class Step(Model):
    """One rule of a movement or attack pattern, relative to the player's primary axis (forward).

    Exactly one of: ``line`` (straight along hex directions), ``diagonal`` (along the six
    between-axis directions, e.g. left / right on a flat-top map), ``ring`` (every hex at a
    distance in the range) or ``l_move`` (two steps along an axis, then one along a neighbouring
    axis, like a chess knight). ``steps`` is how far along a line or diagonal.
    """

    line: list[Direction] | None = None
    diagonal: list[Direction] | None = None
    ring: IntRange | None = None
    l_move: bool = False
    steps: IntRange = (1, 1)

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [self.line is not None, self.diagonal is not None, self.ring is not None, self.l_move]
        if sum(kinds) != 1:
            raise PydanticCustomError("step", "a pattern step needs exactly one of line, diagonal, ring or l_move")
        return self


class Face(Model):
    value: Annotated[int, Field(ge=1, le=20)]
    name: Text
    role: Text
    armor: int
    attack: int
    range: IntRange = (0, 0)  # attack range; 0 means it attacks by moving onto an enemy
    distance: Annotated[int, Field(ge=0)]
    symbol: Text  # the movement symbol of the unit table: | X L + * 0
    notes: list[Text] = []
    moves: list[Step] = []
    attacks: list[Step] = []  # ranged / special attacks (none: it attacks by moving)
    aura: list[Step] = []  # hexes its special rule affects
    jumps: bool = False  # may pass over friendly units
    text: Text


class Setup(Model):
    players: Annotated[int, Field(ge=2, le=6)]
    dice: list[Annotated[int, Field(ge=1)]]  # dice per player, one entry per option
    rerolls: list[Annotated[int, Field(ge=0)]]  # rerolls per player, one per dice option
    bases: list[Text]  # zone names of the map
    text: Text | None = None


class Action(Model):
    name: Text
    text: Text


class DiceRules(Rules):
    faces: Annotated[int, Field(ge=2, le=20)] = 6
    map: Text  # the battlefield map's name
    map_radius: Annotated[int, Field(ge=1, le=30)]
    attack_bonus: int = 1  # the unit table's header: Attack = Dice + 1
    distance_base: int = 6  # the unit table's header: Distance >= 6 - Dice
    reroll_divisor: Annotated[int, Field(ge=1)] = 3  # each player may reroll a third of their dice
    momentum_note: Text | None = "Gains Momentum"  # the unit-table note of units the Momentum rule rewards


class DiceData(Content):
    faces: list[Face] = []
    setups: list[Setup] = []
    actions: list[Action] = []
    combat: list[Action] = []  # combat rules for the player aid
    turn: list[Action] = []  # turn order, for the player aid
    winning: list[Action] = []  # how a game ends, for the player aid
