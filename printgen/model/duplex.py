"""game.yaml ``print: {duplex: {x: 0.8mm, y: -0.5mm}}``: how far this printer puts a sheet's back off its
front, as read on the duplex calibration page (printgen/render/duplex.py). Lengths in mm, signed: x to the
right and y down as the front is seen. The backs pages then shift to make up for it."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from .base import Model

MOST = 10.0  # mm: a back further off than this is a page fed crooked, not an offset to correct


def _signed(value: Any) -> float:
    from ..units import UnitError, parse_length

    text = value.strip() if isinstance(value, str) else value
    negative = isinstance(text, str) and text.startswith("-")
    try:
        mm = parse_length(text[1:] if negative else text)
    except UnitError as exc:
        raise PydanticCustomError("length", str(exc)) from None
    if mm > MOST:
        raise PydanticCustomError("duplex", "a back {v} mm off its front is more than a printer's offset (at most "
                                  "{most:g} mm): check the sheet went through straight, then read the calibration "
                                  "page again", {"v": f"{mm:g}", "most": MOST})
    return -mm if negative else mm


Signed = Annotated[float, BeforeValidator(_signed)]


class DuplexSpec(Model):
    x: Signed = 0.0  # mm the back lands right of its place, as the front is seen
    y: Signed = 0.0  # mm the back lands below its place
