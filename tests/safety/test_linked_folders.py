"""Links to folders lead out of a game as surely as links to files: a linked ``locales/``,
``locales/de/``, ``locales/de/messages.po``, ``templates/layouts/`` or ``templates/rulebook/`` is refused
with a finding naming the link and what to do, nothing outside is read into the game, and ``i18n
extract`` never writes through a link. Each case is made at test time in a copy of tests/fixtures/i18n-hoh."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.editions.po import read_catalogue
from printgen.safety.paths import confined_files, escaping_link
from tests.conftest import FIXTURES

runner = CliRunner()
EVIL_PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Knight"\nmsgstr "PWNED"\n'


@pytest.fixture
def game(tmp_path) -> Path:
    dest = tmp_path / "proj" / "data" / "i18n-hoh"
    shutil.copytree(FIXTURES / "i18n-hoh", dest)
    return dest


@pytest.fixture
def outside(tmp_path) -> Path:
    d = tmp_path / "elsewhere"
    d.mkdir()
    return d


def _validate(game: Path):
    return runner.invoke(app, ["validate", str(game)])


def test_a_linked_po_file_is_refused_and_not_read(game, outside):
    (outside / "messages.po").write_text(EVIL_PO)
    po = game / "locales" / "de" / "messages.po"
    po.unlink()
    po.symlink_to(outside / "messages.po")
    table, found = read_catalogue(game, "de")
    assert not table and [f.code for f in found] == ["symlink-outside"]
    assert found[0].loc.file.endswith("locales/de/messages.po")
    assert "'messages.po' is a symlink leading out of the game folder" in found[0].message
    assert "replace the link with the file itself" in found[0].message
    po.unlink()
    po.symlink_to("/etc/passwd")
    table, found = read_catalogue(game, "de")
    assert not table and "(to /etc/passwd)" in found[0].message


@pytest.mark.parametrize("linked", ["locales", "locales/de"])
def test_a_linked_locales_folder_is_refused(game, outside, linked):
    shutil.copytree(game / linked, outside / "copy")
    (outside / "copy" / ("de/messages.po" if linked == "locales" else "messages.po")).write_text(EVIL_PO)
    shutil.rmtree(game / linked)
    (game / linked).symlink_to(outside / "copy")
    table, found = read_catalogue(game, "de")
    assert not table and [f.code for f in found] == ["symlink-outside"]
    assert found[0].loc.file.endswith(linked) and "replace the link with the folder itself" in found[0].message
    result = _validate(game)
    assert result.exit_code == 1 and "error[symlink-outside]" in result.output and "Traceback" not in result.output


def test_i18n_extract_never_writes_through_a_linked_locales(game, outside):
    (game / "languages").exists()
    shutil.rmtree(game / "locales")
    (outside / "messages.pot").write_text("the user's own template\n")
    (game / "locales").symlink_to(outside)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("languages: [de]", "languages: []"))
    result = runner.invoke(app, ["i18n", "extract", str(game)])
    assert result.exit_code == 1, result.output
    assert "locales:1:1: error[symlink-outside]" in result.output and "nothing was written" in result.output
    assert (outside / "messages.pot").read_text() == "the user's own template\n"
    assert sorted(p.name for p in outside.iterdir()) == ["messages.pot"]


def test_a_linked_layouts_folder_is_refused_and_its_layouts_do_not_print(game, outside):
    (outside / "class-card.yaml").write_text("name: class-card\nextends: class-card\nelements: []\n")
    (game / "templates" / "layouts").symlink_to(outside)
    result = _validate(game)
    assert result.exit_code == 1, result.output
    assert "templates/layouts:1:1: error[template-symlink]: 'layouts' is a symlink leading out" in result.output
    assert "Traceback" not in result.output


def test_a_linked_layout_file_is_refused_at_the_link(game, outside):
    """It was left out unsaid: the sheet using it said 'no layout named ...; did you mean' another."""
    (outside / "class-card.yaml").write_text("name: class-card\nextends: class-card\nelements: []\n")
    (game / "templates" / "layouts").mkdir(parents=True, exist_ok=True)
    (game / "templates" / "layouts" / "class-card.yaml").symlink_to(outside / "class-card.yaml")
    result = _validate(game)
    assert result.exit_code == 1, result.output
    assert ("templates/layouts/class-card.yaml:1:1: error[template-symlink]: 'class-card.yaml' is a symlink "
            "leading out of the game's templates folder") in result.output, result.output
    assert "Traceback" not in result.output


def test_a_linked_rulebook_folder_yields_no_chapters(game, outside):
    shutil.copytree(game / "templates" / "rulebook", outside / "rulebook")
    shutil.rmtree(game / "templates" / "rulebook")
    (game / "templates" / "rulebook").symlink_to(outside / "rulebook")
    assert confined_files(game / "templates" / "rulebook", "*.md", within=game / "templates") == []
    from printgen.project import validate_game
    from printgen.rulebook.templates import render_chapters

    chapters, found = render_chapters(validate_game(game), {})
    assert chapters == [] and [f.code for f in found] == ["template-symlink"]
    assert found[0].loc.file.endswith("templates/rulebook") and "'rulebook' is a symlink" in found[0].message
    result = _validate(game)
    assert result.exit_code == 1 and "templates/rulebook:1:1: error[template-symlink]" in result.output


def test_the_resolver_names_the_first_link_on_the_way(tmp_path, outside):
    root = tmp_path / "g"
    (root / "a").mkdir(parents=True)
    (root / "a" / "b").symlink_to(outside)
    (root / "a" / "inner").symlink_to(root / "a")  # a link that stays inside is fine
    assert escaping_link(root / "a" / "b" / "c" / "d.po", root) == root / "a" / "b"
    assert escaping_link(root / "a" / "inner" / "x.po", root) is None
    assert escaping_link(root / "a" / "new.po", root) is None


def test_a_build_digest_reads_nothing_behind_a_linked_layouts_folder(game, outside):
    from printgen.deps import _files_digest

    (outside / "secret.yaml").write_text("name: secret\n")
    (game / "templates" / "layouts").symlink_to(outside)
    templates = game / "templates"
    empty = _files_digest(templates / "nowhere", within=templates)
    assert _files_digest(templates / "layouts", within=templates) == empty
    (outside / "secret.yaml").write_text("name: changed\n")  # an outside edit changes no digest
    assert _files_digest(templates / "layouts", within=templates) == empty
