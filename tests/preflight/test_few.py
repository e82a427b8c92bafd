"""A page of a few texts and strokes (a track's panel, a reference card: at most checks.BULK pairs) is read pair by
pair, each stroke or ground against every text: the same texts crossed, by the same first stroke, and the same
ground under each text as the grid of the texts (scene.Grid) found them with, which read only the texts sharing a
cell with each stroke or ground."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Circle, Page, Poly, Rect, Style, Text, pt
from printgen.preflight import checks, colour
from printgen.preflight.checks import Sheet, _inner, overlaps
from printgen.preflight.collide import _inside
from printgen.preflight.colour import contrast, grounds_few
from printgen.preflight.scene import Grid, crossed, crosses_ink, flatten
from tests.conftest import examples


def _grid_crossed(strokes, live):
    """The texts each stroke crosses, read through a grid of the texts (the reading crossed stands for)."""
    grid = Grid(live, boxes=[inner for _, inner in live])
    first = {}
    for s in strokes:
        b = s.box
        for n in grid.near_index(b):
            k, (x0, y0, x1, y1) = live[n]
            if k in first or not (min(b[2], x1) - max(b[0], x0) > 0.0 and min(b[3], y1) - max(b[1], y0) > 0.0):
                continue
            if crosses_ink(s, live[n][1]):
                first[k] = s.role
    return first


def _grid_grounds(grounds, texts):
    """The ground under each text's centre, read through a grid of the centres (what grounds_few stands for)."""
    grid = Grid(texts, boxes=[(x, y, x, y) for _, _, x, y in texts])
    under = {}
    for n, g in grounds:
        x0, y0, x1, y1 = g.box
        for k in grid.near_index(g.box):
            pos, _, cx, cy = texts[k]
            if n < pos and x0 <= cx <= x1 and y0 <= cy <= y1 and (not g.outline or _inside((cx, cy), g.outline)):
                under[k] = g
    return under


def _page(seed: int, texts: int, shapes: int) -> Page:
    """A few hexes, discs, frames and rules with labels on, in and across them (some texts long: many cells)."""
    rnd = random.Random(seed)
    ops = []
    for _ in range(shapes):
        x, y, r = rnd.uniform(0, 120), rnd.uniform(0, 160), rnd.uniform(2, 14)
        style = Style(fill=rnd.choice(["", "#f7f1e3", "#7a5a8c", "#1d1d1b"]), stroke=rnd.choice(["", "#8c7b5f"]),
                      width=rnd.choice([0.0, 0.35, 1.0]))
        kind = rnd.randrange(4)
        if kind == 0:
            ops.append(Poly(tuple((x + r * dx, y + r * dy) for dx, dy in
                                  ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5))), style,
                            role=rnd.choice(["", "hex", "cut"])))
        elif kind == 1:
            ops.append(Circle(x, y, r, style, role=rnd.choice(["", "team"])))
        elif kind == 2:
            ops.append(Rect(x, y, r * 3, r, style, role=rnd.choice(["", "cut"])))
        else:
            ops.append(Poly(((x, y), (x + rnd.uniform(-40, 40), y + rnd.uniform(-40, 40))),
                            Style(stroke="#1d1d1b", width=0.3), closed=False))
        if rnd.random() < 0.6 and len([o for o in ops if type(o) is Text]) < texts:
            ops.append(Text(x + rnd.uniform(-3, 3), y + rnd.uniform(-3, 3),
                            rnd.choice(["7", "12", "HEX", "Player 1", "One per player: start at 0 HEX"]),
                            rnd.choice(["sans", "sans-bold"]), pt(rnd.choice([6, 9, 12, 20])),
                            rnd.choice(["#1d1d1b", "#ffffff", "#9a927a"]), rnd.choice(["start", "middle", "end"])))
    return Page(130, 180, ops)


@settings(max_examples=examples(120), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 16), st.integers(1, 16))
def test_a_few_texts_are_crossed_and_grounded_as_a_grid_of_them_finds(seed, texts, shapes):
    sheet = Sheet("track", "a4", 1, 1, (page := _page(seed, texts, shapes)), flatten(page))
    inks = sheet.inks
    strokes_at, placed, grounds = sheet.classes()
    text_inks = sheet.texts()
    live = [(k, b) for k, b in enumerate(_inner(t, 0.25) for t in text_inks) if b[2] > b[0] and b[3] > b[1]]
    strokes = [inks[k] for k in strokes_at]
    got = crossed(strokes, live)
    want = _grid_crossed(strokes, live)
    assert got == want and list(got) == list(want)  # (the same texts, by the same first stroke, in the same order)
    got = grounds_few(grounds, placed, _inside)
    want = _grid_grounds(grounds, placed)
    assert {k: id(g) for k, g in got.items()} == {k: id(g) for k, g in want.items()}


def test_a_tracks_checks_read_a_few_pairs_the_way_they_read_many():
    """On pages of a few texts the checks go pair by pair, on pages of many in bulk (numpy): the same hits."""
    found = 0
    for seed in range(12):
        page = _page(seed, 12, 14)
        few = list(overlaps(Sheet("t", "a4", 1, 1, page, flatten(page)), checks.Settings())), list(
            contrast(Sheet("t", "a4", 1, 1, page, flatten(page)), checks.Settings(contrast=7.0, contrast_large=7.0)))
        saved = checks.BULK, colour.BULK
        checks.BULK = colour.BULK = -1  # (every page read in bulk)
        try:
            bulk = list(overlaps(Sheet("t", "a4", 1, 1, page, flatten(page)), checks.Settings())), list(
                contrast(Sheet("t", "a4", 1, 1, page, flatten(page)), checks.Settings(contrast=7.0,
                                                                                      contrast_large=7.0)))
        finally:
            checks.BULK, colour.BULK = saved
        assert few == bulk
        found += len(few[0]) + len(few[1])
    assert found > 10  # (texts were crossed and read on grounds too faint for them: the readings were compared)
