"""What a translation breaks in a rulebook chapter is reported at its msgstr line (issue 37), not at line 1
or at a line of the source-language chapter."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES

runner = CliRunner()
OLD = "Aktionen pro Zug."  # in the msgstr of the chapter 01-rules.md's second paragraph


@pytest.mark.parametrize("new, code", [
    ("Aktionen pro Zug. {# ein Kommentar ohne Ende", "template"),  # a template syntax error in the msgstr
    ("Aktionen pro Zug.\\n" + "> " * 9 + "tief", "limit-rulebook-nesting"),  # block quotes 9 deep
])
def test_a_chapter_error_a_translation_causes_is_at_its_msgstr_line(tmp_path, new, code):
    game = tmp_path / "i18n-hoh"
    shutil.copytree(FIXTURES / "i18n-hoh", game)
    po = game / "locales" / "de" / "messages.po"
    text = po.read_text(encoding="utf-8")
    line = text[: text.index(OLD)].count("\n") + 1
    po.write_text(text.replace(OLD, new, 1), encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert result.exit_code == 1, result.output
    assert f"i18n-hoh/locales/de/messages.po:{line}:1: error[{code}]" in result.output, result.output
    assert "01-rules.md" not in result.output and "Traceback" not in result.output
    assert not out.exists()
