"""A face drawn once per process: the next FaceMaker of the same validated game (a printable's next paper in
a build's worker) takes its ops, and what drawing it reads is noted exactly as drawing would note it
(layout/drawn_faces.py, issue 41)."""

from __future__ import annotations

import pytest

import printgen.layout.face_render as face_mod
import printgen.layout.sheets as sheets
from printgen.deps import ReadLog
from printgen.layout import drawn_faces
from printgen.layout.sheets import FaceMaker
from printgen.project import validate_game
from tests.conftest import FIXTURES


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """The faces drawn from here on (render_face calls), with nothing kept from before."""
    monkeypatch.setattr(drawn_faces, "_FACES", drawn_faces.OrderedDict())
    seen: list[str] = []
    real = face_mod.render_face
    monkeypatch.setattr(sheets, "render_face", lambda face, scope: seen.append(face.what) or real(face, scope))
    return seen


def _cards(game, *, reads_first: tuple[str, ...] = ()):
    """Every class card of mini-hoh drawn through a fresh maker under a fresh ReadLog: (ops, reads)."""
    seen = ReadLog(game)
    for name in reads_first:  # what the target read before its faces
        getattr(seen.data, name)
    maker = FaceMaker(seen)
    layout = maker.layouts["class-card"]
    ops = [maker.draw(layout, c, "classes", i, f"class card '{c.name}'") for i, c in enumerate(seen.data.classes)]
    return ops, seen.reads


def test_the_second_paper_takes_the_faces_and_notes_the_same_reads(drawn):
    game = validate_game(FIXTURES / "mini-hoh")
    drawn.clear()  # validation's own faces
    n = len(game.data.classes)
    first, first_reads = _cards(game)
    assert len(drawn) == n and "data.classes" in first_reads and any(r.startswith("data.game.") for r in first_reads)
    second, second_reads = _cards(game)
    assert len(drawn) == n  # none drawn again
    assert second == first and second_reads == first_reads
    # a log that had read less before the faces than the first one did is not given the faces
    drawn_faces._FACES.clear()
    _cards(game, reads_first=("maps",))
    _cards(game)
    assert len(drawn) == 3 * n
    # another validation of the same folder is another game: drawn afresh
    again = validate_game(FIXTURES / "mini-hoh")
    drawn.clear()
    _cards(again)
    assert len(drawn) == n


def test_a_plain_game_and_a_logged_one_do_not_share_faces_nor_do_makers_that_validate(drawn):
    game = validate_game(FIXTURES / "mini-hoh")
    drawn.clear()
    c = game.data.classes[0]
    for maker in (FaceMaker(game), FaceMaker(game), FaceMaker(ReadLog(game)), FaceMaker(game, validating=True)):
        maker.draw(maker.layouts["class-card"], c, "classes", 0, "class card")
    assert len(drawn) == 3


def test_a_face_whose_drawing_found_something_is_drawn_again(drawn):
    game = validate_game(FIXTURES / "mini-hoh")
    drawn.clear()
    maker = FaceMaker(game)
    layout = maker.layouts["class-card"]
    bad = game.data.classes[0].model_copy(update={"stats": None})  # no stats: the face cannot show them
    maker.draw(layout, bad, "classes", 0, "class card")
    assert maker.found
    # the same maker draws every later face itself, even a clean one (its findings are listed once)
    good = game.data.classes[0]
    maker.draw(layout, good, "classes", 0, "class card 'Knight'")
    maker.draw(layout, good, "classes", 0, "class card 'Knight'")
    assert len(drawn) == 3
    # a clean maker's clean face is kept, and taken by the next clean maker, not by the one that found something
    FaceMaker(game).draw(layout, good, "classes", 0, "class card 'Knight'")
    FaceMaker(game).draw(layout, good, "classes", 0, "class card 'Knight'")
    maker.draw(layout, good, "classes", 0, "class card 'Knight'")
    assert len(drawn) == 5
