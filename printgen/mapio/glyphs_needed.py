"""The glyphs an imported map names that its game lacks. VirtualScape marks a glyph by a letter
(``Glyph A``); a game whose glyphs have that ``symbol`` takes its own glyph, any other letter becomes
a new glyph entry written beside the map, so the game validates and the designer gives it its power."""

from __future__ import annotations

from ..names import name_key

GLYPH_COLOUR = "#8a7a5c"


def glyph_entries(mapdef: dict, data) -> list[dict]:
    """New ``glyphs:`` entries for the objectives of ``mapdef`` (a map as written to YAML) that are
    no glyph of the game ``data``; [] when the game has no glyphs list (a system without glyphs)."""
    if "glyphs" not in type(data).model_fields:
        return []
    have = {name_key(g.name) for g in data.glyphs}
    used = {g.symbol for g in data.glyphs}
    out: list[dict] = []
    for entry in mapdef.get("legend", {}).values():
        name = entry.get("objective")
        if not name or name_key(name) in have:
            continue
        have.add(name_key(name))
        letter = name.removeprefix("Glyph ").strip()
        symbol = letter if 1 <= len(letter) <= 2 and letter not in used else next(
            s for s in (f"{a}{b}" for a in "ZYXWVUTSRQ" for b in "0123456789") if s not in used)
        used.add(symbol)
        out.append({"name": name, "symbol": symbol, "colour": GLYPH_COLOUR, "duration": "permanent",
                    "text": f"A glyph of the imported map (VirtualScape's glyph {letter}); give it its power here."})
    return out
