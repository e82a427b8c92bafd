"""Every file in a game folder is read or named: a unit in scouts.yaml.txt must not vanish in silence."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.project import validate_game
from printgen.scaffold import new_game

runner = CliRunner()


@pytest.fixture()
def game(tmp_path):
    folder = tmp_path / "scouts-game"
    new_game(folder=folder, system="custom", name="Scouts")
    return folder


def _unread(folder):
    found = validate_game(folder).findings
    return {f.loc.file.split("/")[-1]: f for f in found if f.code == "unread-file"}


def test_a_fresh_game_and_the_bundled_ones_have_no_unread_file(game):
    assert _unread(game) == {}


@pytest.mark.parametrize("name, rename", [
    ("scouts.yaml.txt", "scouts.yaml"),   # what Notepad saves
    ("Scouts.YAML", "Scouts.yaml"),
    ("scouts.Yml", "scouts.yml"),
])
def test_a_misnamed_content_file_is_named_with_its_right_name(game, name, rename):
    shutil.copy(game / "content.yaml", game / name)
    found = _unread(game)
    assert set(found) == {name}
    f = found[name]
    assert f.severity == "warning" and f.loc.line == 1
    assert f"rename it to {rename}" in f.message


@pytest.mark.parametrize("name, rename", [("03-scouts.markdown", "03-scouts.md"), ("03-scouts.txt", "03-scouts.md"),
                                          ("03-scouts.MD", "03-scouts.md")])
def test_a_misnamed_chapter_is_named(game, name, rename):
    shutil.copy(game / "templates" / "rulebook" / "02-play.md", game / "templates" / "rulebook" / name)
    found = _unread(game)
    assert list(found) == [name] and f"rename it to {rename}" in found[name].message


def test_a_layout_saved_as_yml_is_named_and_the_sheet_says_rename_not_did_you_mean(game):
    layouts = game / "templates" / "layouts"
    (layouts / "unit-card.yaml").rename(layouts / "unit-card.yml")
    found = validate_game(game).findings
    unread = [f for f in found if f.code == "unread-file"]
    assert [f.loc.file.split("/")[-1] for f in unread] == ["unit-card.yml"]
    assert "rename it to unit-card.yaml" in unread[0].message
    sheet = [f for f in found if f.code == "unknown-layout"]
    assert sheet and "unit-card.yml is not read: rename it to unit-card.yaml" in sheet[0].message
    assert "did you mean" not in sheet[0].message


def test_game_yml_is_named_in_the_no_game_file_finding(game):
    (game / "game.yaml").rename(game / "game.yml")
    result = runner.invoke(app, ["validate", str(game)])
    assert result.exit_code == 1
    assert "game.yml is here" in result.output and "rename game.yml to game.yaml" in result.output
    assert "game.yml:1:1: error[no-game-file]" in result.output


def test_other_kinds_are_named_and_known_kinds_left_alone(game):
    (game / "units.json").write_text("{}")
    (game / "notes.dat").write_bytes(b"\x00")
    sub = game / "units"
    sub.mkdir()
    (sub / "scouts.yaml").write_text("units: []\n")
    for known in ("README.md", "LICENSE", "cover.png", ".DS_Store", "content.yaml~", "~$units.xlsx"):
        (game / known).write_text("x")
    found = _unread(game)
    assert set(found) == {"units.json", "notes.dat", "units"}
    assert "write it as units.yaml" in found["units.json"].message
    assert "scouts.yaml" in found["units"].message and "move them up" in found["units"].message


def test_validate_says_so_and_the_build_still_runs(game, tmp_path):
    shutil.copy(game / "content.yaml", game / "scouts.yaml.txt")
    result = runner.invoke(app, ["validate", str(game)])
    assert result.exit_code == 0
    assert "scouts.yaml.txt:1:1: warning[unread-file]" in result.output and "1 warning" in result.output


def test_a_linked_unknown_folder_is_named_and_not_listed(game, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.yaml").write_text("x: 1\n")
    (game / "units").symlink_to(outside, target_is_directory=True)
    found = _unread(game)
    assert set(found) == {"units"}
    assert "link" in found["units"].message and "secret" not in found["units"].message
