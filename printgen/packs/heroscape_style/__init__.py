"""High Ground (system heroscape-style): army cards with secret order markers, fought over
battlefields built in levels from hex tiles."""

from pathlib import Path

from ...asset import Asset
from ...model.game import SheetDef
from ..base import RulePack
from .checks import check_armies, check_glyphs_and_dice, check_powers, check_scenarios, check_units, rules_texts, vocabulary
from .cards import ELEMENTS
from .checks_maps import CHECKS_MAPS
from .guide import check_guide, render_guides
from .markers import check_markers, render_dice_stickers, render_markers, render_round_track
from .models import HSData, HSRules

PACK = RulePack(
    system="heroscape-style",
    title="High Ground",
    data_model=HSData,
    rules_model=HSRules,
    checks=(check_powers, check_units, check_armies, check_scenarios, check_glyphs_and_dice) + CHECKS_MAPS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("build-guide", render_guides, reads=("maps",), validate=check_guide, long=True),
        Asset("markers", render_markers, reads=("glyphs", "units"), validate=check_markers),
        Asset("round-track", render_round_track, reads=("units",)),
        Asset("dice-stickers", render_dice_stickers, reads=("dice",)),
    ),
    elements=ELEMENTS,
    sheets=(SheetDef(name="army-cards", kind="units", front="army-card", back="army-back", title="army cards",
                     order="(item.general, item.type != 'hero', item.name)", copies=1),),
    layouts=Path(__file__).parent / "layouts",
)
