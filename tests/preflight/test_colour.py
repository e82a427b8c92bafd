"""The contrast and markup classes: WCAG's ratio and the colour-vision simulation measured, and the bundled
defects they found gone from the PDFs (Hex Dice's base letters, Heroes of Hex's captions)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from printgen.project import validate_game
from printgen.draw.document import Image, Page, Poly, Style, Text
from printgen.draw.page import PageSpec
from printgen.hexgrid import Hex, Layout
from printgen.plan import plan_build
from printgen.preflight.checks import Settings, Sheet
from printgen.preflight.colour import CVD, contrast, markup_residue, ratio, rgb, worst_ratio
from printgen.write.pdf import to_pdf

DATA = Path(__file__).resolve().parents[2] / "data"


def test_wcag_ratio_at_its_ends_and_a_known_pair():
    assert ratio((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert ratio((1, 1, 1), (1, 1, 1)) == pytest.approx(1.0)
    assert ratio(rgb("#767676"), rgb("#ffffff")) == pytest.approx(4.54, abs=0.01)  # WCAG's grey at the AA edge


def test_every_simulated_vision_keeps_white_white():
    # Machado et al.'s matrices keep the achromatic axis: each row sums to 1
    for rows in CVD.values():
        for row in rows:
            assert sum(row) == pytest.approx(1.0, abs=2e-3)


def test_red_on_green_fails_for_the_colour_blind_only():
    normal, _ = worst_ratio("#d03030", "#3aa03a", meaning=False)
    worst, vision = worst_ratio("#d03030", "#3aa03a", meaning=True)
    assert worst < normal and vision in ("protanopia", "deuteranopia")


@given(st.integers(0, 0xFFFFFF), st.integers(0, 0xFFFFFF))
def test_ratio_is_symmetric_and_bounded(a, b):
    ca, cb = rgb(f"#{a:06x}"), rgb(f"#{b:06x}")
    r = ratio(ca, cb)
    assert 1.0 - 1e-9 <= r <= 21.0 + 1e-9 and r == pytest.approx(ratio(cb, ca))


@pytest.mark.parametrize("text", ["Fool\\'s Gold", "a &amp; b", "<b>Bold</b>", "**Move**", "stray\\*",
                                  "![The field](printgen:map/Ember Field)", "see [rules](the rules)"])
def test_markup_residue_is_named(text):
    assert markup_residue(text)


@pytest.mark.parametrize("text", ["Fool's Gold", "3 + 4 = 7", "A/C/T", "Range 2-3", "x * y", "e-mail: a@b",
                                  "a [bracket] (aside)", "Roll [2] dice (then reroll)"])
def test_plain_text_is_not_residue(text):
    assert markup_residue(text) is None


def _fills_under(page, x, y):
    """The fill colour drawn last whose path's rectangle holds (x, y) (page pt)."""
    best = None
    for d in page.get_drawings():
        if d.get("fill") is not None and d["rect"].contains(pymupdf.Point(x, y)):
            best = d["fill"]
    return best


def test_hex_dice_base_letters_read_on_their_hexes_for_every_vision():
    game = validate_game(DATA / "hex-dice")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name.startswith("map"))
    docs = target.asset.render(game, spec)
    doc = pymupdf.open(stream=to_pdf(next(iter(docs.values()))))
    measured = []
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip() not in tuple("ABCDEFabcdef"):
                        continue
                    x0, y0, x1, y1 = span["bbox"]
                    ground = _fills_under(page, (x0 + x1) / 2, (y0 + y1) / 2)
                    if ground is None:
                        continue
                    c = span["color"]
                    text = "#%06x" % c
                    g = "#%02x%02x%02x" % tuple(round(v * 255) for v in ground)
                    measured.append(worst_ratio(text, g, meaning=True)[0])
    assert len(measured) >= 12  # every base and deployment letter, on both tiles
    assert min(measured) >= 4.5, sorted(measured)[:8]  # was 1.24:1 at worst on the khaki base hexes


def test_heroes_of_hex_captions_print_no_backslash():
    game = validate_game(DATA / "heroes-of-hex")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    text = " ".join(p.get_text() for p in pymupdf.open(stream=target.asset.render(game, spec)["rulebook"].data))
    assert "\\" not in text
    assert "Fool's Gold Ambush" in text and "The Arachne's Lair" in text


# Planted pages for the check's false findings: a level number on a light hex, near the corner of a dark
# neighbour (flat-top hexes: the neighbour's box reaches over the light hex's right side), and a white word
# on a dark picture laid over a light ground.
LIGHT, DARK = "#e6dfc8", "#2e6436"


def _hexes(label_on: Hex):
    lay = Layout("flat", 25.4, origin=(40.0, 40.0))
    ops = [Poly(tuple(lay.corners(h)), Style(fill=LIGHT if h == Hex(0, 0) else DARK), role="hex")
           for h in (Hex(0, 0), Hex(1, -1), Hex(1, 0))]  # the light hex drawn first, its neighbours after it
    cx, cy = lay.hex_to_point(label_on)
    x = cx + 25.4 * 0.3  # where a map prints a hex's level: right of its centre
    return lay, ops + [Text(x, cy + 1.5, "2", "sans-bold", 4.3, "#1d1d1b" if label_on == Hex(0, 0) else "#111111",
                            "middle")]


def test_a_label_is_read_against_its_own_hex_not_a_neighbour_whose_box_covers_it():
    lay, ops = _hexes(Hex(0, 0))
    cx, cy = lay.hex_to_point(Hex(0, 0))
    (ink,) = [i for i in Sheet.of("map-x", "a4", 1, 1, Page(210, 297, ops)).inks if i.kind == "text"]
    centre = ((ink.box[0] + ink.box[2]) / 2, (ink.box[1] + ink.box[3]) / 2)
    boxes = [(min(x for x, _ in c), min(y for _, y in c), max(x for x, _ in c), max(y for _, y in c))
             for c in (lay.corners(Hex(1, -1)), lay.corners(Hex(1, 0)))]
    # the trap is set: the label's centre is inside a dark neighbour's box, drawn after its own hex
    assert any(b[0] <= centre[0] <= b[2] and b[1] <= centre[1] <= b[3] for b in boxes)
    assert list(contrast(Sheet.of("map-x", "a4", 1, 1, Page(210, 297, ops)), Settings())) == []


def test_a_dark_label_on_the_dark_hex_itself_is_still_found():
    _, ops = _hexes(Hex(1, 0))
    (hit,) = contrast(Sheet.of("map-x", "a4", 1, 1, Page(210, 297, ops)), Settings())
    assert "'2' (#111111 on #2e6436)" in hit.message


def test_a_word_on_a_picture_is_not_judged_against_the_ground_under_the_picture():
    from PIL import Image as PILImage
    import io

    buf = io.BytesIO()
    PILImage.new("RGB", (8, 8), (20, 20, 20)).save(buf, "PNG")
    ground = Poly(((10, 10), (90, 10), (90, 50), (10, 50)), Style(fill="#ffffff"), role="panel")
    word = Text(50, 32, "DARK SKY", "sans-bold", 3.0, "#ffffff", "middle")
    page = Page(100, 60, [ground, Image(20, 15, 60, 30, buf.getvalue()), word])
    assert list(contrast(Sheet.of("card", "a4", 1, 1, page), Settings())) == []
    # without the picture the same white word on white is found
    (hit,) = contrast(Sheet.of("card", "a4", 1, 1, Page(100, 60, [ground, word])), Settings())
    assert "(#ffffff on #ffffff) at a contrast of 1.00:1" in hit.message


def test_a_word_with_nothing_drawn_under_it_is_read_against_the_paper():
    # Hexatech's faction reference printed "Ability: Wild" in a grey on the bare page: 3.70:1
    page = Page(100, 60, [Text(10, 20, "Ability: Wild", "sans-bold", 3.0, "#838589")])
    (hit,) = contrast(Sheet.of("faction-reference", "a4", 1, 1, page), Settings())
    assert "(#838589 on #ffffff) at a contrast of 3.70:1" in hit.message
    dark = Page(100, 60, [Text(10, 20, "Ability: Wild", "sans-bold", 3.0, "#595b5e")])
    assert list(contrast(Sheet.of("faction-reference", "a4", 1, 1, dark), Settings())) == []


def test_markup_residue_reads_a_long_text_of_brackets_in_one_pass():
    """Ten thousand '[' (a stranger's card text) must not cost a scan per bracket: read in well under a second."""
    import time

    start = time.process_time()
    for text in ("[" * 100_000, "![" * 50_000, "[a" * 50_000):
        assert markup_residue(text) is None
    assert time.process_time() - start < 1.0  # (quadratic: about 50 s for these)
