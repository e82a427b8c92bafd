"""Round and hexagonal faces: a layout's ``shape`` (or size token / hex) gives the bleed its shape and the
face its own cut line, measured in the PDF; the bundled tokens and Hexatech tiles are such layouts, and a
designer changes them with a layout file alone."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from printgen.build import build
from printgen.project import validate_game
from tests.conftest import FIXTURES
from tests.pdfmeasure import circles, colour, drawings, mm, open_pdf, text_spans, vertices

TILE = """\
size: hex
background: "{{ item.colour }}"
elements:
  - {type: hexagon, r: 40%, fill: "#ffffff"}
  - {type: text, text: "**{{ item.name }}** holds", x: 15%, y: 40%, w: 70%, h: 20%, size: 8pt, min: 5pt, align: center}
"""
MARKER = """\
size: 20mm x 20mm
shape: round
bleed: 1mm
cut: 0.25mm
background: "{{ item.colour }}"
elements:
  - {type: text, text: "{{ item.name }}", x: 10%, w: 80%, baseline: 55%, align: center, size: 6pt, min: 3pt}
"""
SHEETS = """
  - {name: faction-tiles, kind: factions, front: faction-tile, copies: 2}
  - {name: faction-markers, kind: factions, front: faction-marker, copies: 3}
"""


def _game(tmp_path: Path, tile: str = TILE, marker: str = MARKER) -> Path:
    game = tmp_path / "ember"
    shutil.copytree(FIXTURES / "custom-game", game)
    layouts = game / "templates" / "layouts"
    (layouts / "faction-tile.yaml").write_text(tile)
    (layouts / "faction-marker.yaml").write_text(marker)
    text = (game / "game.yaml").read_text().replace("rules:", "rules:", 1)
    text = text.replace("  - {name: battle-cards", SHEETS.strip("\n") + "\n  - {name: battle-cards", 1)
    (game / "game.yaml").write_text(text)
    return game


def _with_layout(tmp_path: Path, fixture: str, name: str | None = None, text: str = "") -> Path:
    """A copy of a fixture game, with ``templates/layouts/<name>.yaml`` of its own when ``name`` is given."""
    game = tmp_path / fixture
    shutil.copytree(FIXTURES / fixture, game)
    if name is not None:
        (game / "templates" / "layouts").mkdir(parents=True, exist_ok=True)
        (game / "templates" / "layouts" / f"{name}.yaml").write_text(text)
    return game


@pytest.fixture(scope="module")
def shaped(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("shapes")
    game = _game(tmp)
    found = validate_game(game)
    assert found.ok(strict=True), [f.format() for f in found.findings]
    assert build(folders=[game], out=tmp / "out", papers=("a4",), previews=False).ok
    return tmp / "out" / "ember-watch" / "a4"


def _hexes(page, *, fill=None, stroke=None) -> list[dict]:
    out = []
    for d in drawings(page):
        lines = [i for i in d["items"] if i[0] == "l"]
        if len(lines) in (5, 6) and len(lines) == len(d["items"]) and len(vertices(d)) == 6:
            if (fill is None or colour(d) == fill) and (stroke is None or colour(d, "color") == stroke):
                out.append(d)
    return out


def test_hex_faces_have_a_bleed_hexagon_and_their_own_cut_line(shaped):
    page = open_pdf(shaped / "faction-tiles.pdf")[0]
    flats = 25.4  # game.yaml hex: size: 1in
    cuts = [d for d in _hexes(page, stroke="#000000") if d.get("fill") is None]
    assert len(cuts) == 4  # two factions, two copies each
    for d in cuts:
        vs = vertices(d)
        sides = [math.dist(vs[i], vs[(i + 1) % 6]) for i in range(6)]
        assert max(sides) - min(sides) < 0.01
        x0, y0, x1, y1 = d["mm"]
        assert y1 - y0 == pytest.approx(flats, abs=0.02) and x1 - x0 == pytest.approx(2 * flats / math.sqrt(3), abs=0.02)
    # the bleed: a hexagon of the faction's colour, the card bleed (3 mm) beyond every side of the cut
    bleeds = _hexes(page, fill="#8a2d1f") + _hexes(page, fill="#2c5d7c")
    assert len(bleeds) == 4
    for b in bleeds:
        x0, y0, x1, y1 = b["mm"]
        assert y1 - y0 == pytest.approx(flats + 6, abs=0.02)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        assert any(abs(cx - (c["mm"][0] + c["mm"][2]) / 2) < 0.01 and abs(cy - (c["mm"][1] + c["mm"][3]) / 2) < 0.01
                   for c in cuts)
    # **...** prints bold
    spans = text_spans(page)
    assert any(s["text"].strip() == "Ashen Guard" and "Bold" in s["font"] for s in spans)
    assert any(s["text"].strip() == "holds" and "Bold" not in s["font"] for s in spans)


def test_round_faces_have_a_bleed_disc_a_cut_circle_and_no_crop_marks(shaped):
    page = open_pdf(shaped / "faction-markers.pdf")[0]
    cut = circles(page, stroke="#000000")
    assert len(cut) == 6
    for d in cut:
        x0, y0, x1, y1 = d["mm"]
        assert x1 - x0 == pytest.approx(20, abs=0.02) and y1 - y0 == pytest.approx(20, abs=0.02)
        assert mm(d["width"]) == pytest.approx(0.25, abs=0.01)
    discs = [d for d in circles(page) if colour(d) in ("#8a2d1f", "#2c5d7c")]
    assert len(discs) == 6 and all(d["mm"][2] - d["mm"][0] == pytest.approx(22, abs=0.02) for d in discs)
    # neighbouring bleed discs do not touch
    boxes = sorted(d["mm"] for d in discs)
    assert all(b[0] - a[2] >= 1.5 for a, b in zip(boxes, boxes[1:]) if abs(a[1] - b[1]) < 0.01)
    short = [d for d in drawings(page) if colour(d, "color") == "#000000" and len(d["items"]) == 1
             and d["items"][0][0] == "l" and math.dist(*d["pts"][:2]) < 5]
    assert not short  # crop marks are for rectangles


def test_an_unknown_shape_is_a_finding_at_its_line(tmp_path):
    game = _game(tmp_path, marker=MARKER.replace("shape: round", "shape: oval"))
    found = validate_game(game)
    hits = [f for f in found.findings if f.code == "layout-value"]
    assert hits and "faction-marker.yaml:2:" in hits[0].format() and "round" in hits[0].message


def test_a_token_label_that_cannot_fit_is_a_finding_at_the_data(tmp_path):
    game = _with_layout(tmp_path, "mini-hoh")
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text().replace(
        "{name: Wound, colour:", "{name: Wound, label: " + "Overwhelmingly Long Label " * 3 + ", colour:", 1))
    found = validate_game(game)
    assert any(f.code == "text-overflow" and "rules.yaml:6:" in f.format() for f in found.findings), \
        [f.format() for f in found.findings]


def test_changing_the_token_layout_changes_the_pdf(tmp_path):
    """A designer's token.yaml over printgen's: a bigger label and a thicker cut line."""
    game = _with_layout(tmp_path, "mini-hoh")
    out = tmp_path / "out"
    assert build(folders=[game], out=out, papers=("a4",), previews=False).ok
    before = open_pdf(out / "mini-hoh" / "a4" / "tokens.pdf")[0]
    (game / "templates" / "layouts").mkdir(parents=True)
    (game / "templates" / "layouts" / "token.yaml").write_text(
        "extends: token\ncut: 0.3mm\nelements:\n  - {id: label, size: 6pt}\n")
    assert validate_game(game).ok()
    assert build(folders=[game], out=out, papers=("a4",), previews=False).ok
    after = open_pdf(out / "mini-hoh" / "a4" / "tokens.pdf")[0]

    def label_size(page):
        return max(s["size"] for s in text_spans(page) if s["text"] == "WOUND")

    def cut_widths(page):
        return {round(mm(d["width"]), 2) for d in circles(page, stroke="#000000")}

    assert label_size(before) == pytest.approx(5, abs=0.05) and label_size(after) == pytest.approx(6, abs=0.05)
    assert cut_widths(before) == {0.15} and cut_widths(after) == {0.3}
    # the diameter is the game's: 16 mm cut circles either way
    assert all(abs((d["mm"][2] - d["mm"][0]) - 16) < 0.02 for d in circles(after, stroke="#000000"))


def test_changing_the_tile_layout_changes_the_hexatech_pdf(tmp_path):
    """Hexatech's tile card is a layout: a game file over it changes the panel colour, the cut stays."""
    game = _with_layout(tmp_path, "mini-tech", "tile-card",
                        'extends: tile-card\nelements:\n  - {id: panel, fill: "#fff3c4"}\n')
    assert validate_game(game).ok()
    out = tmp_path / "out"
    assert build(folders=[game], out=out, papers=("a4",), previews=False).ok
    deck = next((out / "mini-tech" / "a4").glob("deck-*.pdf"))
    page = open_pdf(deck)[0]
    assert len(_hexes(page, fill="#fff3c4")) == 3
    cuts = [d for d in _hexes(page, stroke="#000000") if d.get("fill") is None]
    assert len(cuts) == 3 and all(abs((d["mm"][3] - d["mm"][1]) - 50) <= 0.02 for d in cuts)


def test_a_change_to_an_element_the_parent_lacks_is_a_finding(tmp_path):
    game = _with_layout(tmp_path, "mini-hoh", "token",
                        "extends: token\nelements:\n  - {id: lable, size: 6pt}\n  - {id: ring, colour: '#000000'}\n")
    found = [f for f in validate_game(game).findings if f.severity == "error"]
    messages = [f.format() for f in found]
    assert any("token.yaml:3:" in m and "no element with id 'lable'" in m and "did you mean 'label'" in m
               for m in messages), messages
    assert any("token.yaml:4:" in m and "unknown key 'colour' for a circle element" in m for m in messages), messages


@pytest.mark.parametrize("fixture, layout, change, pdf, page, text", [
    ("mini-hexprint", "unit-back", "{id: label, text: SOLDIER CARD}", "unit-cards", 1, "SOLDIER CARD"),
    ("mini-hexprint", "unit-card", "{id: name-label, text: CALLSIGN}", "unit-cards", 0, "CALLSIGN"),
    ("mini-hexprint", "initiative-marker", "{id: type, text: MARKER}", "initiative-markers", 0, "MARKER"),
    ("mini-heroscape", "glyph-back", "{id: symbol, text: '!'}", "markers", 1, "!"),
])
def test_pack_backs_and_markers_are_layouts_a_game_can_change(tmp_path, fixture, layout, change, pdf, page, text):
    game = _with_layout(tmp_path, fixture, layout, f"extends: {layout}\nelements:\n  - {change}\n")
    checked = validate_game(game)
    assert checked.ok(), [f.format() for f in checked.findings]
    out = tmp_path / "out"
    assert build(folders=[game], out=out, papers=("a4",), previews=False).ok
    doc = open_pdf(next(out.glob(f"*/a4/{pdf}.pdf")))
    assert text in [s["text"] for s in text_spans(doc[page])]


def test_a_missing_token_picture_is_a_finding_at_its_data_line(tmp_path):
    game = tmp_path / "ember"
    shutil.copytree(FIXTURES / "custom-game", game)
    content = game / "content.yaml"
    content.write_text(content.read_text().replace("image: art/lantern.svg", "image: art/nothere.svg"))
    line = next(i for i, text in enumerate(content.read_text().splitlines(), 1) if "nothere" in text)
    found = [f for f in validate_game(game).findings if f.code == "art"]
    assert found and f"content.yaml:{line}:" in found[0].format() and "art/nothere.svg" in found[0].message


@pytest.mark.parametrize("fixture, layout, text, code, line, words", [
    ("mini-hoh", "token", "extends: token\nbleed: 100000mm\n", "layout-size", 2, "outside 0-10 mm"),
    ("mini-hoh", "token", "extends: token\nbleed: -5mm\n", "layout-size", 2, "outside 0-10 mm"),
    ("mini-hoh", "token", "extends: token\nsize: 99999mm x 99999mm\n", "layout-size", 2, "0-300 mm"),
    ("mini-hoh", "token", "extends: token\nsize: 250mm x 250mm\n", "layout-size", 2, "does not fit the page"),
    ("mini-hoh", "token", "extends: token\nsize: [1, 2]\n", "layout-size", 2, "size is card, token, hex"),
    ("mini-hoh", "token", "extends: token\ncut: \"\\0\"\n", "layout-value", 2, "cut:"),
    ("mini-tech", "tile-card", "extends: tile-card\nelements:\n  - {id: links, edges: 12}\n", "layout-value", 3,
     "the edge-links element cannot draw tile 'Ember'"),
    ("mini-hexprint", "unit-card", "extends: unit-card\nelements:\n  - {id: rows, unit: nonsense}\n", "layout-value", 3,
     "is not the kind it takes"),
])
def test_a_hostile_layout_is_a_located_finding_not_a_traceback(tmp_path, fixture, layout, text, code, line, words):
    """Layouts no sheet names (tokens, tiles) are checked like the sheets' own; a value of the wrong kind
    reaching a pack's element is a finding at the element."""
    game = _with_layout(tmp_path, fixture, layout, text)
    found = [f for f in validate_game(game).findings if f.code == code]
    assert found and f"{layout}.yaml:{line}:" in found[0].format() and words in found[0].message, \
        [f.format() for f in validate_game(game).findings]
    assert "object" not in found[0].message and "Error" not in found[0].message
