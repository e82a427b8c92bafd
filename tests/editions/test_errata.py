"""printgen errata measured in the kit it writes: a copy of Heroes of Hex with one class's VIT and one
action's text changed reprints exactly those two cards (fronts and backs) and the rulebook pages that show
them; an edit that prints nothing writes nothing; bad sources are located findings."""

from __future__ import annotations

import re

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import REPO
from tests.pdfmeasure import colour, drawings, open_pdf

runner = CliRunner()
CARD_BOX = {(69.5, 94.9), (94.9, 69.5)}  # a poker card and its 3 mm bleed, upright or turned


def _project(root: Path) -> Path:
    """A project holding a copy of Heroes of Hex and its templates; the game folder."""
    shutil.copytree(REPO / "data" / "heroes-of-hex", root / "data" / "heroes-of-hex")
    shutil.copytree(REPO / "templates" / "heroes-of-hex", root / "templates" / "heroes-of-hex")
    return root / "data" / "heroes-of-hex"


def _edit(game: Path, old: str, new: str, file: str = "classes.yaml") -> None:
    p = game / file
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))


KNIGHT = ("stats: {vit: 2, atk: 2, sp_atk: 0, def: 3, sp_def: 1}", "stats: {vit: 1, atk: 2, sp_atk: 0, def: 3, sp_def: 1}")
FIREBALL = ("effect: Make a Light Special Attack, Range 5.", "effect: Make a Light Special Attack, Range 4.")


@pytest.fixture(scope="module")
def errata(tmp_path_factory):
    old = _project(tmp_path_factory.mktemp("old"))
    new = _project(tmp_path_factory.mktemp("new"))
    _edit(new, *KNIGHT)
    _edit(new, *FIREBALL)
    out = tmp_path_factory.mktemp("errata")
    result = runner.invoke(app, ["errata", str(old), str(new), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def _cards(page, fill: str) -> list[tuple]:
    return [d["mm"] for d in drawings(page) if colour(d) == fill
            and (round(d["mm"][2] - d["mm"][0], 1), round(d["mm"][3] - d["mm"][1], 1)) in CARD_BOX]


def test_the_kit_holds_the_two_changed_cards_with_backs_and_their_rulebook_pages(errata):
    out, _ = errata
    doc = open_pdf(out / "a4" / "errata.pdf")
    texts = [page.get_text() for page in doc]
    fronts = [i for i, t in enumerate(texts) if "errata fronts" in t]
    backs = [i for i, t in enumerate(texts) if "backs (print double-sided" in t]
    assert len(fronts) == 1 and backs == [fronts[0] + 1]
    assert len(_cards(doc[fronts[0]], "#f4ecd8")) == 2  # two card fronts: cream, the size of a bled poker card
    assert len(_cards(doc[backs[0]], "#3b2f4a")) == 2  # and their two backs
    words = texts[fronts[0]]
    assert "Knight" in words and "Mage" in words
    assert not any(n in words for n in ("Assassin", "Barbarian", "Ranger", "Cleric", "Trickster"))
    # the Knight's VIT and the new Fireball text are what the reprinted cards print
    assert "Range 4" in words and "Range 5" not in words.split("Fireball")[1].split("Blizzard")[0]
    # the rulebook pages: the class table, the Knight's page and the Mage's page, nothing else
    book = [t for t in texts if "Rulebook, version" in t]
    assert 3 <= len(book) <= 4, [t[:40] for t in book]
    assert any("The Classes at a glance" in t for t in book)
    # the Knight's and the Mage's pages (a section running over onto the next page takes that page too)
    assert all("Knight" in t or "Mage" in t for t in book), [t[:40] for t in book]
    for hero in ("Knight", "Mage"):  # its section's heading, a line of its own
        assert any(re.search(rf"^{hero}$", t, re.M) for t in book), hero
    assert len(doc) == 2 + len(book)  # nothing else: no map, scenario or token page


def test_the_change_list_says_both_changes_in_words(errata):
    out, output = errata
    changes = (out / "changes.md").read_text()
    assert "- Knight: VIT 2 -> 1" in changes
    assert "- Fireball: text changed (Mage)" in changes
    assert "class cards: Knight (front and back)" in changes and "class cards: Mage (front and back)" in changes
    assert re.search(r"rulebook page \d+: (Classes, )?Knight", changes) and "The Classes at a glance" in changes
    assert "Knight: VIT 2 -> 1" in output


def test_an_edit_that_prints_nothing_writes_nothing(tmp_path):
    old = _project(tmp_path / "old")
    new = _project(tmp_path / "new")
    _edit(new, KNIGHT[0], "stats: {def: 3, sp_def: 1, vit: 2, atk: 2, sp_atk: 0}   # keys reordered")
    (new / "rules.yaml").write_text((new / "rules.yaml").read_text() + "\n# a comment\n")
    out = tmp_path / "errata"
    result = runner.invoke(app, ["errata", str(old), str(new), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "nothing printed changed" in result.output
    assert not out.exists()


def test_two_different_games_are_a_located_finding(tmp_path):
    out = tmp_path / "errata"
    result = runner.invoke(app, ["errata", str(REPO / "data" / "hex-dice"), str(REPO / "data" / "heroes-of-hex"),
                                 "--out", str(out)])
    assert result.exit_code == 1
    assert "heroes-of-hex/game.yaml:2:5: error[errata-games]" in result.output
    assert "Traceback" not in result.output and not out.exists()


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed: errata against a revision needs it")
def test_errata_against_a_git_revision(tmp_path):
    game = _project(tmp_path)
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "v0.5"], check=True)
    _edit(game, *KNIGHT)
    out = tmp_path / "errata"
    result = runner.invoke(app, ["errata", "HEAD", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "reprint: class cards: Knight" in result.output and "Mage" not in result.output.split("rulebook")[0]
    doc = open_pdf(out / "a4" / "errata.pdf")
    assert len(_cards(doc[0], "#f4ecd8")) == 1
    bad = runner.invoke(app, ["errata", "no-such-tag", str(game), "--out", str(tmp_path / "bad")])
    assert bad.exit_code == 1
    assert "error[errata-source]: 'no-such-tag' is no git revision" in bad.output
    assert "Traceback" not in bad.output and not (tmp_path / "bad").exists()
