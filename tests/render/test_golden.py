"""Golden drawing calls for small pages of the mini fixture game.

Set PRINTGEN_UPDATE_GOLDENS=1 to rewrite them after an intended change, then
review the diff like any other code change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printgen.project import validate_game
from printgen.registry import assets_for
from printgen.render.dump import dump_page
from printgen.render.maps import render_maps
from printgen.draw.page import PageSpec
from printgen.render.tokens import render_tokens
from tests.conftest import FIXTURES

GOLDEN = Path(__file__).parent.parent / "golden"
CASES = {
    "mini-map-a4": (render_maps, "a4", "map-cellar", 0),
    "mini-tokens-letter": (render_tokens, "letter", "tokens", 0),
    "mini-class-cards-a4": ("class-cards", "a4", "class-cards", 0),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_calls_match_the_golden(name):
    renderer, paper, stem, page_no = CASES[name]
    game = validate_game(FIXTURES / "mini-hoh")
    renderer = assets_for(game)[renderer].render if isinstance(renderer, str) else renderer
    doc = renderer(game, PageSpec.for_paper(paper, game.data.game.print.margin))[stem]
    text = dump_page(doc.pages[page_no])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("PRINTGEN_UPDATE_GOLDENS"):
        path.write_text(text)
    assert path.exists(), f"no golden {path.name}; run with PRINTGEN_UPDATE_GOLDENS=1"
    assert text == path.read_text()
