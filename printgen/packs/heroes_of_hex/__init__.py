"""Heroes of Hex (v0.5): hero classes, opposed-roll combat, HEX, solo/co-op scenarios."""

from pathlib import Path

from ...asset import Asset
from ...model.game import SheetDef
from ..base import RulePack
from .cards import ELEMENTS, card_image
from .diagrams import range_image
from .checks import CHECKS, rules_texts, vocabulary
from .contradictions import CHECKS as CONTRADICTIONS
from .models import HeroesData, HeroesRules
from .printables import render_hex_track, render_scenarios



def _playtest(game, *, move_limit: int = 300):
    from .sim import model_for  # the simulator loads only when a scenario is played

    return model_for(game, move_limit=move_limit)


PACK = RulePack(
    system="heroes-of-hex",
    title="Heroes of Hex",
    data_model=HeroesData,
    rules_model=HeroesRules,
    checks=CHECKS + CONTRADICTIONS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
    assets=(
        Asset("scenarios", render_scenarios, reads=("scenarios",)),
        Asset("hex-track", render_hex_track),
    ),
    images={"card": card_image, "range": range_image},
    elements=ELEMENTS,
    sheets=(SheetDef(name="class-cards", kind="classes", front="class-card", back="class-back", copies=1),),
    layouts=Path(__file__).parent / "layouts",
    playtest=_playtest,
)
