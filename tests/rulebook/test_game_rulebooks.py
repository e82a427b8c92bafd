"""The Hex Dice and Hexatech rulebooks, read back from the PDFs: chapters for every seed section, every
name of the data, tables with the data's numbers, diagrams computed from the data, pages and fonts."""

from __future__ import annotations

import re

import pymupdf
import pytest

from printgen.draw.colour import mix
from printgen.hexgrid import hexagon
from printgen.packs.hex_dice.patterns import face_pattern
from printgen.packs.hex_dice.printables import MARK
from printgen.packs.hexatech.diagrams import KINDS, find_pair, match_of
from printgen.project import validate_game
from printgen.units import PAPER_SIZES
from tests.conftest import REPO

DICE = REPO / "data" / "hex-dice"
TECH = REPO / "data" / "hexatech"

# Each seed section (its heading in the seed) and the chapter that covers it.
CHAPTERS = {
    "hex-dice": {"Overview": "Overview", "Foreword": "Overview", "Development": "Overview",
                 "Components": "Components and Setup", "Setup": "Components and Setup",
                 "Dice Soldiers (Unit Types)": "The Dice Soldiers", "Gameplay": "Playing the Game",
                 "Combat": "Combat", "Winning (Overview's goal)": "Winning"},
    "hexatech": {"Overview": "Overview", "HEXs": "HEXs", "Game Layout": "Game Layout",
                 "Links & Matches": "Links and Matches", "COLOR Factions": "The Colour Factions",
                 "How to Play": "How to Play", "Deck building": "Deck Building", "MISC.": "Odds and Ends"},
}


@pytest.fixture(scope="module")
def books(bundled_build) -> dict[tuple[str, str], pymupdf.Document]:
    out = bundled_build  # built once for the test run (conftest.bundled_build)
    return {(g, p): pymupdf.open(out / g / p / "rulebook.pdf") for g in CHAPTERS for p in ("a4", "letter")}


def _text(doc) -> str:
    return " ".join(" ".join(page.get_text() for page in doc).split())


@pytest.mark.parametrize("game", list(CHAPTERS))
def test_every_seed_section_has_its_chapter_in_the_outline(books, game):
    chapters = [t for level, t, _ in books[(game, "a4")].get_toc() if level == 1]
    assert set(CHAPTERS[game].values()) | {"Reference"} >= set(chapters) >= set(CHAPTERS[game].values())
    readme = (REPO / "docs" / "games" / "seeds.md").read_text()
    for section, chapter in CHAPTERS[game].items():  # the docs' seed-to-chapter table says the same
        assert re.search(rf"\| {re.escape(section)} \| {re.escape(chapter)} \|", readme), (section, chapter)


@pytest.mark.parametrize("game", list(CHAPTERS))
def test_pages_fonts_and_footers(books, game):
    for paper in ("a4", "letter"):
        doc = books[(game, paper)]
        w, h = PAPER_SIZES[paper]
        assert len(doc) >= 6  # hexatech is set in two columns: fewer pages
        for i, page in enumerate(doc):
            assert abs(page.rect.width * 25.4 / 72 - w) < 0.01 and abs(page.rect.height * 25.4 / 72 - h) < 0.01
            for _, ext, kind, name, *_ in doc.get_page_fonts(i):
                assert ext == "ttf" and "+" in name  # embedded subsets
            if i:
                assert f"page {i + 1} of {len(doc)}" in page.get_text()
        assert all(not page.get_images() for page in doc)  # diagrams are vector art


def test_hex_dice_book_names_every_face_action_and_token(books):
    data = validate_game(DICE).data
    text = _text(books[("hex-dice", "a4")])
    names = ([f"Dice {f.value}: {f.name}" for f in data.faces] + [f.role for f in data.faces]
             + [a.name for a in data.actions] + [c.name for c in data.combat] + [t.name for t in data.tokens]
             + [k.name for k in data.keywords] + [r.name for r in data.turn] + [w.name for w in data.winning])
    assert [n for n in names if n not in text] == []
    for phrase in ("one unit", "Momentum", "David and Goliath", "capture their base", "third of their dice",
                   "move through a hex"):
        assert phrase in text


def _tables(page) -> list[list[list[str | None]]]:
    """The page's tables' rows (pymupdf's table finder: about a second a page, so asked only of pages
    whose text could hold what a test looks for)."""
    return [table.extract() for table in page.find_tables().tables]


def _table_rows(doc, header: str) -> list[list[str]]:
    for page in doc:
        if header not in page.get_text():
            continue  # no table on it is headed so
        for rows in _tables(page):
            if rows and rows[0] and (rows[0][0] or "").replace("\n", " ").strip() == header:
                return [[(c or "").replace("\n", " ").strip() for c in r] for r in rows]
    raise AssertionError(f"no table headed {header!r}")


def test_hex_dice_tables_carry_the_data(books):
    data = validate_game(DICE).data
    doc = books[("hex-dice", "a4")]
    units = _table_rows(doc, "Die")
    assert units[0][:6] == ["Die", "Unit", "Armor", "Attack", "Range", "Distance"]
    faces = sorted(data.faces, key=lambda f: f.value)
    assert len(units) == len(faces) + 1
    for row, f in zip(units[1:], faces):
        assert [c.replace(" ", "") for c in row[:4]] == [str(f.value), f"{f.name}({f.role})", str(f.armor), str(f.attack)]
        assert row[5] == str(f.distance)
    setups = _table_rows(doc, "Players")
    for row, s in zip(setups[1:], sorted(data.setups, key=lambda s: s.players)):
        # each count once: "2 or 2" rerolls for 6 or 8 dice read as a choice that is none
        assert [c.replace(" ", "") for c in row[:3]] == [str(s.players), "or".join(map(str, s.dice)),
                                                         "or".join(map(str, dict.fromkeys(s.rerolls)))]


def test_hex_dice_diagrams_are_computed_from_the_patterns(books):
    """Every hex the diagrams colour as a move (and only a move) is one of the data's move hexes: the
    book holds exactly as many such hexes as the six patterns give within the drawn radius 3."""
    data = validate_game(DICE).data
    expected = 0
    for f in data.faces:
        p = face_pattern(f)
        expected += sum(1 for h in hexagon(3) if h in p["move"] and h not in p["attack"])
    fill = mix(MARK["move"], "#ffffff", 0.25).lower()
    doc = books[("hex-dice", "a4")]
    drawn = sum(1 for page in doc for d in page.get_drawings() if d.get("fill") and len(d["items"]) == 6
                and "#%02x%02x%02x" % tuple(round(c * 255) for c in d["fill"]) == fill)
    assert drawn == expected > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hex_dice_diagrams_show_every_hex_their_key_says_a_unit_affects(books, paper):
    """The Legion attacks the hexes next to it and strengthens the units there: filled red alone, those hexes
    left its key's "affects" naming nothing drawn. Each hex a face affects shows it: its fill, or a ring."""
    data = validate_game(DICE).data
    expected = sum(1 for f in data.faces for h in hexagon(3) if h in face_pattern(f)["aura"])

    def colour(c):
        return "#%02x%02x%02x" % tuple(round(v * 255) for v in c) if c else None

    fill, ring = mix(MARK["aura"], "#ffffff", 0.25).lower(), MARK["aura"].lower()
    drawn = sum(1 for page in books[("hex-dice", paper)] for d in page.get_drawings() if len(d["items"]) == 6
                and (colour(d.get("fill")) == fill or (not d.get("fill") and colour(d.get("color")) == ring)))
    assert drawn == expected > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hexatech_notes_table_stands_under_a_heading_of_its_own(books, paper):
    """The Shields and Orphans table stood under "Turning HEXs", which it says nothing of."""
    text = "\n".join(page.get_text() for page in books[("hexatech", paper)])
    turning = text.index("Turning HEXs\nYou may turn")
    known = text.index("Good to know\n", turning)
    assert known < text.index("\nShields\n", turning) < text.index("\nOrphans\n", turning)
    assert "Good to know" in [t for _, t, _ in books[("hexatech", paper)].get_toc()]


def test_hexatech_book_names_every_tile_faction_ability_and_token(books):
    data = validate_game(TECH).data
    text = _text(books[("hexatech", "a4")])
    names = ([t.name for t in data.tiles] + [f.name for f in data.factions] + [f.ability for f in data.factions]
             + [d.name for d in data.decks] + [t.name for t in data.tokens] + [a.name for a in data.actions])
    assert [n for n in names if n not in text] == []
    for phrase in ("Base Match", "Link Match", "dual link", "two abilities", "2 actions", "Free Shift",
                   "orphaned", "no hand size limit", "wins immediately"):
        assert phrase in text


def test_hexatech_deck_tables_carry_every_tile_stat(books):
    data = validate_game(TECH).data
    tiles = {t.name.replace(" ", ""): t for t in data.tiles}  # table text comes back without spaces
    pages = [page for page in books[("hexatech", "a4")]
             if any(name in "".join(page.get_text().split()) for name in tiles)]  # where a tile's row can be
    rows = [["".join((c or "").split()) for c in r] for page in pages for table in _tables(page) for r in table]
    seen = {r[0]: r for r in rows if r and r[0] in tiles}
    assert set(seen) == {n.replace(" ", "") for d in data.decks for n in d.tiles}
    for name, r in seen.items():
        assert (r[1], r[2], r[3]) == (tiles[name].faction, str(tiles[name].attack), str(tiles[name].defense))


def test_hexatech_match_examples_show_what_they_say(books):
    game = validate_game(TECH)
    text = _text(books[("hexatech", "a4")])
    for kind in KINDS:
        a, b, edge = find_pair(game, kind)
        assert set(a.edges[edge]) & set(b.edges[(edge + 3) % 6])  # the two really join there
        base, link = match_of(a, b, edge)
        assert KINDS[base + 2 * link] == kind
        assert a.name in text and b.name in text
    assert "Joined: no ability triggers" in text and "Base Match: BLOOD Enrage" in text


def test_hexatech_diagrams_are_drawn_to_the_tiles_measure(books):
    """The match examples: four pairs of tiles at SCALE of their printed size (flat to flat), each pair
    touching along one edge (centres one flat-to-flat apart); the HEXATECH pattern: seven hexes."""
    from printgen.packs.hexatech.diagrams import SCALE
    from tests.pdfmeasure import flat_to_flat, neighbour_pitch, regular_hexagons

    from printgen.rulebook.flowables import SHRINK

    doc = books[("hexatech", "a4")]
    toc = {t: p for _, t, p in doc.get_toc()}
    full = 2.25 * 25.4 * SCALE
    page = doc[toc["Examples"] - 1]
    # the book may set a picture a little smaller (down to SHRINK) to keep it on its heading's page: the
    # eight tiles are then one size, that share of SCALE, still touching along an edge
    sizes = sorted(flat_to_flat(d, "flat") for d in regular_hexagons(page)
                   if SHRINK * full - 0.05 <= flat_to_flat(d, "flat") <= full + 0.05)
    assert sizes, "no tile of the match examples on the Examples page"
    flats = sizes[-1]
    cuts = [d for d in regular_hexagons(page) if abs(flat_to_flat(d, "flat") - flats) < 0.05]
    assert len(cuts) == 8
    assert all(abs(p - flats) < 0.05 for p in neighbour_pitch(cuts))
    overview = doc[toc["Overview"] - 1]
    pattern = [d for d in regular_hexagons(overview) if abs(flat_to_flat(d, "flat") - 18.0) < 0.05]
    assert len(pattern) == 7 and all(abs(p - 18.0) < 0.05 for p in neighbour_pitch(pattern))


@pytest.mark.parametrize("game, starts", [("hex-dice", "Dice "), ("hexatech", "The HEXATECH pattern")])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_caption_under_a_picture_beside_text_keeps_to_the_picture(books, game, starts, paper):
    """A small picture stands at the right of its text (rulebook/arrange.py): its caption is set under it, as
    wide as it, not centred 200 pt wide past the column's right edge (8.7 mm into the margin, Hex Dice's die
    diagrams) and over the gap left of it (Hexatech's pattern)."""
    doc = books[(game, paper)]
    right = doc[0].rect.width - 20 * 72 / 25.4  # the theme's right margin: 20 mm
    seen = 0
    for page in doc:
        spans = [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]]
        for n, s in enumerate(spans):
            if not (s["text"].startswith(starts) and s["flags"] & 2 and s["size"] < 9):  # an italic caption
                continue
            seen += 1
            lines = [s] + [t for t in spans[n + 1:n + 3] if t["flags"] & 2 and 0 < t["bbox"][1] - s["bbox"][1] < 24]
            # the picture over it: the drawings in the right half of the page, in the 180 pt above its first line
            art = [d["rect"] for d in page.get_drawings() if d["rect"].x0 > page.rect.width / 2
                   and s["bbox"][1] - 180 < d["rect"].y0 and d["rect"].y1 <= s["bbox"][1] + 0.5]
            x0 = min(r.x0 for r in art)  # (the picture's box ends at the column's edge; its hexes may not)
            for t in lines:
                assert x0 - 1.0 <= t["bbox"][0] and t["bbox"][2] <= right + 0.5, (t["text"], t["bbox"], (x0, right))
    assert seen == (6 if game == "hex-dice" else 1)
