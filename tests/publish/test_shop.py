"""Print profiles: a DriveThruCards-style deck, a Game Crafter-style set and a generic print-shop PDF, each
opened and measured. One small deck (Mini Heroes' class cards) is converted once for the whole module.

Colour tolerance: Ghostscript and littleCMS (Pillow's ImageCms) apply the same profile, intent and black
point compensation; their results differ by their interpolation only, under 1 % of each ink (0.01)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from printgen.build import build
from printgen.cli import PrintProfile, app
from printgen.draw.document import Document, Page, Rect, Style, Text, pt
from printgen.model.defaults import PRINT_PROFILES
from printgen.project import validate_game
from printgen.publish.cards import Card, CardDeck
from printgen.publish.pod import POD_BLEED
from printgen.publish.shop import PROFILE_EXPORTS, SAFE, rich_black_findings, safe_zone_findings
from printgen.findings import Location
from printgen.write.cmyk import cmyk_of, device_rgb_uses, engine_problem, to_cmyk
from printgen.write.pdf import to_pdf
from tests.conftest import FIXTURES
from tests.pdfmeasure import PT

NO_GS = engine_problem()
needs_gs = pytest.mark.skipif(NO_GS is not None, reason=f"no colour engine: {NO_GS}")
INK_TOL = 0.01
MM_TOL = 0.01


@pytest.fixture(scope="module")
def shop_out(tmp_path_factory) -> Path:
    if NO_GS:
        pytest.skip(f"no colour engine: {NO_GS}")
    out = tmp_path_factory.mktemp("shop")
    r = build(folders=[FIXTURES / "mini-hoh"], out=out, papers=["a4"], previews=False, jobs=1,
              profiles=["drivethru", "gamecrafter", "shop"])
    assert r.ok
    return out / "mini-hoh"


def _mm(box) -> tuple[float, ...]:
    return tuple(float(v) * PT for v in box)


def test_the_profiles_are_one_registry():
    assert set(PROFILE_EXPORTS) == set(PRINT_PROFILES)
    assert {p.value for p in PrintProfile} == set(PRINT_PROFILES)


@needs_gs
def test_drivethru_deck_pages_boxes_cmyk_and_output_intent(shop_out):
    data = (shop_out / "drivethru" / "class-cards.pdf").read_bytes()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2  # the one card's front, then the deck's back
        for page in pdf.pages:
            x0, y0, x1, y1 = _mm(page.MediaBox)
            assert (x1 - x0, y1 - y0) == pytest.approx((69.85, 95.25), abs=MM_TOL)
            t0, u0, t1, u1 = _mm(page.TrimBox)
            assert (t1 - t0, u1 - u0) == pytest.approx((63.5, 88.9), abs=MM_TOL)
            assert (t0 - x0, u0 - y0, x1 - t1, y1 - u1) == pytest.approx((3.175,) * 4, abs=MM_TOL)  # centred
            assert _mm(page.BleedBox) == pytest.approx((x0, y0, x1, y1), abs=MM_TOL)
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and int(intent.DestOutputProfile.N) == 4
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
        assert b"PDF/X-4" in pdf.Root.Metadata.read_bytes()
    assert device_rgb_uses(data) == []
    # the scan is not blind: the same deck on the home sheet is all RGB
    assert any("rg operator" in u for u in device_rgb_uses((shop_out / "a4" / "class-cards.pdf").read_bytes()))


@needs_gs
def test_ghostscript_renders_the_deck_and_qpdf_finds_it_sound(shop_out, tmp_path):
    deck = shop_out / "drivethru" / "class-cards.pdf"
    run = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r100",
                          f"-sOutputFile={tmp_path}/p%d.png", str(deck)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    page = Image.open(tmp_path / "p1.png")
    assert page.size == (round(69.85 / 25.4 * 100), round(95.25 / 25.4 * 100))
    colours = page.convert("RGB").getcolors(1 << 20)
    white = sum(n for n, c in colours if c == (255, 255, 255))
    assert len(colours) >= 8 and white < 0.1 * page.width * page.height  # a drawn card to its bleed, not blank
    if shutil.which("qpdf") is None:
        pytest.skip("qpdf is not installed: apt-get install qpdf")
    check = subprocess.run(["qpdf", "--check", str(deck)], capture_output=True, text=True)
    assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout


def _fill_ops(data: bytes) -> list[tuple[str, tuple[float, ...]]]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return [(str(op), tuple(float(v) for v in operands)) for operands, op in
                pikepdf.parse_content_stream(pdf.pages[0]) if str(op) in ("k", "g", "rg")]


@needs_gs
def test_a_known_rgb_patch_comes_out_as_the_profile_says():
    page = Page(40, 40, trim=(5, 5, 35, 35), bleed=(2, 2, 38, 38))
    page.add(Rect(5, 5, 10, 10, Style(fill="#c83232")), Rect(20, 5, 10, 10, Style(fill="#1f5f8b")),
             Rect(5, 20, 10, 10, Style(fill="#000000")), Rect(20, 20, 10, 10, Style(fill="#1d1d1b")))
    data = to_cmyk(to_pdf(Document("patches", [page])), title="patches")
    fills = _fill_ops(data)
    assert not [f for f in fills if f[0] == "rg"]
    cmyk = [v for op, v in fills if op == "k"]
    for colour, got in zip(("#c83232", "#1f5f8b"), cmyk):
        assert got == pytest.approx(cmyk_of(colour), abs=INK_TOL), colour
    assert cmyk_of("#c83232") == pytest.approx((0.145, 0.949, 0.898, 0.043), abs=INK_TOL)  # pinned: SWOP profile
    # black and a near-black grey print with black ink alone (DeviceGray), never as four-ink black
    greys = [v[0] for op, v in fills if op == "g"]
    assert greys[-2:] == pytest.approx([0.0, 1 - cmyk_of("#1d1d1b")[3]], abs=INK_TOL)
    assert to_cmyk(to_pdf(Document("patches", [page])), title="patches") == data  # deterministic


@needs_gs
def test_gamecrafter_faces_are_the_shops_template(shop_out):
    faces = sorted((shop_out / "gamecrafter" / "class-cards").glob("*.png"))
    assert [f.name for f in faces] == ["01-knight-front.png", "back.png"]
    for f in faces:
        img = Image.open(f)
        assert img.size == (825, 1125) and round(img.info["dpi"][0]) == 300
    # the same pixels as the print-on-demand export: one rasteriser, not two
    assert (shop_out / "gamecrafter/class-cards/back.png").read_bytes() == (shop_out / "pod/class-cards/back.png"
                                                                          ).read_bytes()


@needs_gs
def test_shop_pdf_has_crop_marks_outside_the_bleed(shop_out):
    import pymupdf

    from tests.pdfmeasure import drawings

    data = (shop_out / "shop" / "class-cards.pdf").read_bytes()
    assert device_rgb_uses(data) == []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        trim, bleed = _mm(pdf.pages[0].TrimBox), _mm(pdf.pages[0].BleedBox)
        height = float(pdf.pages[0].MediaBox[3]) * PT
    assert (trim[2] - trim[0], trim[3] - trim[1]) == pytest.approx((63.5, 88.9), abs=MM_TOL)
    assert bleed[0] == pytest.approx(trim[0] - 3.175, abs=MM_TOL)
    page = pymupdf.open(stream=data)[0]
    marks = [d["mm"] for d in drawings(page) if d.get("color") is not None and d.get("fill") is None
             and (abs(d["mm"][2] - d["mm"][0]) < 0.01 or abs(d["mm"][3] - d["mm"][1]) < 0.01)
             and max(d["mm"][2] - d["mm"][0], d["mm"][3] - d["mm"][1]) == pytest.approx(5.0, abs=0.05)]
    assert len(marks) == 8
    top = height - bleed[3]  # the bleed box's top edge, y down
    for x0, y0, x1, y1 in marks:
        upright = x1 - x0 < 0.01
        if upright:  # on a trim line, wholly above or below the bleed
            assert min(abs(x0 - trim[0]), abs(x0 - trim[2])) < MM_TOL
            assert y1 <= top + 1e-6 or y0 >= height - bleed[1] - 1e-6


def _deck(texts: list[Text]) -> CardDeck:
    return CardDeck("Test deck", (63.5, 88.9), "rect", (Card("Alpha", lambda b: list(texts)),), lambda b: [],
                    Location("layouts/card.yaml", 4, 3))


def test_text_in_the_safe_margin_is_a_located_finding():
    game = validate_game(FIXTURES / "mini-hoh")
    edge = POD_BLEED + SAFE
    inside = Text(edge + 1, edge + 6, "Fine", "sans", pt(8))
    assert safe_zone_findings(game, _deck([inside])) == []
    (f,) = safe_zone_findings(game, _deck([inside, Text(POD_BLEED + 1.0, 40, "Too close", "sans", pt(8))]))
    assert f.code == "safe-zone" and "'Too close'" in f.message and "2.2 mm" in f.message
    assert (f.loc.file, f.loc.line, f.loc.col) == ("layouts/card.yaml", 4, 3)


@needs_gs
def test_small_rich_black_text_is_a_finding_and_black_is_not():
    game = validate_game(FIXTURES / "mini-hoh")
    faces = [("Alpha", [Text(10, 10, "Navy", "sans", pt(7), "#1a1a3a"), Text(10, 20, "Black", "sans", pt(7)),
                        Text(10, 30, "Big navy", "sans", pt(14), "#1a1a3a")])]
    (f,) = rich_black_findings(game, _deck([]), faces)
    assert f.code == "rich-black" and "'Navy'" in f.message and "7.0 pt" in f.message


def test_an_unknown_profile_in_game_yaml_is_located_with_did_you_mean(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    text = (game / "game.yaml").read_text() + "print:\n  profile: [home, drivethrough]\n"
    (game / "game.yaml").write_text(text)
    result = validate_game(game)
    (f,) = [f for f in result.findings if "print profile" in f.message]
    line = text.splitlines().index("  profile: [home, drivethrough]") + 1
    col = "  profile: [home, drivethrough]".index("drivethrough") + 1
    assert f.is_error and (f.loc.line, f.loc.col) == (line, col) and f.loc.file.endswith("g/game.yaml")
    assert "did you mean 'drivethru'?" in f.message


@needs_gs
def test_a_profile_named_in_game_yaml_is_made_and_dropping_it_removes_its_files(tmp_path):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "print: {profile: [home, gamecrafter]}\n")
    out = tmp_path / "out"
    runner = CliRunner()
    r = runner.invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert r.exit_code == 0, r.output
    assert (out / "mini-hoh/gamecrafter/class-cards/back.png").is_file()
    assert not (out / "mini-hoh/drivethru").exists()
    gallery = (out / "mini-hoh.html").read_text()
    assert "Game Crafter-style faces" in gallery and "gamecrafter/class-cards/back.png" in gallery
    # a one-off build for another profile keeps these files (they still match the data) ...
    r = runner.invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews", "--for", "home"])
    assert r.exit_code == 0, r.output
    assert (out / "mini-hoh/gamecrafter/class-cards/back.png").is_file()
    # ... and dropping the profile from game.yaml removes them
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("[home, gamecrafter]", "[home]"))
    r = runner.invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert r.exit_code == 0, r.output
    assert not (out / "mini-hoh/gamecrafter/class-cards/back.png").exists()
    r = runner.invoke(app, ["build", str(game), "--out", str(out), "--for", "drivethrough"])
    assert r.exit_code == 2 and re.search(r"drivethrough", r.output)


@needs_gs
@pytest.mark.parametrize("name", ["heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint"])
def test_bundled_decks_go_to_a_shop_without_a_finding(name):
    """Every bundled rectangular deck keeps its text out of the shop's safe margin, and its DriveThruCards file,
    converted and measured as written, prints small text in one ink and no colour over 300 %: the shop
    profiles of a bundled build add no finding."""
    from printgen.publish.cards import card_decks
    from printgen.publish.shop import deck_pdf
    from printgen.write.ink_rules import inks
    from printgen.write.ink_stream import read_inks

    game = validate_game(FIXTURES.parent.parent / "data" / name)
    decks = [d for d in card_decks(game) if d.shape == "rect" and d.cards]
    for deck in decks:
        data, found, _ = deck_pdf(game, deck, "drivethru", slug_mm=0.0, marks=False, name=deck.name)
        found += safe_zone_findings(game, deck)
        assert not found, [f.format() for f in found]
        runs = read_inks(data)
        assert not [r for r in runs if r.kind == "text" and r.size < 8.0 and inks(r.cmyk) > 1]
        assert max(r.total for r in runs) <= 3.0 + 1e-6
