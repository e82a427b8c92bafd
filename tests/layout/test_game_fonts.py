"""A game's own fonts by family and style, the bundled serif family, and every bad font file as a
located finding: measured in the PDFs built (pymupdf's font names per text span)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.build import build
from printgen.cli import app
from printgen.layout.game_fonts import resolve_font
from printgen.project import validate_game
from tests.conftest import FIXTURES
from tests.pdfmeasure import open_pdf, text_spans

EMBER = FIXTURES / "custom-game" / "fonts" / "ember-hand.ttf"


def _game(tmp_path: Path, *, title: str = "serif", goal: str = "Ember Hand", sides: str = "serif italic",
          aliases: bool = False) -> Path:
    """The custom fixture game, its layouts naming fonts by family and style; without game.yaml ``fonts:``."""
    game = tmp_path / "ember"
    shutil.copytree(FIXTURES / "custom-game", game)
    if not aliases:
        yaml = game / "game.yaml"
        yaml.write_text(re.sub(r"\nfonts:\n  hand: [^\n]*", "", yaml.read_text()))
    battle = game / "templates" / "layouts" / "battle-card.yaml"
    battle.write_text(battle.read_text().replace("font: hand}", f"font: {goal}}}")
                      .replace("font: sans-italic}", f"font: {sides}}}"))
    base = game / "templates" / "layouts" / "base-card.yaml"
    base.write_text(base.read_text().replace("font: serif-bold", f"font: {title}"))
    return game


def _codes(game: Path) -> list:
    return [f for f in validate_game(game).findings if f.severity.name == "ERROR"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("fonts")
    game = _game(tmp)
    found = validate_game(game)
    assert found.ok(strict=True), [f.format() for f in found.findings]
    build(folders=[game], out=tmp / "out", papers=("a4",), previews=False)
    return tmp / "out" / "ember-watch" / "a4"


def test_a_family_named_in_a_layout_is_found_in_fonts_and_embedded_as_a_subset(built):
    page = open_pdf(built / "battle-cards.pdf")[0]
    fonts = {f[3] for f in page.get_fonts()}
    assert any(re.fullmatch(r"[A-Z]{6}\+EmberHand-Regular", n) for n in fonts), fonts
    goal = [s for s in text_spans(page) if s["text"].startswith("Hold the tower")]
    assert goal and all("EmberHand" in s["font"] for s in goal)


def test_serif_regular_and_italic_print(built):
    page = open_pdf(built / "battle-cards.pdf")[0]
    spans = text_spans(page)
    sides = [s for s in spans if " vs " in s["text"]]
    assert sides and all(s["font"].endswith("NotoSerif-Italic") for s in sides)
    unit = open_pdf(built / "unit-cards.pdf")[0]
    (name,) = [s for s in text_spans(unit) if s["text"] == "Ember Warden"]
    assert name["font"].endswith("NotoSerif-Regular")
    embedded = {f[3].split("+")[-1] for f in unit.get_fonts()}
    assert "NotoSerif-Regular" in embedded


def test_every_spelling_of_a_face_resolves_to_it(tmp_path):
    game = validate_game(_game(tmp_path, aliases=True))
    ember = resolve_font(game, "Ember Hand")
    assert ember and ember.startswith("game-")
    assert resolve_font(game, "ember-hand italic") == resolve_font(game, "hand") == ember
    assert resolve_font(game, "Serif Bold Italic") == resolve_font(game, "serif-bolditalic") == "serif-bolditalic"
    assert resolve_font(game, "Noto Sans") == resolve_font(game, "sans") == "sans"
    assert resolve_font(game, "Ember Hand bold") is None and resolve_font(game, "Papyrus") is None


def test_bold_in_a_game_font_uses_the_familys_bold_face(tmp_path):
    """**words** in a text drawn in a game family's italic find that family's bold italic file, not a
    bundled face."""
    from fontTools.ttLib import TTFont

    game = _game(tmp_path)
    tt = TTFont(str(EMBER))
    tt["OS/2"].fsSelection |= 0x20  # the same (italic) outlines, marked bold italic
    tt["head"].macStyle = 3
    for rec in tt["name"].names:
        if rec.nameID == 6:
            rec.string = "EmberHand-BoldItalic"
    tt.save(str(game / "fonts" / "ember-hand-bold.ttf"))
    content = game / "content.yaml"
    content.write_text(content.read_text().replace("goal: Hold the tower hex", "goal: Hold **the tower** hex"))
    # the family now has an italic and a bold italic: "Ember Hand" alone is no one face
    (hit,) = _codes(game)
    assert "Ember Hand has no regular face; name one of 'Ember Hand bold italic', 'Ember Hand italic'" in hit.message
    _game(tmp_path / "again", goal="Ember Hand italic")
    shutil.copytree(game / "fonts", tmp_path / "again" / "ember" / "fonts", dirs_exist_ok=True)
    shutil.copy(content, tmp_path / "again" / "ember" / "content.yaml")
    game = tmp_path / "again" / "ember"
    assert not _codes(game), [f.format() for f in _codes(game)]
    build(folders=[game], out=tmp_path / "out", papers=("a4",), previews=False)
    spans = text_spans(open_pdf(tmp_path / "out" / "ember-watch" / "a4" / "battle-cards.pdf")[0])
    bold = [s for s in spans if s["text"].strip() == "the tower"]
    rest = [s for s in spans if s["text"].strip().startswith("Hold")]
    assert bold and all(s["font"].endswith("EmberHand-BoldItalic") for s in bold), bold
    assert rest and all(s["font"].endswith("EmberHand-Regular") for s in rest)


def _bad(tmp_path: Path, name: str, data: bytes | None = None) -> list:
    game = _game(tmp_path)
    if data is not None:
        (game / "fonts" / name).write_bytes(data)
    return _codes(game)


@pytest.mark.parametrize("name, data, code, words", [
    ("not-a-font.ttf", b"<html>hello</html>", "font", "is not a font: a TrueType file starts with bytes 00 01 00 00"),
    ("truncated.ttf", EMBER.read_bytes()[:3000], "font", "is truncated or broken: at byte"),
    ("header.ttf", EMBER.read_bytes()[:40], "font", "its table directory runs to byte"),
    ("empty.otf", b"", "font", "is not a font"),
    ("cff.otf", b"OTTO" + bytes(200), "font", "PostScript (CFF) outlines"),
    ("web.woff", b"wOFF" + bytes(200), "font", "web font"),
    ("corrupt.ttf", EMBER.read_bytes()[:12] + bytes(len(EMBER.read_bytes()) - 12), "font", ""),
])
def test_a_broken_font_file_is_a_finding_at_the_file(tmp_path, name, data, code, words):
    found = _bad(tmp_path, name, data)
    hits = [f for f in found if f.loc and f.loc.file.endswith(f"fonts/{name}")]
    assert len(hits) == 1 and hits[0].code == code and words in hits[0].message, [f.format() for f in found]
    assert name in hits[0].message


def test_a_corrupt_table_is_a_finding_never_a_traceback(tmp_path):
    data = bytearray(EMBER.read_bytes())
    # every table's data overwritten with noise (the directory stays whole): fontTools and reportlab fail
    import struct

    (count,) = struct.unpack(">H", data[4:6])
    for i in range(count):
        _tag, _sum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        data[offset: offset + length] = bytes((offset + j * 7) % 251 for j in range(length))
    found = _bad(tmp_path, "noise.ttf", bytes(data))
    (hit,) = [f for f in found if f.loc.file.endswith("fonts/noise.ttf")]
    assert "noise.ttf" in hit.message and ("cannot be read as a font" in hit.message or "has no" in hit.message)


def test_a_collection_is_a_finding(tmp_path):
    from fontTools.ttLib import TTCollection, TTFont

    ttc = TTCollection()
    ttc.fonts = [TTFont(str(EMBER)), TTFont(str(EMBER))]
    game = _game(tmp_path)
    ttc.save(str(game / "fonts" / "both.ttc"))
    (hit,) = [f for f in _codes(game) if f.loc.file.endswith("fonts/both.ttc")]
    assert "collection" in hit.message


def test_a_font_over_the_size_limit_is_a_limit_finding_read_no_further(tmp_path):
    game = _game(tmp_path)
    with open(game / "fonts" / "huge.ttf", "wb") as f:
        f.write(b"\x00\x01\x00\x00")
        f.truncate(17 * 2**20)  # sparse: nothing of it is read
    (hit,) = [f for f in _codes(game) if f.loc.file.endswith("fonts/huge.ttf")]
    assert hit.code == "limit-font-file" and "17.0 MiB, over the 16 MiB" in hit.message


def test_two_files_claiming_one_style_is_a_finding_at_the_second(tmp_path):
    game = _game(tmp_path)
    shutil.copy(EMBER, game / "fonts" / "ember-hand-copy.ttf")
    (hit,) = [f for f in _codes(game) if f.code == "font-style"]
    assert hit.loc.file.endswith("fonts/ember-hand.ttf")  # sorted: ember-hand-copy.ttf is kept
    assert "both Ember Hand italic" in hit.message and "ember-hand-copy.ttf" in hit.message


@pytest.mark.parametrize("font, words", [
    ("Ember Hand bold", "Ember Hand has no bold face, only italic"),
    ("Ember Hnd", "did you mean 'Ember Hand'?"),
    ("serif light", "did you mean"),
])
def test_a_layout_naming_no_face_is_a_finding_at_its_line(tmp_path, font, words):
    game = _game(tmp_path, goal=font)
    (hit,) = [f for f in _codes(game) if f.code == "layout-font"]
    assert hit.loc.file.endswith("templates/layouts/battle-card.yaml") and (hit.loc.line, hit.loc.col) == (4, 12)
    assert words in hit.message


def test_a_bad_font_stops_the_build_and_nothing_is_written(tmp_path):
    game = _game(tmp_path)
    (game / "fonts" / "broken.ttf").write_bytes(EMBER.read_bytes()[:5000])
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "fonts/broken.ttf" in result.output and "Traceback" not in result.output
    assert not [p for p in out.rglob("*") if p.is_file() and p.suffix in (".pdf", ".svg", ".png")]


def test_a_symlink_in_fonts_leading_nowhere_or_out_is_a_finding(tmp_path):
    game = _game(tmp_path)
    (game / "fonts" / "gone.ttf").symlink_to(tmp_path / "nowhere.ttf")
    outside = tmp_path / "outside.ttf"
    shutil.copy(EMBER, outside)
    (game / "fonts" / "out.ttf").symlink_to(outside)
    found = {Path(f.loc.file).name: f.message for f in _codes(game) if f.code == "font"}
    assert "no file 'fonts/gone.ttf'" in found["gone.ttf"]
    assert "leading out of the game folder" in found["out.ttf"]


def test_a_glyph_table_broken_inside_is_a_finding_not_a_failed_build(tmp_path):
    """A font whose directory, cmap and metrics read well but whose glyph data is noise in places (a glyph read
    as a composite of glyphs the font has not): reportlab opens it, and only subsetting it, as the PDF writer
    does, fails. Found when the font is read, at the file, so that whatever validates builds."""
    import struct

    data = bytearray(EMBER.read_bytes())
    (count,) = struct.unpack(">H", data[4:6])
    for i in range(count):
        tag, _sum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"glyf":
            data[offset + length // 3: offset + length // 3 + 400] = b"\xff" * 400
    found = _bad(tmp_path, "inside.ttf", bytes(data))
    (hit,) = [f for f in found if f.loc and f.loc.file.endswith("fonts/inside.ttf")]
    assert hit.code == "font" and "cannot be read as a font" in hit.message
