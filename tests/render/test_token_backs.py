"""A token sheet with some two-sided tokens keeps every front followed by its back page, so a duplex print of
the whole document puts each back behind its own front (a sheet of one-sided tokens gets an empty back)."""

from __future__ import annotations

import shutil

import pymupdf

from printgen.build import build
from printgen.draw.facts import facts_path, read_facts
from tests.conftest import FIXTURES
from tests.pdfmeasure import circles


def test_a_sheet_of_one_sided_tokens_between_two_sided_ones_keeps_its_back_page(tmp_path):
    game = tmp_path / "big-map"
    shutil.copytree(FIXTURES / "big-map", game)
    # 150 one-sided tokens fill the first sheet; the two-sided objectives go on the next
    (game / "tokens.yaml").write_text(
        "tokens:\n"
        "  - {name: Wound, colour: \"#8f2320\", icon: skull, text: A wound., count: 150}\n"
        "  - {name: Objective, colour: \"#c9a227\", icon: star, text: Two-sided objective marker., count: 5, back: true,"
        " label: Goal}\n")
    out = tmp_path / "out"
    assert build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1).ok
    doc = pymupdf.open(out / "big-map" / "a4" / "tokens.pdf")
    assert len(doc) % 2 == 0 and len(doc) >= 4
    facts = read_facts((out / "big-map" / facts_path("a4", "tokens")).read_bytes())
    assert facts.backs == tuple(range(2, len(doc) + 1, 2))  # fronts and backs alternate all through
    for n in range(0, len(doc), 2):
        fronts = [c["mm"] for c in circles(doc[n], stroke="#000000")]
        backs = [c["mm"] for c in circles(doc[n + 1], stroke="#000000")]
        assert "backs" in doc[n + 1].get_text()
        two_sided = "OBJECTIVE" in doc[n].get_text().upper()
        assert bool(backs) == two_sided  # a sheet of one-sided tokens has an empty back
        for b in backs:  # each back behind a front (long-edge flip: mirrored left-right)
            assert any(abs((210.0 - f[2]) - b[0]) < 0.01 and abs(f[1] - b[1]) < 0.01 for f in fronts)
