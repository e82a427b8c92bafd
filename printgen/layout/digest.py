"""A digest of what drawing ops print: texts, shapes and pictures as drawn, never where they came from
or what they are for (``src``, ``role``). Faces' stamps print it (layout/stamp.py); errata compare by it
(printgen.editions)."""

from __future__ import annotations

import dataclasses
import hashlib

_SKIP = frozenset(("src", "role"))  # where a text came from and what it is for: never what it prints


def _canon_slow(v) -> object:
    """A value as plain, comparable data: floats to 1/1000 mm (the same drawing on two machines).
    The definition; ``_canon`` is the same, faster for the exact types drawing ops are made of."""
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


# A stamp digests every face of a deck (a thousand cards: half a million values): one dispatch on the
# exact type instead of a chain of isinstance tests, and each dataclass's printed fields listed once.
# Anything else (a subclass of float, say, whose repr may differ) takes the definition above.
_PLAIN = frozenset((str, int, bool, type(None)))
_FIELDS: dict[type, tuple[str, tuple[str, ...]]] = {}


def _fields(cls: type) -> tuple[str, tuple[str, ...]] | None:
    got = _FIELDS.get(cls)
    if got is None:
        if not dataclasses.is_dataclass(cls) or issubclass(cls, (float, bytes, list, tuple)):
            return None
        got = _FIELDS[cls] = (cls.__name__, tuple(f.name for f in dataclasses.fields(cls) if f.name not in _SKIP))
    return got


def _canon(v) -> object:
    t = type(v)
    if t is float:
        return round(v, 3) + 0.0
    if t in _PLAIN:
        return v
    if t is tuple or t is list:
        return tuple([_canon(x) for x in v])
    shape = _fields(t)
    if shape is None:
        return _canon_slow(v)
    name, names = shape
    out: list = [name]
    for n in names:
        x = getattr(v, n)
        tx = type(x)
        if tx is float:
            out.append(round(x, 3) + 0.0)
        elif tx in _PLAIN:
            out.append(x)
        else:
            out.append(_canon(x))
    return tuple(out)


def shown_digest(ops, memo: dict | None = None) -> str:
    """The full hex digest of what ``ops`` print. ``memo``: a dict kept across calls (a deck's faces), where
    each op's canonical text is kept by the op's identity: an element placed again on the next face (the
    same object, layout.face) is not canonicalised again. The digest is the same either way."""
    if memo is None:
        return hashlib.sha256(repr(_canon(list(ops))).encode()).hexdigest()
    parts = []
    for op in ops:
        got = memo.get(("canon", id(op)))
        if got is None or got[0] is not op:
            got = memo[("canon", id(op))] = (op, repr(_canon(op)))  # the op kept: its id stays its own
        parts.append(got[1])
    # repr of the tuple of the ops' canonical forms, put together from theirs
    text = "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return hashlib.sha256(text.encode()).hexdigest()
