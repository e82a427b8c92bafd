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
