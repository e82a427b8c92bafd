"""One situation resolved two ways: a rule whose own text settles the same question twice, differently
(the seed's Knockback pushes "directly away from the source" and "in the direction the attacker picks").

The questions are a small table of opposing phrasings; a rule that uses one side of a pair and the other
is a warning at the second, naming both, for the designer to say which applies. Every system's keyword and
token definitions are read, and its pack's rules texts."""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..findings import Finding, warning
from .terms import _offset_loc

# question -> the two ways a rule can settle it (each a regex; no text should match both)
QUESTIONS: dict[str, tuple[re.Pattern, re.Pattern]] = {
    "which way it moves": (
        re.compile(r"\bdirectly (?:away from|towards?) [\w ]{1,30}?\b(?=[,.;]|$)", re.I),
        re.compile(r"\b(?:in (?:the|a) direction (?:the \w+ )?(?:picks|chooses)|in any direction|"
                   r"(?:the \w+ )?(?:picks|chooses) (?:the|its) direction)\b", re.I)),
    "how a fraction rounds": (re.compile(r"\bround(?:ed|ing)? up\b", re.I),
                              re.compile(r"\bround(?:ed|ing)? down\b", re.I)),
    "who wins a tie": (re.compile(r"\bties? (?:go(?:es)? to|favou?rs?) the attacker\b", re.I),
                       re.compile(r"\bties? (?:go(?:es)? to|favou?rs?) the defender\b", re.I)),
}


def _texts(ctx) -> Iterable[tuple[tuple, str, str]]:
    for kind in ("keywords", "tokens"):
        for i, item in enumerate(getattr(ctx.data, kind, []) or []):
            if getattr(item, "text", None):
                yield (kind, i, "text"), item.text, item.name
    for path, text in ctx.pack.rules_texts(ctx.data):
        yield path, text, ""


def check_two_resolutions(ctx) -> Iterator[Finding]:
    seen: set[tuple] = set()
    for path, text, name in _texts(ctx):
        if path in seen:
            continue
        seen.add(path)
        for question, (one, other) in QUESTIONS.items():
            a, b = one.search(text), other.search(text)
            if a and b:
                first, second = sorted((a, b), key=lambda m: m.start())
                who = f"'{name}'" if name else "this rule"
                yield warning(
                    "two-resolutions",
                    f"{who} says {question} twice, differently: '{first.group(0)}' and '{second.group(0)}'",
                    _offset_loc(ctx, path, text, second.start()),
                    hint="keep the one the game means and drop the other")
