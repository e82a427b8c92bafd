"""Small notations used in rules data: costs, number ranges, thresholds.

Shared by rule packs; each parser raises PydanticCustomError so a bad value
becomes a located schema finding.
"""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

import re
from typing import Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from .base import Model

_DASH = r"\s*[-–—]\s*"
_COST_PART = re.compile(r"^\s*(\d+)\s+([A-Za-z][A-Za-z]*)\s*$")
_RANGE = re.compile(rf"^\s*(\d+){_DASH}(\d+)\s*$")
_PLUS = re.compile(r"^\s*(\d+)\s*\+\s*$")


class CostSpec(Model):
    """A cost such as "1 AP or 1 HEX": alternatives of (amount, resource)."""

    text: str
    options: tuple[tuple[int, str], ...]

    def resources(self) -> list[str]:
        return [r for _, r in self.options]


def parse_cost(value: Any) -> CostSpec:
    if isinstance(value, CostSpec):
        return value
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise PydanticCustomError("cost", "a cost is written like '1 AP', '2 HEX' or '1 AP or 1 HEX'")
    if isinstance(value, int):
        raise PydanticCustomError("cost", "cost {v} needs a resource, e.g. '{v} AP'", {"v": repr(value)})
    parts = re.split(r"\s+or\s+", value.strip())
    options = []
    for part in parts:
        m = _COST_PART.match(part)
        if not m:
            raise PydanticCustomError(
                "cost", "cannot read cost {v}; write it like '1 AP', '2 HEX' or '1 AP or 1 HEX'", {"v": repr(value)})
        options.append((int(m.group(1)), m.group(2)))
    return CostSpec(text=" or ".join(f"{n} {r}" for n, r in options), options=tuple(options))


Cost = Annotated[CostSpec, BeforeValidator(parse_cost)]


def parse_int_range(value: Any) -> tuple[int, int]:
    """``3`` -> (3, 3); ``"1-3"`` / ``"1–3"`` -> (1, 3); ``[1, 3]`` -> (1, 3)."""
    if isinstance(value, bool):
        raise PydanticCustomError("range", "expected a number or a range such as '1-3'")
    if isinstance(value, int):
        return (value, value)
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                     for v in value):
        lo, hi = value
    elif isinstance(value, str) and _RANGE.match(value):
        m = _RANGE.match(value)
        lo, hi = int(m.group(1)), int(m.group(2))
    elif isinstance(value, str) and value.strip().isdigit():
        return (int(value), int(value))
    else:
        raise PydanticCustomError("range", "expected a number or a range such as '1-3', got {v}", {"v": repr(value)})
    if lo > hi:
        raise PydanticCustomError("range", "range {lo}-{hi} runs backwards; write the low end first",
                                  {"lo": lo, "hi": hi})
    return (lo, hi)


IntRange = Annotated[tuple[int, int], BeforeValidator(parse_int_range)]


def format_range(rng: tuple[int, int], *, none: str | None = None) -> str:
    """A range as designers write it: (1, 3) -> "1-3", (2, 2) -> "2". With ``none``, a range ending at 0
    (nothing, such as "no attack range") prints as that text."""
    lo, hi = rng
    if none is not None and not hi:
        return none
    return str(lo) if lo == hi else f"{lo}-{hi}"


def parse_threshold(value: Any) -> int:
    """``"4+"`` or ``4`` -> 4 (the lowest value that counts)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _PLUS.match(value):
        return int(_PLUS.match(value).group(1))
    raise PydanticCustomError("threshold", "a threshold is written like '4+', got {v}", {"v": repr(value)})


Threshold = Annotated[int, BeforeValidator(parse_threshold)]


def param_regex(pattern: str) -> re.Pattern:
    """A keyword parameter form ("N", "X (a-b)") as a regex matching its use ("2 (3-4)").

    Single letters stand for whole numbers; a dash matches - or –; spaces are flexible.
    """
    out = []
    for tok in re.findall(r"[A-Za-z]+|\s+|[-–—]|.", pattern):
        if len(tok) == 1 and tok.isalpha():
            out.append(r"(\d+)")
        elif tok.isspace():
            out.append(r"\s*")
        elif tok in "-–—":
            out.append(_DASH)
        else:
            out.append(re.escape(tok))
    return re.compile("".join(out))
