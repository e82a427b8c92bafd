"""A word longer than its table column is cut at the column's edge, never dropped (it used to crash)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from printgen.build import build
from tests.fuzz.harness import load_game, write_project

WORD = "Supercalifragilisticexpi"  # 24 letters: the longest word the limits allow


def test_a_long_word_in_a_narrow_column_is_cut_inside_the_column(tmp_path):
    files = load_game("hexatech")
    files["factions.yaml"]["factions"][2]["ability"] = WORD
    folder = write_project(tmp_path, "hexatech", files)
    result = build(folders=[folder], out=tmp_path / "out", papers=["a4"], previews=False, jobs=1)
    assert result.ok
    with pymupdf.open(tmp_path / "out" / "hexatech" / "a4" / "player-aid.pdf") as doc:
        page = doc[0]
        spans = [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]]
        header = next(s for s in spans if s["text"] == "What it does")
        pieces = [s for s in spans if s["text"] and WORD.find(s["text"]) >= 0 and len(s["text"]) > 3]
        assert "".join(s["text"] for s in sorted(pieces, key=lambda s: s["bbox"][1])) == WORD
        assert len(pieces) >= 2  # it had to be cut
        for s in pieces:  # every piece stays left of the next column (0.5 mm slack)
            assert s["bbox"][2] <= header["bbox"][0] + 0.5 / 25.4 * 72, (s["text"], s["bbox"], header["bbox"])
