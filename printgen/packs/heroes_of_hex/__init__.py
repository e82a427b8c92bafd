"""Heroes of Hex (v0.5): hero classes, opposed-roll combat, HEX, solo/co-op scenarios."""

from ..base import RulePack
from .checks import CHECKS, rules_texts, vocabulary
from .models import HeroesData, HeroesRules

PACK = RulePack(
    system="heroes-of-hex",
    title="Heroes of Hex",
    data_model=HeroesData,
    rules_model=HeroesRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
)
