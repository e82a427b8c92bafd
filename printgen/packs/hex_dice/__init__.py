"""Hex Dice (v1.1): armies of dice on a radius-6 hex map; a die's face decides its unit."""

from ...asset import Asset
from ..base import RulePack
from .checks import CHECKS, rules_texts, vocabulary
from .models import DiceData, DiceRules
from .printables import render_player_aid, render_unit_cards

PACK = RulePack(
    system="hex-dice",
    title="Hex Dice",
    data_model=DiceData,
    rules_model=DiceRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("unit-cards", render_unit_cards, reads=("faces",)),
        Asset("player-aid", render_player_aid, reads=("faces", "setups", "actions", "combat")),
    ),
)
