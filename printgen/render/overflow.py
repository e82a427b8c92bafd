"""Text that a printable would leave out (too long for its box even at the smallest size) as a finding.

Renderers skip a text that ``draw.text.fit`` cannot place; an asset's validation
hook runs its renderer under ``texts_lost`` and reports each skipped text here,
at the data field that holds it, so content is never lost silently.
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..draw.page import PageSpec
from ..draw.text import texts_lost
from ..findings import Finding, error


def _holder(game, kinds: tuple[str, ...], text: str) -> tuple[tuple, str]:
    """The data path and label of the field whose value is (part of) ``text``; the game's file if none."""
    for kind in kinds:
        for i, item in enumerate(getattr(game.data, kind, None) or []):
            for name, field in type(item).model_fields.items():
                value = getattr(item, name, None)
                if isinstance(value, str) and value.strip() and value.strip() in text:
                    return (kind, i, field.alias or name), f"{kind} '{getattr(item, 'name', i)}': its {field.alias or name}"
    return (), "a text"


def lost_text_findings(game, render: Callable[[PageSpec], object], kinds: tuple[str, ...]) -> Iterator[Finding]:
    """Run ``render(spec)`` (an asset's renderer on A4) and report every text it had to leave out.

    Only on data that passed every check: a renderer may rely on what the checks guarantee (a
    game's looks, a named terrain), and broken data is already reported at its place."""
    if not game.ok():
        return
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    for text in texts_lost(lambda: render(spec)):
        path, what = _holder(game, kinds, text)
        yield error("text-overflow", f"{what} ({len(text)} characters) does not fit its box on the printed piece, "
                    "even at the smallest type size; shorten it", game.source.loc(path))
