"""A face placed again from the very ops read before (the next paper's sheets place the faces drawn for the last)
is looked up by their identities (parts.Parts.scan): the same face as looked up by value, and ops alike by value but
other objects are still found by value, as before."""

from __future__ import annotations

from printgen.draw.document import Document, Group
from printgen.preflight import parts as parts_module
from printgen.preflight.run import ALL_PAGE_CHECKS, check_document

from .test_parts import S, _alike, _card, _sheet, ink_by_ink


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
