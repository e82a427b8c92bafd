"""Which tiles can join which: the Hexatech linking rules, and a deck's summary."""

from __future__ import annotations

from collections import Counter

from ...names import name_key


def can_join(a, b, *, rotation: bool, wild: str | None) -> bool:
    """Can tile ``b`` be placed next to tile ``a`` (in some position, and turned if allowed)?

    Two edges join when they share a faction icon. A tile of the wild faction ignores link
    colours when it is placed (any linked edge will do), but two wild tiles never join.
    """
    a_wild = wild is not None and a.faction == wild
    b_wild = wild is not None and b.faction == wild
    if a_wild and b_wild:
        return False
    pairs = ([(i, j) for i in range(6) for j in range(6)] if rotation else [(i, (i + 3) % 6) for i in range(6)])
    for i, j in pairs:
        ea, eb = set(a.edges[i]), set(b.edges[j])
        if not ea or not eb:
            continue
        if ea & eb or a_wild or b_wild:
            return True
    return False


def deck_summary(deck, tiles_by_name: dict, factions: list) -> dict:
    """Faction counts and the link matrix (base faction x link icon) of one deck, as plain data."""
    names = [f.name for f in factions]
    tiles = [tiles_by_name[name_key(n)] for n in deck.tiles if name_key(n) in tiles_by_name]
    counts = Counter(t.faction for t in tiles)
    matrix = {base: {link: 0 for link in names} for base in names}
    duals = 0
    for t in tiles:
        for edge in t.edges:
            duals += len(edge) == 2
            for link in edge:
                if t.faction in matrix and link in matrix[t.faction]:
                    matrix[t.faction][link] += 1
    return {
        "deck": deck.name,
        "tiles": len(tiles),
        "factions": {n: counts.get(n, 0) for n in names},
        "links": matrix,
        "dual_links": duals,
    }
