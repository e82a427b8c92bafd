"""Imposition properties: fits, no overlaps, crop marks clear of every item, backs mirrored."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from printgen.draw.document import apply
from printgen.draw.page import PageSpec
from printgen.render.sheets import MARK_LEN, crop_marks, place, plan_sheet
from tests.conftest import examples

sizes = st.floats(min_value=20.0, max_value=130.0)


@settings(max_examples=examples(200))
@given(sizes, sizes, st.floats(0.0, 5.0), st.sampled_from(["a4", "letter", "a3"]), st.floats(0.0, 10.0))
def test_layouts_fit_inside_the_content_area_without_overlap(w, h, bleed, paper, margin):
    spec = PageSpec.for_paper(paper, margin)
    try:
        layout = plan_sheet(spec, (w, h), bleed)
    except ValueError:
        return  # too big for this paper: reported, not drawn
    x0, y0, x1, y1 = spec.content
    cw, ch = layout.cell
    slots = layout.slots()
    assert len(slots) == layout.per_page >= 1
    for s in slots:
        assert x0 - 1e-6 <= s.x and s.x + cw <= x1 + 1e-6
        assert y0 - 1e-6 <= s.y and s.y + ch <= y1 + 1e-6
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            assert a.x + cw <= b.x + 1e-6 or b.x + cw <= a.x + 1e-6 or a.y + ch <= b.y + 1e-6 or b.y + ch <= a.y + 1e-6
    # crop marks stay on the page's content area and never touch an item's bleed box
    for mark in crop_marks(layout):
        (ax, ay), (bx, by) = mark.points
        assert x0 - 1e-6 <= min(ax, bx) and max(ax, bx) <= x1 + 1e-6
        assert y0 - 1e-6 <= min(ay, by) and max(ay, by) <= y1 + 1e-6
        for s in slots:
            inside_x = s.x < (ax + bx) / 2 < s.x + cw
            inside_y = s.y < (ay + by) / 2 < s.y + ch
            assert not (inside_x and inside_y)
    # backs mirror fronts left to right
    for f, b in zip(slots, layout.slots(back=True)):
        assert abs((f.x + cw / 2) + (b.x + cw / 2) - spec.width) < 1e-6 and f.y == b.y


@pytest.mark.parametrize("paper,count", [("a4", 6), ("letter", 6)])
def test_poker_cards_with_3mm_bleed(paper, count):
    layout = plan_sheet(PageSpec.for_paper(paper, 5.0), (63.5, 88.9), 3.0)
    assert layout.per_page == count


def test_without_bleed_nine_poker_cards_fit_a4():
    assert plan_sheet(PageSpec.for_paper("a4", 5.0), (63.5, 88.9), 0.0).per_page == 9


def test_a_back_lands_behind_its_front_after_a_long_edge_flip():
    """The top-left trim corner of a front, flipped about the page's vertical axis, meets the
    top-right trim corner of its back (both seen from the front), for upright and rotated layouts."""
    for trim, paper in (((63.5, 88.9), "a4"), ((40.0, 40.0), "letter")):
        layout = plan_sheet(PageSpec.for_paper(paper, 5.0), trim, 3.0)
        b = layout.bleed
        w = layout.spec.width
        for f_slot, b_slot in zip(layout.slots(), layout.slots(back=True)):
            front = place([], f_slot, layout)
            back = place([], b_slot, layout, back=True)
            top_left = apply(front.matrix, (b, b))
            top_right_back = apply(back.matrix, (b + trim[0], b))
            assert abs((w - top_left[0]) - top_right_back[0]) < 1e-6
            assert abs(top_left[1] - top_right_back[1]) < 1e-6


def test_too_large_an_item_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        plan_sheet(PageSpec.for_paper("a4", 5.0), (300.0, 400.0), 3.0)


def test_marks_are_the_stated_length():
    layout = plan_sheet(PageSpec.for_paper("a4", 5.0), (63.5, 88.9), 3.0)
    for m in crop_marks(layout):
        (ax, ay), (bx, by) = m.points
        assert abs(abs(ax - bx) + abs(ay - by) - MARK_LEN) < 1e-9
