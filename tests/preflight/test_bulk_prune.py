"""The preflight's pruning and grouping of a page's inks (preflight/bulk.py meets_any, Sheet.classes,
scene.over_rows): each gives what the plain reading gives."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Document
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight import checks, colour
from printgen.preflight.checks import Sheet
from printgen.preflight.scene import flatten
from printgen.project import validate_game

from ..conftest import FIXTURES, examples
from .test_bulk import _page


_CORNER = st.sampled_from([-5.0, -0.0, 0.0, 3.9, 4.0, 4.1, 7.99, 8.0, 12.0, 30.0, 61.5])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(*[_CORNER] * 4), min_size=1, max_size=12), st.lists(st.tuples(*[_CORNER] * 4), max_size=8),
       st.sampled_from([1.0, 4.0, 10.0]))
def test_a_box_set_aside_shares_no_point_with_any_other(boxes, others, cell):
    """bulk.meets_any keeps every box that shares a point with one of ``others`` (touching at an edge or a corner,
    a point on its side, boxes inside out included): what it sets aside, no test of pairs could have found."""
    from printgen.preflight.bulk import box_array, meets_any

    got = meets_any(box_array(boxes), box_array(others), cell)
    assert got is not None or not others or any(o[2] < o[0] or o[3] < o[1] for o in others)
    for b, kept in zip(boxes, [True] * len(boxes) if got is None else got.tolist()):
        shares = any(max(b[0], o[0]) <= min(b[2], o[2]) and max(b[1], o[1]) <= min(b[3], o[3])
                     and b[0] <= b[2] and b[1] <= b[3] and o[0] <= o[2] and o[1] <= o[3] for o in others)
        assert kept or not shares


def test_a_figure_not_a_number_sets_nothing_aside():
    from printgen.preflight.bulk import box_array, meets_any

    boxes = box_array([(0.0, 0.0, 1.0, 1.0), (50.0, 50.0, 51.0, 51.0)])
    assert meets_any(boxes, box_array([(0.0, 0.0, float("nan"), 1.0)])) is None
    assert meets_any(boxes, box_array([(0.0, 0.0, 1.0e12, 1.0)])) is None  # (spread over too many cells)
    assert meets_any(boxes, box_array([(0.5, 0.5, 0.6, 0.6)])).tolist() == [True, False]


def test_strokes_and_grounds_far_from_every_text_set_aside_change_no_reading(monkeypatch):
    """first_crossings and grounds_bulk read only the strokes and grounds meets_any keeps: on crowded generated
    pages, the corpus' and two bundled games' pages (a build guide's two hundred labels over fifteen hundred
    strokes), each text's first crossing stroke and its ground are the very ones every stroke and ground give."""
    from printgen.preflight import bulk
    from printgen.preflight.collide import _inside

    def readings(sheet):
        inks = sheet.inks
        texts = [t for t in inks if t.kind == "text"]
        live = [(k, b) for k, b in enumerate(checks._inner(t, 0.25) for t in texts) if b[2] > b[0] and b[3] > b[1]]
        at = [k for k, s in enumerate(inks) if s.kind == "shape" and s.stroked and s.role not in checks.GROUND_ROLES]
        grounds = [(n, g) for n, g in enumerate(inks) if g.kind == "shape" and g.filled and colour.rgb(g.colour)]
        centres = [(n, t, (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for n, t in enumerate(inks)
                   if t.kind == "text" and colour.rgb(t.colour)]
        out = []
        for prune in (0, 10 ** 12):
            monkeypatch.setattr(bulk, "PRUNE", prune)
            crossed = bulk.first_crossings([inks[k] for k in at], live, sheet.boxes()[at]) if live and at else {}
            under = bulk.grounds_bulk(grounds, centres, _inside) if grounds and centres else {}
            out.append((crossed, {k: id(g) for k, g in under.items()}))
        assert out[0] == out[1]
        return out[0]

    crossed = grounded = 0
    for seed in range(4):
        page = _page(seed, 400)
        c, g = readings(Sheet("x", "a4", 1, 1, page, flatten(page)))
        crossed, grounded = crossed + len(c), grounded + len(g)
    root = FIXTURES.parent.parent / "data"
    for folder, names in ((FIXTURES / "preflight-corpus", None), (root / "heroes-of-hex", ("maps", "scenarios")),
                          (root / "heroscape-style", ("build-guide",))):
        game = validate_game(folder)
        spec = PageSpec.for_paper("letter", game.data.game.print.margin)
        for target in plan_build([game], papers=["letter"]):
            if target.asset.kind != "paper" or "rulebook" in target.asset.name or (
                    names is not None and target.asset.name not in names):
                continue
            for doc in target.asset.render(game, spec).values():
                if isinstance(doc, Document):
                    for page in doc.pages:
                        c, g = readings(Sheet("x", "letter", 1, 1, page, flatten(page)))
                        crossed, grounded = crossed + len(c), grounded + len(g)
    assert crossed > 20 and grounded > 500


def test_a_pages_classes_read_in_one_pass_are_what_each_check_picked_out_alone():
    """Sheet.classes: the strokes overlaps reads, and the coloured texts and grounds contrast reads, picked out in
    one pass, are what each check's own pass over the inks gave (the same inks, places and centres, in order)."""
    for seed in range(6):
        page = _page(seed)
        sheet = Sheet("x", "a4", 1, 1, page, flatten(page))
        inks = sheet.inks
        strokes, texts, grounds = sheet.classes()
        assert strokes == [k for k, s in enumerate(inks)
                           if s.kind == "shape" and s.stroked and s.role not in checks.GROUND_ROLES] and strokes
        assert texts == [(n, t, (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for n, t in enumerate(inks)
                         if t.kind == "text" and colour.rgb(t.colour) is not None] and texts
        assert grounds == [(n, g) for n, g in enumerate(inks) if g.kind == "image" or g.kind == "shape" and g.filled
                           and colour.rgb(g.colour) is not None] and grounds
        assert sheet.classes()[0] is strokes  # (worked out once)
        sheet.inks = inks[:10]  # (and afresh for other inks)
        assert sheet.classes()[0] == [k for k in strokes if k < 10]


def _swept(order, inner, texts):
    """scene.over_sweep as it was first written: every text against the whole active list."""
    out, active = [], []
    for i in order:
        left = texts[i].box[0]
        active = [j for j in active if texts[j].box[2] > left]
        x0, y0, x1, y1 = inner[i]
        for j in active:
            o = inner[j]
            if min(x1, o[2]) - max(x0, o[0]) > 0.0 and min(y1, o[3]) - max(y0, o[1]) > 0.0:
                out.append((i, j))
        active.append(i)
    return out


_EDGE = st.sampled_from([0.0, -0.0, 3.9, 4.0, 4.1, 7.5, 8.0, 12.0, 15.99, 30.0])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(_EDGE, _EDGE, st.sampled_from([0.0, 0.5, 3.0, 9.0]), st.sampled_from([0.0, 0.5, 4.0, 13.0]),
                          st.sampled_from([0.0, 0.3])), min_size=1, max_size=40), st.booleans())
def test_texts_compared_within_their_rows_pair_as_the_whole_sweep_pairs_them(boxes, sort):
    """scene.over_rows (a table's cells: each text against those in its 4 mm rows) gives the pairs the sweep over
    every active text gives, in its order; an order not by left edges, or a figure not a number, is swept whole."""
    from printgen.preflight.scene import Ink, over_rows, over_sweep

    texts = [Ink("text", (x, y, x + w, y + h), text="t", size=6.0) for x, y, w, h, _ in boxes]
    inner = [(t.box[0] + d, t.box[1] + d, t.box[2] - d, t.box[3] - d) for t, (*_, d) in zip(texts, boxes)]
    order = sorted(range(len(texts)), key=lambda i: texts[i].box[0]) if sort else list(range(len(texts)))[::-1]
    want = _swept(order, inner, texts)
    got = over_rows(order, inner, texts)
    if sort or all(texts[a].box[0] <= texts[b].box[0] for a, b in zip(order, order[1:])):
        assert got == want
    else:
        assert got is None
    assert over_sweep(order, inner, texts) == want
    texts[0].box = (float("nan"), 0.0, 1.0, 1.0)
    assert over_rows(order, inner, texts) is None
