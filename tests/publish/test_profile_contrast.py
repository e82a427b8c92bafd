"""The shop profiles draw the bundled games' faces again (a card a page for DriveThruCards and print shops,
fronts beside backs to fold over) and the ink-saver profile lightens every sheet's ground: each comes out
of the contrast check as clean as the home sheets. The ink-saver sheets of every game are drawn in the
nightly run (PRINTGEN_NIGHTLY=1); the default run draws two games' (High Ground's alone takes 5 s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.project import validate_game
from printgen.preflight.checks import Settings, Sheet
from printgen.preflight.colour import contrast
from printgen.publish.cards import card_decks
from printgen.publish.foldover import fold_layout, fold_pages
from printgen.publish.ink_saver import ink_saver_documents
from printgen.publish.shop import SLUG, _card_pages
from tests.conftest import NIGHTLY

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").exists())
INK_SAVER_SAMPLE = ("heroes-of-hex", "hexprint")


def _hits(stem: str, pages) -> list[str]:
    faces: dict = {}
    found = []
    for i, page in enumerate(pages):
        sheet = Sheet.of(stem, None, i + 1, len(pages), page, faces)
        found += [f"{stem} page {i + 1}: {h.message}" for h in contrast(sheet, Settings())]
    return found


@pytest.mark.parametrize("name", GAMES)
def test_shop_and_foldover_card_pages_read(name):
    game = validate_game(DATA / name)
    cfg = game.data.game
    found, pages = [], 0
    for deck in card_decks(game):
        if deck.shape != "rect" or not deck.cards:
            continue
        shop, _ = _card_pages(deck, SLUG, True)  # drivethru's pages are these without the slug
        found += _hits(f"shop {deck.name}", shop)
        lay = fold_layout(cfg.print.cut.paper, deck.trim, cfg.print.margin)
        fold = fold_pages(deck, lay, cfg.print.margin) if lay is not None else []
        found += _hits(f"foldover {deck.name}", fold)
        pages += len(shop) + len(fold)
    assert pages or name == "hexatech", "no card pages drawn"  # Hexatech's tiles are hexagons: no shop deck
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", [g if NIGHTLY or g in INK_SAVER_SAMPLE else
                                  pytest.param(g, marks=pytest.mark.skip(reason="PRINTGEN_NIGHTLY=1 draws it"))
                                  for g in GAMES])
def test_ink_saver_sheets_read(name):
    docs = ink_saver_documents(validate_game(DATA / name))
    assert docs
    found = [hit for stem, doc in docs.items() for hit in _hits(f"ink-saver {stem}", doc.pages)]
    assert not found, "\n".join(found)
