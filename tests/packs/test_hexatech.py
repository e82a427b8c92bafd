"""Hexatech: link logic and the tile cards measured in the PDF (its broken fixtures: tests/check)."""

from __future__ import annotations

import json
import math

import pytest

from printgen.project import validate_game
from printgen.packs.hexatech.links import can_join
from printgen.packs.hexatech.models import Tile
from tests.conftest import REPO
from tests.pdfmeasure import colour, drawings, open_pdf, vertices

GAME = REPO / "data" / "hexatech"


def _tile(faction, edges):
    return Tile(name="t", faction=faction, attack=1, defense=1, edges=edges)


def test_linking_rules():
    red_top = _tile("RED", ["RED", None, None, None, None, None])
    red_bottom = _tile("RED", [None, None, None, "RED", None, None])
    blue_top = _tile("BLUE", ["BLUE", None, None, None, None, None])
    white = _tile("WHITE", ["BLUE", None, None, None, None, None])
    white2 = _tile("WHITE", [None, None, None, "RED", None, None])
    assert can_join(red_top, red_bottom, rotation=False, wild=None)  # top meets bottom
    assert not can_join(red_top, red_top, rotation=False, wild=None)  # top meets top only if turned
    assert can_join(red_top, red_top, rotation=True, wild=None)
    assert not can_join(red_top, blue_top, rotation=True, wild=None)  # no shared icon
    dual = _tile("RED", [None, None, None, ["RED", "BLUE"], None, None])
    assert can_join(blue_top, dual, rotation=False, wild=None)  # a dual link shows both icons
    assert can_join(white, red_bottom, rotation=False, wild="WHITE")  # a wild tile ignores colours
    assert not can_join(white, white2, rotation=False, wild="WHITE")  # two wild tiles never link


def test_bundled_decks_follow_the_rules(tmp_path):
    game = validate_game(GAME)
    # the seed's own contradictions (docs/games/seeds.md), none about the decks
    assert game.ok() and {f.code for f in game.findings} <= {"match-example", "first-placement"}
    data = game.data
    assert len(data.factions) == 7 and len(data.decks) >= 2
    used = {t.faction for t in data.tiles}
    assert used == {f.name for f in data.factions}  # together the decks use all seven factions
    assert any(len(e) == 2 for t in data.tiles for e in t.edges) and any(len(e) == 1 for t in data.tiles for e in t.edges)
    assert all(len(d.tiles) == 14 == len(set(d.tiles)) for d in data.decks)
    assert any(t.faction == "ADEPT" for t in data.tiles)


@pytest.fixture(scope="module")
def built(bundled_build):
    return bundled_build  # built once for the test run (conftest.bundled_build)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_cards_have_exact_hexagonal_cut_lines_and_mirrored_backs(built, paper):
    doc = open_pdf(built / f"hexatech/{paper}/deck-tidecaller.pdf")
    size = 2.25 * 25.4
    page_w = 210.0 if paper == "a4" else 215.9

    def cuts(page):
        out = []
        for d in drawings(page):
            vs = vertices(d)
            if colour(d, "color") == "#000000" and d.get("fill") is None and len(vs) == 6:
                out.append(d)
        return out

    fronts, backs = cuts(doc[0]), cuts(doc[1])
    assert len(fronts) >= 8 and len(backs) == len(fronts)
    for d in fronts:
        vs = vertices(d)
        sides = [math.dist(vs[i], vs[(i + 1) % 6]) for i in range(6)]
        assert max(sides) - min(sides) < 0.01
        x0, y0, x1, y1 = d["mm"]
        assert abs((y1 - y0) - size) <= 0.02  # flat to flat
        assert abs((x1 - x0) - 2 * size / math.sqrt(3)) <= 0.02
    front_boxes = sorted(d["mm"] for d in fronts)
    for b in (d["mm"] for d in backs):
        mirror = (page_w - b[2], b[1], page_w - b[0], b[3])
        assert any(all(abs(p - q) < 0.01 for p, q in zip(mirror, f)) for f in front_boxes)
    names = " ".join(page.get_text() for page in doc)
    assert all(n in names for n in validate_game(GAME).data.decks[0].tiles)


def test_deck_summary_json_and_sheet(built):
    summary = json.loads((built / "hexatech/decks/tidecaller.json").read_text())
    assert summary["tiles"] == 14 and sum(summary["factions"].values()) == 14
    game = validate_game(GAME)
    tiles = {t.name: t for t in game.data.tiles}
    deck = game.data.decks[0]
    blood_links = sum(1 for n in deck.tiles if tiles[n].faction == "BLOOD" for e in tiles[n].edges for f in e
                      if f == "FLUID")
    assert summary["links"]["BLOOD"]["FLUID"] == blood_links
    doc = open_pdf(built / "hexatech/a4/deck-tidecaller.pdf")
    # 14 tiles: a full sheet and three tiles on the next, whose free lower part carries the summary
    # (no page of its own): the heading sits below every tile of that page, and its back is all backs
    assert doc.page_count == 4
    last_fronts = doc[2]
    heading = last_fronts.search_for("Deck: Tidecaller")
    assert heading, last_fronts.get_text()
    tiles = [d["rect"] for d in last_fronts.get_drawings() if d["rect"].height > 150]  # a tile is ~180 pt tall
    assert len(tiles) >= 3
    assert heading[0].y0 > max(t.y1 for t in tiles)
    assert "Deck: Tidecaller" not in doc[3].get_text()


def test_pattern_mat_faction_reference_and_shields(built):
    mat = open_pdf(built / "hexatech/a4/pattern-mat.pdf")
    from tests.pdfmeasure import flat_to_flat, regular_hexagons

    hexes = regular_hexagons(mat[0])
    assert len(hexes) == 7 and all(abs(flat_to_flat(h, "flat") - 2.25 * 25.4) <= 0.02 for h in hexes)
    ref = open_pdf(built / "hexatech/a4/faction-reference.pdf")[0].get_text()
    assert all(a in ref for a in ("Enrage", "Mortality", "Shield", "Swarm", "Flush", "Raise", "Wild"))
    assert "Shield" in open_pdf(built / "hexatech/a4/tokens.pdf")[0].get_text()


def test_starter_tiles_carry_only_seed_abilities_and_print_them_in_bold(built):
    """Every tile text is its base faction's ability in the faction's own reminder words (the seed has no
    other tile effects); the face prints the ability's name in bold, the reminder inside the tile."""
    from tests.pdfmeasure import text_spans

    game = validate_game(GAME)
    factions = {f.name: f for f in game.data.factions}
    texts = [t for t in game.data.tiles if t.text]
    assert len(texts) >= 10
    for t in texts:
        f = factions[t.faction]
        assert t.text == f"{f.ability}: {f.reminder}"
    doc = open_pdf(built / "hexatech/a4/deck-tidecaller.pdf")
    spans = text_spans(doc[0])
    bold = [s for s in spans if s["text"].strip() == "Enrage:"]
    assert bold and all("Bold" in s["font"] for s in bold)
    # the reminder sits inside the Blood Oath tile's cut hexagon (under its name, above its stats)
    name = next(s for s in spans if s["text"] == "Blood Oath")
    assert 0 < bold[0]["mm"][1] - name["mm"][1] < 2.25 * 25.4 * 0.3
