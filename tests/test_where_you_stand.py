"""Commands run inside a game folder work on that game, and write outside it (as mkdocs keeps site/ beside
docs/): the default output and the refusal's suggestion are the same folder."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.scaffold import new_game
from tests.pdfmeasure import open_pdf

runner = CliRunner()


@pytest.fixture()
def standing_in(tmp_path):
    game = tmp_path / "mg"
    new_game(folder=game, system="custom", name="My Game")
    old = Path.cwd()
    os.chdir(game)
    try:
        yield game
    finally:
        os.chdir(old)


def test_build_in_a_game_folder_builds_it_beside_the_folder(standing_in):
    result = runner.invoke(app, ["build", "--paper", "a4", "--no-previews"])
    assert result.exit_code == 0, result.output
    assert "under ../output/" in result.output
    pdfs = sorted((standing_in.parent / "output").glob("*/a4/*.pdf"))
    assert pdfs and open_pdf(pdfs[0]).page_count >= 1
    assert not (standing_in / "output").exists()


def test_validate_and_schema_in_a_subfolder_of_the_game(standing_in):
    os.chdir(standing_in / "templates")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0 and ": ok (0 errors" in result.output


def test_an_out_inside_the_game_is_refused_with_a_suggestion_that_works(standing_in):
    refused = runner.invoke(app, ["build", ".", "--out", "output", "--paper", "a4", "--no-previews"])
    assert refused.exit_code == 2
    suggestion = refused.output.split("e.g. --out ")[1].split()[0]
    assert suggestion == "../output"
    again = runner.invoke(app, ["build", ".", "--out", suggestion, "--paper", "a4", "--no-previews"])
    assert again.exit_code == 0, again.output


def test_one_game_commands_need_a_game_outside_one(tmp_path):
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = runner.invoke(app, ["terrain"])
    finally:
        os.chdir(old)
    assert result.exit_code == 2
    assert "name the game folder, or run this in a game folder" in result.output


def test_new_prints_a_next_command_that_pastes(tmp_path):
    result = runner.invoke(app, ["new", str(tmp_path / "My Game")])
    assert result.exit_code == 0, result.output
    line = result.output.split("next: ")[1].strip()
    words = shlex.split(line)
    assert words[:2] == ["printgen", "validate"] and words[2] == str(tmp_path / "My Game")
    assert words[3] == "&&" and words[4:6] == ["printgen", "build"] and words[6] == str(tmp_path / "My Game")
    # and the pasted command runs
    cmd = line.replace("printgen ", f"{shlex.quote(sys.executable)} -m printgen.launcher ", 2)
    cmd = cmd.replace("build ", "build --paper a4 --no-previews --out " + shlex.quote(str(tmp_path / "out")) + " ")
    done = subprocess.run(cmd, shell=True, capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert done.returncode == 0, done.stderr
