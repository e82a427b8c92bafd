"""Heroes of Hex (v0.5): hero classes, opposed-roll combat, HEX, solo/co-op scenarios."""

from ...asset import Asset
from ..base import RulePack
from .cards import card_image
from .checks import CHECKS, rules_texts, vocabulary
from .models import HeroesData, HeroesRules
from .printables import CLASS_CARDS, render_hex_track, render_scenarios

PACK = RulePack(
    system="heroes-of-hex",
    title="Heroes of Hex",
    data_model=HeroesData,
    rules_model=HeroesRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        CLASS_CARDS.asset(),
        Asset("scenarios", render_scenarios, reads=("scenarios",)),
        Asset("hex-track", render_hex_track),
    ),
    images={"card": card_image},
)
