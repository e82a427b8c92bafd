"""The rulebook's chapters and pictures worked out once: validation renders the chapters and draws the
pictures, and hands them on with the game (``shared``) to the build's workers, which set the book from them,
noting the same reads, without rendering or drawing again (issue 41)."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from printgen.deps import ReadLog
from printgen.draw.page import PageSpec
from printgen.project import validate_game
from printgen.rulebook import images, templates
from printgen.rulebook.render import check_rulebook, render_rulebook
from tests.conftest import REPO

GAME = "hex-dice"


def _game(tmp: Path):
    shutil.copytree(REPO / "data" / GAME, tmp / "data" / GAME)
    shutil.copytree(REPO / "templates" / GAME, tmp / "templates" / GAME)
    return validate_game(tmp / "data" / GAME)


def _worker(game, monkeypatch) -> tuple[bytes, list[str], int, int]:
    """The A4 rulebook as a freshly forked worker sets it from a pickled copy of ``game``: (PDF bytes, what it
    read, chapters rendered, pictures drawn)."""
    game = pickle.loads(pickle.dumps(game))
    monkeypatch.setattr(images, "_DRAWN", {})
    rendered, drawn = [], []
    real_render, real_draw = templates.render_chapters, images._draw
    monkeypatch.setattr(templates, "render_chapters", lambda *a: rendered.append(1) or real_render(*a))
    monkeypatch.setattr(images, "_draw", lambda *a: drawn.append(1) or real_draw(*a))
    seen = ReadLog(game)
    book = render_rulebook(seen, PageSpec.for_paper("a4", game.data.game.print.margin))["rulebook"]
    monkeypatch.undo()
    return book.data, seen.reads, len(rendered), len(drawn)


def test_a_worker_sets_the_book_from_what_validation_rendered_and_drew(tmp_path, monkeypatch):
    game = _game(tmp_path)
    assert game.ok()
    chapters = game.shared[templates.CHAPTERS][1]
    assert chapters and all("{{" not in md for _, md in chapters)
    pictures = pickle.loads(game.shared[images.PICTURES])
    assert pictures and all(a.startswith("printgen:") for a in pictures)
    data, reads, rendered, drawn = _worker(game, monkeypatch)
    assert (rendered, drawn) == (0, 0)
    assert data.startswith(b"%PDF") and any(r.startswith("data.") for r in reads)
    # the same book, and the same reads (the target's digest), as a worker that works it all out again
    for key in (templates.CHAPTERS, images.PICTURES):
        del game.shared[key]
    again, again_reads, rendered, drawn = _worker(game, monkeypatch)
    assert rendered == 1 and drawn == len(pictures)
    assert again == data and again_reads == reads


def test_a_chapter_changed_on_disk_since_validation_is_rendered_again(tmp_path, monkeypatch):
    game = _game(tmp_path)
    chapter = templates.chapter_files(templates.template_dir(game))[0]
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nAdded after validation: {{ 6 * 7 }}.\n",
                       encoding="utf-8")
    chapters, found = templates.book_chapters(ReadLog(game))
    assert not found and "Added after validation: 42." in chapters[0][1]


def test_a_book_with_findings_reports_them_as_before_and_hands_nothing_on(tmp_path):
    game = _game(tmp_path)
    chapter = templates.chapter_files(templates.template_dir(game))[0]
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\n{{ no_such_thing.name }}\n", encoding="utf-8")
    game.shared.clear()
    found = check_rulebook(game)
    assert [f.code for f in found] == ["template"] and "no_such_thing" in found[0].message
    assert found[0].loc.file.endswith(chapter.name) and found[0].loc.line > 1
    assert templates.CHAPTERS not in game.shared


def _texts(ops):
    from printgen.draw.document import Group, Text

    for op in ops:
        if isinstance(op, Group):
            yield from _texts(op.ops)
        elif isinstance(op, Text):
            yield op


def test_a_picture_handed_on_keeps_where_its_texts_came_from(tmp_path, monkeypatch):
    """A worker that did not validate the game sets its book from the pictures handed on: a finding on a
    picture's label must still point at the template line that sets the picture, as in the worker that drew
    it (it read "in a picture" at game.yaml:3:1 in one build out of two, by which worker took the book)."""
    from tests.conftest import FIXTURES

    shutil.copytree(FIXTURES / "preflight-corpus", tmp_path / "corpus")
    game = validate_game(tmp_path / "corpus")
    drawn = {a: [(t.text, t.src) for t in _texts(entry[0])] for a, entry in images._DRAWN[game.key][1].items()}
    handed = pickle.loads(game.shared[images.PICTURES])
    assert {a: [(t.text, t.src) for t in _texts(entry[0])] for a, entry in handed.items()} == drawn
    labels = [src for src in (s for texts in drawn.values() for _, s in texts)]
    assert labels and all(s is not None and s.what == "the picture 'printgen:map/Stockade'" for s in labels)
    assert {(Path(s.element.file).name, s.element.line, s.element.col) for s in labels} == {("01-rules.md", 13, 3)}
    # as a freshly forked worker resolves it: from the game it was handed, nothing drawn again
    worker_game = pickle.loads(pickle.dumps(game))
    monkeypatch.setattr(images, "_DRAWN", {})
    monkeypatch.setattr(images, "_draw", lambda *a: pytest.fail("drawn again"))
    ops, _, _ = images.resolve("printgen:map/Stockade", worker_game, {})
    assert [(t.text, t.src) for t in _texts(ops)] == drawn["printgen:map/Stockade"]
    # a text pickled alone (a page's digest) still leaves its source out
    text = next(_texts(ops))
    assert pickle.loads(pickle.dumps(text)).src is None
