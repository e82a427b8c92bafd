"""Heroes of Hex rules that no printable carried before: adjacency, Line of Sight (and its Range
diagrams computed on the grid), what blocks Knockback, one target per action, the credits, the Dev
Log's earlier versions, the scenario tokens; read back from the rulebook and token sheets."""

from __future__ import annotations

import pymupdf
import pytest

from printgen.hexgrid import Hex, distance, hexagon
from printgen.packs.heroes_of_hex.diagrams import ALLY, BLOCKED, ENEMY, SHADE, in_line_of_sight
from printgen.project import validate_game
from tests.conftest import REPO

GAME = REPO / "data" / "heroes-of-hex"


def test_line_of_sight_on_the_grid():
    o = Hex(0, 0)
    assert in_line_of_sight(o, Hex(0, -3), blocked=set(), enemies=set())
    assert in_line_of_sight(o, Hex(0, -3), blocked=set(), enemies=set()) is True  # allies are not even passed in
    assert not in_line_of_sight(o, Hex(0, -3), blocked=set(), enemies={Hex(0, -1)})  # an enemy blocks
    assert not in_line_of_sight(o, Hex(0, -3), blocked={Hex(0, -2)}, enemies=set())  # blocked terrain too
    assert in_line_of_sight(o, Hex(0, -1), blocked=set(), enemies={Hex(0, -1)})  # the target itself never blocks
    # a line running along the edge between (1,-1) and (1,0) towards (2,-1) touches both: either blocks it
    assert not in_line_of_sight(o, Hex(2, -1), blocked={Hex(1, -1)}, enemies=set())
    assert not in_line_of_sight(o, Hex(2, -1), blocked={Hex(1, 0)}, enemies=set())
    assert in_line_of_sight(o, Hex(2, -1), blocked={Hex(0, 1)}, enemies=set())


def test_data_carries_the_rules_the_printables_left_out():
    data = validate_game(GAME).data
    concepts = {c.name: c.text for c in data.concepts}
    assert "share a side" in concepts["Adjacent"]
    assert "Allied units do not block" in concepts["Line of Sight"] and "enemy units do" in concepts["Line of Sight"]
    assert "single unit unless" in concepts["One target"]
    assert "hurts the heroes most" in concepts["Dark Rule"]  # Prey's tie-break, named in its text
    knockback = next(k.text for k in data.keywords if k.name == "Knockback")
    assert all(w in knockback for w in ("Impassable terrain", "edge of the map", "another unit", "last free space"))
    fools = next(s for s in data.scenarios if s.name == "Fool's Gold")
    assert any("physical attacks" in r and "Defense" in r for r in fools.rules)
    assert [c.names for c in data.credits] == [["Vitor Balbio"], ["Carolina Schuenck"]]
    assert [r.version for r in data.changelog] == ["0.5", "0.3", "0.2", "0.1"]
    assert {"Golden Artifact", "Cocoon"} <= {t.name for t in data.tokens}


@pytest.fixture(scope="module")
def built(bundled_build):
    return bundled_build / "heroes-of-hex" / "a4"  # built once for the test run (conftest.bundled_build)


def test_rulebook_prints_them_and_draws_the_range_diagrams_from_the_grid(built):
    doc = pymupdf.open(built / "rulebook.pdf")
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    for words in ("share a side", "Allied units do not block", "single unit unless", "edge of the map",
                  "Vitor Balbio", "Carolina Schuenck", "Version 0.3", "Version 0.2", "Version 0.1",
                  "Golden Artifact", "Cocoon", "make physical attacks"):
        assert words in text, words
    # every space the two diagrams shade green is within Range and in Line of Sight, computed here again
    want = 0
    for n in (3, 2):
        want += sum(1 for h in hexagon(max(n + 1, 3)) if 0 < distance(h, Hex(0, 0)) <= n and h not in BLOCKED
                    and in_line_of_sight(Hex(0, 0), h, blocked=set(BLOCKED), enemies={ENEMY}))
    green = SHADE["los"].lower()
    drawn = sum(1 for page in doc for d in page.get_drawings() if d.get("fill") and len(d["items"]) == 6
                and "#%02x%02x%02x" % tuple(round(c * 255) for c in d["fill"]) == green)
    assert drawn == want > 10
    assert ALLY != ENEMY


def test_token_sheet_prints_the_scenario_tokens(built):
    text = " ".join(pymupdf.open(built / "tokens.pdf")[0].get_text().split())
    assert "Golden Artifact" in text or "GOLDEN ARTIFACT" in text.upper()
    assert "COCOON" in text.upper()
