"""Pictures set in a book so small that their labels crowd onto their lines (preflight/pictures.py), and the
book's fix: a picture with a key leaves those labels out (rulebook/sizing.py ``uncrowded``), and is never
shrunk further to fit a page once its words print at their least size. High Ground's battlefield on A4 and
US Letter, measured in the PDF."""

from __future__ import annotations

import functools
from pathlib import Path

import pymupdf
import pytest

from printgen.project import validate_game
from printgen.draw.document import Circle, Page, Poly, Style, Text
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight.checks import Settings, Sheet
from printgen.preflight.pictures import crowded
from printgen.preflight.run import picture_hits
from printgen.rulebook.flowables import scaled
from printgen.rulebook.sizing import Least, floored, uncrowded

DATA = Path(__file__).resolve().parents[2] / "data"
RING = Poly(((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0)), Style(stroke="#2050a0", width=0.6))


def _hex_with_digit() -> list:
    """A 20 mm zone ring with a level digit 2 mm high standing 1.2 mm over its foot: clear at print size."""
    return [RING, Text(14.0, 18.8, "1", "sans-bold", 2.0)]


def test_a_label_grown_onto_a_ring_is_found_and_one_clear_is_not():
    design = _hex_with_digit()
    k, least = 0.25, Least(text=6.0, label=5.0)
    ops = floored(design, k, least)  # at 25 % the digit is set at 5 pt, far larger than its 0.6 mm
    printed = Page(20 * k, 20 * k, [scaled(ops, k)])
    hits = list(crowded(Sheet.of("rulebook", "a4", 9, 9, printed),
                        Sheet.of("rulebook", "a4", 9, 9, Page(20, 20, design)), Settings(), scale=k))
    assert [h.cls for h in hits] == ["picture"]
    assert "prints '1' on one of its lines (closer than 0.30 mm) in a picture set at 25% of its size" in hits[0].message
    # at 90 % the digit (5.1 pt) needs no growing: it stands as close as the drawing's own proportions put it,
    # 1.1 mm over the ring, and the clearance is scaled with the picture
    k = 0.9
    ops = floored(design, k, least)
    assert ops == tuple(design)
    printed = Page(20 * k, 20 * k, [scaled(ops, k)])
    assert not list(crowded(Sheet.of("rulebook", "a4", 9, 9, printed),
                            Sheet.of("rulebook", "a4", 9, 9, Page(20, 20, design)), Settings(), scale=k))


def test_picture_hits_report_it_on_the_book_page():
    design, k = _hex_with_digit(), 0.25
    ops = floored(design, k, Least())
    pictures = ((7, Page(5, 5, [scaled(ops, k)]), Page(20, 20, design), k),)
    hits = [h for h in picture_hits(pictures, Settings(), stem="rulebook", paper="a4") if h.cls == "picture"]
    assert [h.page for h in hits] == [7]


def test_uncrowded_leaves_out_the_grown_label_and_keeps_the_clear_one():
    design = _hex_with_digit() + [Circle(10.0, 6.0, 3.0, Style(fill="#ffffff", stroke="#000000", width=0.3)),
                                  Text(10.0, 7.0, "GV", "sans-bold", 2.0, anchor="middle")]
    k, least = 0.25, Least()
    ops = floored(design, k, least)
    kept, kept_design = uncrowded(ops, design, k, (20.0, 20.0), least)
    texts = [op.text for op in kept if isinstance(op, Text)]
    assert "1" not in texts and len(kept_design) == len(kept)
    # nothing crowded: the same drawing back
    same, _ = uncrowded(design, design, 1.0, (20.0, 20.0), least)
    assert same == tuple(design)


@functools.lru_cache(maxsize=None)
def _high_ground(paper: str):
    game = validate_game(DATA / "heroscape-style")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    return target.asset.render(game, spec)["rulebook"]


def _touches(word, drawings) -> bool:
    """Does a stroked line of the page, its width counted, come within the word's glyphs (their ink's box)?"""
    box = pymupdf.Rect(word[:4])
    for path in drawings:
        if path.get("color") is None or not path["rect"].intersects(box):
            continue
        w = (path.get("width") or 0.0) / 2
        grown = pymupdf.Rect(box.x0 - w, box.y0 - w, box.x1 + w, box.y1 + w)
        for item in path["items"]:
            if item[0] == "l":
                a, b = item[1], item[2]
                for t in (i / 16 for i in range(17)):  # the segment, sampled: a line through a 2 mm label
                    if grown.contains(pymupdf.Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)):
                        return True
    return False


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_high_ground_battlefield_labels_stand_clear_of_its_lines(paper):
    """The review's measure: on the page of Cinder Ridge's map, no label of three letters or fewer (level
    digits, zone and glyph codes) has a ring or hex outline through its glyphs, and the map is printed at
    the scale its book chose (not shrunk to fill what was left of a page)."""
    pdf = _high_ground(paper)
    (number, page, design, k), *_ = sorted(pdf.pictures, key=lambda p: p[1].width * p[1].height, reverse=True)
    assert k >= 0.35  # upright in Letter's column (36 %) or turned on A4's page (43 %), never the 25 % of old
    doc = pymupdf.open(stream=pdf.data)
    pg = doc[number - 1]
    drawings = pg.get_drawings()
    labels = [w for w in pg.get_text("words", flags=pymupdf.TEXT_ACCURATE_BBOXES) if len(w[4]) <= 3 and w[4].strip()]
    assert len(labels) > 100
    bad = [w[4] for w in labels if _touches(w, drawings)]
    assert not bad, bad


def test_a_picture_is_located_at_the_markup_that_sets_it():
    """HexPrint's missions set each mission's map through one templated address (in a loop): a finding in any of
    them points at that line's ``![`` (the corpus test finds one at an address naming its map)."""
    from printgen.preflight.pictures import locate_picture

    game = validate_game(DATA / "hexprint")
    mission = game.data.maps[0].name
    loc = locate_picture(game, "map", mission)
    line = Path(game.templates, "rulebook", "09-missions.md").read_text().splitlines()[loc.line - 1]
    assert (Path(loc.file).name, line[loc.col - 1:loc.col + 1]) == ("09-missions.md", "![")
    assert "(<printgen:map/{{ ms.map }}>)" in line
    assert locate_picture(game, "no-such-kind", mission) is None


def _gap(word, drawings) -> float:
    """The least distance (mm) from a word's glyph box to a stroked line of the page, less half its width."""
    box = pymupdf.Rect(word[:4])
    best = 99.0
    for path in drawings:
        if path.get("color") is None or not (path["rect"] + (-9, -9, 9, 9)).intersects(box):
            continue
        w = (path.get("width") or 0.0) / 2
        for item in path["items"]:
            if item[0] != "l":
                continue
            a, b = item[1], item[2]
            for t in (i / 32 for i in range(33)):
                x, y = a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t
                dx = max(box.x0 - x, 0.0, x - box.x1)
                dy = max(box.y0 - y, 0.0, y - box.y1)
                best = min(best, ((dx * dx + dy * dy) ** 0.5 - w) * 25.4 / 72)
    return best


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hexprint_mission_maps_keep_their_labels_clear_of_the_rings(paper):
    """Issue 38: HexPrint's mission maps, at 32-33 % in a column, printed zone codes and level digits on their
    zone rings' outlines. Set across both columns they print at two thirds of their size: every map label (zone
    and objective codes, level digits) is kept, and each stands clear of every ring and hex outline."""
    game = validate_game(DATA / "hexprint")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    pdf = target.asset.render(game, spec)["rulebook"]
    maps = [p for p in pdf.pictures if p[1].width > 150]  # across both columns
    assert len(maps) == len(game.data.missions) == 3
    doc = pymupdf.open(stream=pdf.data)
    for number, page, design, k in maps:
        assert k >= 0.6
        designed = sum(1 for t in _flat_texts(design))
        pg = doc[number - 1]
        drawings = pg.get_drawings()
        labels = [w for w in pg.get_text("words", flags=pymupdf.TEXT_ACCURATE_BBOXES)
                  if len(w[4]) <= 3 and w[4].strip() and w[4][0].isalnum()]
        assert len(labels) >= designed  # none left out (the key's own codes besides)
        gaps = sorted((_gap(w, drawings), w[4]) for w in labels)
        assert gaps[0][0] >= 0.3, (number, gaps[:5])  # the game's clearance; in the column, 0.29 mm


def _flat_texts(page):
    from printgen.preflight.scene import flatten

    return [i for i in flatten(page) if i.kind == "text" and i.text.strip()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cinder_ridge_prints_every_label(paper):
    """Issue 38: on US Letter, Cinder Ridge at 36 % in the column left out 'GW', 'GV' and six level digits,
    which would have crowded its lines there. Turned on its page at 41 % (High Ground's theme leaves the
    room), every label of the map prints, 'GW' in its disc: measured in the PDF's text."""
    pdf = _high_ground(paper)
    (number, page, design, k), *_ = sorted(pdf.pictures, key=lambda p: p[1].width * p[1].height, reverse=True)
    assert k >= 0.41
    drawn = [t.text for t in _flat_texts(design)]
    assert len(drawn) == 366 and "GW" in drawn and "GV" in drawn  # the design, none left out
    pg = pymupdf.open(stream=pdf.data)[number - 1]
    words = [w[4] for w in pg.get_text("words")]
    for code in ("GW", "GV"):
        assert code in words, code
    assert words.count("1") >= drawn.count("1")  # the level digits (the key's own besides)
    drawings = pg.get_drawings()  # once: read again for each word, they took 15 s of the suite
    bad = [w[4] for w in pg.get_text("words", flags=pymupdf.TEXT_ACCURATE_BBOXES)
           if len(w[4]) <= 3 and w[4].strip() and _touches(w, drawings)]
    assert not bad, bad


def test_a_hit_on_a_named_picture_says_picture_once_and_is_checked_once_across_papers():
    from printgen.draw.provenance import Source, drawing
    from printgen.findings import Location
    from printgen.preflight.run import report

    with drawing(Source("the picture 'printgen:map/Stockade'", element=Location("rules.md", 3, 1))):
        ops = [Text(10, 15, "Defense 4", "sans", 3.2),
               Poly(((5, 14.2), (50, 14.2)), Style(stroke="#555555", width=0.25), closed=False)]
    a4 = picture_hits(((7, Page(60, 30, list(ops))),), Settings(), stem="rulebook", paper="a4")
    (hit,) = [h for h in a4 if h.cls == "overlap"]
    assert hit.page == 7 and hit.message.startswith("prints 'Defense 4' across a line")
    (finding,) = report([hit], Settings(), stem="rulebook", paper="a4", place=Location("game.yaml", 1, 1))
    assert "the picture 'printgen:map/Stockade' prints 'Defense 4' across a line" in finding.message
    assert "in a picture" not in finding.message
    # the same picture drawn alike on another page (the Letter book): the same hits, looked up, on its page
    letter = picture_hits(((9, Page(60, 30, list(ops))),), Settings(), stem="rulebook", paper="letter")
    assert [(h.cls, h.message, h.page) for h in letter] == [(h.cls, h.message, 9) for h in a4]


def _as_drawn(ops: list, k: float, number: int) -> tuple:
    """A picture printed as drawn at scale ``k`` on book page ``number``, as the book hands it to the preflight."""
    w, h = 60.0, 30.0
    return (number, Page(w * k, h * k, [scaled(ops, k)]), Page(w, h, list(ops)), k)


def test_a_picture_printed_as_drawn_finds_its_overlaps_at_any_scale_and_is_read_once():
    """A drawing printed only scaled overlaps itself alike at every scale (the overlap check reads shares of its
    texts' em against each other and its strokes): the other paper's picture is not read for that again, and
    what is looked up is what reading it finds."""
    import printgen.preflight.run as run

    ops = [Text(10, 15, "Defense 4", "sans", 3.2), Text(11, 15.4, "Range 2", "sans", 3.2),
           Poly(((5, 14.2), (50, 14.2)), Style(stroke="#555555", width=0.25), closed=False),
           Text(30, 25, "clear", "sans", 3.2)]
    run._SCALED.clear()
    first = picture_hits((_as_drawn(ops, 0.9, 4),), Settings(), stem="rulebook", paper="a4")
    assert len(run._SCALED) == 1
    looked_up = picture_hits((_as_drawn(ops, 0.8, 5),), Settings(), stem="rulebook", paper="letter")
    run._SCALED.clear()
    read = picture_hits((_as_drawn(ops, 0.8, 5),), Settings(), stem="rulebook", paper="letter")
    overlaps = sorted((h.cls, h.message) for h in read if h.cls == "overlap")
    assert len(overlaps) == 3  # a text over a text, a line across each
    assert sorted((h.cls, h.message) for h in looked_up if h.cls == "overlap") == overlaps
    assert sorted((h.cls, h.message) for h in first if h.cls == "overlap") == overlaps
    assert {h.page for h in looked_up} == {5}
    # a drawing with a label the book set larger (floored) is not one printed as drawn: read at its own scale
    run._SCALED.clear()
    grown = floored(ops, 0.2, Least())
    picture_hits(((6, Page(12, 6, [scaled(grown, 0.2)]), Page(60, 30, list(ops)), 0.2),), Settings(),
                 stem="rulebook", paper="a4")
    assert run._SCALED == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_battlefield_printed_as_drawn_crowds_no_label_the_long_way_either(paper):
    """crowded() reads no label of a picture printed as drawn (none set larger): its long way, made to run with
    the design as a copy (not the very ops), finds none on High Ground's battlefields either."""
    from printgen.preflight.pictures import as_designed

    pdf = _high_ground(paper)
    drawn = [p for p in pdf.pictures if as_designed(p[1], p[2])]
    assert drawn
    for number, page, design, k in drawn:
        sheet = Sheet.of("rulebook", paper, number, 1, page)
        short = list(crowded(sheet, design, Settings(), scale=k))
        long = list(crowded(sheet, Page(design.width, design.height, [scaled(design.ops, 1.0)]), Settings(), scale=k))
        assert [h.message for h in short] == [h.message for h in long]
        assert not [h for h in long if "on one of its lines" in h.message]
