"""A face's key for a colour its picture never draws (preflight/keys.py, class ``legend``): found at the item
whose picture it keys; and the bundled Legion card, whose ring of attacked hexes it also affects, shows both."""

from __future__ import annotations

import pymupdf

from printgen.build import build
from printgen.findings import Severity
from printgen.packs.hex_dice.printables import MARK, mark_fill
from printgen.preflight_games import preflight_games

from ..conftest import REPO, broken_game


def test_a_key_for_marks_its_picture_never_draws_is_found_at_the_face(tmp_path):
    # mini-dice with a face whose aura lies past the card's radius-3 diagram: its key says 'affects', no hex does
    folder = broken_game("legend-unshown", tmp_path, base="mini-dice", cases="preflight")
    (game,) = preflight_games(folders=[folder], papers=["a4"])
    hits = [f for f in game.findings if f.code == "preflight-legend"]
    assert len(hits) == 1, [f.format() for f in game.findings]
    f = hits[0]
    assert f.loc.file.endswith("legend-unshown/faces.yaml") and (f.loc.line, f.loc.col) == (13, 5), f.format()
    assert "card 'Horn' keys 'affects' with the colour #2f6fb5" in f.message
    assert f.severity is Severity.WARNING


def _hex(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _near(a, b) -> bool:
    return a is not None and all(abs(x - y) < 0.01 for x, y in zip(a, b))


def test_the_legion_card_shows_the_hexes_its_key_says_it_affects(tmp_path):
    game = REPO / "data" / "hex-dice"
    (checked,) = preflight_games(folders=[game], papers=["a4"])
    assert not [f.format() for f in checked.findings if f.code == "preflight-legend"]
    assert build(folders=[game], out=tmp_path, papers=["a4"], previews=False).ok
    doc = pymupdf.open(tmp_path / "hex-dice/a4/unit-cards.pdf")
    (page,) = [p for p in doc if "Legion" in p.get_text()]
    drawings = page.get_drawings()
    aura = [d for d in drawings if _near(d.get("color"), _hex(MARK["aura"])) and d.get("fill") is None]
    rings = [d for d in aura if len(d["items"]) == 6]
    (swatch,) = [d for d in aura if len(d["items"]) != 6]  # the key's: a square ring of that colour
    assert len(rings) == 6 and swatch["rect"].width < 10  # its six neighbours ringed
    # each ring inside its own hex filled as attacked, in the 'attacks' swatch's own colour
    attacked = [d for d in drawings if _near(d.get("fill"), _hex(mark_fill("attack"))) and len(d["items"]) == 6]
    holding = [a for a in attacked if any(a["rect"].contains(r["rect"]) for r in rings)]
    assert len(holding) == 6  # (the page's other attacked hexes are the Archer's)
