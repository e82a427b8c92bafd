"""Checks that protect the printed result: every character has a glyph, every icon exists."""

from __future__ import annotations

from typing import Iterable

from ..draw.fonts import FONTS, missing_glyphs
from ..draw.icons import ICONS
from ..findings import Finding, did_you_mean, error
from ..packs.base import CheckContext


def check_glyphs(ctx: CheckContext) -> Iterable[Finding]:
    """A character the bundled fonts cannot draw would print as a box: an error, not a surprise."""
    fonts = tuple(FONTS)
    for path, text in ctx.source.values():
        if not isinstance(text, str) or path and path[-1] == "layout":
            continue  # map layouts are read, never printed
        missing = missing_glyphs(text, fonts)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            yield error("missing-glyph", f"the bundled fonts cannot print {chars}; use another character",
                        ctx.source.loc(path, raw=True))  # a path as written, failed items included


def check_icons(ctx: CheckContext) -> Iterable[Finding]:
    for i, token in enumerate(ctx.data.tokens):
        if token.icon and token.icon not in ICONS:
            hint = did_you_mean(token.icon, ICONS)
            yield error("unknown-icon", f"token '{token.name}' uses icon '{token.icon}', which is not built in"
                        + (f"; did you mean '{hint}'?" if hint else f" (icons: {', '.join(sorted(ICONS))})"),
                        ctx.loc(("tokens", i, "icon")))
