"""Hex Dice (v1.1): armies of dice on a radius-6 hex map; a die's face decides its unit."""

from pathlib import Path

from ...asset import Asset
from ...model.game import SheetDef
from ..base import RulePack
from .checks import CHECKS, rules_texts, vocabulary
from .models import DiceData, DiceRules
from .printables import ELEMENTS, pattern_image, render_player_aid



def _playtest(game, *, move_limit: int = 300):
    from .sim import model_for  # the simulator loads only when a game is played

    return model_for(game, move_limit=move_limit)


PACK = RulePack(
    system="hex-dice",
    title="Hex Dice",
    data_model=DiceData,
    rules_model=DiceRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("player-aid", render_player_aid, reads=("faces", "setups", "actions", "combat")),
    ),
    elements=ELEMENTS,
    sheets=(SheetDef(name="unit-cards", kind="faces", front="unit-card", back="unit-back",
                     title="unit reference cards", order="item.value", copies=1,
                     label="item.value ~ ' ' ~ item.name"),),
    layouts=Path(__file__).parent / "layouts",
    images={"pattern": pattern_image},
    playtest=_playtest,
)
