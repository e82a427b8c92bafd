"""A keyword's definition against its uses (issue 37): a keyword declared with a parameter must say in its
definition what the parameter does (Heroes of Hex's Multi-Use "may be used more than once", yet its uses
write "Multi-Use 2")."""

from __future__ import annotations

import shutil
from pathlib import Path

from printgen.project import validate_game
from tests.conftest import FIXTURES


def _game(tmp_path: Path, definition: str) -> Path:
    g = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", g)
    rules = g / "rules.yaml"
    rules.write_text(rules.read_text().replace("  - {name: Knockback, param: N, text: Push the target N spaces.}",
                                               "  - {name: Knockback, param: N, text: " + definition + "}"))
    return g


def test_a_definition_that_never_names_its_parameter_is_a_warning_at_its_text(tmp_path):
    found = [f for f in validate_game(_game(tmp_path, "Push the target away.")).findings
             if f.code == "keyword-definition"]
    assert len(found) == 1, [f.format() for f in found]
    f = found[0]
    assert f.loc.file.endswith("rules.yaml") and f.loc.line == 2
    assert "written 'Knockback 2' in the rules" in f.message and "never says what N is" in f.message


def test_a_definition_that_says_what_its_parameter_does_is_quiet(tmp_path):
    assert not [f for f in validate_game(_game(tmp_path, "Push the target N spaces away.")).findings
                if f.code == "keyword-definition"]
