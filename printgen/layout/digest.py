"""A digest of what drawing ops print: texts, shapes and pictures as drawn, never where they came from
or what they are for (``src``, ``role``). Faces' stamps print it (layout/stamp.py); errata compare by it
(printgen.editions)."""

from __future__ import annotations

import dataclasses
import hashlib

_SKIP = frozenset(("src", "role"))  # where a text came from and what it is for: never what it prints


def _canon(v) -> object:
    """A value as plain, comparable data: floats to 1/1000 mm (the same drawing on two machines)."""
    if isinstance(v, float):
        return round(v, 3) + 0.0  # -0.0 and 0.0 print the same
    if isinstance(v, bytes):
        return hashlib.sha256(v).hexdigest()
    if isinstance(v, (list, tuple)):
        return tuple(_canon(x) for x in v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__,) + tuple(_canon(getattr(v, f.name)) for f in dataclasses.fields(v)
                                           if f.name not in _SKIP)
    return v


def shown_digest(ops) -> str:
    """The full hex digest of what ``ops`` print."""
    return hashlib.sha256(repr(_canon(list(ops))).encode()).hexdigest()
