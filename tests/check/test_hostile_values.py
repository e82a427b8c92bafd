"""Numbers and mappings no game needs, each a limit finding at its place: a whole number past a float's range
(YAML reads 0x, 0b and long decimal numbers at any size) was an OverflowError; 90,000 keys 90,000 findings."""

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


def test_a_mapping_of_thousands_of_keys_is_a_limit_at_the_first_past_it(tmp_path):
    """90,000 unknown top-level keys were 90,000 findings and 13 s; a mapping holds at most mapping-keys."""
    game = tmp_path / "mini-dice"
    shutil.copytree(FIXTURE, game)
    (game / "zz.yaml").write_text("".join(f"k{i}: 1\n" for i in range(5000)))
    result = validate_game(game)
    found = [f for f in result.findings if f.is_error]
    assert [f.code for f in found] == ["limit-mapping-keys"], [f.format() for f in found[:5]]
    # the merged top level: game, then faces, setup (and map) before zz.yaml's keys; key 1,001 is k<1000 - n>
    kinds = len(result.source.data) - 5000
    assert found[0].loc.file.endswith("zz.yaml") and found[0].loc.line == 1001 - kinds, found[0].format()
