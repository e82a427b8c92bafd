"""Heroes of Hex content: classes, enemies, attack types, scenarios, and its rule numbers."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

import re
from typing import Any, Literal

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from ...model.base import Colour, Model, Text
from ...model.content import Content, Rules
from ...model.notation import Cost, IntRange, Threshold

Dice = Annotated[int, Field(ge=0, le=20)]
_MOVE = re.compile(r"^\s*(\d+)\s+([A-Za-z]+)\s*/\s*(\d+)\s*/\s*(\d+)\s*$")


class MovementProfile(Model):
    """``Cost / Distance / Max``: "1 AP / 3 / 2" costs 1 AP per move of 3 spaces, twice a Turn at most."""

    text: str
    cost: int
    resource: str
    distance: int
    max: int


def _movement(value: Any) -> MovementProfile:
    if isinstance(value, MovementProfile):
        return value
    m = _MOVE.match(value) if isinstance(value, str) else None
    if not m:
        raise PydanticCustomError(
            "movement", "a movement profile is 'Cost / Distance / Max', e.g. '1 AP / 3 / 2', got {v}", {"v": repr(value)})
    cost, res, dist, mx = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
    return MovementProfile(text=f"{cost} {res} / {dist} / {mx}", cost=cost, resource=res, distance=dist, max=mx)


Movement = Annotated[MovementProfile, BeforeValidator(_movement)]


class Stats(Model):
    vit: Dice
    atk: Dice
    sp_atk: Dice
    def_: Dice = Field(alias="def")
    sp_def: Dice

    def attributes(self) -> dict[str, int]:
        """The dice pools (everything but Vitality), keyed by their YAML names."""
        return {"atk": self.atk, "sp_atk": self.sp_atk, "def": self.def_, "sp_def": self.sp_def}


class Action(Model):
    name: Text
    cost: Cost
    effect: Text


class HeroClass(Model):
    name: Text
    role: Text
    stats: Stats
    movement: Movement
    actions: list[Action]
    examples: list[Text] = []
    colour: Colour | None = None  # the card's accent; a default from the game when absent


class AttackType(Model):
    name: Text
    cost: Cost | None = None  # the compendium's reference cost
    wound: IntRange  # Combat Result margins that deal a Wound
    death: Threshold  # Combat Result from which the target dies outright


class Enemy(Model):
    name: Text
    move: Annotated[int, Field(ge=0, le=50)]
    stats: Stats
    text: Text | None = None


class Feature(Model):
    name: Text
    value: Text


class Objective(Model):
    name: Text
    text: Text
    fail: bool = False  # a failure condition rather than a goal


class EnemyCount(Model):
    enemy: Text
    count: Annotated[int, Field(ge=1, le=99)]


class ScenarioAction(Model):
    name: Text
    text: Text


class ActivationRow(Model):
    roll: IntRange
    enemies: list[Text]  # who acts; every name must be an enemy of this scenario
    text: Text


class Scenario(Model):
    name: Text
    summary: Text
    features: list[Feature] = []
    objectives: list[Objective]
    preparation: list[Text] = []
    first_turn: Literal["players", "enemies"] = "players"
    rules: list[Text] = []
    coop_rules: list[Text] = []
    enemies: list[EnemyCount]
    actions: list[ScenarioAction] = []
    activation: list[ActivationRow]
    map: Text | None = None


class ChangeSection(Model):
    title: Text
    items: list[Text]


class Release(Model):
    """One entry of the changelog (the Dev Log), newest first."""

    version: Text
    title: Text
    summary: Text | None = None
    sections: list[ChangeSection] = []


class Concept(Model):
    """A rule that belongs to no keyword or token (adjacency, Line of Sight, targets), in plain words."""

    name: Text
    text: Text


class Credit(Model):
    role: Text
    names: list[Text]


class HeroesRules(Rules):
    """Rule numbers of the Heroes of Hex system; they live in game.yaml under ``rules``."""

    actions_per_class: Annotated[int, Field(ge=1, le=12)]
    attribute_range: IntRange  # dice in ATK / SP ATK / DEF / SP DEF
    vitality_range: IntRange  # hero classes
    enemy_vitality_range: IntRange
    activation_die: Annotated[int, Field(ge=2, le=100)] = 6  # faces of the enemy activation die
    resources: list[Text]  # what costs are paid in: AP, HEX
    reaction_resources: list[Text] = []  # what Reaction actions may be paid in
    reaction_keyword: Text = "Reaction"
    team_size: Annotated[int, Field(ge=1)] = 3
    fate_die: Annotated[int, Field(ge=2)] = 6
    hex_per_turn: Annotated[int, Field(ge=0)] = 1
    starting_hex: Annotated[int, Field(ge=0)] = 0
    negate_fate_cost: Annotated[int, Field(ge=0)] = 3


class HeroesData(Content):
    classes: list[HeroClass] = []
    attack_types: list[AttackType] = []
    enemies: list[Enemy] = []
    scenarios: list[Scenario] = []
    changelog: list[Release] = []
    concepts: list[Concept] = []
    credits: list[Credit] = []
