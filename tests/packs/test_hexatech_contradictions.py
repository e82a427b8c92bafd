"""Hexatech's seed against itself (issue 37): its worked examples of matches against the Base Match and
Link Match rules (match-example), and the rule that every placed HEX is linked against a board that starts
empty (first-placement). Each fixture breaks one, and the finding is at the data line that says it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES


def _game(tmp_path: Path, examples: str = "", rules: str = "") -> Path:
    g = tmp_path / "mini-tech"
    shutil.copytree(FIXTURES / "mini-tech", g)
    if examples:
        (g / "examples.yaml").write_text("examples:\n" + examples, encoding="utf-8")
    if rules:
        text = (g / "game.yaml").read_text(encoding="utf-8")
        (g / "game.yaml").write_text(text.replace("  deck_size: 3\n", "  deck_size: 3\n" + rules), encoding="utf-8")
    return g


def _found(g: Path, code: str):
    return [f for f in validate_game(g).findings if f.code == code]


@pytest.mark.parametrize("example, words", [
    ("  - {name: Joined, link: BLUE, triggers: []}\n", "single, non-dual BLUE link make a Link Match"),
    ("  - {name: Base, bases: same, base: RED, link: BLUE, triggers: [RED]}\n", "only RED triggers"),
    ("  - {name: Base only, bases: same, base: RED, link: [RED, BLUE], triggers: []}\n", "two RED HEXs make a Base Match"),
    ("  - {name: Too many, bases: different, link: [RED, BLUE], triggers: [RED]}\n", "RED triggers, but neither"),
])
def test_an_example_that_contradicts_the_match_rules_is_a_warning_at_its_triggers(tmp_path, example, words):
    g = _game(tmp_path, examples=example)
    found = _found(g, "match-example")
    assert len(found) == 1 and words in found[0].message, [f.format() for f in found]
    assert found[0].loc.file.endswith("examples.yaml") and found[0].loc.line == 2


def test_examples_that_follow_the_rules_are_quiet(tmp_path):
    g = _game(tmp_path, examples="  - {name: Link, bases: different, link: BLUE, triggers: [BLUE]}\n"
                                 "  - {name: Both, bases: same, base: RED, link: RED, triggers: [RED]}\n"
                                 "  - {name: None, bases: different, link: [RED, BLUE], triggers: []}\n")
    assert _found(g, "match-example") == []


def test_an_example_naming_no_faction_is_an_error_at_the_name(tmp_path):
    g = _game(tmp_path, examples="  - {name: Typo, link: BLEU, triggers: [BLEU]}\n")
    found = _found(g, "unknown-faction")
    assert len(found) == 2 and all(f.loc.line == 2 for f in found) and "did you mean 'BLUE'" in found[0].message


def test_a_linked_first_placement_on_an_empty_board_is_a_warning_at_the_rule(tmp_path):
    g = _game(tmp_path, rules="  place_linked: true\n")
    found = _found(g, "first-placement")
    assert len(found) == 1 and found[0].loc.file.endswith("game.yaml") and found[0].loc.line == 8
    assert _found(_game(tmp_path / "b", rules="  place_linked: true\n  start_board: 1\n"), "first-placement") == []
    assert _found(_game(tmp_path / "c"), "first-placement") == []
