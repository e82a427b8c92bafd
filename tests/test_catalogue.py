"""`printgen fonts` and `printgen icons`: what a game can draw with, listed as text and JSON, and the
icon reference sheet measured in its PDF (one name per icon, each under its drawing, in a grid)."""

from __future__ import annotations

import json
import shutil

from typer.testing import CliRunner

from printgen.cli import app
from printgen.draw.fonts import FONTS
from printgen.draw.icons import ICONS
from tests.conftest import FIXTURES
from tests.pdfmeasure import drawings, mm, open_pdf, text_spans

runner = CliRunner()
GAME = FIXTURES / "custom-game"


def test_fonts_lists_the_bundled_faces_and_the_games_own_by_family_and_style():
    result = runner.invoke(app, ["fonts", str(GAME)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["NAME", "FAMILY", "STYLE", "GLYPHS", "FILE"]
    serif = next(line for line in lines if line.startswith("serif-italic "))
    assert "Noto Serif" in serif and "italic" in serif and "NotoSerif-Italic.ttf" in serif
    ember = next(line for line in lines if line.startswith("Ember Hand"))
    assert "fonts/ember-hand.ttf" in ember and "138" in ember and "also: Ember Hand, hand" in ember


def test_fonts_as_json_gives_every_face_with_its_glyph_count():
    result = runner.invoke(app, ["fonts", str(GAME), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    by_name = {f["name"]: f for f in data["fonts"]}
    assert set(FONTS) < set(by_name) and data["findings"] == []
    ember = by_name["Ember Hand italic"]
    assert (ember["family"], ember["style"], ember["source"], ember["glyphs"]) == ("Ember Hand", "italic", "game", 138)
    assert by_name["serif"]["glyphs"] > 3000 and by_name["serif"]["source"] == "bundled"


def test_fonts_without_a_game_lists_the_bundled_ones():
    result = runner.invoke(app, ["fonts", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert [f["name"] for f in json.loads(result.output)["fonts"]] == list(FONTS)


def test_fonts_of_a_game_with_a_broken_font_file_says_where_and_exits_1(tmp_path):
    game = tmp_path / "ember"
    shutil.copytree(GAME, game)
    (game / "fonts" / "broken.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(8))
    result = runner.invoke(app, ["fonts", str(game)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "fonts/broken.ttf: error[font]: 'fonts/broken.ttf' has no 'cmap'" in result.output


def test_icons_lists_the_built_in_icons_and_the_games_own():
    result = runner.invoke(app, ["icons", str(GAME), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["icons"]
    assert [r["name"] for r in rows if r["source"] == "bundled"] == list(ICONS)
    own = {r["name"]: r for r in rows if r["source"] == "game"}
    assert set(own) == {"AP", "LAMP"}
    assert own["LAMP"]["draws"] == "the picture art/lantern.svg" and "unit-card" in own["LAMP"]["layouts"]
    drop = next(r for r in rows if r["name"] == "drop")
    assert drop["same_as"] == "wound"
    text = runner.invoke(app, ["icons"])
    assert text.exit_code == 0 and all(any(line.startswith(n + " ") for line in text.output.splitlines())
                                       for n in ICONS)


def test_the_icon_sheet_draws_each_icon_above_its_one_label(tmp_path):
    sheet = tmp_path / "icons.pdf"
    result = runner.invoke(app, ["icons", str(GAME), "--sheet", str(sheet)])
    assert result.exit_code == 0, result.output
    doc = open_pdf(sheet)
    assert len(doc) == 1 and round(doc[0].rect.width) == 595  # one A4 page: 18 icons fit
    spans = text_spans(doc[0])
    names = list(ICONS) + ["AP", "LAMP"]
    labels = [s for s in spans if s["font"].endswith("NotoSans-Bold") and s["text"] in names and s["size"] < 9]
    assert sorted(s["text"] for s in labels) == sorted(names)  # one label per icon, no more
    assert {s["text"] for s in spans} >= {"Built-in icons", "Icons of Ember Watch"}
    assert any(s["text"].startswith("PRINT AT 100%") for s in spans)  # the page furniture
    # each label sits in its own grid cell, under ink drawn in the cell's upper part
    cells = [d["mm"] for d in drawings(doc[0]) if d.get("color") and round(d["mm"][2] - d["mm"][0], 1) == 30.0
             and round(d["mm"][3] - d["mm"][1], 1) == 30.0]
    assert len(cells) == len(names)
    ink = [d["mm"] for d in drawings(doc[0]) if (d["mm"][2] - d["mm"][0]) < 20 and (d["mm"][3] - d["mm"][1]) > 3]
    ink += [tuple(mm(v) for v in i["bbox"]) for i in doc[0].get_image_info()]  # LAMP is a picture
    for s in labels:
        x0, y0, x1, y1 = s["mm"]
        (cell,) = [c for c in cells if c[0] <= x0 and x1 <= c[2] and c[1] <= y0 and y1 <= c[3]]
        assert any(cell[0] < i[0] and i[2] < cell[2] and cell[1] < i[1] and i[3] < y0 for i in ink), s["text"]
    assert len(doc[0].get_images()) == 1  # LAMP's picture, embedded


def test_a_sheet_that_is_not_a_pdf_is_a_usage_error_and_nothing_is_written(tmp_path):
    result = runner.invoke(app, ["icons", "--sheet", str(tmp_path / "icons.png")])
    assert result.exit_code == 2 and "ending in .pdf" in result.output
    assert not list(tmp_path.iterdir())


def test_a_folder_without_a_game_is_a_finding_for_both_lists(tmp_path):
    for command in ("fonts", "icons"):
        result = runner.invoke(app, [command, str(tmp_path)])
        assert result.exit_code == 1 and "error[no-game-file]" in result.output, result.output
