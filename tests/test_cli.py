"""The command line, driven through Typer's CliRunner."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES, REPO, broken_game

runner = CliRunner()


def test_help_lists_the_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "validate" in result.output


def test_validate_clean_game_exits_0():
    result = runner.invoke(app, ["validate", str(FIXTURES / "mini-hoh")])
    assert result.exit_code == 0, result.output
    assert "mini-hoh: ok (0 errors, 0 warnings)" in result.output


def test_validate_errors_exit_1_with_compiler_style_lines(tmp_path):
    game = broken_game("unknown-map", tmp_path)
    result = runner.invoke(app, ["validate", str(game)])
    assert result.exit_code == 1
    line = next(l for l in result.output.splitlines() if "error[unknown-map]" in l)
    assert line.split(": error[")[0].endswith("unknown-map/scenarios.yaml:15:10")
    assert "Traceback" not in result.output


def test_warnings_pass_unless_strict(tmp_path):
    game = broken_game("reaction-cost", tmp_path)
    assert runner.invoke(app, ["validate", str(game)]).exit_code == 0
    strict = runner.invoke(app, ["validate", "--strict", str(game)])
    assert strict.exit_code == 1
    assert "FAILED (1 error, 0 warnings)" in strict.output


def test_json_format(tmp_path):
    game = broken_game("unknown-terrain", tmp_path)
    result = runner.invoke(app, ["validate", "--format", "json", str(game)])
    assert result.exit_code == 1
    data = json.loads(result.output)
    (g,) = data["games"]
    assert g["ok"] is False and g["errors"] == 1
    (f,) = g["findings"]
    assert (f["code"], f["line"], f["col"], f["severity"]) == ("unknown-terrain", 14, 22, "error")
    assert f["file"].endswith("maps.yaml")


def test_usage_errors_exit_2(tmp_path, monkeypatch):
    assert runner.invoke(app, ["validate", str(tmp_path / "nope")]).exit_code == 2
    assert runner.invoke(app, ["validate", "--format", "xml", str(FIXTURES / "mini-hoh")]).exit_code == 2
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2
    assert "no games found" in result.output


def test_default_is_every_game_under_data(monkeypatch):
    monkeypatch.chdir(REPO)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "heroes-of-hex: ok" in result.output


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("printgen ")


def _files(folder):
    return sorted((str(p.relative_to(folder)), p.stat().st_size) for p in folder.rglob("*"))



@pytest.mark.parametrize("command", ["build", "watch", "terrain"])
@pytest.mark.parametrize("out", ["data", "data/mini-terrain", "data/mini-terrain/output", "."])
def test_out_in_a_game_folder_or_holding_one_is_a_usage_error(tmp_path, monkeypatch, command, out):
    """--out data/<game> (or under it) would write into the game and read the output back as input;
    --out data would put data/<id>/ inside the game data/<id>: refused, exit 2, nothing written (issue 25)."""
    (tmp_path / "data").mkdir()
    shutil.copytree(FIXTURES / "mini-terrain", tmp_path / "data" / "mini-terrain")
    monkeypatch.chdir(tmp_path)
    before = _files(tmp_path)
    args = [command, "data/mini-terrain", "--out", out] if command == "terrain" else [command, "--out", out]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert ("is inside the game folder data/mini-terrain" if out.startswith("data/") else
            "holds the game folder data/mini-terrain") in result.output
    assert "Traceback" not in result.output
    assert _files(tmp_path) == before


def test_out_beside_the_games_still_builds(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    shutil.copytree(FIXTURES / "mini-hoh", tmp_path / "data" / "mini-hoh")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "--out", "output", "--paper", "a4", "--no-previews"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "mini-hoh" / "a4").is_dir()


def test_a_game_folder_named_twice_is_one_game_built_once(tmp_path):
    game = tmp_path / "data" / "mini-dice"
    shutil.copytree(FIXTURES / "mini-dice", game)
    (game / "stray.dat").write_text("not data", encoding="utf-8")  # a finding, to be said once
    result = runner.invoke(app, ["build", str(game), str(tmp_path / "data"), str(game / ".." / "mini-dice"),
                                 "--out", str(tmp_path / "out"), "--paper", "a4", "--no-previews"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "unread-file" in line]
    assert len(lines) == 1 and "stray.dat" in lines[0]
    single = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "one"), "--paper", "a4",
                                 "--no-previews"])
    built = [line for line in result.output.splitlines() if line.startswith("built ")]
    assert built and built[0].split(" (")[0] == [
        line for line in single.output.splitlines() if line.startswith("built ")][0].split(" (")[0]
