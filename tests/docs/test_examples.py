"""Every example in the docs runs: console commands exit as the page says, file blocks are written into a
scratch copy of data/ first (a game the page makes itself at their place), other YAML parses; and every
such YAML is read by printgen's own loader rules (no duplicate keys, no tabs)."""

from __future__ import annotations

import pytest
import yaml

from tests.docs.harness import DOCS, blocks, commands, pages, run, scratch, write

PAGES = pages()
RUNNABLE = [p for p in PAGES if any(b.lang == "console" for b in blocks(p.read_text(encoding="utf-8")))]


def _id(path):
    return path.relative_to(DOCS).as_posix()


# The findings page shows broken YAML on purpose (yaml-syntax, yaml-tab): test_reference.py runs those examples.
@pytest.mark.parametrize("page", [p for p in PAGES if p != DOCS / "reference" / "findings.md"], ids=_id)
def test_every_yaml_example_parses(page):
    for block in blocks(page.read_text(encoding="utf-8")):
        if block.lang in ("yaml", "yml"):
            try:
                yaml.safe_load(block.body)
            except yaml.YAMLError as exc:
                pytest.fail(f"{_id(page)}:{block.line}: a yaml example does not parse: {exc}")


def run_page(page, tmp_path):
    """Run a page's examples in a scratch copy of data/; returns the scratch folder."""
    root = scratch(tmp_path)
    found = blocks(page.read_text(encoding="utf-8"))
    for block in found:  # data/ files first, as the convention says: the commands see the page's data
        if block.file and block.file.startswith("data/"):
            write(root, block)
    ran = 0
    for block in found:
        if block.file and not block.file.startswith("data/"):
            path = write(root, block)
            assert path.is_file()
        if block.lang != "console":
            continue
        for cmd in commands(block):
            done = run(cmd, root)
            ran += 1
            assert done.returncode == cmd.expect, (
                f"{_id(page)}:{block.line}: `{cmd.text}` exited {done.returncode}, the page expects {cmd.expect}\n"
                f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
            assert "Traceback" not in done.stderr, done.stderr[-2000:]
            if cmd.expect == 0 and _own_game(cmd, root):
                # A game the page makes is one the reader copies: it must come out clean. The bundled games
                # keep the warnings of their seeds on purpose, so this holds only outside data/.
                said = done.stdout + done.stderr
                assert "warning[" not in said, f"{_id(page)}:{block.line}: `{cmd.text}` warns:\n{said[-2000:]}"
    assert ran > 0
    return root


def _own_game(cmd, root):
    """A validate or build of game folders the page made itself (none of the bundled games under data/)."""
    folders = [a for a in cmd.args[1:] if (root / a / "game.yaml").is_file()]
    return cmd.args[:1] in (["validate"], ["build"]) and bool(folders) and not any(
        (root / f).resolve().is_relative_to(root.resolve() / "data") for f in folders)


# The tutorial runs in its own test below, which also measures what it made.
@pytest.mark.parametrize("page", [p for p in RUNNABLE if p.name != "tutorial.md"], ids=_id)
def test_every_command_runs(page, tmp_path):
    run_page(page, tmp_path)


def test_the_tutorial_ends_in_a_printed_card_a_map_a_chapter_and_a_tile(tmp_path):
    """The tutorial's outputs measured: the new unit's card, the new map, the new chapter, the tile."""
    import pymupdf as fitz
    import trimesh

    root = run_page(DOCS / "tutorial.md", tmp_path)
    a4 = root / "output" / "ember-watch" / "a4"
    with fitz.open(a4 / "unit-cards.pdf") as doc:
        assert "Ash Runner" in "".join(p.get_text() for p in doc)
    with fitz.open(a4 / "map-ember-ridge.pdf") as doc:
        assert doc.page_count == 1 and "Ember Ridge" in doc[0].get_text()
    with fitz.open(a4 / "rulebook.pdf") as doc:
        text = " ".join(p.get_text() for p in doc)
        # a target prints as its number: the chapter's "or more" (and a card's "+") says the rest
        assert "Ash Runner moves 5 hexes and saves on a roll of 5 or more." in " ".join(text.split())
        assert "printgen:map" not in text  # the picture drew: its address is not printed as text
        assert "Scouts" in [t for _, t, _ in doc.get_toc()]
    (tile,) = sorted(root.glob("ridge*.stl"))
    mesh = trimesh.load(tile)
    assert mesh.is_watertight and mesh.volume > 0
    assert abs(mesh.bounds[1][2] - mesh.bounds[0][2] - 6.0) < 1e-6  # one 6 mm level
