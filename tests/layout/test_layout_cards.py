"""Layout-drawn cards measured in the PDFs they make: the custom fixture game (declared kinds, its own
layouts) and the Heroes of Hex class card changed by a layout file alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.build import build
from printgen.project import validate_game
from tests.conftest import FIXTURES
from tests.pdfmeasure import colour, drawings, mm, open_pdf, text_spans

BLEED_BOX = {(69.5, 94.9), (94.9, 69.5)}  # poker card and 3 mm bleed, upright or turned


@pytest.fixture(scope="module")
def custom_out(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("custom")
    game = validate_game(FIXTURES / "custom-game")
    assert game.ok(strict=True), [f.format() for f in game.findings]
    build(folders=[FIXTURES / "custom-game"], out=out, papers=("a4",), previews=False)
    return out / "ember-watch" / "a4"


def _boxes(page, fill: str, sizes=BLEED_BOX) -> list[tuple]:
    return [d["mm"] for d in drawings(page) if colour(d) == fill
            and (round(d["mm"][2] - d["mm"][0], 1), round(d["mm"][3] - d["mm"][1], 1)) in sizes]


def _inside(inner, outer, slack=0.05) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def test_custom_unit_cards_have_trim_bleed_and_backs(custom_out):
    doc = open_pdf(custom_out / "unit-cards.pdf")
    assert len(doc) == 2  # fronts, then mirrored backs
    fronts = _boxes(doc[0], "#f6f0e2")
    backs = _boxes(doc[1], "#333333")
    assert len(fronts) == len(backs) == 2
    # crop marks cut at the trim: 3 mm inside each bleed box edge
    marks = [d for d in drawings(doc[0]) if len(d["pts"]) == 2 and colour(d, "color") == "#000000"]
    xs = sorted({round(d["pts"][0][0], 2) for d in marks if abs(d["pts"][0][0] - d["pts"][1][0]) < 1e-6})
    box = fronts[0]
    assert round(box[0] + 3, 2) in xs and round(box[2] - 3, 2) in xs


def test_custom_card_text_sits_in_its_band_in_the_faction_colour(custom_out):
    page = open_pdf(custom_out / "unit-cards.pdf")[0]
    bands = [d["mm"] for d in drawings(page) if colour(d) == "#8a2d1f"]
    (name,) = [s for s in text_spans(page) if s["text"] == "Ember Warden"]
    assert any(_inside(name["mm"], b) for b in bands)
    assert "NotoSerif-Bold" in name["font"]
    # the declared kinds' values reach the card: the dice range and the target
    texts = {s["text"] for s in text_spans(page)}
    assert {"2-4", "4+", "SOLDIER"} <= texts


def test_inline_icons_draw_inside_the_ability_text(custom_out):
    page = open_pdf(custom_out / "unit-cards.pdf")[0]
    icons = [d for d in drawings(page) if colour(d) == "#1f5f8b"]
    assert len(icons) == 3  # one :AP: on the Warden, two on the Lamplighter
    for d in icons:
        w, h = d["mm"][2] - d["mm"][0], d["mm"][3] - d["mm"][1]
        assert 2.0 < w < 3.5 and abs(w - h) < 0.01  # a disc about one em of 7.5 pt text across


def test_texts_of_a_group_share_one_size(custom_out):
    page = open_pdf(custom_out / "battle-cards.pdf")[0]
    goal = [s for s in text_spans(page) if s["text"].startswith("Hold the tower")]
    sides = [s for s in text_spans(page) if "vs" in s["text"]]
    assert goal and sides
    assert goal[0]["size"] == pytest.approx(sides[0]["size"], abs=0.01)


def test_every_font_of_the_custom_cards_is_embedded(custom_out):
    doc = open_pdf(custom_out / "unit-cards.pdf")
    fonts = {f[3]: f for page in doc for f in page.get_fonts()}
    assert fonts and all(f[1] == "ttf" and "+" in name for name, f in fonts.items())


def test_changing_the_class_card_layout_changes_the_pdf(tmp_path):
    """A designer lays their own class-card.yaml over the pack's: a new paper colour and a bigger name."""
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=("a4",), previews=False)
    before = open_pdf(out / "mini-hoh" / "a4" / "class-cards.pdf")[0]
    (game / "templates" / "layouts").mkdir(parents=True)
    (game / "templates" / "layouts" / "class-card.yaml").write_text(
        'extends: class-card\nbackground: "#e8f0ff"\nelements:\n  - {id: name, type: text, size: 18pt}\n')
    assert validate_game(game).ok()
    build(folders=[game], out=out, papers=("a4",), previews=False)
    after = open_pdf(out / "mini-hoh" / "a4" / "class-cards.pdf")[0]
    assert _boxes(before, "#f4ecd8") and not _boxes(before, "#e8f0ff")
    assert len(_boxes(after, "#e8f0ff")) == len(_boxes(before, "#f4ecd8")) and not _boxes(after, "#f4ecd8")

    def name_size(page):
        return max(s["size"] for s in text_spans(page) if s["text"] == "Knight")

    assert name_size(before) == pytest.approx(15, abs=0.05)
    assert name_size(after) == pytest.approx(18, abs=0.05)


def test_the_designers_pictures_sit_in_their_boxes(custom_out):
    """The PNG portrait fills its 20 x 14 mm box by its width (3:2), centred; the SVG is embedded rasterised."""
    page = open_pdf(custom_out / "unit-cards.pdf")[0]
    infos = page.get_image_info()
    sizes = sorted((round(min(w, h), 1), round(max(w, h), 1)) for w, h in
                   ((mm(i["bbox"][2] - i["bbox"][0]), mm(i["bbox"][3] - i["bbox"][1])) for i in infos))
    assert (13.3, 20.0) in sizes  # 600 x 400 px contained in 20 x 14 mm: 20 x 13.33
    assert (14.0, 14.0) in sizes  # the square SVG contained in the same box
    assert any(i["width"] == 600 for i in infos)  # embedded at its own resolution, never resampled
    bands = [d["mm"] for d in drawings(page) if colour(d) == "#8a2d1f"]
    assert bands


def test_the_games_own_font_is_embedded_where_the_layout_uses_it(custom_out):
    page = open_pdf(custom_out / "battle-cards.pdf")[0]
    fonts = {f[3] for f in page.get_fonts()}
    assert any(name.endswith("+EmberHand-Regular") for name in fonts)  # embedded as a subset
    goal = [s for s in text_spans(page) if s["text"].startswith("Hold the tower")]
    assert goal and all("EmberHand" in s["font"] for s in goal)


def test_a_tokens_own_picture_sits_inside_its_cut_circle(custom_out):
    """tokens.yaml image: art/lantern.svg is drawn on the token (printgen's token layout) in place of an
    icon: a square picture centred across the disc, inside the 16 mm cut circle."""
    from tests.pdfmeasure import circles

    page = open_pdf(custom_out / "tokens.pdf")[0]
    cuts = [d["mm"] for d in circles(page, stroke="#000000")]
    assert len(cuts) >= 10 + 4  # Spark's ten and Lantern's four
    pictures = [tuple(mm(v) for v in i["bbox"]) for i in page.get_image_info()]
    assert len(pictures) == 4
    for x0, y0, x1, y1 in pictures:
        assert x1 - x0 == pytest.approx(16 * 0.50, abs=0.05) and y1 - y0 == pytest.approx(16 * 0.50, abs=0.05)
        cut = next(c for c in cuts if c[0] <= x0 and x1 <= c[2] and c[1] <= y0 and y1 <= c[3])
        assert (x0 + x1) / 2 == pytest.approx((cut[0] + cut[2]) / 2, abs=0.05)


def test_a_group_size_below_a_members_min_is_a_finding(tmp_path):
    """Texts of a group share the smallest size any of them needs; a member whose own min is above that
    cannot be printed as laid out, and validation says so (it measures, then checks every member)."""
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    layout = game / "templates" / "layouts" / "battle-card.yaml"
    text = layout.read_text()
    text = text.replace("h: 30mm, size: 9pt, min: 6pt, group: body", "h: 30mm, size: 9pt, min: 8.5pt, group: body")
    # the other member's box is one short line: its words need about 7 pt, so the group's size is that
    text = text.replace("w: 100% - 10mm, h: 20mm, size: 9pt, min: 6pt, group: body",
                        "w: 100% - 10mm, h: 3mm, size: 9pt, min: 5pt, group: body")
    layout.write_text(text)
    found = [f for f in validate_game(game).findings if f.code == "text-overflow"]
    assert found and "Hold the tower" not in found[0].message
    assert all(f.loc.file.endswith(".yaml") and f.loc.line > 0 for f in found)


def test_an_edited_layout_or_chapter_draws_anew_in_the_same_process(tmp_path):
    """Compiled layout values and rulebook templates are kept for the process (a watch's workers reuse
    them round after round); an edit between two builds still shows in the second."""
    from printgen.draw.page import PageSpec
    from printgen.layout.sheets import FaceMaker
    from printgen.rulebook.render import render_rulebook
    from tests.conftest import REPO

    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    layout = game / "templates" / "layouts" / "battle-card.yaml"

    def goal_colours():
        g = validate_game(game)
        maker = FaceMaker(g)
        ops = maker.draw(maker.layouts["battle-card"], g.data.battles[0], "battles", 0, "battle")
        flat = [o for op in ops for o in (op.ops if hasattr(op, "ops") else (op,))]
        return {o.colour for o in flat if getattr(o, "text", "").startswith("Hold the tower")}

    assert goal_colours() == {"#1d1d1b"}
    layout.write_text(layout.read_text().replace("group: body,\n     font: hand}",
                                                 "group: body,\n     font: hand, colour: \"{{ '#aa0000' }}\"}", 1))
    assert goal_colours() == {"#aa0000"}
    # a rulebook chapter edited between two renders
    hoh = tmp_path / "heroes-of-hex"
    shutil.copytree(REPO / "data" / "heroes-of-hex", hoh)
    shutil.copytree(REPO / "templates" / "heroes-of-hex", hoh / "templates")
    spec = PageSpec.for_paper("a4", 5.0)
    first = render_rulebook(validate_game(hoh), spec)["rulebook"].data
    chapter = sorted((hoh / "templates" / "rulebook").glob("*.md"))[0]
    chapter.write_text(chapter.read_text() + "\n\nA sentence added between two renders.\n")
    second = render_rulebook(validate_game(hoh), spec)["rulebook"].data
    import pymupdf

    text = "".join(p.get_text() for p in pymupdf.open(stream=second))
    assert first != second and "A sentence added between two renders." in " ".join(text.split())


def test_a_10000_character_value_where_a_colour_belongs_is_a_short_located_finding(tmp_path):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    layout = game / "templates" / "layouts" / "battle-card.yaml"
    layout.write_text('vars:\n  t: "' + "x" * 10_000 + '"\n'
                      + layout.read_text().replace("font: hand}", 'font: hand, colour: "{{ t }}"}', 1))
    found = [f for f in validate_game(game).findings if f.code == "layout-colour"]
    assert len(found) == 1 and found[0].loc.file.endswith("battle-card.yaml") and found[0].loc.line > 0
    assert len(found[0].message) < 200 and "..." in found[0].message


@pytest.mark.parametrize("spec, code, where", [
    ('{icon: hex, colour: [1, 2]}', "layout-colour", "colour"),  # a YAML list: the drawing raised at the preflight
    ('{icon: hex, background: "' + "x" * 10_000 + '"}', "layout-colour", "background"),
    ('{icon: hexx, colour: "#123456"}', "layout-icon", "icon"),  # drawn as nothing before, silently
])
def test_an_inline_icon_the_drawing_cannot_take_is_a_located_finding_and_nothing_is_built(tmp_path, spec, code,
                                                                                          where):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    layout = game / "templates" / "layouts" / "base-card.yaml"
    text = layout.read_text()
    assert 'AP: {background: "#1f5f8b", label: AP}' in text
    layout.write_text(text.replace('AP: {background: "#1f5f8b", label: AP}', f"AP: {spec}", 1))
    found = [f for f in validate_game(game).findings if f.code == code]
    assert len(found) == 1, found
    f = found[0]
    line = layout.read_text().splitlines()[f.loc.line - 1]
    assert f.loc.file.endswith("base-card.yaml") and line.startswith("  AP:")
    assert line[f.loc.col - 1:].startswith(spec[spec.index(where) + len(where) + 2:][:5])
    assert "icon AP" in f.message and len(f.message) < 300
    out = tmp_path / "out"
    result = build(folders=[game], out=out, papers=("a4",), previews=False)
    assert not result.ok and not any(out.rglob("*.pdf"))  # refused before anything is written
