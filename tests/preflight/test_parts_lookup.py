"""A page's faces and chunks of loose ops looked up by the kinds of its ops (placed._plan), as read op by op; and a
face placed again from the very ops read before (the next paper's sheets place the faces drawn for the last)
is looked up by their identities (parts.Parts.scan): the same face as looked up by value, and ops alike by value but
other objects are still found by value, as before."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Document, Group
from printgen.preflight import parts as parts_module
from printgen.preflight.run import ALL_PAGE_CHECKS, check_document

from .test_parts import S, _alike, _card, _sheet, ink_by_ink
from tests.conftest import examples


def test_a_face_of_the_very_ops_is_the_face_found_by_value():
    parts = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S)
    card = _card("Knight", over=False)
    first = parts.scan(Group(card, (1.0, 0.0, 0.0, 1.0, 20.0, 20.0)))
    # the same ops elsewhere (another paper's slot): by their identities; a copy alike by value: by value
    again = Group(tuple(card), (1.0, 0.0, 0.0, 1.0, 70.0, 40.0))
    assert parts.scan(again) is first and len(parts.by_ids) == 1
    copy = Group(tuple(type(op)(**{f: getattr(op, f) for f in op.__dataclass_fields__}) for op in card),
                 (1.0, 0.0, 0.0, 1.0, 20.0, 20.0))
    assert all(a is not b and a == b for a, b in zip(copy.ops, card))
    assert parts.scan(copy) is first and len(parts.by_ids) == 2 and len(parts.scans) == 1
    # turned, it is another face
    turned = parts.scan(Group(card, (0.0, 1.0, -1.0, 0.0, 90.0, 20.0)))
    assert turned is not first and len(parts.scans) == 2
    # another document's faces are its own, however alike
    parts.document("e", "a4")
    assert parts.scan(again) is not first and parts.by_ids is parts._by_ids["e"]


def test_sheets_of_the_same_faces_at_other_places_find_what_ink_by_ink_finds():
    cards = [_card(n, over=n == "Scout") for n in ("Knight", "Scout", "Archer")]
    doc = Document("d", [_sheet(cards, [(20, 20), (70, 20), (120, 20)]), _sheet(cards[::-1], [(20, 100), (70, 100),
                                                                                               (120, 100)])])
    fast = check_document(doc, S, stem="d", paper="a4")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d")) and fast


def _read_op_by_op(kinds) -> tuple:
    """What placed.PartSheet read op by op before it looked its pages' plans up: the faces' places, the chunks of
    loose ops (a text alone, shapes in a row), the faces before the first loose op, the last face's place."""
    from printgen.draw.document import Text

    at, chunks, first, run, last = [], [], None, None, -1
    for i, kind in enumerate(kinds):
        if kind is Group:
            at.append(i)
            run = None
            last = i
        elif run is None or kind is Text:
            if first is None:
                first = len(at)
            run = [i]
            chunks.append(run)
            if kind is Text:
                run = None
        else:
            run.append(i)
    return at, [(c[0], c[-1] + 1) for c in chunks], first, last


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(["group", "text", "poly", "rect", "circle"]), max_size=40))
def test_a_pages_plan_is_what_reading_it_op_by_op_finds(names):
    from printgen.draw.document import Circle, Poly, Rect, Text
    from printgen.preflight.placed import _plan

    kinds = tuple({"group": Group, "text": Text, "poly": Poly, "rect": Rect, "circle": Circle}[n] for n in names)
    assert _plan(kinds) == _read_op_by_op(kinds)


def test_sheets_of_faces_found_clean_before_read_only_their_loose_runs_and_find_what_ink_by_ink_finds():
    """A face every check of a face alone has read and found clean is passed over on the next sheets that place
    it (placed.PartSheet._faces_quiet); a sheet holding a face with a hit reads its faces as before."""
    from printgen.preflight.checks import Settings

    clean = [_card(n, over=False)[:3] for n in ("Knight", "Scout", "Archer")]  # (a ground, a frame, a name)
    marked = _card("Scout", over=True)  # (its badges overlap: an ink-on-ink hit)
    places = [(20, 20), (70, 20), (120, 20)]
    doc = Document("d", [_sheet(clean, places), _sheet(clean[::-1], places), _sheet(clean[:2] + [marked], places),
                         _sheet(clean, places)])
    parts = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, Settings())
    quiet = []
    for number, page in enumerate(doc.pages, 1):
        sheet = parts.sheet(page, number, len(doc.pages))
        quiet.append(sheet._faces_quiet())
        for name, check in ALL_PAGE_CHECKS.items():
            sheet.check(name, check, S)
    assert quiet == [False, True, False, True]
    fast = check_document(doc, S, stem="d", paper="a4")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d")) and any(h.cls == "ink-on-ink" and h.page == 3 for h in fast)


def _copy(op):
    """``op`` drawn afresh: another object alike by value (a group's ops copied too)."""
    if type(op) is Group:
        return Group(tuple(_copy(o) for o in op.ops), op.matrix, op.clip)
    return type(op)(**{f: getattr(op, f) for f in op.__dataclass_fields__})


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Knight", "Scout", "Archer"]), st.booleans(),
                          st.sampled_from(["same", "copy", "moved-text"]), st.integers(0, 11),
                          st.sampled_from([(1.0, 0.0, 0.0, 1.0), (0.0, 1.0, -1.0, 0.0)]),
                          st.sampled_from([None, (0.0, 0.0, 40.0, 60.0)])), max_size=4 * parts_module.KEPT_ALIKE))
def test_faces_are_found_alike_exactly_when_their_ops_turn_and_clip_are_equal(faces):
    """parts.Parts.scan gives one Scan to faces alike by value (their ops equal, a text's source not compared, the
    same turn and clip), the first met of them, and a face of its own to any other: as a dict keyed by the ops'
    values finds them, however many faces of one outline (the same kinds of ops and words) it has met."""
    from printgen.draw.document import Text

    cards = {(n, o): _card(n, over=o) for n in ("Knight", "Scout", "Archer") for o in (False, True)}
    parts = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S)
    by_value: dict = {}
    for name, over, how, shift, turn, clip in faces:
        ops = cards[(name, over)]
        if how == "copy":  # (the same words and kinds of ops: one outline, compared by value)
            ops = tuple(_copy(op) for op in ops)
        elif how == "moved-text":  # (the same outline, another face: many such, looked up by hash past KEPT_ALIKE)
            ops = tuple(Text(op.x + 0.5 * shift, op.y, op.text, op.font, op.size, op.colour, op.anchor)
                        if type(op) is Text and op.text == name else op for op in ops)
        got = parts.scan(Group(ops, (*turn, 30.0, 40.0), clip))
        expected = by_value.setdefault((ops, clip, *turn), got)
        assert got is expected
    dicts = [b for b in parts.scans.values() if type(b) is dict]
    assert all(len(b) >= parts_module.KEPT_ALIKE for b in dicts)
    assert len({id(s) for s in by_value.values()}) == len(by_value)


def test_many_faces_of_one_outline_are_looked_up_by_value_past_the_few_compared_one_by_one():
    from printgen.draw.document import Text

    parts = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S)
    card = _card("Knight", over=False)
    n = 3 * parts_module.KEPT_ALIKE
    # one outline (the same kinds of ops and words), each face's name a little further right: all other faces
    faces = [tuple(Text(op.x + 0.25 * k, op.y, op.text, op.font, op.size, op.colour, op.anchor)
                   if type(op) is Text and op.text == "Knight" else op for op in card) for k in range(n)]
    first = [parts.scan(Group(ops, (1.0, 0.0, 0.0, 1.0, 20.0, 20.0))) for ops in faces]
    assert len({id(s) for s in first}) == n and len(parts.scans) == 1
    assert type(next(iter(parts.scans.values()))) is dict
    # each drawn afresh (alike by value, other objects) is found, in any order
    again = [parts.scan(Group(tuple(_copy(op) for op in ops), (1.0, 0.0, 0.0, 1.0, 70.0, 40.0)))
             for ops in reversed(faces)]
    assert again[::-1] == first and all(a is b for a, b in zip(again[::-1], first))
