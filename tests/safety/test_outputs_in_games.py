"""Every command that writes refuses a place inside a game folder (or, for an output folder, one that
holds a game) through the one check of printgen/safety/outputs.py: a usage error (exit 2) naming the game
and what to do, and nothing written. Each command is run with CliRunner in a project made at test time."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES

runner = CliRunner()


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A project with data/hoh (a copy of tests/fixtures/i18n-hoh) and data/other; cwd is its root."""
    shutil.copytree(FIXTURES / "i18n-hoh", tmp_path / "data" / "hoh")
    shutil.copytree(FIXTURES / "mini-hoh", tmp_path / "data" / "other")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# (command line, the option the message names); {out} is the place inside a game folder
COMMANDS = {
    "build": (["build", "data/hoh", "--out", "{out}"], "--out"),
    "balance": (["balance", "data/hoh", "--out", "{out}"], "--out"),
    "terrain": (["terrain", "data/hoh", "--out", "{out}"], "--out"),
    "print-lacking": (["print-lacking", "data/hoh", "--map", "cellar", "--out", "{out}"], "--out"),
    "errata": (["errata", "data/other", "data/hoh", "--out", "{out}"], "--out"),
    "export": (["export", "classes", "data/hoh", "--to", "{out}.csv"], "--to"),
    "export-map": (["export-map", "data/hoh", "--map", "cellar", "--to", "{out}.hsc"], "--to"),
    "icons": (["icons", "data/hoh", "--sheet", "{out}.pdf"], "--sheet"),
    "i18n extract": (["i18n", "extract", "data/hoh", "--out", "{out}.pot"], "--out"),
    "schema": (["schema", "data/hoh", "--out", "{out}"], "--out"),
    "stl": (["stl", "--shape", "single", "--game", "data/hoh", "--out", "{out}.stl"], "--out"),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("place", ["data/hoh/x", "data/other/x"])
def test_a_command_refuses_to_write_inside_a_game_folder(project, name, place):
    args, option = COMMANDS[name]
    if name in ("export", "schema") and place.startswith("data/hoh/"):
        pytest.skip(f"{name} may write a new file of the game's own into it (export: the test below)")
    before = _tree(project)
    result = runner.invoke(app, [a.format(out=place) for a in args])
    assert result.exit_code in (1, 2), result.output
    assert "inside the game folder data/" in result.output and "Traceback" not in result.output
    assert option in result.output and "name a" in result.output
    assert _tree(project) == before  # nothing written, anywhere in the project


@pytest.mark.parametrize("name", ["build", "print-lacking", "errata", "balance"])
def test_an_output_folder_that_holds_the_games_is_refused(project, name):
    args, _ = COMMANDS[name]
    before = _tree(project)
    result = runner.invoke(app, [a.replace("{out}", "data") for a in args])
    assert result.exit_code == 2, result.output
    assert "holds the game folder" in result.output and _tree(project) == before


def test_i18n_extract_may_write_its_template_into_the_games_own_locales(project):
    result = runner.invoke(app, ["i18n", "extract", "data/hoh", "--out", "data/hoh/locales/other.pot"])
    assert result.exit_code == 0, result.output
    assert 'msgid "' in (project / "data" / "hoh" / "locales" / "other.pot").read_text()


def test_export_writes_a_new_source_into_its_own_game_but_never_over_a_file_or_into_another(project):
    game = project / "data" / "hoh"
    before = _tree(project)
    result = runner.invoke(app, ["export", "classes", "data/hoh", "--to", "data/hoh/classes.csv"])
    assert result.exit_code == 0, result.output  # a new source of its own game, as the how-to does it
    assert (game / "classes.csv").read_text().startswith("name,")
    (game / "classes.csv").unlink()
    (game / "scenarios.csv").write_text("the designer's own sheet\n")
    result = runner.invoke(app, ["export", "classes", "data/hoh", "--to", "data/hoh/scenarios.csv"])
    assert result.exit_code == 2 and "printgen never overwrites a game's own files" in result.output
    assert (game / "scenarios.csv").read_text() == "the designer's own sheet\n"
    (game / "scenarios.csv").unlink()
    result = runner.invoke(app, ["export", "classes", "data/hoh", "--to", "data/other/classes.csv"])
    assert result.exit_code == 2 and "inside the game folder data/other" in result.output
    assert _tree(project) == before
