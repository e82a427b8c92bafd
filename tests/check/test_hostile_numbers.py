"""A whole number past a float's range (YAML reads 0x, 0b and long decimal numbers at any size) is a
limit finding at its place, never an OverflowError from comparing it as a float."""

from __future__ import annotations

import shutil

import pytest

from printgen.project import validate_game
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "mini-dice"


@pytest.mark.parametrize("written", ["0x" + "f" * 300, "0b" + "1" * 2000, "1" + "0" * 400, "-0x" + "f" * 5000])
def test_a_number_past_a_float_is_a_limit_finding_at_its_place(tmp_path, written):
    game = tmp_path / "mini-dice"
    shutil.copytree(FIXTURE, game)
    faces = game / "faces.yaml"
    faces.write_text(faces.read_text().replace("    armor: 1\n", f"    armor: {written}\n", 1))
    result = validate_game(game)
    found = [f for f in result.findings if f.code == "limit-number"]
    assert found, [f.format() for f in result.findings]
    assert found[0].loc.file.endswith("faces.yaml") and (found[0].loc.line, found[0].loc.col) == (5, 12)
    assert "about 10^" in found[0].message and len(found[0].message) < 200
