"""Rulebook templates compiled once: validation hands its compiled templates on with the game (``shared``),
so a build's worker renders the chapters without compiling them again (issue 41)."""

from __future__ import annotations

import shutil
from pathlib import Path

import jinja2

from printgen.project import validate_game
from printgen.rulebook.render import template_scope
from printgen.rulebook.templates import COMPILED, chapter_files, render_chapters, template_dir
from printgen.safety.sandbox import _BYTECODE
from tests.conftest import REPO


def _game(tmp: Path):
    shutil.copytree(REPO / "data" / "heroes-of-hex", tmp / "data" / "heroes-of-hex")
    shutil.copytree(REPO / "templates" / "heroes-of-hex", tmp / "templates" / "heroes-of-hex")
    return validate_game(tmp / "data" / "heroes-of-hex")


def _compiles(monkeypatch) -> list[str]:
    """The names of the templates Jinja compiles from here on."""
    seen: list[str] = []
    real = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return seen


def test_a_worker_renders_the_chapters_from_what_validation_compiled(tmp_path, monkeypatch):
    game = _game(tmp_path)
    assert game.ok()
    folder = template_dir(game)
    handed = game.shared[COMPILED]
    files = [p for p in folder.iterdir() if p.suffix in (".md", ".j2")]
    assert len(handed) == len(files) and all(isinstance(v, bytes) and v for v in handed.values())
    want, found = render_chapters(game, template_scope(game))
    assert not found and len(want) == len(chapter_files(folder))
    # a worker forked before the game validated: nothing compiled in it yet
    monkeypatch.setattr(_BYTECODE, "store", {})
    compiled = _compiles(monkeypatch)
    assert render_chapters(game, template_scope(game)) == (want, [])
    assert compiled == []
    # without what validation handed on, the same worker compiles every template it renders
    monkeypatch.setattr(_BYTECODE, "store", {})
    del game.shared[COMPILED]
    assert render_chapters(game, template_scope(game)) == (want, [])
    assert len(compiled) >= len(want)


def test_a_template_edited_since_it_was_compiled_is_compiled_afresh(tmp_path, monkeypatch):
    game = _game(tmp_path)
    chapter = chapter_files(template_dir(game))[0]
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nEdited after validation: {{ 6 * 7 }}.\n",
                       encoding="utf-8")
    monkeypatch.setattr(_BYTECODE, "store", {})
    compiled = _compiles(monkeypatch)
    chapters, found = render_chapters(game, template_scope(game))
    assert not found and "Edited after validation: 42." in chapters[0][1]
    assert chapter.name in compiled  # the handed-on code no longer matched its source
