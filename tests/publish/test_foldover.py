"""Fold-over sheets and duplex calibration, opened and measured (pymupdf): every back sits at the mirror
of its front across the printed fold line, so folding on the line puts it behind its front; the
calibration sheet's back pointers sit behind the front scales' zeros; a duplex offset set in game.yaml
moves every backs page's drawing by (+x, -y) (render/duplex.py) and nothing else."""

from __future__ import annotations

import shutil

import pymupdf
import pytest

from printgen.draw.document import Page, Rect, Style
from printgen.project import validate_game
from printgen.publish.foldover import BLEED, foldover_export
from printgen.render.compose import finish
from printgen.draw.page import PageSpec
from tests.conftest import FIXTURES
from tests.pdfmeasure import drawings

TOL = 0.1


@pytest.fixture(scope="module")
def folded() -> dict[str, bytes]:
    files, info = foldover_export(validate_game(FIXTURES / "mini-hexprint"), None)
    assert {"glue", "fold", "paper"} <= set(info["facts"])
    return files


def _fold_x(page) -> float:
    [fold] = [d for d in drawings(page) if d.get("dashes") and d["dashes"] != "[] 0"
              and abs(d["mm"][0] - d["mm"][2]) < 0.01 and d["mm"][3] - d["mm"][1] > 100]
    return fold["mm"][0]


def test_each_back_lands_behind_its_front_when_folded(folded):
    doc = pymupdf.open(stream=folded["foldover/unit-cards.pdf"], filetype="pdf")
    box = (63.5 + 2 * BLEED, 88.9 + 2 * BLEED)
    for page in doc:
        w = page.rect.width * 25.4 / 72
        fold = _fold_x(page)
        assert fold == pytest.approx(w / 2, abs=0.01)
        faces = [d["mm"] for d in drawings(page) if d.get("fill") is not None
                 and abs(d["mm"][2] - d["mm"][0] - box[0]) < TOL and abs(d["mm"][3] - d["mm"][1] - box[1]) < TOL]
        fronts = [f for f in faces if f[2] <= fold]
        backs = [f for f in faces if f[0] >= fold]
        assert fronts and len(fronts) == len(backs)
        for x0, y0, x1, y1 in fronts:
            # folding on the line takes x to 2 fold - x: the front's box lands on a back's box
            behind = (2 * fold - x1, y0, 2 * fold - x0, y1)
            assert any(all(abs(a - b) <= TOL for a, b in zip(behind, back)) for back in backs), (x0, y0)
        text = page.get_text()
        assert "Fold on the dashed line" in text and "glue stick" in text


def test_every_card_is_on_the_sheets_as_often_as_its_deck_holds_it(folded):
    doc = pymupdf.open(stream=folded["foldover/unit-cards.pdf"], filetype="pdf")
    text = " ".join(p.get_text() for p in doc)
    assert text.count("GUARD") == 1 and text.count("SCOUTS") == 1


def test_the_calibration_pointers_sit_behind_the_scales_zeros(folded):
    doc = pymupdf.open(stream=folded["foldover/duplex-calibration.pdf"], filetype="pdf")
    assert len(doc) == 2
    front, back = doc
    w = front.rect.width * 25.4 / 72
    zeros = [d["mm"] for d in drawings(front) if d.get("color") is not None and d.get("width")
             and max(d["mm"][2] - d["mm"][0], d["mm"][3] - d["mm"][1]) == pytest.approx(4.0, abs=0.01)]
    assert len(zeros) == 2  # the scales' zero ticks are the longest, 4 mm
    across = next(z for z in zeros if abs(z[0] - z[2]) < 0.01)
    down = next(z for z in zeros if abs(z[1] - z[3]) < 0.01)
    red = [d["mm"] for d in drawings(back) if d.get("color") and d["color"][0] > 0.7 and d["color"][1] < 0.3]
    vertical = next(r for r in red if abs(r[0] - r[2]) < 0.01)
    horizontal = next(r for r in red if abs(r[1] - r[3]) < 0.01)
    assert w - vertical[0] == pytest.approx(across[0], abs=0.01)  # a long-edge flip: x -> w - x
    assert vertical[1] <= across[1] <= vertical[3]
    assert horizontal[1] == pytest.approx(down[1], abs=0.01)
    assert w - horizontal[2] <= down[0] <= w - horizontal[0]


def test_a_duplex_offset_moves_the_backs_and_nothing_else(tmp_path):
    dest = tmp_path / "g"
    shutil.copytree(FIXTURES / "mini-hoh", dest)
    with (dest / "game.yaml").open("a") as f:
        f.write("print: {duplex: {x: 0.8mm, y: -0.5mm}}\n")
    cfg = validate_game(dest).data.game
    spec = PageSpec("a4", 210.0, 297.0, 5.0)
    style = Style(fill="#336699")
    front, back = Page(210, 297, [Rect(20, 30, 40, 50, style)]), Page(210, 297, [Rect(20, 30, 40, 50, style)])
    back.label, back.trim = "backs", (20, 30, 60, 80)
    from printgen.write.pdf import to_pdf

    doc = pymupdf.open(stream=to_pdf(finish([front, back], spec, game=cfg, title="t")), filetype="pdf")
    boxes = [[d["mm"] for d in drawings(p) if d.get("fill") == pytest.approx((0.2, 0.4, 0.6), abs=0.01)] for p in doc]
    assert boxes[0] == [pytest.approx((20, 30, 60, 80), abs=0.01)]
    assert boxes[1] == [pytest.approx((20.8, 30.5, 60.8, 80.5), abs=0.01)]  # (+x, -y): x right, y up by 0.5
    assert back.trim == pytest.approx((20.8, 30.5, 60.8, 80.5))


def test_an_offset_past_a_printers_is_a_located_finding(tmp_path):
    dest = tmp_path / "g"
    shutil.copytree(FIXTURES / "mini-hoh", dest)
    with (dest / "game.yaml").open("a") as f:
        f.write("print:\n  duplex: {x: 12mm}\n")
    [f] = [f for f in validate_game(dest).findings if f.is_error]
    assert "more than a printer's offset" in f.message and f.loc.line == len((dest / "game.yaml").read_text().splitlines())
