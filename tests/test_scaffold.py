"""`printgen new` for every system makes a game that validates clean and builds; `printgen schema` describes
every bundled data file (checked with jsonschema) and catches a typo."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from printgen.build import build
from printgen.cli import app
from printgen.project import validate_game
from printgen.scaffold import SYSTEMS, _title_of, game_id
from tests.conftest import FIXTURES, REPO
from tests.pdfmeasure import open_pdf, page_size_mm

runner = CliRunner()


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_new_game_of_every_system_validates_and_builds(tmp_path, system):
    folder = tmp_path / f"my-{system}"
    res = runner.invoke(app, ["new", str(folder), "--system", system, "--name", "Lantern Road"])
    assert res.exit_code == 0, res.output
    # --name everywhere: no file keeps the starting game's own name
    written = [p for p in folder.rglob("*") if p.is_file() and p.suffix in (".yaml", ".md", ".j2")]
    assert written and not [p for p in written if "Ember Watch" in p.read_text()]
    game = validate_game(folder)
    assert game.ok(strict=True), [f.format() for f in game.findings]
    assert (folder / "templates" / "rulebook").is_dir()
    result = build(folders=[folder], out=tmp_path / "out", papers=("a4",), previews=False)
    assert result.ok
    pdfs = sorted((tmp_path / "out" / game.game_id / "a4").glob("*.pdf"))
    names = {p.stem for p in pdfs}
    assert "rulebook" in names
    for pdf in pdfs:
        for page in open_pdf(pdf):
            # A4, upright or turned landscape (a map's tiles, when that takes fewer sheets)
            assert sorted(page_size_mm(page)) == pytest.approx((210.0, 297.0), abs=0.05)
    rulebook = open_pdf(tmp_path / "out" / game.game_id / "a4" / "rulebook.pdf")
    assert len(rulebook.get_toc()) >= 2  # two chapters in the outline
    assert rulebook[1].get_text().count("Lantern Road") >= 1 or rulebook[0].get_text().count("Lantern Road") >= 1
    if system == "custom":
        _custom_rulebook_shows_its_tables_and_card(rulebook)


def _custom_rulebook_shows_its_tables_and_card(rulebook) -> None:
    """The custom scaffold's first chapter: its macros' tables, and printgen:card/<first unit> drawn as the
    card (its title in the layout's serif bold, above the layout's stat labels)."""
    text = "".join(page.get_text() for page in rulebook)
    assert "Lantern Road" in text and "Ember Watch" not in text
    for head in ("Unit", "Faction", "Keyword", "Token"):
        assert head in text
    titles = []
    for page in rulebook:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip() == "Ember Warden" and "Serif" in span["font"]:
                        titles.append((page.number, span["bbox"]))
    assert len(titles) == 1, titles  # the card's title bar (the table writes the name in sans)
    page_no, (x0, y0, x1, y1) = titles[0]
    below = [w for w in rulebook[page_no].get_text("words") if w[1] > y1 and w[4] in ("COST", "SAVE", "SOLDIER")]
    assert {w[4] for w in below} == {"COST", "SAVE", "SOLDIER"}


def test_new_refuses_a_folder_with_files(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    res = runner.invoke(app, ["new", str(tmp_path)])
    assert res.exit_code == 2 and "not an empty folder" in res.output
    assert (tmp_path / "mine.txt").read_text() == "keep me" and len(list(tmp_path.iterdir())) == 1


GAMES = sorted(p for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file()) + [FIXTURES / "custom-game"]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_bundled_data_file_validates_against_its_schema(tmp_path, game):
    res = runner.invoke(app, ["schema", str(game), "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    schemas = {p.name: json.loads(p.read_text()) for p in tmp_path.glob("*.json")}
    assert set(schemas) == {"game.schema.json", "content.schema.json", "layout.schema.json", "theme.schema.json"}
    for s in schemas.values():
        jsonschema.Draft202012Validator.check_schema(s)
    for path in sorted(game.glob("*.yaml")):  # (layouts: tests/test_schema.py)
        data = yaml.safe_load(path.read_text())
        schema = schemas["game.schema.json" if path.name == "game.yaml" else "content.schema.json"]
        errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
        assert not errors, (path, errors[:3])


def test_the_schema_knows_declared_kinds_and_catches_typos(tmp_path):
    runner.invoke(app, ["schema", str(FIXTURES / "custom-game"), "--out", str(tmp_path)])
    content = json.loads((tmp_path / "content.schema.json").read_text())
    assert {"units", "factions", "battles", "maps", "tokens"} <= set(content["properties"])
    v = jsonschema.Draft202012Validator(content)
    assert any("'cots'" in e.message for e in v.iter_errors({"units": [{"name": "X", "cots": 3}]}))
    assert any("'unis'" in e.message for e in v.iter_errors({"unis": []}))
    game = json.loads((tmp_path / "game.schema.json").read_text())
    assert {"kinds", "sheets", "rules"} <= set(game["properties"])


LONG = ("g-In-the-Middle-of-the-Elements", "aVeryLongFolderNameWithoutAnyHyphenAtAll2026", "W" * 60)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_new_from_a_long_folder_name_validates(tmp_path, system):
    """Issue 39: the name made from a long folder's name fits the game's card backs (shortened, and said so,
    when it would not), so whatever new writes validates; nothing is left beside the game."""
    for i, stem in enumerate(LONG):
        folder = tmp_path / str(i) / stem
        res = runner.invoke(app, ["new", str(folder), "--system", system])
        assert res.exit_code == 0, res.output
        game = validate_game(folder)
        assert game.ok(strict=True), [f.format() for f in game.findings]
        name = yaml.safe_load((folder / "game.yaml").read_text())["name"]
        assert name and name.split()[0][:10].lower() == stem.replace("-", " ").split()[0][:10].lower()
        made = _title_of(game_id(folder))  # the name made from the folder, before any fitting
        assert ("does not fit the card backs" in res.output) == (name != made) and made.startswith(name)
        assert sorted(p.name for p in folder.parent.iterdir()) == [stem]  # no staging folder left


def test_new_refuses_a_name_its_card_backs_cannot_hold(tmp_path):
    folder = tmp_path / "tiles"
    res = runner.invoke(app, ["new", str(folder), "--system", "hexatech", "--name", "W" * 40])
    assert res.exit_code == 2 and "does not fit the card backs" in res.output
    assert list(tmp_path.iterdir()) == []  # nothing written, no staging folder


def test_new_into_the_empty_folder_you_are_in(tmp_path, monkeypatch):
    here = tmp_path / "Lantern-Road"
    here.mkdir()
    monkeypatch.chdir(here)
    res = runner.invoke(app, ["new", ".", "--system", "hexatech"])
    assert res.exit_code == 0, res.output
    assert validate_game(here).ok(strict=True)
    assert yaml.safe_load((here / "game.yaml").read_text())["name"] == "Lantern Road"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Lantern-Road"]  # the staged game moved in, whole
