"""A measure printed to more decimals than anyone uses (preflight/precision.py; the planted instance is the
corpus's Rider, test_corpus): what counts as one, and the bundled map tile that printed one."""

from __future__ import annotations

import pymupdf
import pytest

from printgen.build import build
from printgen.preflight.precision import overprecise

from ..conftest import REPO


@pytest.mark.parametrize("text, found", [
    ("2 x 3 tiles, overlapping by 10.0269 mm", "10.0269 mm"),
    ("about 87.312 h of printing", "87.312 h"),
    ("a 3.1750in bead", "3.1750in"),
    ("25.4 mm hexes", None),  # a tenth: what a ruler reads
    ("522.72 m of 1.75 mm PLA", None),
    ("a 0.125 in bevel", None),  # an eighth of an inch
    ("Hexatech v1.12-alpha", None),  # a version, no unit
    ("1.2345 hexes", None),  # no unit a player measures in
])
def test_what_counts_as_printed_too_precisely(text, found):
    assert overprecise(text) == found


def test_a_map_tiled_to_share_it_evenly_says_its_overlap_to_a_tenth_of_a_mm(tmp_path):
    # Frostmere Crossing on A4: 1 x 2 tiles stretched to share the map, overlapping by 10.0269 mm
    assert build(folders=[REPO / "data" / "heroscape-style"], out=tmp_path, papers=["a4"], previews=False).ok
    doc = pymupdf.open(tmp_path / "heroscape-style/a4/map-frostmere-crossing.pdf")
    lines = [line for page in doc for line in page.get_text().split("\n") if "overlapping by" in line]
    assert lines == ["1 x 2 tiles, overlapping by 10 mm"] * 2
    assert all(overprecise(page.get_text()) is None for page in doc)
