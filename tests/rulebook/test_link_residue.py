"""A Markdown picture or link the parser did not take (a space in its address) prints as typed, brackets and
all: the preflight names it at the chapter line that wrote it (it printed "![The field](printgen:map/Ember
Field)" on the page with no finding)."""

from __future__ import annotations

import shutil

import pymupdf

from printgen.build import build
from printgen.project import Project
from tests.conftest import FIXTURES


def test_a_picture_or_link_left_as_typed_is_found_at_its_chapter_line(tmp_path):
    game = tmp_path / "ember"
    shutil.copytree(FIXTURES / "custom-game", game)
    chapter = game / "templates" / "rulebook" / "02-play.md"
    with chapter.open("a", encoding="utf-8") as fh:
        fh.write("\n\nThe field: ![The field](printgen:map/Ember Field)\n\nRead the [rules](see rules).\n")
    line = len(chapter.read_text(encoding="utf-8").splitlines())  # the link's; the picture's two above
    result = build(folders=[game], out=tmp_path / "out", papers=["a4"], previews=False, jobs=1,
                   project=Project(tmp_path))
    found = [f for f in result.preflight if f.code == "preflight-markup"]
    assert sorted(f.message.split("prints the markup ")[1].split(" left in ")[0] for f in found) == \
        ["![The field](", "[rules]("], [f.format() for f in found]
    assert sorted((f.loc.file.rsplit("/", 1)[-1], f.loc.line) for f in found) == [("02-play.md", line - 2),
                                                                                ("02-play.md", line)]
    # what it points at is on the page, as typed
    (pdf,) = (tmp_path / "out").rglob("rulebook.pdf")
    assert "![The field](printgen:map/Ember Field)" in "".join(p.get_text() for p in pymupdf.open(pdf))
