"""Where the Heroes of Hex rules say two things: checks that read the data the way a rules editor
reads the seed. Each is a warning (the data encodes the rules as written)."""

from __future__ import annotations

import re
from typing import Iterator

from ...findings import Finding, warning
from ...names import index_by_name, name_key
from ..base import CheckContext
from ...check.terms import _offset_loc as _at

_MAKE = re.compile(r"\bMake an? (\w+) (?:(?:Special|Physical) )?(?:Area )?Attack\b")
_VITALITY_OF = re.compile(r"\bVitality of (\d+)")
_WOUNDS_EXCEED = re.compile(r"\bWounds exceed (\d+)")
_NEW = re.compile(r"\bNew (Archetypes?|Classes|Class|tokens?|maps?) ([^.;:]+)", re.I)


def check_attack_costs(ctx: CheckContext) -> Iterator[Finding]:
    """The Compendium prices each attack type in AP (Light 1, Normal 2, Heavy 3); an action that makes an
    attack of a type and can be paid in AP should cost that much."""
    types = {a.name: a for a in ctx.data.attack_types if a.cost is not None}
    for ci, cls in enumerate(ctx.data.classes):
        for ai, action in enumerate(cls.actions):
            m = _MAKE.search(action.effect)
            if not m or m.group(1) not in types:
                continue
            at = types[m.group(1)]
            want = set(at.cost.options)
            paid = {o for o in action.cost.options if o[1] in {res for _, res in want}}
            if paid and not paid & want:
                yield warning("attack-cost", f"'{action.name}' ({cls.name}) makes a {at.name} attack for "
                              f"{action.cost.text}, but the {at.name} attack type costs {at.cost.text}",
                              ctx.loc(("classes", ci, "actions", ai, "cost")))


def check_movement_keywords(ctx: CheckContext) -> Iterator[Finding]:
    """An activation row that moves an enemy 'Engage X' (or another movement keyword) further than the
    enemy's Move."""
    moving = [k.name for k in ctx.data.keywords if k.group == "movement" and k.param]
    if not moving:
        return
    pattern = re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, moving))}) (\d+)")
    enemies = index_by_name(ctx.data.enemies)
    for si, sc in enumerate(ctx.data.scenarios):
        for ri, row in enumerate(sc.activation):
            path = ("scenarios", si, "activation", ri, "text")
            for m in pattern.finditer(row.text):
                x = int(m.group(2))
                for name in row.enemies:
                    e = enemies.get(name_key(name))
                    if e is not None and x > e.move:
                        yield warning("keyword-move", f"'{m.group(0)}' moves {e.name} {x} spaces, but its Move is "
                                      f"{e.move}", _at(ctx, path, row.text, m.start()))


def check_vitality_thresholds(ctx: CheckContext) -> Iterator[Finding]:
    """A rule that gives something 'a Vitality of N' yet removes it when 'its Wounds exceed M' with M != N:
    by the Compendium a unit is defeated when its Wounds exceed its Vitality."""
    for si, sc in enumerate(ctx.data.scenarios):
        for key in ("rules", "coop_rules", "preparation"):
            for i, text in enumerate(getattr(sc, key)):
                v, w = _VITALITY_OF.search(text), _WOUNDS_EXCEED.search(text)
                if v and w and v.group(1) != w.group(1):
                    yield warning("vitality-threshold", f"'{v.group(0)}' but removed when '{w.group(0)}': a unit "
                                  f"is defeated when its Wounds exceed its Vitality ({v.group(1)})",
                                  _at(ctx, ("scenarios", si, key, i), text, w.start()))


def check_changelog_repeats(ctx: CheckContext) -> Iterator[Finding]:
    """A Dev Log that introduces the same thing as new in two releases ("New Archetypes ...,
    Gunslinger" in 0.2 and again in 0.3): one of the two entries is wrong. Reported at the later
    release's mention, the earlier one named."""
    seen: dict[tuple[str, str], str] = {}
    releases = list(enumerate(ctx.data.changelog))
    for ri, release in reversed(releases):  # the Dev Log lists the newest first: read it oldest first
        for si, section in enumerate(release.sections):
            for ii, item in enumerate(section.items):
                for m in _NEW.finditer(item):
                    kind = m.group(1).lower()
                    kind = kind[:-2] if kind.endswith("sses") else kind.rstrip("s")  # classes -> class
                    text = re.sub(r"\band\b", ",", m.group(2))
                    start = m.start(2)
                    for name in (n.strip() for n in text.split(",")):
                        if not name:
                            continue
                        key = (kind, name_key(name))
                        if key in seen and seen[key] != release.version:
                            at = item.find(name, start)
                            yield warning("changelog-repeat", f"version {release.version} announces {name} as a new "
                                          f"{kind}, but version {seen[key]} already did",
                                          _at(ctx, ("changelog", ri, "sections", si, "items", ii), item, max(0, at)))
                        seen.setdefault(key, release.version)


# A list of tokens in a release's notes: "tokens (Wound, Focus, Poison)", "Wound, Focus and Poison remain"
_TOKEN_LIST = re.compile(r"\btokens? \(([^)]+)\)|((?:[A-Z][\w-]*, )*[A-Z][\w-]* and [A-Z][\w-]*) remain\b")


def check_token_lists(ctx: CheckContext) -> Iterator[Finding]:
    """Two sections listing the same things differently: the newest release of the Dev Log lists the
    game's tokens, and rules.yaml defines them; a token on one list and not the other (the seed's Dev Log
    keeps Wound, Focus and Poison while its Reference adds Activation). A scenario's own token (its text
    names the scenario) is no part of the core list."""
    if not ctx.data.changelog or not ctx.data.tokens:
        return
    scenarios = [sc.name for sc in ctx.data.scenarios]
    core = {name_key(t.name): t.name for t in ctx.data.tokens
            if not any(sc.casefold() in (t.text or "").casefold() for sc in scenarios)}
    release = ctx.data.changelog[0]  # the newest release: what the game is now
    told: set[frozenset] = set()  # one finding per list, however often the notes repeat it
    for si, section in enumerate(release.sections):
        for ii, item in enumerate(section.items):
            for m in _TOKEN_LIST.finditer(item):
                if re.search(r"\b(?:retired|removed|gone|dropped)\b", item[m.end():m.end() + 40]):
                    continue  # a list of what the release took out
                listed = [n.strip() for n in re.split(r",|\band\b", m.group(1) or m.group(2)) if n.strip()]
                keys = frozenset(name_key(n) for n in listed)
                if keys in told:
                    continue
                told.add(keys)
                extra = [name for key, name in core.items() if key not in keys]
                unknown = [n for n in listed if name_key(n) not in core]
                if not extra and not unknown:
                    continue
                said = []
                if extra:
                    said.append(f"rules.yaml also defines {', '.join(extra)}")
                if unknown:
                    said.append(f"rules.yaml defines no {', '.join(unknown)}")
                yield warning("list-mismatch", f"version {release.version}'s notes list the tokens as "
                              f"{', '.join(listed)}, but {'; and '.join(said)}",
                              _at(ctx, ("changelog", 0, "sections", si, "items", ii), item, m.start()),
                              hint="make the two lists name the same tokens")


CHECKS = (check_attack_costs, check_movement_keywords, check_vitality_thresholds, check_changelog_repeats,
          check_token_lists)
