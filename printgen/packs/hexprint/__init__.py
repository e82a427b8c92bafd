"""HexPrint: a hex miniatures wargame paced by the Hex Timer; unit cards take damage by d6 slots."""

from pathlib import Path

from ...asset import Asset
from ...model.game import SheetDef
from ..base import RulePack
from .cards import ELEMENTS, card_image
from .checks import CHECKS, rules_texts, vocabulary
from .missions import render_missions
from .models import HexPrintData, HexPrintRules
from .printables import (TERRAIN_ELEMENTS, check_markers, render_death_tracks, render_markers, render_timer,
                         timer_image)

PACK = RulePack(
    system="hexprint",
    title="HexPrint",
    data_model=HexPrintData,
    rules_model=HexPrintRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("hex-timer", render_timer, reads=("units",)),
        Asset("initiative-markers", render_markers, reads=("units",), validate=check_markers),
        Asset("death-die-tracks", render_death_tracks, reads=("units",)),
        Asset("missions", render_missions, reads=("missions",)),
    ),
    elements={**ELEMENTS, **TERRAIN_ELEMENTS},
    sheets=(SheetDef(name="unit-cards", kind="units", front="unit-card", back="unit-back", title="unit cards",
                     copies=1),
            SheetDef(name="terrain-cards", kind="terrain", front="terrain-card", back="terrain-back",
                     title="terrain rules cards", copies=1)),
    layouts=Path(__file__).parent / "layouts",
    images={"card": card_image, "timer": timer_image},
)
