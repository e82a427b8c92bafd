"""Rule packs, one per game system: a plain registry dict, system id -> RulePack."""

from __future__ import annotations

from .base import CheckContext, RulePack
from .custom import PACK as CUSTOM
from .heroes_of_hex import PACK as HEROES_OF_HEX
from .hex_dice import PACK as HEX_DICE
from .hexatech import PACK as HEXATECH
from .heroscape import PACK as HEROSCAPE

PACKS: dict[str, RulePack] = {
    HEROES_OF_HEX.system: HEROES_OF_HEX,
    HEX_DICE.system: HEX_DICE,
    HEXATECH.system: HEXATECH,
    HEROSCAPE.system: HEROSCAPE,
    CUSTOM.system: CUSTOM,
}

__all__ = ["PACKS", "CheckContext", "RulePack"]
