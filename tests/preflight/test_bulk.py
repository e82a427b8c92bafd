"""The preflight's bulk readings (numpy: every box against every box at once) and its shortcuts find exactly what
the readings they stand for find: the same hits in the same order, the same share of a page, the same inks."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings, strategies as st

from printgen.draw.document import IDENTITY, Circle, Group, Page, Poly, Rect, Style, Text, pt
from printgen.draw.geometry import text_box
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight import checks, collide, colour
from printgen.preflight.bulk import over_bulk
from printgen.preflight.checks import Settings, Sheet, _share
from printgen.preflight.parts import Parts
from printgen.preflight.run import ALL_PAGE_CHECKS, settings_of
from printgen.preflight.scene import _plain_text_box, _segments_of, _text_box, flatten
from printgen.project import validate_game

from ..conftest import FIXTURES, examples

S = Settings()
coord = st.floats(-40, 260, allow_nan=False)


def _page(seed: int, n: int = 160) -> Page:
    """Hexes, discs, bars and labels over each other, loose and in turned groups (a card's face), some sharing
    edges and corners exactly: every kind of ink the checks read, crowded."""
    rnd = random.Random(seed)
    ops: list = [Rect(0, 0, 210, 297, Style(fill="#f0ead6"), role="background")]
    for k in range(n):
        cx, cy, r = round(rnd.uniform(0, 210), 1), round(rnd.uniform(0, 297), 1), rnd.choice([3.0, 4.5, 8.0])
        style = Style(fill=rnd.choice(["#c9c2a8", "#333333", "#ffffff", None]), stroke=rnd.choice(["#222222", None]),
                      width=rnd.choice([0.0, 0.3]))
        if style.fill is None and not (style.stroke and style.width):
            style = Style(fill="#aa0000")
        kind = k % 4
        if kind == 0:
            ops.append(Poly(tuple((cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
                                  for i in range(6)), style, role=rnd.choice(["hex", "", "pattern", "icon"])))
        elif kind == 1:
            ops.append(Circle(cx, cy, r / 2, style, role=rnd.choice(["", "badge"])))
        elif kind == 2:
            ops.append(Text(cx, cy, rnd.choice(["A1", "Ford", "3", "GW", "Long label text"]), "sans",
                            pt(rnd.choice([5, 7, 9, 20])), rnd.choice(["#1d1d1b", "#9a927a", "#ffffff"]),
                            anchor=rnd.choice(["start", "middle", "end"])))
        else:
            turn = rnd.choice([(1.0, 0.0, 0.0, 1.0), (0.0, 1.0, -1.0, 0.0)])
            ops.append(Group((Rect(0, 0, 20, 12, Style(fill="#ddeeff", stroke="#000000", width=0.2)),
                              Circle(5, 6, 3, Style(fill="#aa0000")), Circle(6, 6, 2.5, Style(fill="#0000aa")),
                              Circle(5, 6, 1, Style(fill="#ffffff")),
                              Text(3, 8, rnd.choice(["12", "Hit", "xx"]), "sans", pt(7))),
                             (*turn, cx, cy), rnd.choice([None, (0, 0, 20, 12)])))
    return Page(210, 297, ops)


def _both(monkeypatch, module, name: str, check, sheet: Sheet) -> tuple[list, list]:
    """A check's hits read in bulk (threshold 0) and through its grid (threshold never reached)."""
    monkeypatch.setattr(module, name, 0)
    bulk = list(check(sheet, S))
    monkeypatch.setattr(module, name, 10 ** 12)
    return bulk, list(check(sheet, S))


def test_each_bulk_reading_finds_what_its_grid_finds_in_the_same_order(monkeypatch):
    for seed in range(6):
        page = _page(seed)
        sheet = Sheet("x", "a4", 1, 1, page, flatten(page))
        bulk, grid = _both(monkeypatch, checks, "BULK", checks.overlaps, sheet)
        assert bulk == grid and any("across" in h.message for h in bulk)
        texts = [t for t in sheet.inks if t.kind == "text"]
        order = sorted(range(len(texts)), key=lambda i: texts[i].box[0])
        inner = [checks._inner(t, 0.18) for t in texts]
        swept = checks._over_sweep(order, inner, texts)
        assert over_bulk(order, inner) == swept and swept
        bulk, grid = _both(monkeypatch, colour, "BULK", colour.contrast, sheet)
        assert bulk == grid and bulk
        bulk, grid = _both(monkeypatch, collide, "BULK", collide.collisions, sheet)
        assert bulk == grid and bulk
        bulk, grid = _both(monkeypatch, checks, "MARGIN_BULK", checks.margins, sheet)
        assert bulk == grid and bulk


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.tuples(coord, coord, st.floats(0, 90), st.floats(0, 90)), min_size=1, max_size=200),
       st.sampled_from([(210.0, 297.0), (215.9, 279.4), (90.0, 60.0)]))
def test_the_share_of_a_page_is_the_cells_its_boxes_cover(boxes, size):
    """Counted by the loop (64 boxes or fewer) or in bulk, the share is the cells of the grid inside the margins
    that some box reaches: a box wholly outside them (left of the margin, say) covers none, and never
    changes the count of the others."""
    boxes = tuple((x, y, x + w, y + h) for x, y, w, h in boxes)
    m, cell = 5.0, 2.0
    cols, rows = max(1, int((size[0] - 2 * m) // cell)), max(1, int((size[1] - 2 * m - 12.0) // cell))
    covered = {(c, r) for b in boxes
               for c in range(max(0, int((b[0] - m) // cell)), min(cols - 1, int((b[2] - m) // cell)) + 1)
               for r in range(max(0, int((b[1] - m) // cell)), min(rows - 1, int((b[3] - m) // cell)) + 1)}
    assert _share.__wrapped__(*size, boxes, cell) == len(covered) / (cols * rows)


def test_a_box_left_of_the_margin_does_not_shrink_the_count():
    """The corner the loop got wrong: a box ending left of the margin, on the first row, made its row slice end
    at a negative index, which counted from the end of the marks and cut them short."""
    inside = tuple((20.0 + 3 * k, 20.0, 22.0 + 3 * k, 22.0) for k in range(10))
    for left in ((-30.0, 0.0, -2.0, 10.0), (0.0, 0.0, 1.0, 1.0)):
        assert _share.__wrapped__(210.0, 297.0, inside + (left,), 2.0) == _share.__wrapped__(210.0, 297.0, inside, 2.0)


@settings(max_examples=examples(300), deadline=None)
@given(st.floats(-200, 200), st.floats(-200, 200), st.sampled_from(["A", "Hello world", "12", ""]),
       st.sampled_from(["sans", "serif", "sans-bold"]), st.floats(0.5, 12), st.sampled_from(["start", "middle", "end"]),
       st.tuples(*[st.floats(-2, 2)] * 4, st.floats(-300, 300), st.floats(-300, 300)))
def test_a_texts_box_is_the_geometrys_box(x, y, text, font, size, anchor, m):
    op = Text(x, y, text, font, size, anchor=anchor)
    assert _text_box(op, m) == text_box(op, m)
    assert _text_box(op, (0.0, 1.0, -1.0, 0.0, 40.0, 7.5)) == text_box(op, (0.0, 1.0, -1.0, 0.0, 40.0, 7.5))
    assert _plain_text_box(op) == text_box(op, IDENTITY)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from([0.0, 1.0, 2.5]), st.sampled_from([0.0, 1.0, 3.0])),
                         min_size=1, max_size=6), min_size=1, max_size=3), st.booleans())
def test_a_strokes_segments_worked_out_late_are_its_segments(loops, closed):
    segs = _segments_of(loops, closed)
    plain = [(a, b) for loop in loops
             for a, b in (zip(loop, loop[1:] + loop[:1]) if closed else zip(loop, loop[1:])) if a != b]
    assert list(segs) == plain
    page = Page(50, 50, [Poly(tuple(loops[0]), Style(stroke="#000000", width=0.2), closed)])
    (ink,) = flatten(page)
    assert ink.stroked and ink.segments == _segments_of([tuple(loops[0])], closed)
    assert ink.stroked == bool(ink.segments) and ink == flatten(page)[0]


def test_a_page_read_whole_from_its_parts_is_the_page_flattened():
    """A sheet of faces read ink by ink (its faces too close to be read apart: tokens) takes the faces and loose
    ops its parts read: the very inks flatten gives, sources and all, on the first paper and on the next."""
    pages = 0
    for folder in (FIXTURES / "preflight-corpus", FIXTURES.parent.parent / "data" / "heroes-of-hex"):
        game = validate_game(folder)
        settings = settings_of(game)
        for target in plan_build([game], papers=["a4"]):
            if target.asset.kind != "paper" or target.asset.name not in ("tokens", "unit-cards", "class-cards"):
                continue
            parts = None
            for paper in ("a4", "letter"):
                docs = target.asset.render(game, PageSpec.for_paper(paper, game.data.game.print.margin))
                for stem, doc in docs.items():
                    if not hasattr(doc, "pages"):
                        continue
                    parts = parts if parts is not None else Parts(stem, paper, ALL_PAGE_CHECKS, settings)
                    for n, page in enumerate(doc.pages):
                        if page.trim is None:
                            continue
                        sheet = parts.sheet(page, n + 1, len(doc.pages))
                        fresh = flatten(page, {})
                        assert sheet.inks == fresh and [i.src for i in sheet.inks] == [i.src for i in fresh]
                        pages += 1
    assert pages >= 4


def _outline(cx: float, cy: float, r: float, n: int, turn: float) -> tuple:
    return tuple((cx + r * math.cos(turn + 2 * math.pi * k / n), cy + r * math.sin(turn + 2 * math.pi * k / n))
                 for k in range(n))


@settings(max_examples=examples(300), deadline=None)
@given(*[st.tuples(st.floats(0, 8), st.floats(0, 8), st.floats(0.2, 3), st.sampled_from([4, 6, 16]),
                   st.floats(0, 1))] * 2, st.sampled_from([0.05, 0.3, 1.0]))
def test_the_gap_between_two_outlines_skips_no_nearer_edge(a, b, d):
    a, b = _outline(*a), _outline(*b)
    if collide._inside(a[0], b) or collide._inside(b[0], a):
        plain = 0.0
    else:  # every edge against every edge, as the gap was measured before it skipped any
        plain = min(collide._seg_dist(p, q, r, s) for p, q in zip(a, a[1:] + a[:1]) for r, s in zip(b, b[1:] + b[:1]))
    assert collide.gap(a, b) == plain
    near = collide.gap(a, b, d)  # past d the figure may be any at least d; under it, the same
    assert (near < d - 1e-9) == (plain < d - 1e-9) and (plain >= d - 1e-9 or near == plain)


@settings(max_examples=examples(150), deadline=None)
@given(st.floats(0, 100), st.floats(0, 100), st.floats(0.5, 40), st.sampled_from([None, "#aa0000"]),
       st.sampled_from([0.0, 0.2, 1.5]))
def test_a_circles_ring_worked_out_late_is_its_ring(cx, cy, r, fill, width):
    from printgen.preflight.scene import MARK_AREA, _ring

    style = Style(fill=fill, stroke="#000000" if width else None, width=width)
    if fill is None and not width:
        return
    (ink,) = flatten(Page(200, 200, [Circle(cx, cy, r, style)]))
    ring = tuple(_ring(cx, cy, r))
    b = ink.box
    small = (b[2] - b[0]) * (b[3] - b[1]) <= MARK_AREA
    # a small filled disc keeps its outline (a disc on a disc); a stroked one its segments, round its ring
    assert ink.outline == (ring if fill and (width or 4 * r * r <= MARK_AREA) and small else ())
    assert ink.segments == (_segments_of([list(ring)], True) if width else ())


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(*[st.sampled_from([0.0, 1.0, 2.0, 5.5, 10.0])] * 4), min_size=1, max_size=8),
       st.booleans())
def test_a_faces_cover_tried_from_its_ground_is_the_cover_its_areas_sort_gives(boxes, ground):
    from printgen.preflight.info import _cover

    boxes = ([(0.0, 0.0, 10.0, 10.0)] if ground else []) + boxes  # (some inside out: x1 < x0)
    area = lambda b: (b[2] - b[0]) * (b[3] - b[1])  # noqa: E731
    big = max(boxes, key=area)
    if all(big[0] <= b[0] and big[1] <= b[1] and b[2] <= big[2] and b[3] <= big[3] for b in boxes):
        plain = [big]
    else:  # the largest first, each kept unless inside one of the first four kept
        plain = []
        for b in sorted(boxes, key=lambda b: -area(b)):
            if not any(k[0] <= b[0] and k[1] <= b[1] and b[2] <= k[2] and b[3] <= k[3] for k in plain[:4]):
                plain.append(b)
    assert _cover(list(boxes)) == plain


_BOX = st.tuples(*[st.sampled_from([0.0, 1.0, 2.0, 5.5, 10.0, 12.0, float("nan")])] * 4)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.lists(st.tuples(_BOX, st.sampled_from(["", "furniture", "ruler:2 in", "badge"])), min_size=1,
                         max_size=5), min_size=1, max_size=6), st.booleans(), st.booleans())
def test_a_faces_cover_joined_from_its_elements_is_the_cover_of_their_covers(elements, ground, reduce):
    """info.Info: an element's cover worked out when asked for, and a face's taken from its ground where the
    ground holds every box its elements draw (``_held``), are what reducing every element's cover gives."""
    from printgen.preflight.info import Info, _cover
    from printgen.preflight.scene import Ink

    def ink(box, role):
        return Ink("shape", box, role, "", 0.0, "", None, (), True, 0.0, 0, 0, "#000000", None, ())

    if ground:
        elements = [[((0.0, 0.0, 12.0, 12.0), "")]] + elements
    infos = [Info.of([ink(b, r) for b, r in element]) for element in elements]
    every = [[b for b, r in element if r != "furniture" and not r.startswith("ruler")] for element in elements]
    # as the covers were worked out before: each element's at once, then the face's from them
    covers = [_cover(boxes) if len(boxes) > 1 or len(element) > 1 else boxes for boxes, element in zip(every, elements)]
    for info, cover in zip(infos, covers):
        assert repr(info.cover) == repr(cover)  # (repr: nan is never equal to itself)
    joined = [b for cover in covers for b in cover]
    assert repr(Info.joined(infos, reduce=reduce).cover) == repr(_cover(joined) if reduce else joined)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.tuples(*[st.sampled_from([0.0, -0.0, 1.0, -2.5, 10.0, float("inf"), float("-inf"),
                                              float("nan")])] * 4), max_size=6))
def test_the_union_of_boxes_by_min_and_max_is_the_loops_union(boxes):
    """pairs._union (min and max over the sides) gives what the loop it stands for gave, sign of zero and nan
    included."""
    from printgen.preflight.pairs import _union

    def loop(boxes):
        out = None
        for b in boxes:
            if out is None:
                x0, y0, x1, y1 = out = b
            else:
                if b[0] < x0:
                    x0 = b[0]
                if b[1] < y0:
                    y0 = b[1]
                if b[2] > x1:
                    x1 = b[2]
                if b[3] > y1:
                    y1 = b[3]
        return None if out is None else (x0, y0, x1, y1)

    want = loop(boxes)
    for got in (_union(boxes), _union(iter(boxes))):
        assert repr(got) == repr(want)
        assert got is None or all(math.copysign(1, a) == math.copysign(1, b) for a, b in zip(got, want))


_SIDE = st.sampled_from([0.0, 1.0, 2.0, 2.5, 4.0, 6.0, float("nan")])


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(*[_SIDE] * 4), min_size=1, max_size=60), st.lists(st.tuples(*[_SIDE] * 4), max_size=8),
       st.lists(st.tuples(*[_SIDE] * 4), max_size=8), st.randoms(use_true_random=False))
def test_which_elements_a_faces_many_texts_could_meet_in_bulk_is_what_each_finds_alone(texts, lined, grounded, rnd):
    """near.near_all (a face of many texts: every box against every other at once) gives, for each element with
    texts, what near._near gives it one by one: the same elements in the same order (touching counts)."""
    from printgen.preflight import near
    from printgen.preflight.near import _near, near_all

    elements = sorted(rnd.sample(range(200), len(texts) + len(lined) + len(grounded)))
    rnd.shuffle(elements)
    t = sorted(zip(elements[:len(texts)], texts))
    a, b = len(texts), len(texts) + len(lined)
    lines = sorted(zip(elements[a:b], lined))
    grounds = sorted(zip(elements[b:], grounded))
    centres = [(x0 / 2 + 1, y0 / 2 + 1, x1 / 2 + 1, y1 / 2 + 1) for _, (x0, y0, x1, y1) in t]
    want = [_near(e, box, c, t[k + 1:], lines, grounds) for k, ((e, box), c) in enumerate(zip(t, centres))]
    bulk, near.BULK = near.BULK, 1  # (every face in bulk, however few its texts)
    try:
        got = near_all(t, centres, lines, grounds)
    finally:
        near.BULK = bulk
    assert [tuple(map(list, n)) for n in got] == [tuple(map(list, n)) for n in want]
