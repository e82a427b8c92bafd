"""HexPrint: the rule pack, the bundled data, the Hex Timer's geometry."""

from __future__ import annotations

import pytest

from printgen.project import validate_game  # first: it loads every pack in order
from printgen.packs.hexprint.checks import card_lines  # noqa: E402
from printgen.packs.hexprint.dial import Dial, dial_for  # noqa: E402
from tests.conftest import FIXTURES, REPO

GAME = REPO / "data" / "hexprint"


@pytest.fixture(scope="module")
def game():
    return validate_game(GAME)


def test_bundled_data_is_clean(game):
    assert game.ok() and game.findings == []


def test_the_mini_fixture_is_clean():
    assert validate_game(FIXTURES / "mini-hexprint").findings == []


def test_at_least_eight_units_use_every_mechanic_the_seed_names(game):
    units = game.data.units
    assert len(units) >= 8
    abilities = [a for u in units for a in u.abilities]
    assert any(u.statics for u in units)
    assert {a.uses.per for a in abilities if a.uses} == {"turn", "round"}
    assert {a.reaction.mode for a in abilities if a.reaction} == {"may", "must"}
    assert any(a.no_los for a in abilities)
    assert any(u.size.hexes > 1 for u in units) and any(u.size.models > 1 for u in units)
    assert all(u.grants for u in units)
    text = " ".join(a.text for a in abilities)
    for word in ("Push", "Pull", "Slide", "Downed", "Death Die", "boxed", "TAR", "MOV", "cover"):
        assert word in text or any(word in s.text for u in units for s in u.statics), word
    tags = {t for u in units for t in u.tags}
    assert game.rules.character_tag in tags


def test_every_card_s_slots_cover_the_die_once(game):
    for u in game.data.units:
        values = sorted(v for _, _, line in card_lines(u) for v in range(line.slots[0], line.slots[1] + 1))
        assert values == list(range(1, game.rules.damage_die + 1)), u.type
        assert 1 <= u.act.value <= game.rules.action_cap
        assert 2 <= u.tar.value <= 6


def test_terrain_has_land_water_and_both(game):
    tags = {tuple(sorted(t.tags)) for t in game.data.terrain}
    assert {("Land",), ("Water",), ("Land", "Water")} <= tags
    assert {t.height for t in game.data.terrain if "Water" in t.tags} == {0}
    assert any(t.card and t.card.activation for t in game.data.terrain)


def test_missions_say_who_places_first_and_use_their_maps(game):
    for ms in game.data.missions:
        assert ms.symmetric != bool(ms.defender)
        assert any(m.name == ms.map for m in game.data.maps)
    assert any(ms.neutrals for ms in game.data.missions) and any(ms.time_limit is None for ms in game.data.missions)


def test_a_timer_segment_holds_every_initiative_marker(game):
    dial = dial_for(game.data.looks, game.rules)
    assert dial.capacity() >= game.rules.max_units
    spots = dial.spots(1)
    assert len(spots) == dial.capacity()
    m = dial.marker
    for i, (x, y) in enumerate(spots):  # no two spots overlap; each lies inside the ring
        r = (x * x + y * y) ** 0.5
        assert dial.hub / 2 + m / 2 <= r <= dial.radius - m / 2
        for x2, y2 in spots[i + 1:]:
            assert ((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= m


def test_a_small_dial_holds_fewer_markers():
    assert Dial(100, 20, 6, 16, 8).capacity() < Dial(190, 24, 6, 16, 8).capacity()


# ---- printables, measured in the PDFs ----

import math  # noqa: E402

from printgen.draw.document import Document, Page  # noqa: E402
from printgen.packs.hexprint.cards import slot_values  # noqa: E402
from printgen.write.pdf import to_pdf  # noqa: E402
from tests.pdfmeasure import circles, colour, drawings, open_pdf, text_spans  # noqa: E402


@pytest.fixture(scope="module")
def built(bundled_build):
    return bundled_build / "hexprint"  # built once for the test run (conftest.bundled_build)


def _shoelace(pts) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))) / 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_timer_dial_has_six_equal_segments_and_the_diameter_data_gives(game, built, paper):
    page = open_pdf(built / paper / "hex-timer.pdf")[0]
    dial = dial_for(game.data.looks, game.rules)
    (cut,) = [d for d in circles(page, stroke="#000000") if abs(d["mm"][2] - d["mm"][0] - dial.diameter) < 0.5]
    x0, y0, x1, y1 = cut["mm"]
    assert abs((x1 - x0) - dial.diameter) <= 0.05 and abs((y1 - y0) - dial.diameter) <= 0.05
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    # the segment lines run from the hub to the rim, 60 degrees apart
    lines = []
    for d in drawings(page):
        if len(d["items"]) == 1 and d["items"][0][0] == "l":
            a, b = d["pts"]
            ra, rb = math.dist(a, c), math.dist(b, c)
            if abs(ra - dial.hub / 2) < 0.05 and abs(rb - dial.radius) < 0.05:
                lines.append(math.degrees(math.atan2(b[0] - c[0], -(b[1] - c[1]))) % 360)
    assert len(lines) == 6
    lines.sort()
    gaps = [(lines[(i + 1) % 6] - lines[i]) % 360 for i in range(6)]
    assert all(abs(g - 60) < 0.05 for g in gaps)
    assert min(min(a, 360 - a) for a in lines) < 0.05  # the round turn at 12 o'clock
    # the six coloured segments have equal areas
    wedges = [d for d in drawings(page) if d.get("fill") is not None and len(d["pts"]) > 60
              and abs(math.dist(c, d["pts"][0]) - dial.radius) < 0.05]
    areas = [_shoelace(vertices_in_order(d)) for d in wedges]
    assert len(areas) == 6 and max(areas) - min(areas) < 0.002 * max(areas)
    # each segment number once, and room for every initiative marker in each segment
    text = {s["text"].strip() for s in text_spans(page)}
    assert {str(i) for i in range(1, 7)} <= text and "START" in text and "NEW ROUND" in text
    spots = [d for d in circles(page) if d.get("dashes") and abs(d["mm"][2] - d["mm"][0] - dial.marker) < 0.05]
    assert len(spots) == 6 * dial.capacity() and dial.capacity() >= game.rules.max_units


def vertices_in_order(d) -> list:
    out = []
    for p in d["pts"]:
        if not out or math.dist(p, out[-1]) > 1e-6:
            out.append(p)
    return out


def _card_pdf(game, index, tmp_path):
    """Unit ``index``'s card front alone on a page of its bleed box, drawn through its layout."""
    from printgen.layout.sheets import FaceMaker

    data = game.data
    (w, h), bleed = data.game.card.size, data.game.card.bleed
    maker = FaceMaker(game)
    ops = maker.draw(maker.layouts["unit-card"], data.units[index], "units", index, "card")
    assert not maker.found, [f.format() for f in maker.found]
    page = Page(w + 2 * bleed, h + 2 * bleed, ops)
    path = tmp_path / "card.pdf"
    path.write_bytes(to_pdf(Document("card", [page])))
    return open_pdf(path)[0]


def _dice_and_boxes(page, looks):
    """(die value, centre) of every d6 slot printed, and the centres of the damage boxes, in mm."""
    ds = drawings(page)
    dice, boxes = [], []
    for d in ds:
        x0, y0, x1, y1 = d["mm"]
        w, h = x1 - x0, y1 - y0
        if abs(w - looks.card.slot) < 0.02 and abs(h - looks.card.slot) < 0.02 and colour(d) == "#ffffff":
            pips = [p for p in ds if p.get("fill") is not None and p["mm"][2] - p["mm"][0] < looks.card.slot * 0.25
                    and x0 < p["mm"][0] and p["mm"][2] < x1 and y0 < p["mm"][1] and p["mm"][3] < y1]
            dice.append((len(pips), ((x0 + x1) / 2, (y0 + y1) / 2)))
        elif abs(w - looks.card.box) < 0.02 and abs(h - looks.card.box) < 0.02:
            boxes.append(((x0 + x1) / 2, (y0 + y1) / 2))
    return dice, boxes


def test_each_card_prints_its_damage_boxes_and_d6_slots_as_its_data_says(game, tmp_path):
    data = game.data
    for index, unit in enumerate(data.units):
        page = _card_pdf(game, index, tmp_path)
        dice, boxes = _dice_and_boxes(page, data.looks)
        assert sorted(v for v, _ in dice) == list(range(1, 7)), unit.type
        assert len(boxes) == sum(line.boxes for _, _, line in card_lines(unit)), unit.type
        spans = text_spans(page)
        for _, label, line in card_lines(unit):  # each line's dice and boxes sit under/beside its own label
            (lab,) = [s for s in spans if s["text"].strip() == label][:1]
            lx, ly = lab["mm"][0], lab["mm"][1]
            mine = [(v, p) for v, p in dice if v in slot_values(line)]
            assert len(mine) == len(slot_values(line))
            dx, dy = mine[0][1]
            # the die belongs to the nearest label below-left of which it is printed
            owner = min((s for s in spans if s["text"].strip() in {lb for _, lb, _ in card_lines(unit)}
                         and s["mm"][1] - 1.0 <= dy), key=lambda s: (dy - s["mm"][1]) ** 2 + (dx - s["mm"][0]) ** 2 * 0.2)
            assert owner["text"].strip() == label, (unit.type, label)
            under = [b for b in boxes if 0 < b[1] - dy < data.looks.card.slot + data.looks.card.box
                     and abs(b[0] - dx) < 12]
            assert len(under) == line.boxes, (unit.type, label)
            assert ly <= dy + 5


def test_card_sheets_carry_every_unit_with_its_boxes(game, built):
    doc = open_pdf(built / "a4" / "unit-cards.pdf")
    text = " ".join(p.get_text() for p in doc)
    for u in game.data.units:
        assert u.type.upper() in text and u.code in text
    total = sum(line.boxes for u in game.data.units for _, _, line in card_lines(u))
    looks = game.data.looks
    printed = sum(1 for p in doc for d in drawings(p)
                  if abs(d["mm"][2] - d["mm"][0] - looks.card.box) < 0.02 and abs(d["mm"][3] - d["mm"][1] - looks.card.box) < 0.02)
    assert printed == total


def test_markers_tracks_terrain_cards_and_missions(game, built):
    marks = open_pdf(built / "a4" / "initiative-markers.pdf")[0]
    cuts = [d for d in circles(marks, stroke="#000000")
            if abs(d["mm"][2] - d["mm"][0] - game.data.looks.marker.diameter) < 0.05]
    assert len(cuts) == len(game.data.units) * game.data.looks.marker.per_unit
    text = marks.get_text()
    assert all(u.code in text for u in game.data.units)
    track = open_pdf(built / "a4" / "death-die-tracks.pdf")[0]
    cell = game.data.looks.track.cell
    cells = [d for d in drawings(track) if abs(d["mm"][2] - d["mm"][0] - cell) < 0.02 and abs(d["mm"][3] - d["mm"][1] - cell) < 0.02]
    assert len(cells) == 6 * game.data.looks.track.per_page
    terrain = " ".join(p.get_text() for p in open_pdf(built / "a4" / "terrain-cards.pdf"))
    assert all(t.name.upper() in terrain for t in game.data.terrain)
    assert "Activates after every unit" in terrain
    # the layout's lead-ins: bold, "Activates ..." in the reaction colour, the rule after it in ink
    spans = [s for p in open_pdf(built / "a4" / "terrain-cards.pdf") for s in text_spans(p)]
    lead = next(s for s in spans if s["text"].startswith("Activates after every unit"))
    assert "Bold" in lead["font"] and f"#{lead['color']:06x}" == game.data.looks.card.reaction_colour.lower()
    assert any(s["text"].startswith("Cover:") and "Bold" in s["font"] for s in spans)
    for ms in game.data.missions:
        from printgen.names import slug
        page = open_pdf(built / "a4" / f"mission-{slug(ms.name)}.pdf")[0]
        words = page.get_text()
        assert ms.name in words and ms.board in words
        assert ("Roll off" in words) == ms.symmetric
        assert f"{ms.time_limit or game.rules.rounds} rounds" in words


def test_rulebook_covers_the_seed_s_sections_with_tables_from_data_and_the_timer_and_a_card_drawn(game, built):
    doc = open_pdf(built / "a4" / "rulebook.pdf")
    text = " ".join(p.get_text() for p in doc)
    for section in ("Turns and the Hex Timer", "Initiative", "Activations", "Reactions", "Damage and the Death Die",
                    "Line of sight", "Heights and tags", "Missions", "The unit list"):
        assert section in text, section
    for u in game.data.units:
        assert u.type in text and u.type.upper() in text  # its table and its card
    for t in game.data.terrain:
        assert t.name in text
    for ms in game.data.missions:
        assert ms.name in text
    assert f"never more than {game.rules.action_cap}" in text
    # the Hex Timer drawn 110 mm across, its six segment lines included, or as wide as a column when the
    # game's rulebook theme sets two (the dial itself is its own printable, hex-timer, at 110 mm)
    from printgen.rulebook.theme import load_theme

    page = load_theme(game.templates)[0].page
    column = (210.0 - page.margin_left - page.margin_right - (page.column_gap if page.columns == 2 else 0)) / page.columns
    across = min(110.0, column)
    dials = [d for p in doc for d in circles(p, stroke="#000000") if abs(d["mm"][2] - d["mm"][0] - across) < 0.1]
    assert len(dials) == 1


def test_mission_hills_print_as_stacked_tiles_one_level_each(game, built):
    import trimesh

    from printgen.model.maps import map_geometry
    from printgen.names import by_name

    m = by_name(game.data.maps, "Signal Ridge")
    geom = map_geometry(m, game.data.game)
    hills = {h: lv for h, (_, e) in geom.cells.items() if e.terrain == "Hill" for lv in [geom.levels[h]]}
    size, height = game.data.game.hex.size, game.data.game.mesh.height
    hex_area = math.sqrt(3) / 2 * size * size
    # Parts that print the same are written once, named <first place>-x<copies>: count them back.
    files = sorted((built / "stl").glob("signal-ridge-level*.stl"))
    assert files
    want = sum(lv for lv in hills.values())  # every hill hex is one tile per level it reaches
    got = 0.0
    for f in files:
        mesh = trimesh.load(f)
        assert mesh.is_watertight and mesh.volume > 0
        assert abs(mesh.extents[2] - height) < 0.01
        copies = int(f.stem.rsplit("-x", 1)[1]) if "-x" in f.stem else 1
        got += copies * mesh.volume / height
    assert abs(got - want * hex_area) < 0.03 * want * hex_area  # the clearance takes a little


def test_initiative_markers_are_groups_that_print_the_flat_drawing_and_find_the_same(game):
    """Each initiative marker is placed as a group moved to its spot, every copy of a unit's marker the very same
    ops (as token sheets place tokens): what prints is the flat drawing's (each shape moved on its own, as before),
    the repeated face is drawn once as a form, and the preflight finds the same on both papers."""
    import numpy as np
    import pymupdf

    from printgen.draw.document import Group
    from printgen.draw.page import PageSpec
    from printgen.packs.hexprint.printables import render_markers
    from printgen.preflight.run import preflight_documents
    from printgen.write.pdf import to_pdf
    from tests.render.test_token_groups import _flat, _pixels

    per_unit = game.data.looks.marker.per_unit
    for paper in ("a4", "letter"):
        spec = PageSpec.for_paper(paper, game.data.game.print.margin)
        doc = render_markers(game, spec)["initiative-markers"]
        groups = [op for op in doc.pages[0].ops if type(op) is Group]
        assert len(groups) == per_unit * len(game.data.units) and per_unit > 1
        for k in range(0, len(groups), per_unit):
            unit = groups[k:k + per_unit]
            assert all(g.ops is unit[0].ops and g.matrix[:4] == (1.0, 0.0, 0.0, 1.0) and g.clip is None
                       for g in unit)
        grouped, flat = to_pdf(doc), to_pdf(_flat(doc))
        for a, b in zip(_pixels(grouped), _pixels(flat), strict=True):
            d = np.abs(a - b)
            # antialiasing of a few edge pixels (measured at 150 dpi: 216 of 6.5 million samples, at most 10 levels)
            assert (d > 0).sum() <= a.size * 1e-4 and d.max() <= 32, ((d > 0).sum(), d.max())
        page = pymupdf.open(stream=grouped)[0]
        assert page.read_contents().count(b" Do") >= len(groups)  # each copy placed by reference
        assert ([f.format() for f in preflight_documents(game, {"initiative-markers": doc}, paper=paper)]
                == [f.format() for f in preflight_documents(game, {"initiative-markers": _flat(doc)}, paper=paper)])
