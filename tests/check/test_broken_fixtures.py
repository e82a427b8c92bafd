"""Every check, and every kind of bad input, against a tiny broken fixture.

Each case asserts the exact finding code and the exact file:line:col, and
that it never raises.
"""

from __future__ import annotations

import pytest

from printgen.project import validate_game
from printgen.findings import Severity
from tests.conftest import assert_finding, broken_game

E, W = Severity.ERROR, Severity.WARNING

CASES = [
    # case,                 code,                 file,             line, col, severity, words in the message
    ("yaml-syntax", "yaml-syntax", "classes.yaml", 4, 9, E, "expected ','"),
    ("duplicate-key", "duplicate-key", "classes.yaml", 4, 5, E, "'role'"),
    ("yaml-tab", "yaml-tab", "classes.yaml", 3, 1, E, "tab"),
    ("alias-bomb", "yaml-too-large", "classes.yaml", 5, 4, E, "alias"),
    ("bad-encoding", "file-encoding", "extra.yaml", 2, 14, E, "UTF-8"),
    ("multi-document", "yaml-syntax", "classes.yaml", 17, 1, E, "another document"),
    ("list-key", "yaml-key", "extra.yaml", 1, 3, E, "plain text"),
    ("content-list", "content-file", "extra.yaml", 1, 1, E, "mapping"),
    ("empty-game", "game-file", "game.yaml", 1, 1, E, "settings"),
    ("unknown-kind", "unknown-kind", "extra.yaml", 2, 1, E, "did you mean 'classes'"),
    ("unknown-system", "unknown-system", "game.yaml", 3, 9, E, "did you mean 'heroes-of-hex'"),
    ("version-number", "schema", "game.yaml", 4, 10, E, "quoted"),
    ("bare-length", "schema", "game.yaml", 5, 13, E, "bare number 25.4"),
    ("unknown-unit", "schema", "game.yaml", 7, 19, E, "unknown unit 'furlong'"),
    ("bad-card-size", "schema", "game.yaml", 6, 14, E, "unknown size 'jumbo'"),
    ("bad-rules", "unknown-key", "game.yaml", 9, 3, E, "did you mean 'actions_per_class'"),
    ("bad-rules", "missing-key", "game.yaml", 8, 1, E, "'actions_per_class'"),
    ("bad-range", "schema", "game.yaml", 10, 20, E, "runs backwards"),
    ("unknown-key", "unknown-key", "classes.yaml", 16, 5, E, "did you mean 'examples'"),
    ("missing-key", "missing-key", "classes.yaml", 10, 9, E, "'cost'"),
    ("wrong-type", "schema", "classes.yaml", 16, 15, E, "expected a list"),
    ("bad-colour", "schema", "rules.yaml", 6, 27, E, "#rrggbb"),
    ("bad-cost", "schema", "classes.yaml", 11, 15, E, "cannot read cost 'two AP'"),
    ("unknown-resource", "unknown-resource", "classes.yaml", 11, 15, E, "'MANA'"),
    ("bad-movement", "schema", "classes.yaml", 5, 15, E, "Cost / Distance / Max"),
    ("action-count", "action-count", "classes.yaml", 7, 7, E, "has 2 actions; the game sets 3"),
    ("duplicate-name", "duplicate-name", "more.yaml", 2, 11, E, "'Knight' is defined twice"),
    ("unknown-keyword", "unknown-keyword", "classes.yaml", 9, 66, W, "did you mean 'Knockback 2'"),
    ("keyword-parameter", "keyword-parameter", "classes.yaml", 9, 66, W, "'Knockback N'"),
    ("unknown-token", "unknown-token", "classes.yaml", 12, 81, W, "did you mean '1 Poison'"),
    ("unknown-enemy", "unknown-enemy", "scenarios.yaml", 14, 31, E, "did you mean 'Rat'"),
    ("activation-gap", "activation-table", "scenarios.yaml", 13, 7, E, "does not cover roll 6"),
    ("activation-overlap", "activation-table", "scenarios.yaml", 14, 16, E, "roll 3 appears twice"),
    ("unknown-map", "unknown-map", "scenarios.yaml", 15, 10, E, "did you mean 'Cellar'"),
    ("map-legend", "map-legend", "maps.yaml", 9, 17, E, "character 'X'"),
    ("map-layout", "map-layout", "maps.yaml", 11, 8, E, "not lined up"),
    ("unknown-terrain", "unknown-terrain", "maps.yaml", 14, 22, E, "did you mean 'Wall'"),
    ("unknown-zone", "unknown-zone", "maps.yaml", 15, 35, E, "did you mean 'Heroes'"),
    ("off-map", "off-map", "maps.yaml", 20, 30, E, "not on map 'Cellar'"),
    ("map-too-large", "map-too-large", "maps.yaml", 6, 10, E, "does not fit one A4 page"),
    ("attack-thresholds", "attack-thresholds", "rules.yaml", 10, 39, E, "leave a gap"),
    ("attribute-range", "attribute-range", "classes.yaml", 4, 45, W, "DEF 5"),
    ("reaction-cost", "reaction-cost", "classes.yaml", 14, 15, W, "paid in AP"),
    ("missing-glyph", "missing-glyph", "classes.yaml", 16, 25, E, "'孫' (U+5B6B)"),
    ("text-overflow", "text-overflow", "classes.yaml", 12, 17, E, "class card 'Knight'"),
    ("unknown-icon", "unknown-icon", "rules.yaml", 6, 44, E, "icon 'blod'"),
]


@pytest.mark.parametrize("case,code,file,line,col,severity,words", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_broken_fixture_reports_exact_finding(tmp_path, case, code, file, line, col, severity, words):
    result = validate_game(broken_game(case, tmp_path))
    assert_finding(result, case=case, code=code, file=file, line=line, col=col, severity=severity, words=words)
    assert result.ok() is (severity is W and all(x.severity is W for x in result.findings))


def test_twenty_or_more_kinds_of_bad_input_are_covered():
    assert len({c[0] for c in CASES}) >= 20
    assert len({c[1] for c in CASES}) >= 20


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
