"""HEXATECH (Alpha v1.12): hex-shaped card tiles joined by colour-faction links."""

from pathlib import Path

from ...asset import Asset
from ...render.overflow import lost_text_findings
from ..base import RulePack
from .aid import render_player_aid
from .checks import CHECKS, rules_texts, vocabulary
from .diagrams import match_image, pattern_image, tile_image
from .models import TechData, TechRules
from .printables import ELEMENTS, check_tile_faces, render_decks, render_faction_reference, render_mat


def check_faction_texts(game) -> list:
    """Validation hook: a faction text too long for its row of the reference is a finding."""
    return list(lost_text_findings(game, lambda spec: render_faction_reference(game, spec), ("factions",)))


PACK = RulePack(
    system="hexatech",
    title="Hexatech",
    data_model=TechData,
    rules_model=TechRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("decks", render_decks, reads=("decks", "tiles", "factions"), validate=check_tile_faces),
        Asset("faction-reference", render_faction_reference, reads=("factions",), validate=check_faction_texts),
        Asset("pattern-mat", render_mat),
        Asset("player-aid", render_player_aid, reads=("turn", "actions")),
    ),
    elements=ELEMENTS,
    layouts=Path(__file__).parent / "layouts",
    images={"tile": tile_image, "match": match_image, "pattern": pattern_image},
)
