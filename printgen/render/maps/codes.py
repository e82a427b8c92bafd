"""The short codes a map prints for its zones and objectives (on its hexes and in its legend): "Base A" -> "A",
"Glyph of Valor" -> "GV", no code standing for two things on one map."""

from __future__ import annotations

from ...names import name_key

MINOR = frozenset(("of", "the", "a", "an", "and", "at", "on", "in", "to"))  # no initial of their own


def abbrev(name: str) -> str:
    """A short code for a zone or objective: "Base A" -> "A", "Crimson Start" -> "CS", "Glyph of Valor" ->
    "GV" (small words have no initial), "Heroes" -> "He". ``map_codes`` makes a map's codes unique."""
    words = [w for w in name.replace("'", "").split() if w[0].isalnum()]
    if len(words) >= 2 and (words[-1].isdigit() or len(words[-1]) == 1):
        return words[-1]  # "Player 2" -> "2", "Base A" -> "A"
    words = [w for w in words if w.lower() not in MINOR] or words
    return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else name[:2].title()


def _candidates(name: str):
    """Codes for ``name``, the plainest first."""
    first = abbrev(name)
    yield first
    words = [w for w in name.replace("'", "").split() if w[0].isalnum() and w.lower() not in MINOR]
    if len(words) > 1:
        yield (words[0][0] + words[-1][0]).upper()
        yield words[0][0].upper() + words[-1][:2].title()
    yield name.replace(" ", "")[:3].title()
    for k in range(2, 100):
        yield f"{first}{k}"


def map_codes(mapdef, cells=()) -> dict[str, str]:
    """Name key -> code for a map's zones and objectives, no code standing for two things: the map's hexes
    and its legend print the same code. Zones of one colour sharing a code are one legend entry ("Base A"
    and "Deploy A"), so they may share it; any other clash takes the name's next candidate."""
    owners: dict[str, tuple] = {}
    out: dict[str, str] = {}
    names = [(z.name, ("zone", z.colour)) for z in mapdef.zones]
    objectives = sorted({e.objective for _, e in cells if e.objective} | {o.name for o in mapdef.objectives})
    names += [(o, ("objective", name_key(o))) for o in objectives]
    for name, owner in names:
        if name_key(name) in out:
            continue
        for code in _candidates(name):
            if owners.setdefault(code, owner) == owner:
                out[name_key(name)] = code
                break
    return out
