"""game.yaml ``print: {cut: ...}``: how the cutting-machine profiles (``silhouette``, ``cricut``) lay out
and cut a game's pieces (printgen.cut). Lengths in mm.

    print:
      profile: [home, silhouette]
      cut: {kerf: 0.1mm, bleed: 1.5mm, corner: 3mm, paper: letter}
"""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from .base import Length, Model


def _sheet(value: Any) -> tuple[float, float]:
    from ..units import PAPER_SIZES, UnitError, parse_size

    try:
        return parse_size(value, {k: v for k, v in PAPER_SIZES.items() if k in ("letter", "a4")})
    except UnitError as exc:
        raise PydanticCustomError("size", str(exc)) from None


class CutSpec(Model):
    kerf: Length = 0.0  # mm the cut runs outside each piece's outline: makes up for the blade and the drift
    bleed: Length = 1.5  # mm of each face printed beyond its cut, so a cut a little off shows no white edge
    corner: Length = 0.0  # mm: a card's corner radius as cut (0: square corners)
    paper: Annotated[tuple[float, float], BeforeValidator(_sheet)] = (215.9, 279.4)  # letter, a4 or "W x H"
