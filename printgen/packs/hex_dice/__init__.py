"""Hex Dice (v1.1): armies of dice on a radius-6 hex map; a die's face decides its unit."""

from ...asset import Asset
from ..base import RulePack
from .checks import CHECKS, rules_texts, vocabulary
from .models import DiceData, DiceRules
from .printables import UNIT_CARDS, render_player_aid

PACK = RulePack(
    system="hex-dice",
    title="Hex Dice",
    data_model=DiceData,
    rules_model=DiceRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        UNIT_CARDS.asset(),
        Asset("player-aid", render_player_aid, reads=("faces", "setups", "actions", "combat")),
    ),
)
