"""The Hexatech rules: deck size, links that name factions, dual links, tiles that can join nothing."""

from __future__ import annotations

from typing import Iterable, Iterator

from ...draw.icons import ICONS
from ...findings import Finding, did_you_mean, error, warning
from ...names import index_by_name, name_key
from ..base import CheckContext
from .links import can_join


def check_tiles(ctx: CheckContext) -> Iterator[Finding]:
    names = [f.name for f in ctx.data.factions]
    known = set(names)
    for fi, f in enumerate(ctx.data.factions):
        if f.icon not in ICONS:
            yield error("unknown-icon", f"faction '{f.name}' uses icon '{f.icon}', which is not built in "
                        f"(icons: {', '.join(sorted(ICONS))})", ctx.loc(("factions", fi, "icon")))
    for ti, t in enumerate(ctx.data.tiles):
        base = ("tiles", ti)
        if t.faction not in known:
            hint = did_you_mean(t.faction, names)
            yield error("unknown-faction", f"tile '{t.name}': no faction '{t.faction}'"
                        + (f"; did you mean '{hint}'?" if hint else f" (factions: {', '.join(names)})"),
                        ctx.loc(base + ("faction",)))
        if len(t.edges) != 6:
            yield error("tile-edges", f"tile '{t.name}' lists {len(t.edges)} edges; a hex has 6 (clockwise from "
                        "the top; null for an edge without a link)", ctx.loc(base + ("edges",)))
        for ei, edge in enumerate(t.edges):
            path = base + ("edges", ei)
            if len(edge) > 2:
                yield error("dual-link", f"tile '{t.name}', edge {ei + 1}: a link names one faction, or two for a "
                            f"dual link, not {len(edge)}", ctx.loc(path))
            elif len(edge) == 2 and edge[0] == edge[1]:
                yield error("dual-link", f"tile '{t.name}', edge {ei + 1}: a dual link needs two different "
                            f"factions, not {edge[0]} twice", ctx.loc(path))
            for link in edge:
                if link not in known:
                    hint = did_you_mean(link, names)
                    yield error("unknown-faction", f"tile '{t.name}', edge {ei + 1}: no faction '{link}'"
                                + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(path))


def check_decks(ctx: CheckContext) -> Iterator[Finding]:
    rules = ctx.rules
    tiles = index_by_name(ctx.data.tiles)
    for di, deck in enumerate(ctx.data.decks):
        base = ("decks", di)
        if len(deck.tiles) != rules.deck_size:
            yield error("deck-size", f"deck '{deck.name}' holds {len(deck.tiles)} tiles; a deck holds exactly "
                        f"{rules.deck_size} uniquely named tiles (rules.deck_size)", ctx.loc(base + ("tiles",)))
        seen: dict[str, int] = {}
        members = []
        for k, name in enumerate(deck.tiles):
            path = base + ("tiles", k)
            if name_key(name) in seen:
                yield error("deck-duplicate", f"deck '{deck.name}' names '{name}' twice; its tiles must be uniquely "
                            "named", ctx.loc(path))
                continue
            seen[name_key(name)] = k
            tile = tiles.get(name_key(name))
            if tile is None:
                hint = did_you_mean(name, [t.name for t in ctx.data.tiles])
                yield error("unknown-tile", f"deck '{deck.name}' names '{name}', which is not defined under tiles:"
                            + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(path))
                continue
            members.append((k, tile))
        for k, tile in members:
            if len(tile.edges) != 6:
                continue
            others = [u for _, u in members if u is not tile and len(u.edges) == 6]
            if others and not any(can_join(tile, u, rotation=rules.rotation, wild=rules.wild_faction)
                                  for u in others):
                yield warning("lonely-tile", f"in deck '{deck.name}', '{tile.name}' can join no other tile of the "
                              f"deck{'' if rules.rotation else ' (tiles may not be turned)'}", ctx.loc(base + ("tiles", k)))


def _words(text: str) -> str:
    """Wording compared without case, spacing or the closing full stop."""
    return " ".join(text.split()).rstrip(".").casefold()


def check_tile_texts(ctx: CheckContext) -> Iterator[Finding]:
    """The seed gives a HEX only a base faction, links, Attack and Defense; every effect is one of the seven
    faction abilities (triggered by Base and Link Matches). So a tile's text may only restate its base
    faction's ability, as that faction words it; anything else is a mechanic the rules do not have."""
    factions = {f.name: f for f in ctx.data.factions}
    abilities = {name_key(f.ability): f for f in ctx.data.factions}
    for ti, t in enumerate(ctx.data.tiles):
        if not t.text or t.faction not in factions:
            continue
        own = factions[t.faction]
        wording = own.reminder or own.text
        head, sep, rest = t.text.partition(":")
        named = abilities.get(name_key(head)) if sep else None
        loc = ctx.loc(("tiles", ti, "text"))
        if named is None:
            yield warning("tile-effect", f"tile '{t.name}': '{t.text}' is an effect the rules have no mechanic "
                          f"for; print its faction's ability ('{own.ability}: {wording}') or fold it into Attack "
                          "and Defense", loc)
        elif named is not own:
            yield warning("tile-ability", f"tile '{t.name}' is {own.name}, whose Base Match triggers "
                          f"{own.ability}, but its text names {named.ability} ({named.name}'s ability)", loc)
        elif _words(rest) != _words(wording):
            yield warning("tile-ability", f"tile '{t.name}' restates {own.ability} as '{rest.strip()}', but "
                          f"faction {own.name} words it '{wording}'", loc)


def rules_texts(data) -> Iterable[tuple[tuple, str]]:
    for ti, t in enumerate(data.tiles):
        if t.text:
            yield ("tiles", ti, "text"), t.text
    for fi, f in enumerate(data.factions):
        yield ("factions", fi, "text"), f.text


def vocabulary(data, rules) -> Iterable[str]:
    return ["Attack", "Defense", "Draw", "Place", "Remove", "Shield"] + \
        [f.name.title() for f in data.factions] + [t.name for t in data.tokens]


CHECKS = (check_tiles, check_decks, check_tile_texts)


def check_match_examples(ctx: CheckContext) -> Iterator[Finding]:
    """Each of the seed's worked examples against the rules it illustrates: a Base Match (two HEXs of the
    same base faction) triggers that faction's ability, a Link Match (a single, non-dual link) the link's.
    What the example says is triggered must be what those rules trigger."""
    known = {name_key(f.name): f.name for f in ctx.data.factions}
    for xi, x in enumerate(ctx.data.examples):
        loc = ctx.loc(("examples", xi, "triggers"))
        named = [("link", n) for n in x.link] + [("base", x.base)] * bool(x.base) + [("triggers", n) for n in x.triggers]
        unknown = [(field, n) for field, n in named if name_key(n) not in known]
        for field, n in unknown:
            hint = did_you_mean(n, list(known.values()))
            yield error("unknown-faction", f"example '{x.name}': no faction '{n}'"
                        + (f"; did you mean '{hint}'?" if hint else ""), ctx.loc(("examples", xi, field)))
        if unknown:
            continue
        said = {name_key(f) for f in x.triggers}
        single = x.link[0] if len(x.link) == 1 else None
        if single is not None and name_key(single) not in said:
            yield warning("match-example", f"example '{x.name}': two HEXs joined by the single, non-dual {single} "
                          f"link make a Link Match, which triggers {single}'s ability, but the example says "
                          f"{_triggered(x.triggers)}", loc)
        if x.bases == "same" and x.base and name_key(x.base) not in said:
            yield warning("match-example", f"example '{x.name}': two {x.base} HEXs make a Base Match, which "
                          f"triggers {x.base}'s ability, but the example says {_triggered(x.triggers)}", loc)
        expected = ({name_key(single)} if single else set()) | (
            {name_key(x.base)} if x.bases == "same" and x.base else set())
        extra = [f for f in x.triggers if name_key(f) not in expected]
        if x.bases is not None and extra:
            yield warning("match-example", f"example '{x.name}': the example says {', '.join(extra)} triggers, "
                          "but neither a Base Match nor a Link Match of these HEXs triggers it", loc)


def _triggered(factions: list[str]) -> str:
    return f"only {', '.join(factions)} triggers" if factions else "no ability triggers"


def check_first_placement(ctx: CheckContext) -> Iterator[Finding]:
    """A general rule against the start of the game: when every HEX placed must be linked to one already on
    the board, a board that starts empty can never take its first HEX, unless the rules place one first."""
    rules = ctx.rules
    if rules.place_linked and rules.start_board == 0:
        yield warning("first-placement", "every HEX placed must be linked to a HEX already on the board "
                      "(place_linked), but each board starts with none (start_board: 0) and no rule exempts "
                      "the first HEX: as written, no HEX can ever be placed", ctx.loc(("game", "rules", "place_linked")))


CHECKS = CHECKS + (check_match_examples, check_first_placement)
