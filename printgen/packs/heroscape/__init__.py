"""High Ground (system heroscape-style): army cards with secret order markers, fought over
battlefields built in levels from hex tiles."""

from ..base import RulePack
from .checks import check_armies, check_glyphs_and_dice, check_powers, check_scenarios, check_units, rules_texts, vocabulary
from .checks_maps import CHECKS_MAPS
from .models import HSData, HSRules

PACK = RulePack(
    system="heroscape-style",
    title="High Ground",
    data_model=HSData,
    rules_model=HSRules,
    checks=(check_powers, check_units, check_armies, check_scenarios, check_glyphs_and_dice) + CHECKS_MAPS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(),
)
