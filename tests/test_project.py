"""Where a game's data, templates and output are (printgen.project), and what workers get: the
validated game, not a folder to read again."""

from __future__ import annotations

import shutil

from typer.testing import CliRunner

from printgen.build import render_target
from printgen.cli import app
from printgen.plan import plan_build
from printgen.project import Project, validate_game
from tests.conftest import FIXTURES
from tests.pdfmeasure import open_pdf

CHAPTER = "# House rules\n\nThe {{ game.name }} cellar floods at dusk.\n"


def _text(pdf) -> str:
    return " ".join(page.get_text() for page in open_pdf(pdf))


def test_templates_inside_the_game_folder_are_used_wherever_the_game_is(tmp_path):
    game = tmp_path / "anywhere" / "mini-hoh"  # not under a data/ folder
    shutil.copytree(FIXTURES / "mini-hoh", game)
    (game / "templates" / "rulebook").mkdir(parents=True)
    (game / "templates" / "rulebook" / "01-house.md").write_text(CHAPTER)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert result.exit_code == 0, result.output
    assert "no rulebook templates" not in result.output
    assert "The Mini Heroes cellar floods at dusk." in _text(out / "mini-hoh" / "a4" / "rulebook.pdf").replace("\n", " ")


def test_the_game_folders_templates_win_over_the_projects(tmp_path):
    game = tmp_path / "data" / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    (tmp_path / "templates" / "mini-hoh" / "rulebook").mkdir(parents=True)
    (game / "templates" / "rulebook").mkdir(parents=True)
    assert validate_game(game).templates == game / "templates"
    shutil.rmtree(game / "templates")
    assert validate_game(game).templates == tmp_path / "templates" / "mini-hoh"
    assert Project.of_game(game).root == tmp_path


def test_the_build_says_when_a_game_has_no_rulebook_templates(tmp_path):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert result.exit_code == 0, result.output
    assert "mini-hoh: no rulebook templates" in result.output
    assert "mini-hoh/templates/rulebook" in result.output and "so no rulebook" in result.output
    assert not (out / "mini-hoh" / "a4" / "rulebook.pdf").exists()


def test_workers_get_the_validated_game_and_read_no_folder(tmp_path):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    validated = validate_game(game)
    targets = [t for t in plan_build([validated], papers=["a4"]) if t.asset.name == "maps"]
    shutil.rmtree(game)  # nothing left to re-read
    files = render_target(targets[0], previews=False).files
    pdf = tmp_path / "map.pdf"
    pdf.write_bytes(files[next(k for k in files if k.endswith(".pdf"))])
    assert "Cellar" in _text(pdf)
