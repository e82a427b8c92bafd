"""The studio's own folder under the build's rule (issue 36): nothing is written through a link at
out/.studio, and a file a user put under out/.studio/<game>/ is neither replaced nor removed; the studio's
builds go to out/.studio/_draft, never over the players' output, until a release build (issue 40)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES


def studio_for(root: Path):
    from printgen.studio.session import Studio

    game = root / "game"
    if not game.exists():
        shutil.copytree(FIXTURES / "mini-hoh", game)
    lines: list[str] = []
    return Studio(folders=[game], out=root / "out", papers=["a4"], editor="", echo=lines.append, workers=1), lines


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_linked_studio_folder_is_not_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "mini-hoh" / "faces" / "class-cards").mkdir(parents=True)
    (elsewhere / "mini-hoh" / "faces" / "class-cards" / "001-knight.png").write_bytes(b"my own picture")
    (elsewhere / "mini-hoh" / "faces" / "class-cards" / "old.png").write_bytes(b"keep me")
    (elsewhere / "notes.txt").write_text("mine")
    before = tree(elsewhere)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / ".studio").symlink_to(elsewhere, target_is_directory=True)
    studio, lines = studio_for(tmp_path)
    try:
        assert studio.round(studio.folders) is False
    finally:
        studio.close()
    assert tree(elsewhere) == before  # nothing written, replaced or removed there
    view = studio.games()[0]
    said = [p.message for p in view.findings if p.code == "studio-output"]
    assert said and "symbolic link" in said[0] and ".studio" in said[0], view.findings
    assert any("symbolic link" in line for line in lines), lines
    assert studio.state == "error"  # the dot is red, not green


def test_files_a_user_put_in_the_studio_folder_stay(tmp_path):
    mine = tmp_path / "out" / ".studio" / "mini-hoh"
    (mine / "faces" / "class-cards").mkdir(parents=True)
    (mine / "rulebook").mkdir()
    own = {"faces/class-cards/999-sketch.png": b"a sketch", "rulebook/a4-99.png": b"my page", "notes.txt": b"notes"}
    for rel, data in own.items():
        (mine / rel).write_bytes(data)
    studio, lines = studio_for(tmp_path)
    game = studio.folders[0]
    try:
        assert studio.round(studio.folders), lines
        knight = mine / "faces" / "class-cards" / "001-knight.png"
        assert knight.read_bytes().startswith(b"\x89PNG")
        # a class renamed: its old face is the studio's to remove; the user's files are not
        classes = game / "classes.yaml"
        classes.write_text(classes.read_text().replace("name: Knight", "name: Squire", 1))
        studio.round([game])
        assert not knight.exists() and (mine / "faces" / "class-cards" / "001-squire.png").is_file()
        for rel, data in own.items():
            assert (mine / rel).read_bytes() == data, rel
        # the rulebook's pages are the ones the studio wrote, not the user's page 99
        book = [i.name for i in studio.games()[0].images.get("Rulebook", [])]
        assert "Rulebook, page 99" not in book
        # a user's file where a face goes is not replaced: said, on the game, and the rest stays
        (mine / "faces" / "class-cards" / "001-squire.png").unlink()
        classes.write_text(classes.read_text().replace("name: Squire", "name: Knight", 1))
        knight.write_bytes(b"my knight")
        studio.round([game])
        assert knight.read_bytes() == b"my knight"
        said = [p.message for p in studio.games()[0].findings if p.code == "studio-output"]
        assert said and "001-knight.png was not written by printgen" in said[0], said
    finally:
        studio.close()


def test_the_studio_builds_into_its_own_folder_until_a_release(tmp_path):
    studio, lines = studio_for(tmp_path)
    out = tmp_path / "out"
    try:
        assert studio.round(studio.folders), lines
        assert not (out / "mini-hoh").exists() and not (out / "index.html").exists()  # the players' output
        draft = out / ".studio" / "_draft" / "mini-hoh"
        pdfs = sorted(p.name for p in draft.rglob("*.pdf"))
        assert "map-cellar.pdf" in pdfs and "class-cards.pdf" in pdfs, pdfs
        words = studio.release()
        assert words.startswith("Released into"), words
    finally:
        studio.close()
    import pymupdf as fitz

    released = next((out / "mini-hoh").rglob("class-cards.pdf"))
    with fitz.open(released) as doc:
        assert doc.page_count >= 1 and "Knight" in "".join(p.get_text() for p in doc)
    assert (out / "index.html").is_file()
    assert (draft / released.relative_to(out / "mini-hoh")).read_bytes() == released.read_bytes()
