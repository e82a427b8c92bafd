"""Version stamps: the class card prints the game's version and a digest of what the face shows; the
digest follows what prints (a VIT changes it, a comment does not); game.yaml ``stamps: false`` turns it off.
Measured in the built class-card PDF."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.build import build
from tests.pdfmeasure import open_pdf, text_spans

STAMP = re.compile(r"^v(\S+) · ([0-9a-f]{6})$")


def _stamps(game: Path, out: Path) -> dict[str, tuple[str, float]]:
    """The stamps of the built class cards: their text and size (pt)."""
    build(folders=[game], out=out, papers=("a4",), previews=False)
    doc = open_pdf(out / "mini-hoh" / "a4" / "class-cards.pdf")
    return {s["text"]: s["size"] for s in text_spans(doc[0]) if STAMP.match(s["text"])}


def test_each_card_carries_its_stamp_and_it_follows_what_prints(mini_game, tmp_path):
    first = _stamps(mini_game, tmp_path / "a")
    assert len(first) == 1  # the fixture's one class
    assert all(STAMP.match(t).group(1) == "1.0" for t in first)  # game.yaml's version
    assert all(abs(size - 5.0) < 0.3 for size in first.values())  # 5 pt, the least a label is read at
    classes = mini_game / "classes.yaml"
    text = classes.read_text()
    classes.write_text(text + "\n# a comment prints nothing\n")
    assert _stamps(mini_game, tmp_path / "b") == first
    classes.write_text(text.replace("vit: 2", "vit: 1", 1))
    changed = _stamps(mini_game, tmp_path / "c")
    assert len(changed) == 1 and changed != first  # the card's face changed, its stamp with it


def test_stamps_off(mini_game, tmp_path):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\nstamps: false\n")
    assert _stamps(mini_game, tmp_path / "off") == {}


def test_one_card_carries_one_stamp_on_home_sheets_and_in_shop_files(mini_game, tmp_path):
    """The shop files draw a card with 1/8 in of bleed, the home sheets with the game's 3 mm: the stamp is
    of what the face shows, so both print the same (they printed two digests for one card)."""
    import pytest

    from printgen.write.cmyk import engine_problem

    if engine_problem():
        pytest.skip(f"no colour engine: {engine_problem()}")
    build(folders=[mini_game], out=tmp_path, papers=("a4",), previews=False, profiles=["home", "drivethru", "shop"])
    # Ghostscript re-encodes the subset font: the middle dot reads back as another code (and may split the
    # line in two spans), the rest as written
    loose = re.compile(r"v(\d[\d.]*) ?\S ?([0-9a-f]{6})")
    found = {}
    for rel in ("a4/class-cards.pdf", "drivethru/class-cards.pdf", "shop/class-cards.pdf"):
        pages = [" ".join(page.get_text().split()) for page in open_pdf(tmp_path / "mini-hoh" / rel)]
        found[rel] = {m.groups() for text in pages if "Knight" in text for m in loose.finditer(text)}
        assert found[rel], rel
    assert len(set(map(frozenset, found.values()))) == 1, found  # one card, one stamp, in every output


def test_a_face_drawn_at_any_bleed_prints_the_stamp_of_the_home_sheets(mini_game):
    """Every card at no bleed, the game's own and the shops' 1/8 in (the Game Crafter faces too): one stamp."""
    from printgen.draw.document import Group, Text
    from printgen.project import validate_game
    from printgen.publish.cards import card_decks
    from printgen.publish.pod import POD_BLEED

    def stamps(ops):
        for op in ops:
            if isinstance(op, Group):
                yield from stamps(op.ops)
            elif isinstance(op, Text) and op.role == "stamp":
                yield op.text

    game = validate_game(mini_game)
    checked = 0
    for deck in card_decks(game):
        for card in deck.cards:
            seen = {tuple(stamps(card.face(bleed))) for bleed in (0.0, 3.0, POD_BLEED, 6.0)}
            if seen != {()}:
                assert len(seen) == 1, (card.name, seen)
                checked += 1
    assert checked >= 1
