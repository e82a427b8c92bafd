"""A shape's box handed to the preflight by its drawer (render/maps/kept.boxed: a map's whole hexes, the tiled
map's overview, the build guide's hex tops) is exactly the box the preflight works out from its points, float for
float down to the sign, on any window, offset, scale and level; and the preflight reading the ops with their
boxes finds what it finds reading the same ops without them (the bundled games and the corpus are compared whole
by the build's findings)."""

from __future__ import annotations

import math
import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from printgen.build import PageSpec
from printgen.deps import ReadLog
from printgen.draw.document import Poly, Style
from printgen.hexgrid import Hex
from printgen.packs.heroscape_style.iso import iso_ops
from printgen.preflight.run import check_document, settings_of
from printgen.preflight.scene import flatten_ops
from printgen.project import validate_game
from printgen.render import maps
from printgen.render.maps import hexes, render_maps
from printgen.render.maps.kept import BOX, boxed
from tests.render.flat import leaves

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
EXAMPLES = 300 if os.environ.get("PRINTGEN_NIGHTLY") else 25


def _handed(ops) -> int:
    """How many of ``ops`` carry a box, each checked against min() and max() of its points (their repr: the
    sign of a zero too)."""
    n = 0
    for op in leaves(ops):
        known = getattr(op, "__dict__", {}).get(BOX)
        if known is None:
            continue
        n += 1
        xs, ys = zip(*op.points)
        assert repr(known) == repr((min(xs), min(ys), max(xs), max(ys)))
    return n


def _bare(ops) -> list:
    """``ops`` as copies without the boxes handed over (dataclasses.replace makes a fresh op)."""
    return [replace(op) if type(op) is Poly else op for op in ops]


def _same_reading(ops) -> None:
    got, want = flatten_ops(ops), flatten_ops(_bare(ops))
    assert got == want
    assert [repr((i.box, i.outline)) for i in got] == [repr((i.box, i.outline)) for i in want]


_GAME = []


def _game():
    if not _GAME:
        _GAME.append(validate_game(FIXTURES / "big-map"))
    return _GAME[0]


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.floats(0.05, 1.0), st.floats(0.05, 1.0),
       st.floats(-20.0, 300.0), st.floats(-20.0, 300.0))
def test_a_map_windows_whole_hexes_carry_the_box_of_their_points(fx, fy, fw, fh, dx, dy):
    game = _game()
    geom = maps._geometry(game.data.maps[0], game.data.game)
    x0, y0 = fx * geom.width, fy * geom.height
    window = (x0, y0, min(geom.width, x0 + fw * geom.width), min(geom.height, y0 + fh * geom.height))
    ops = hexes.map_ops(geom, game.data, window, dx, dy)
    handed = _handed(ops)
    whole = sum(1 for op in ops if type(op) is Poly and op.role == "hex")
    assert handed <= whole  # (a hex the window cuts, or whose box reaches zero, is read from its points)
    if dx > 1.0 and dy > 1.0 and fw == fh == 1.0:
        assert handed > whole / 2  # (the whole map: all but the hexes on its edge, which reach the window's)
    _same_reading(ops)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.integers(1, 3), st.floats(0.5, 150.0), st.floats(0.5, 150.0), st.floats(5.0, 200.0),
       st.floats(5.0, 200.0), st.sampled_from(["pointy", "flat"]), st.booleans())
def test_a_build_guides_hex_tops_carry_the_box_of_their_points(level, x, y, w, h, orientation, fade):
    cells = {(Hex(0, 0), 1): "grass", (Hex(1, 0), 1): "rock", (Hex(1, 0), 2): "rock", (Hex(0, 1), 1): "water",
             (Hex(-1, 1), 1): "grass", (Hex(-1, 1), 2): "rock", (Hex(-1, 1), 3): "sand"}
    colours = {"grass": "#66aa44", "rock": "#888888", "water": "#3366cc", "sand": "#ddcc88"}
    ops = iso_ops(cells, colours, level, [], orientation, (x, y, x + w, y + h), fade=fade)
    assert _handed(ops) == sum(1 for op in ops if op.role == "iso")
    _same_reading(ops)


def test_boxes_that_could_differ_from_min_and_max_are_not_handed_over():
    points = ((1.0, 1.0), (2.0, 1.0), (2.0, 2.0))
    for box in ((0.0, 1.0, 2.0, 2.0), (-0.0, 1.0, 2.0, 2.0), (1.0, -1.0, 2.0, 2.0), (2.0, 1.0, 1.0, 2.0),
                (math.nan, 1.0, 2.0, 2.0), (1.0, 1.0, math.inf, 2.0), (1.0, 2.0, 2.0, 1.0)):
        assert BOX not in boxed(Poly(points, Style(fill="#000000")), box).__dict__
    op = boxed(Poly(points, Style(fill="#000000")), (1.0, 1.0, 2.0, 2.0))
    assert op.__dict__[BOX] == (1.0, 1.0, 2.0, 2.0)
    assert op == Poly(points, Style(fill="#000000"))  # (its value is its points and style, as before)


def test_a_tiled_maps_pages_read_alike_with_and_without_the_boxes_and_are_found_alike():
    """Every page of the fixture's tiled map on both papers (its overview, tiles, overlaps): the boxes handed
    over are their points', the inks the same, and check_document's hits the same, hit for hit."""
    game = _game()
    for paper in ("a4", "letter"):
        maps._KEPT.clear()
        docs = render_maps(ReadLog(game), PageSpec.for_paper(paper, game.data.game.print.margin))
        handed = 0
        for stem, doc in docs.items():
            handed += sum(_handed(page.ops) for page in doc.pages)
            bare = replace(doc, pages=[replace(p, ops=_bare(p.ops)) for p in doc.pages])
            for page, other in zip(doc.pages, bare.pages):
                _same_reading(page.ops)
                assert other.ops == page.ops
            got = check_document(doc, settings_of(game), stem=stem, paper=paper)
            want = check_document(bare, settings_of(game), stem=stem, paper=paper)
            assert got == want
        assert handed > 50  # (the overview's hexes and the tiles' whole ones)


def test_a_build_guides_pages_read_alike_with_and_without_the_boxes_and_are_found_alike():
    """A small heroscape-style guide (its plan's hexes and its pictures' tops carry their boxes): the boxes
    are their points', the inks the same, check_document's hits the same."""
    from printgen.packs.heroscape_style.guide import render_guides

    game = validate_game(FIXTURES / "mini-heroscape")
    docs = render_guides(ReadLog(game), PageSpec.for_paper("letter", game.data.game.print.margin))
    handed = 0
    for stem, doc in list(docs.items())[:1]:
        handed += sum(_handed(page.ops) for page in doc.pages)
        bare = replace(doc, pages=[replace(p, ops=_bare(p.ops)) for p in doc.pages])
        for page in doc.pages:
            _same_reading(page.ops)
        assert check_document(doc, settings_of(game), stem=stem, paper="letter") == check_document(
            bare, settings_of(game), stem=stem, paper="letter")
    assert handed > 20


@pytest.mark.skipif(not os.environ.get("PRINTGEN_NIGHTLY"), reason="every bundled game's maps and guides on both "
                    "papers (a minute on a loaded machine): set PRINTGEN_NIGHTLY=1")
@pytest.mark.parametrize("name", ["heroscape-style", "hexprint", "hex-dice", "heroes-of-hex"])
def test_the_bundled_maps_and_guides_read_alike_with_and_without_the_boxes(name):
    from printgen.packs.heroscape_style.guide import render_guides

    game = validate_game(FIXTURES.parent.parent / "data" / name)
    renderers = [render_maps] + ([render_guides] if name == "heroscape-style" else [])
    for paper in ("a4", "letter"):
        for render in renderers:
            maps._KEPT.clear()
            for stem, doc in render(ReadLog(game), PageSpec.for_paper(paper, game.data.game.print.margin)).items():
                assert sum(_handed(page.ops) for page in doc.pages) > 0
                bare = replace(doc, pages=[replace(p, ops=_bare(p.ops)) for p in doc.pages])
                for page in doc.pages:
                    _same_reading(page.ops)
                assert check_document(doc, settings_of(game), stem=stem, paper=paper) == check_document(
                    bare, settings_of(game), stem=stem, paper=paper)
