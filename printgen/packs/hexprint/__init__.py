"""HexPrint: a hex miniatures wargame paced by the Hex Timer; unit cards take damage by d6 slots."""

from ..base import RulePack
from .checks import CHECKS, rules_texts, vocabulary
from .models import HexPrintData, HexPrintRules

PACK = RulePack(
    system="hexprint",
    title="HexPrint",
    data_model=HexPrintData,
    rules_model=HexPrintRules,
    checks=CHECKS,
    rules_texts=rules_texts,
    vocabulary=vocabulary,
)
