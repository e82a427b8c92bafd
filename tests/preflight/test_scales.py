"""A shape drawn across a scale's ticks (preflight/scales.py, class ``ink-on-ink``; the planted instance is
test_cases' "scale-covered"); and the bundled army cards, whose height ruler every figure keeps clear of."""

from __future__ import annotations

import pymupdf

from printgen.build import build
from printgen.preflight.scales import covered_scales
from printgen.preflight.scene import Ink

from ..conftest import REPO


def _stroke(x0, y0, x1, y1, group=1) -> Ink:
    return Ink("shape", (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), "scale", segments=(((x0, y0), (x1, y1)),),
               stroke_width=0.2, group=group)


def _fill(box, role="figure", group=1) -> Ink:
    return Ink("shape", box, role, filled=True, group=group, colour="#d0302a")


def test_a_shape_across_a_tick_is_found_and_the_panel_under_the_scale_is_not():
    scale = [_stroke(3, 10, 3, 60), _stroke(3, 30, 4.6, 30)]
    panel = _fill((0, 0, 40, 70), "panel")
    across = _fill((4, 25, 30, 35))  # over the tick at 30 only
    clear = _fill((5.7, 20, 30, 40), "clear")  # 1.1 mm off the tick's end
    other_face = _fill((0, 25, 30, 35), group=2)
    assert covered_scales([panel, *scale, clear, across, other_face]) == [(scale[1], across)]
    # a base whose top edge the ground tick ends on meets it by design
    assert covered_scales([*scale, _fill((4.6 - 0.001, 60, 30, 62), "base")]) == []


def test_every_army_card_figure_keeps_clear_of_its_height_ruler(tmp_path):
    assert build(folders=[REPO / "data" / "heroscape-style"], out=tmp_path, papers=["a4"], previews=False).ok
    doc = pymupdf.open(tmp_path / "heroscape-style/a4/army-cards.pdf")
    grey = (0x9a / 255, 0x95 / 255, 0x8c / 255)
    red = (0xd0 / 255, 0x30 / 255, 0x2a / 255)
    checked = 0
    for page in doc:
        drawings = page.get_drawings()
        rulers = [d for d in drawings if d.get("color") and all(abs(a - b) < 0.01 for a, b in zip(d["color"], grey))
                  and d["rect"].height > 50 and d["rect"].width < 1]  # each card's ruler line, 10 levels tall
        zones = [d for d in drawings if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], red))]
        for ruler in rulers:
            x, r = ruler["rect"].x0, ruler["rect"]
            # the zone beside it (the widest of the figure's shapes): its left edge past the longest ticks (1.6
            # mm) and 1 mm more
            (zone,) = [z for z in zones if r.y0 <= z["rect"].y0 <= r.y1 and 0 < z["rect"].x0 - x < 40 * 72 / 25.4]
            assert (zone["rect"].x0 - x) * 25.4 / 72 >= 1.6 + 1.0 - 0.01, page.number
            checked += 1
    assert checked == 12  # (twelve army cards; a card turned on its sheet would be read otherwise)
