"""The page defects a prepress review of the bundled A4 build found (issue 38), each measured again in the
PDF as the review measured it: words on the page, where they are and how many pages they take."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pymupdf
import pytest

from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.plan import plan_build

DATA = Path(__file__).resolve().parents[2] / "data"


@functools.lru_cache(maxsize=None)
def _book(name: str, paper: str = "a4") -> tuple[str, ...]:
    """The text of each page of a bundled game's rulebook, whitespace collapsed."""
    game = validate_game(DATA / name)
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    doc = pymupdf.open(stream=target.asset.render(game, spec)["rulebook"].data)
    return tuple(" ".join(p.get_text().split()) for p in doc)


# the seeds' doubts, as the review read them on the players' pages
EDITORIAL = re.compile(r"disagrees with itself|designers settle|Until (it|the designers) do|we play|Our reading|"
                       r"We (allow|apply|follow|use|give)\b|as written|does not say|leaves two things open|"
                       r"in this game's settings", re.I)


@pytest.mark.parametrize("name", ["hex-dice", "hexatech"])
def test_the_seeds_open_questions_are_off_the_players_pages(name):
    hits = [(n + 1, m.group(0)) for n, text in enumerate(_book(name)) for m in EDITORIAL.finditer(text)]
    assert not hits


def test_the_seeds_open_questions_are_in_the_seeds_doc():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "games" / "seeds.md").read_text()
    section = doc.split("## Open questions and the rulings", 1)[1]
    for words in ("how a base is captured", "Gains Momentum", "draws five HEXs", "Remove takes from", "turned"):
        assert words in section


def test_hex_dice_momentum_line_keeps_its_spaces():
    text = " ".join(_book("hex-dice"))
    assert re.search(r"\)as\b", text) is None  # was "Dice 4 (Rook)as Gains Momentum"
    assert "(Rook) as Gains Momentum" in text


def test_hexprint_terrain_names_the_section_it_points_to():
    game = validate_game(DATA / "hexprint")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    doc = pymupdf.open(stream=target.asset.render(game, spec)["rulebook"].data)
    text = " ".join(" ".join(p.get_text().split()) for p in doc)
    assert "as described in Turns" not in text and "see Activations in the chapter Turns and the Hex Timer" in text
    # the reference is a link on the word that lands on the page of the Activations heading (not the contents)
    where = next(n for n, p in enumerate(doc) if "see Activations" in " ".join(p.get_text().split()))
    (link,) = [ln for ln in doc[where].get_links() if doc[where].get_textbox(ln["from"]).strip() == "Activations"]
    target = " ".join(doc[link["page"]].get_text().split())
    assert link["page"] > 1 and "Starting with the first player, each player in turn spends a 6" in target


def test_heroes_of_hex_quick_rules_claim_no_page_count_they_do_not_keep():
    pages = _book("heroes-of-hex")
    quick = [n for n, t in enumerate(pages) if "Quick Rules" in t and n > 1]  # past the cover and contents
    assert quick and "short reminder" in pages[quick[0]]
    assert not any("one-page" in t or "one page" in t for t in pages)  # it takes two: it no longer says one


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_frostmere_terrain_list_ends_on_the_sheet_it_fills(paper):
    from printgen.write.pdf import to_pdf

    game = validate_game(DATA / "heroscape-style")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "terrain-bom")
    doc = pymupdf.open(stream=to_pdf(target.asset.render(game, spec)["terrain-bom-frostmere-crossing"]))
    assert len(doc) == 1  # was two, the second 10 % used
    sizes = {round(s["size"], 1) for b in doc[0].get_text("dict")["blocks"] for ln in b.get("lines", [])
             for s in ln["spans"]}
    assert min(sizes) >= 5.0 and "In total" in doc[0].get_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ["heroscape-style", "hex-dice", "hexatech"])
def test_a_rulebook_last_page_is_used_like_any_other(name, paper):
    from printgen.preflight.book import BOOK_BOTTOM, BOOK_TOP, _used, read_pages

    game = validate_game(DATA / name)
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    last = read_pages(target.asset.render(game, spec)["rulebook"].data)[-1]
    assert _used(last, BOOK_TOP, last.height - BOOK_BOTTOM) >= 0.25  # High Ground's p11 was 19 %, Hex Dice's 24 %


def test_high_ground_army_faces_are_the_game_crafter_template_size():
    import io

    from PIL import Image

    from printgen.publish.cards import card_decks
    from printgen.publish.pod import face_pngs

    game = validate_game(DATA / "heroscape-style")
    (deck,) = [d for d in card_decks(game) if "army" in d.name.lower()]
    assert deck.trim == pytest.approx((88.9, 127.0))  # 3.5 x 5 in; 89.0 mm made 1126 px
    from dataclasses import replace

    deck = replace(deck, cards=deck.cards[:1])
    sizes = {Image.open(io.BytesIO(png)).size for png in face_pngs([deck], root="gc").values()}
    assert sizes == {(1125, 1575)}


@pytest.mark.parametrize("deck", ["deck-tidecaller", "deck-deepwood"])
def test_hexatech_link_icons_and_badges_keep_clear_of_each_other(deck):
    """Measured as the review did: every small filled hexagon of a tile (link icons, ATK/DEF badges) against
    its neighbours of another colour on the same tile: no overlap, no gap under 0.3 mm (there were 19
    overlapping dual-link pairs and 9 gaps of 0.02 mm)."""
    import math

    from printgen.preflight.collide import gap
    from printgen.write.pdf import to_pdf
    from tests.pdfmeasure import colour, regular_hexagons, vertices

    game = validate_game(DATA / "hexatech")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name.startswith("deck"))
    doc = pymupdf.open(stream=to_pdf(target.asset.render(game, spec)[deck]))
    pairs = worst = 0
    worst = math.inf
    for page in doc:
        marks = [(colour(d), vertices(d)) for d in regular_hexagons(page)
                 if (d["mm"][2] - d["mm"][0]) < 12.0]  # icons and badges, not the tiles' 57 mm panels
        for i, (ca, a) in enumerate(marks):
            for cb, b in marks[i + 1:]:
                if ca == cb or math.dist(a[0], b[0]) > 20.0:
                    continue
                pairs += 1
                worst = min(worst, gap(a, b))
    assert pairs > 20 and worst >= 0.3 - 1e-6, (pairs, worst)


def test_a_line_through_a_word_in_a_book_picture_is_found_on_its_page():
    from printgen.draw.document import Page, Poly, Style, Text, pt
    from printgen.preflight.checks import Settings
    from printgen.preflight.run import picture_hits

    picture = Page(60, 30, [Text(10, 15, "Defense 4", "sans", pt(9)),
                            Poly(((5, 14.2), (50, 14.2)), Style(stroke="#555555", width=0.25), closed=False)])
    (hit,) = picture_hits(((7, picture),), Settings(), stem="rulebook", paper="a4")
    assert hit.page == 7 and hit.cls == "overlap" and "in a picture: prints 'Defense 4' across a line" in hit.message


def test_hexatech_anatomy_leaders_end_beside_what_they_name():
    from printgen.preflight.run import picture_hits, settings_of

    game = validate_game(DATA / "hexatech")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    book = target.asset.render(game, spec)["rulebook"]
    assert len(book.pictures) >= 4
    assert picture_hits(book.pictures, settings_of(game), stem="rulebook", paper="a4") == []  # leaders crossed '1'


def test_high_ground_battlefield_is_turned_to_print_its_words_at_their_size():
    from printgen.rulebook.sizing import least_of, needed_scale

    game = validate_game(DATA / "heroscape-style")
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    book = target.asset.render(game, spec)["rulebook"]
    (cinder,) = [(n, p) for n, p, *_ in book.pictures if p.height > 200.0]  # the battlefield, turned a quarter
    page, picture = cinder
    (group,) = picture.ops
    (turned,) = group.ops
    assert turned.matrix[:4] == (0.0, 1.0, -1.0, 0.0)  # a quarter turn
    k = group.matrix[0]
    assert k >= needed_scale(turned.ops, least_of(game)) - 1e-6  # every word at its size: none floored
    assert k > 0.4  # was 25 % (A4) upright
