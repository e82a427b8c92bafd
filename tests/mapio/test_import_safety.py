"""Issue 36, item 3: a map's own strings (its name, author, glyph letters, even the file's name) are
untrusted. Whatever they hold, import-map writes YAML that reads back as the map imported, a comment
line holds no line break, the game loads and gains no item the map did not bring, and nothing is
said to be written unless it validates."""

import json
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mapio.hsc import HscMap, Tile, write_hsc
from printgen.mapio.pieces import glyph_code
from printgen.mapio.yaml_out import clean_name, comment_text, yaml_text
from printgen.project import validate_game

FIX = Path(__file__).parent.parent / "fixtures"
runner = CliRunner()

EVIL = {
    "unit": "Evil\nunits:\n  - {name: Injected}\nx",
    "colons": "a: b: c: [d",
    "nul": "Null\0Map",
    "esc": "Esc\x1b[31mRed",
    "separator": "Line\u2028units: [x]",
    "crlf": "Evil\r\nterrain:\r\n  - {name: Injected}",
    "quotes": "'\"#&*!|>%@`",
    "long": "W" * 80,
}


def game(tmp_path):
    g = tmp_path / "game"
    shutil.copytree(FIX / "mini-heroscape", g)
    return g


def hsc(name, *, author="Me"):
    m = HscMap(name=name, author=author, tiles=[Tile(code=1007, x=2, y=2), Tile(code=glyph_code("\x1b"), x=2, y=2, z=1),
                                                 Tile(code=15001, x=1, y=2, z=1, colour=0x0000FF),
                                                 Tile(code=15001, x=3, y=3, z=1, colour=0xFF0000)])
    return write_hsc(m)


def editor_json(name):
    return json.dumps({"hexMap": {"name": name}, "boardPieces": {"0~0~0~0~g7": "g7"}}).encode()


@pytest.mark.parametrize("case", sorted(EVIL))
@pytest.mark.parametrize("kind", ["hsc", "json"])
def test_a_hostile_map_name_is_written_as_data(tmp_path, case, kind):
    g = game(tmp_path)
    units_before = len(validate_game(g).data.units)
    f = tmp_path / f"m.{kind}"
    f.write_bytes(hsc(EVIL[case], author=EVIL[case]) if kind == "hsc" else editor_json(EVIL[case]))
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 0, r.output
    assert "\x1b" not in r.output and "\0" not in r.output  # nothing drives the terminal either
    (written,) = [p for p in g.glob("map-*.yaml")]
    text = written.read_text(encoding="utf-8")
    for line in text.splitlines():
        assert line.isprintable(), repr(line)  # no control character, no U+2028, in any line
    comments = [ln for ln in text.splitlines() if ln.lstrip().startswith("#")]
    assert comments and all(ln.startswith("# ") for ln in comments)
    doc = yaml.safe_load(text)
    assert set(doc) <= {"maps", "terrain", "glyphs"}  # no units:, no injected terrain
    assert [t["name"] for t in doc.get("terrain", [])] in ([], ["Road"])
    (m,) = doc["maps"]
    assert m["name"].isprintable() and 0 < len(m["name"]) <= 60 and all(len(w) <= 24 for w in m["name"].split())
    result = validate_game(g)
    assert result.ok(), result.findings
    assert len(result.data.units) == units_before
    assert "wrote" in r.output


def test_a_glyph_letter_that_is_a_control_byte_is_named_by_number(tmp_path):
    g = game(tmp_path)
    f = tmp_path / "g.hsc"
    f.write_bytes(hsc("Glyphs"))
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 0, r.output
    doc = yaml.safe_load((g / "map-glyphs.yaml").read_text())
    assert [x["name"] for x in doc["glyphs"]] == ["Glyph 27"] and "[glyphs-added]" in r.output


def test_a_hostile_file_name_stays_in_its_comment(tmp_path):
    g = game(tmp_path)
    f = tmp_path / "evil\nunits:\n  - {name: Injected}\n.hsc"
    f.write_bytes(hsc("Plain"))
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 0, r.output
    text = (g / "map-plain.yaml").read_text()
    assert "Injected" in text.splitlines()[0] and text.splitlines()[0].startswith("# ")
    assert "units" not in yaml.safe_load(text)


def test_the_writer_refuses_text_that_reads_back_otherwise():
    assert comment_text("a\nb\x85c\u2029d") == "a\\u000ab\\u0085c\\u2029d"
    assert clean_name("x\0y\x1bz " + "Q" * 30)[0] == "x y z " + "Q" * 24 + " QQQQQQ"
    doc = {"maps": [{"name": "a: b", "layout": " a a\na a\n"}]}
    assert yaml.safe_load(yaml_text(["one\ntwo"], doc)) == doc
    with pytest.raises(ValueError):
        yaml_text([], {"maps": [{"size": float("nan")}]})  # reads back as a value unequal to itself


def test_an_import_that_breaks_the_game_is_not_written(tmp_path, monkeypatch):
    """The last guard: were anything the import adds to upset the game's own checks (here a glyph
    whose symbol another glyph has), the file is taken back, the game is as it was, exit 1."""
    import printgen.mapio.glyphs_needed as needed

    g = game(tmp_path)
    before = {p.name: p.read_bytes() for p in g.iterdir() if p.is_file()}
    taken = validate_game(g).data.glyphs[0].symbol
    monkeypatch.setattr(needed, "glyph_entries", lambda m, d: [
        {"name": "Glyph Twin", "symbol": taken, "colour": "#ffffff", "duration": "permanent", "text": "Twin."}])
    f = tmp_path / "q.hsc"
    f.write_bytes(hsc("Twin"))
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 1 and "[glyph-symbol]" in r.output and "wrote" not in r.output
    assert {p.name: p.read_bytes() for p in g.iterdir() if p.is_file()} == before
