"""HexPrint: a hex miniatures wargame paced by the Hex Timer; unit cards take damage by d6 slots."""

from pathlib import Path

from ...asset import Asset
from ..base import RulePack
from .cards import ELEMENTS, card_image
from .checks import CHECKS, rules_texts, vocabulary
from .missions import render_missions
from .models import HexPrintData, HexPrintRules
from .printables import (TERRAIN_CARDS, UNIT_CARDS, render_death_tracks, render_markers, render_timer, timer_image,
                         validate_unit_card_faces)

PACK = RulePack(
    system="hexprint",
    title="HexPrint",
    data_model=HexPrintData,
    rules_model=HexPrintRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("unit-cards", UNIT_CARDS.render, reads=("units",), validate=validate_unit_card_faces),
        TERRAIN_CARDS.asset(),
        Asset("hex-timer", render_timer, reads=("units",)),
        Asset("initiative-markers", render_markers, reads=("units",)),
        Asset("death-die-tracks", render_death_tracks, reads=("units",)),
        Asset("missions", render_missions, reads=("missions",)),
    ),
    elements=ELEMENTS,
    layouts=Path(__file__).parent / "layouts",
    images={"card": card_image, "timer": timer_image},
)
