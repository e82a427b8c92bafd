"""Template input that is the designer's mistake, each a finding at its place: a filter given arguments it
refuses (Jinja's truncate checks them with ``assert``, and an AssertionError went past every handler as a
traceback), and a chapter that is not UTF-8 (read with replacements, it printed a box unreported)."""

from __future__ import annotations

import shutil

from printgen.project import validate_game
from tests.conftest import FIXTURES
from tests.safety.test_sandbox import _project


def test_a_rulebook_filter_with_a_refused_argument_is_a_finding_at_its_line(tmp_path):
    game = _project(tmp_path, {"01.md": "# Rules\n\n{{ 'abcdef' | truncate(-5) }}\n"})
    result = validate_game(game)
    found = [f for f in result.findings if f.code == "template"]
    assert found, [f.format() for f in result.findings]
    assert found[0].loc.file.endswith("rulebook/01.md") and found[0].loc.line == 3, found[0].format()
    assert "truncate" in found[0].message


def test_a_layout_filter_with_a_refused_argument_is_a_finding_at_its_value(tmp_path):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    layout = game / "templates" / "layouts" / "unit-card.yaml"
    text = layout.read_text()
    assert 'text: "{{ item.role | upper }}"' in text
    layout.write_text(text.replace('text: "{{ item.role | upper }}"', 'text: "{{ item.role | truncate(1, leeway=-1) }}"'))
    result = validate_game(game)
    found = [f for f in result.findings if f.code == "layout-expression"]
    assert found, [f.format() for f in result.findings]
    assert found[0].loc.file.endswith("unit-card.yaml") and found[0].loc.line == 8, found[0].format()


def test_a_chapter_that_is_not_utf8_is_a_finding_at_its_line(tmp_path):
    """The loader read chapters with errors='replace': the rulebook printed a replacement box, unreported."""
    game = _project(tmp_path, {})
    (tmp_path / "templates" / "mini-hoh" / "rulebook" / "01.md").write_bytes(b"# Rules\n\nFine.\n\nCaf\xe9 au lait.\n")
    result = validate_game(game)
    found = [f for f in result.findings if f.code == "template"]
    assert found, [f.format() for f in result.findings]
    assert found[0].loc.file.endswith("rulebook/01.md") and found[0].loc.line == 5, found[0].format()
    assert "UTF-8" in found[0].message and "0xe9" in found[0].message
