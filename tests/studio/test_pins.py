"""Findings pinned to faces: each on the face drawn from the record it is about (issue 37), also when an
earlier record fails validation and drops out of the typed data."""

from __future__ import annotations

import shutil
from pathlib import Path

from printgen.project import validate_game
from printgen.studio.catalogue import GameView, extents, pin
from printgen.studio.faces import game_faces

REPO = Path(__file__).resolve().parents[2]


def test_a_refused_class_leaves_each_later_class_findings_on_its_own_face(tmp_path):
    folder = tmp_path / "heroes-of-hex"
    shutil.copytree(REPO / "data" / "heroes-of-hex", folder)
    good = validate_game(folder)
    view = GameView(good.game_id, "Heroes of Hex", folder, faces=game_faces(good))
    view.extents, view.texts = extents(view.faces)
    classes = folder / "classes.yaml"
    classes.write_text(classes.read_text(encoding="utf-8").replace("vit: 2", "vit: high", 1), encoding="utf-8")
    bad = validate_game(folder)
    pinned = pin(bad.findings, view, "")
    knight = [p for p in pinned if p.code == "schema"]
    assert len(knight) == 1 and "knight" in knight[0].face, knight
    about = {"Assassin": "assassin", "Mage": "mage", "Trickster": "trickster"}
    for name, slug in about.items():
        mine = [p for p in pinned if f"'{name}'" in p.message or f"({name})" in p.message]
        assert mine, name
        assert all(p.face.endswith(slug) for p in mine), [(p.message, p.face) for p in mine]


def test_a_faces_layout_file_holds_wherever_the_game_was_read_from(tmp_path, monkeypatch):
    """A layout's Location is written as typed from the folder it was read in; the studio serves the
    file by its absolute path, so a game read from one folder and served from another still finds it
    (CI failed on this: a built-in layout read from a shallow folder, looked up from a deep one)."""
    folder = tmp_path / "a" / "b" / "c" / "mini-hoh"
    shutil.copytree(REPO / "tests" / "fixtures" / "mini-hoh", folder)
    monkeypatch.chdir("/")
    faces = game_faces(validate_game(folder))
    monkeypatch.chdir(folder)
    knight = next(f for f in faces if f.key == "class-cards/001-knight")
    path = Path(knight.layout_file)
    assert path.is_absolute() and path.is_file() and path.name == "class-card.yaml"
    assert path.is_relative_to(REPO / "printgen") or path.is_relative_to(Path(__import__("printgen").__file__).parent)
