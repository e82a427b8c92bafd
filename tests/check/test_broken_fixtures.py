"""Every check, and every kind of bad input, against a tiny broken fixture (of every rule pack).

Each case asserts the exact finding code and the exact file:line:col, and
that it never raises.
"""

from __future__ import annotations

import pytest
import yaml

from printgen.project import validate_game
from printgen.findings import Severity
from tests.check.test_locations import unplaced
from tests.conftest import FIXTURES, assert_finding, broken_game

SEVERITY = {"error": Severity.ERROR, "warning": Severity.WARNING}


def _cases() -> list:
    """Every case of every broken-fixture set: tests/fixtures/broken*/cases.yaml names the mini game its
    fixtures are laid over and the finding each must give. A new set needs only its folder."""
    out = []
    for table in sorted(FIXTURES.glob("broken*/cases.yaml")):
        spec = yaml.safe_load(table.read_text())
        for c in spec["cases"]:
            file, line, col = c["at"].split(":")
            out.append(pytest.param(table.parent.name, spec["base"], c["case"], c["code"], file, int(line), int(col),
                                    SEVERITY[c["severity"]], c["words"], id=f"{table.parent.name}/{c['case']}:{c['code']}"))
    return out


CASES = _cases()


@pytest.mark.parametrize("cases,base,case,code,file,line,col,severity,words", CASES)
def test_broken_fixture_reports_exact_finding(tmp_path, cases, base, case, code, file, line, col, severity, words):
    result = validate_game(broken_game(case, tmp_path, base=base, cases=cases))
    assert_finding(result, case=case, code=code, file=file, line=line, col=col, severity=severity, words=words)
    assert unplaced(result.findings) == []  # and every other finding of the case names its place too
    assert result.ok() is (severity is Severity.WARNING and all(x.severity is Severity.WARNING for x in result.findings))


def test_every_fixture_folder_has_its_case():
    named = {(c.values[0], c.values[2]) for c in CASES}
    on_disk = {(d.parent.name, d.name) for d in FIXTURES.glob("broken*/*") if d.is_dir()}
    assert on_disk == named


def test_twenty_or_more_kinds_of_bad_input_are_covered():
    assert len({c.values[2] for c in CASES}) >= 20
    assert len({c.values[3] for c in CASES}) >= 20


def test_all_findings_reported_at_once(tmp_path):
    """Several independent mistakes in different files all come out in one run, sorted."""
    game = broken_game("unknown-map", tmp_path)
    (game / "classes.yaml").write_text((game / "classes.yaml").read_text().replace("cost: 2 AP", "cost: 2 MANA"))
    (game / "maps.yaml").write_text((game / "maps.yaml").read_text().replace("terrain: Wall}", "terrain: Wal}"))
    result = validate_game(game)
    codes = [f.code for f in result.findings]
    assert {"unknown-map", "unknown-resource", "unknown-terrain"} <= set(codes)
    keys = [f.sort_key() for f in result.findings]
    assert keys == sorted(keys)


def test_one_broken_item_does_not_hide_the_others(tmp_path):
    """A class with a schema error does not stop checks on the rest of the data."""
    game = broken_game("bad-cost", tmp_path)
    (game / "scenarios.yaml").write_text((game / "scenarios.yaml").read_text().replace("map: Cellar", "map: Nowhere"))
    codes = {f.code for f in validate_game(game).findings}
    assert {"schema", "unknown-map"} <= codes


def test_missing_game_file_is_a_finding(tmp_path):
    result = validate_game(tmp_path)
    assert [f.code for f in result.findings] == ["no-game-file"]


def test_oversized_file_is_refused_quickly(mini_game):
    from printgen.load.yaml_source import MAX_FILE_BYTES

    (mini_game / "huge.yaml").write_text("tokens:\n" + "# padding\n" * (MAX_FILE_BYTES // 10 + 10))
    result = validate_game(mini_game)
    (f,) = [f for f in result.findings if f.code == "file-too-large"]
    assert f.loc.file.endswith("huge.yaml") and (f.loc.line, f.loc.col) == (1, 1)
