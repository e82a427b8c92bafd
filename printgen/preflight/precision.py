"""A measure printed to more decimals than anyone can use (the ``precision`` class): "overlapping by 10.0269
mm" tells a player cutting with a craft knife nothing "10 mm" does not, and reads as a mistake. A length,
weight or time to three decimals or more (an inch to four) is a value passed to the page unrounded."""

from __future__ import annotations

import re
from typing import Iterable

from .sheet import Hit, Settings, Sheet

# a number with three decimals or more, then a unit a player measures or reads in (inches: four, as an eighth
# of an inch, 0.125 in, is a measure a ruler marks)
OVERPRECISE = re.compile(r"(?<![\d.])(?:\d+\.\d{3,}\s?(?:mm|cm|m|g|kg|h|min|s|pt|%)|\d+\.\d{4,}\s?in)(?![A-Za-z])")


def overprecise(text: str) -> str | None:
    """The first measure in ``text`` printed to three decimals or more, or None."""
    m = OVERPRECISE.search(text)
    return m.group(0) if m else None


def precision(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    for ink in sheet.texts():
        found = overprecise(ink.text)
        if found is not None:
            shown = " ".join(ink.text.split())
            yield Hit("precision", ink.src, f"prints '{found}' in '{shown[:60]}': more decimals than a ruler or a "
                      "reader uses (round it)", sheet.number, ink.text)
