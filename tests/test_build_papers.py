"""One paper's build and one profile's build leave the others' files as long as they match the data; stale
ones go (with a note), so the output folder never offers a printable that disagrees with the data."""

from __future__ import annotations

import pytest

from printgen.build import build
from printgen.scaffold import new_game


@pytest.fixture()
def game(tmp_path):
    folder = tmp_path / "g"
    new_game(folder=folder, system="custom", name="G")
    return folder


def _pdfs(out, paper):
    return sorted(p.name for p in (out / "g" / paper).glob("*.pdf"))


def test_one_paper_keeps_the_others_current_files_and_removes_stale_ones(game, tmp_path):
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4", "letter"], previews=False, jobs=1)
    letter = _pdfs(out, "letter")
    assert letter and (out / "g" / "g-letter-kit.pdf").is_file()
    again = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert _pdfs(out, "letter") == letter and (out / "g" / "g-letter-kit.pdf").is_file()
    assert not any("removed" in n for n in again.notes)
    content = game / "content.yaml"
    content.write_text(content.read_text().replace("cost: 4", "cost: 5", 1))
    changed = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert _pdfs(out, "letter") == [] and not (out / "g" / "g-letter-kit.pdf").exists()
    assert any("removed the letter printables" in n and "build --paper letter" in n for n in changed.notes)
    assert _pdfs(out, "a4")


def test_a_profile_build_keeps_another_profiles_files(game, tmp_path):
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1, profiles=["drivethru"])
    drivethru = sorted(p.relative_to(out) for p in (out / "g" / "drivethru").rglob("*.pdf"))
    assert drivethru
    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1, profiles=["shop"])
    assert sorted(p.relative_to(out) for p in (out / "g" / "drivethru").rglob("*.pdf")) == drivethru
    assert list((out / "g" / "shop").rglob("*.pdf"))
