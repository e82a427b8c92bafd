"""The shop files' inks (issue 38): small text in one ink, no colour over the total ink limit. Each test
opens a CMYK PDF Ghostscript made and reads its colour operators per text run (write/ink_stream.py), and
the known case, the bundled decks' 5 and 6.5 pt stat labels (about 240 % of four inks), is measured again.

Tolerances: Ghostscript writes inks to 1/1000; a text run's box is the font's advance and em, within
0.3 mm of the drawing model's (its metrics and the PDF font's widths round differently)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from printgen.draw.document import Document, Group, Page, Rect, Style, Text, pt
from printgen.write.cmyk import cmyk_of, engine_problem, to_cmyk
from printgen.write.ink_rules import DARK_L, capped, inks, lab_of, one_ink, shop_rule
from printgen.write.ink_stream import read_inks
from printgen.write.pdf import to_pdf
from tests.conftest import FIXTURES

NO_GS = engine_problem()
needs_gs = pytest.mark.skipif(NO_GS is not None, reason=f"no colour engine: {NO_GS}")
DATA = Path(__file__).resolve().parents[2] / "data"
INK_TOL = 0.01
BOX_TOL = 0.3  # mm


def _page() -> Page:
    """Texts of known size and colour, one pair in a group moved and scaled (a form's matrix)."""
    page = Page(60, 40)
    page.add(Text(5, 10, "WINE", "sans-bold", pt(5), "#6e1f1f"),  # dark: rich, four inks through the profile
             Text(5, 20, "Tan label", "sans", pt(6), "#d8c49a"),  # light, near a yellow tint
             Text(5, 30, "ORANGE", "sans-bold", pt(6), "#ff8c1a"),  # vivid: no one-ink match
             Text(30, 10, "Big wine", "serif-bold", pt(14), "#6e1f1f"),  # large: may be rich
             Rect(30, 20, 20, 8, Style(fill="#1a1030")),
             Group((Text(0, 0, "small", "sans", pt(4), "#1f3f7a"), Text(0, 3.5, "and more", "sans", pt(4), "#1f3f7a")),
                   (2.0, 0.0, 0.0, 2.0, 30.0, 31.0)))
    return page


@pytest.fixture(scope="module")
def plain() -> bytes:
    if NO_GS:
        pytest.skip(f"no colour engine: {NO_GS}")
    return to_cmyk(to_pdf(Document("inks", [_page()])), title="inks")


@needs_gs
def test_each_text_run_is_read_at_its_printed_size_place_and_inks(plain):
    from printgen.preflight.scene import flatten

    runs = [r for r in read_inks(plain) if r.kind == "text"]
    drawn = [i for i in flatten(_page()) if i.kind == "text"]
    assert len(runs) == len(drawn) == 6
    for ink in drawn:  # each drawing-model text has its run: same size, same place, the profile's inks
        (run,) = [r for r in runs if abs(r.box[0] - ink.box[0]) < BOX_TOL and abs(r.box[3] - ink.box[3]) < 1.0]
        assert run.size == pytest.approx(ink.size, abs=0.05), ink.text
        assert run.box[2] == pytest.approx(ink.box[2], abs=BOX_TOL * run.size / 4), ink.text
        assert run.cmyk == pytest.approx(cmyk_of(ink.colour), abs=INK_TOL), ink.text
    wine = next(r for r in runs if r.size == pytest.approx(5.0, abs=0.05))
    assert inks(wine.cmyk) == 4 and wine.total > 2.3  # the case the issue measured: rich, about 240 %
    scaled = [r for r in runs if r.size == pytest.approx(8.0, abs=0.05)]
    assert len(scaled) == 2  # 4 pt drawn at twice the scale prints at 8 pt
    fills = [r for r in read_inks(plain) if r.kind == "fill"]
    assert any(f.box == pytest.approx((30, 20, 50, 28), abs=0.05) and f.cmyk == pytest.approx(cmyk_of("#1a1030"),
                                                                                             abs=INK_TOL) for f in fills)


@needs_gs
def test_the_shop_rule_prints_small_text_in_one_ink_and_caps_total_ink(plain):
    ruled = to_cmyk(to_pdf(Document("inks", [_page()])), title="inks", rule=shop_rule(8.0, 2.6))
    runs = {r.text: r for r in read_inks(ruled) if r.kind == "text"}
    before = {r.text: r for r in read_inks(plain) if r.kind == "text"}
    wine = runs["WINE"]
    assert wine.cmyk[:3] == (0.0, 0.0, 0.0) and 0.5 < wine.cmyk[3] < 1.0  # black alone ...
    assert lab_of(wine.cmyk)[0] == pytest.approx(lab_of(before["WINE"].cmyk)[0], abs=1.0)  # ... as dark as it was
    assert inks(runs["Tan label"].cmyk) == 1  # the nearest one-ink tint
    assert runs["ORANGE"].cmyk == before["ORANGE"].cmyk and inks(runs["ORANGE"].cmyk) == 2  # no match: kept
    assert runs["Big wine"].cmyk == pytest.approx(capped(before["Big wine"].cmyk, 2.6))  # 14 pt: rich, capped
    assert all(r.total <= 2.6 + 1e-6 for r in read_inks(ruled))  # every colour within the limit
    # the colour a run was given is restored after it: the rectangle drawn next prints its own
    (rect,) = [r for r in read_inks(ruled) if r.kind == "fill" and r.box == pytest.approx((30, 20, 50, 28), abs=0.05)]
    assert rect.cmyk == pytest.approx(capped(cmyk_of("#1a1030"), 2.6), abs=INK_TOL)


@needs_gs  # cmyk_of converts through Ghostscript's CMYK profile (libgs-common)
def test_one_ink_matches():
    dark = cmyk_of("#6e1f1f")
    assert lab_of(dark)[0] <= DARK_L and one_ink(dark)[:3] == (0.0, 0.0, 0.0)
    assert one_ink(cmyk_of("#ff8c1a")) is None
    assert capped((0.8, 0.8, 0.8, 0.9), 3.0) == pytest.approx((0.7, 0.7, 0.7, 0.9))
    assert capped((0.1, 0.1, 0.1, 0.1), 3.0) == (0.1, 0.1, 0.1, 0.1)


@needs_gs
@pytest.mark.parametrize("name, deck, labels", [("heroscape-style", "Army", {"LIFE", "MOVE", "DEFENSE"}),
                                                ("heroes-of-hex", "Class", {"VIT", "ATK", "SP DEF"})])
def test_bundled_stat_labels_print_in_black_ink_alone(name, deck, labels):
    """The DriveThruCards file of a bundled deck (its first two cards): every text run under 8 pt in one
    ink, the stat labels among them in black alone; no colour over 300 %; no finding."""
    from printgen.project import validate_game
    from printgen.publish.cards import card_decks
    from printgen.publish.shop import deck_pdf

    game = validate_game(DATA / name)
    (d,) = [d for d in card_decks(game) if d.name.startswith(deck)]
    d = replace(d, cards=d.cards[:2])
    data, found, _ = deck_pdf(game, d, "drivethru", slug_mm=0.0, marks=False, name="test")
    runs = read_inks(data)
    small = [r for r in runs if r.kind == "text" and r.size < 8.0]
    assert small and all(inks(r.cmyk) <= 1 for r in small), [(r.text, r.cmyk) for r in small if inks(r.cmyk) > 1]
    stat = [r for r in small if r.text in labels]
    assert {r.text for r in stat} == labels
    assert all(r.cmyk[:3] == (0.0, 0.0, 0.0) and r.cmyk[3] > 0.5 for r in stat)
    assert max(r.total for r in runs) <= 3.0 + 1e-6
    assert not [f for f in found if f.code.startswith("preflight-")]


@needs_gs
def test_a_small_vivid_label_is_found_at_its_layout_element(tmp_path):
    """The corpus's orange 6 pt label on a dark ground has no one-ink match: the file keeps it, the class
    names its element and its inks; ``off`` in game.yaml silences it."""
    import shutil

    from printgen.project import validate_game
    from printgen.findings import Finding
    from printgen.publish.shop import drivethru_export

    _, info = drivethru_export(validate_game(FIXTURES / "preflight-corpus"), None)
    found = [Finding.from_dict(d) for d in info["findings"]]
    (f,) = [f for f in found if f.code == "preflight-one-ink"]
    assert f.loc.file.endswith("templates/layouts/unit-card.yaml") and (f.loc.line, f.loc.col) == (13, 5)
    assert "'RARE FIND'" in f.message and "2 inks" in f.message and "(and 6 more alike)" in f.message
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "preflight-corpus", game)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("ink_limit: 250}", "ink_limit: 250, severity: {one-ink: off}}"))
    _, info = drivethru_export(validate_game(game), None)
    assert {d["code"] for d in info["findings"]} == {"preflight-ink-limit"}


def test_an_impossible_ink_limit_is_a_located_finding(tmp_path):
    import shutil

    from printgen.project import validate_game

    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    text = (game / "game.yaml").read_text() + "preflight: {ink_limit: 450}\n"
    (game / "game.yaml").write_text(text)
    result = validate_game(game)
    (f,) = [f for f in result.findings if f.is_error]
    assert f.loc.file.endswith("g/game.yaml") and f.loc.line == len(text.splitlines())
    assert "400" in f.message


@needs_gs
def test_preflight_command_checks_the_profile_it_is_asked_for():
    from printgen.cli import app

    runner = CliRunner()
    r = runner.invoke(app, ["preflight", str(FIXTURES / "mini-hoh"), "--paper", "a4", "--for", "drivethru"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["preflight", str(FIXTURES / "preflight-corpus"), "--paper", "a4", "--for", "drivethru"])
    assert "preflight-one-ink" in r.output and "preflight-ink-limit" in r.output


_ink = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@given(st.tuples(_ink, _ink, _ink, _ink), st.floats(min_value=1.0, max_value=4.0))
def test_a_capped_colour_keeps_to_the_limit_its_black_and_its_hue(cmyk, limit):
    c = capped(cmyk, limit)
    assert sum(c) <= limit + 2e-4  # rounded to 1/10000 of an ink each
    if sum(cmyk) <= limit:
        assert c == cmyk
    else:
        assert c[3] == min(cmyk[3], limit)  # black kept (cut only when black alone is over)
        # cyan, magenta and yellow reduced in one proportion: the hue of the colour is kept
        scale = [n / o for n, o in zip(c[:3], cmyk[:3]) if o > 0.01]
        assert all(abs(s - scale[0]) < 0.02 for s in scale)


@needs_gs
@settings(max_examples=40, deadline=None)
@given(st.tuples(_ink, _ink, _ink, _ink))
def test_one_ink_gives_one_ink_or_nothing(cmyk):
    single = one_ink(cmyk)
    if single is not None:
        assert inks(single) <= 1
        if lab_of(cmyk)[0] <= DARK_L:  # a dark colour: black alone, as light as it was (or solid black, when
            assert single[:3] == (0.0, 0.0, 0.0)  # it was darker than black alone prints)
            assert abs(lab_of(single)[0] - lab_of(cmyk)[0]) <= 1.0 or single[3] == 1.0


@needs_gs
def test_small_rich_black_prints_in_black_alone_and_larger_rich_black_is_still_reported():
    """Navy at 7 pt converts to four-ink rich black: the file prints it in black alone (no finding); at
    10 pt, over ink_text and under the rich-black check's 12 pt, it stays rich and is reported."""
    from printgen.findings import Location
    from printgen.project import validate_game
    from printgen.publish.cards import Card, CardDeck
    from printgen.publish.shop import deck_pdf

    texts = [Text(10, 20, "Navy small", "sans", pt(7), "#1a1a3a"), Text(10, 40, "Navy mid", "sans", pt(10), "#1a1a3a")]
    deck = CardDeck("Test deck", (63.5, 88.9), "rect", (Card("Alpha", lambda b: list(texts)),), lambda b: [],
                    Location("layouts/card.yaml", 4, 3))
    data, found, _ = deck_pdf(validate_game(FIXTURES / "mini-hoh"), deck, "shop", slug_mm=10.0, marks=True, name="t")
    runs = {r.text: r for r in read_inks(data) if r.kind == "text"}
    assert runs["Navy small"].cmyk[:3] == (0.0, 0.0, 0.0) and inks(runs["Navy mid"].cmyk) == 4
    assert [f.code for f in found] == ["rich-black"] and "'Navy mid'" in found[0].message


def test_every_profile_with_files_of_its_own_is_checked_by_the_preflight():
    from printgen.model.defaults import PRINT_PROFILES
    from printgen.publish.shop import PROFILE_CHECKS

    # home is the paper targets; fold-over and ink-saver redraw the home sheets
    assert set(PROFILE_CHECKS) | {"home", "foldover", "ink-saver"} == set(PRINT_PROFILES)


@needs_gs
def test_an_ink_class_set_to_error_keeps_the_deck_file_back_and_the_build_says_so(tmp_path):
    import shutil

    from printgen.cli import app

    game = tmp_path / "preflight-corpus"
    shutil.copytree(FIXTURES / "preflight-corpus", game)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("ink_limit: 250}", "ink_limit: 250, severity: {one-ink: error}}"))
    out = tmp_path / "out"
    r = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert r.exit_code == 1
    assert "error[preflight-one-ink]" in r.output and "'RARE FIND'" in r.output
    assert "not written: preflight-corpus's shop decks with one-ink at error" in r.output
    assert "nothing was written" not in r.output  # the home sheets and the other deck were
    assert not (out / "preflight-corpus/drivethru/unit-cards.pdf").exists()
    assert (out / "preflight-corpus/a4/unit-cards.pdf").is_file()


def test_a_masked_cmyk_picture_is_measured_where_its_mask_lets_it_print():
    """A CMYK picture with a soft mask is measured in CMYK (pikepdf would hand it back as RGBA, unmeasured),
    and only over the pixels its mask shows: a 400 % corner the mask hides inks nothing."""
    import zlib

    import pikepdf

    from printgen.write.ink_stream import _darkest

    pdf = pikepdf.new()
    # 2 x 1 pixels: a 400 % pixel the mask hides, then C50 M40 Y30 K100 it shows
    pixels = bytes([255, 255, 255, 255, 128, 102, 77, 255])
    mask = pdf.make_stream(zlib.compress(bytes([0, 255])), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                           Width=2, Height=1, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8,
                           Filter=pikepdf.Name.FlateDecode)
    image = pdf.make_stream(zlib.compress(pixels), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                            Width=2, Height=1, ColorSpace=pikepdf.Name.DeviceCMYK, BitsPerComponent=8,
                            Filter=pikepdf.Name.FlateDecode, SMask=mask)
    c, m, y, k = _darkest(image)
    assert (round(c, 2), round(m, 2), round(y, 2), k) == (0.5, 0.4, 0.3, 1.0)
    del image["/SMask"]
    assert _darkest(image) == (1.0, 1.0, 1.0, 1.0)  # unmasked, the 400 % pixel prints
