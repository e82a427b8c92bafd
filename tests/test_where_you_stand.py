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


def test_a_folder_of_games_named_works_on_each_game_in_it(tmp_path):
    """`printgen validate data` (the folder the games sit in, not a game) works on every game there,
    as a bare `printgen validate` in the project does, instead of reading data/ as one game."""
    for name in ("one", "two"):
        new_game(folder=tmp_path / "data" / name, system="custom", name=name.title())
    (tmp_path / "data" / "notes").mkdir()  # not a game: left out, not an error
    result = runner.invoke(app, ["validate", str(tmp_path / "data")])
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok (0 errors") == 2 and "no-game-file" not in result.output
    built = runner.invoke(app, ["build", str(tmp_path / "data"), "--paper", "a4", "--no-previews",
                                "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    assert {p.parent.parent.name for p in (tmp_path / "out").glob("*/a4/*.pdf")} == {"one", "two"}


def test_a_one_game_command_given_a_folder_of_games_asks_for_one(tmp_path):
    for name in ("one", "two"):
        new_game(folder=tmp_path / "data" / name, system="custom", name=name.title())
    result = runner.invoke(app, ["terrain", str(tmp_path / "data")])
    assert result.exit_code == 2 and "holds 2 games (one, two)" in result.output, result.output
