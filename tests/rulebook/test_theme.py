"""The rulebook's look as data (templates/<game>/rulebook/theme.yaml over rulebook/themes/default.yaml),
measured in the PDF it sets."""

from __future__ import annotations

import shutil
import statistics
from collections import Counter
from pathlib import Path

import pymupdf
import pytest

from printgen.build import build
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.project import validate_game
from printgen.rulebook.theme import THEMES, load_theme
from tests.conftest import FIXTURES, REPO

GAMES = ("heroes-of-hex", "heroscape-style", "hex-dice", "hexatech", "hexprint")
PARAGRAPH = ("A hero on a hex next to an enemy is engaged with it and may attack it with a melee weapon; "
             "a hero further away needs a ranged weapon and a clear line of sight to the target's hex. ") * 4


def _game(tmp: Path, theme: str | None = None, long: bool = False) -> Path:
    """custom-game copied, with ``theme`` as its theme.yaml and (``long``) a chapter of running text."""
    game = tmp / "game"
    shutil.copytree(FIXTURES / "custom-game", game)
    folder = game / "templates" / "rulebook"
    if theme is not None:
        (folder / "theme.yaml").write_text(theme)
    if long:
        (folder / "03-reading.md").write_text("# Reading\n\n" + "\n\n".join([PARAGRAPH] * 24) + "\n")
    return game


def _book(folder: Path, paper: str = "a4") -> pymupdf.Document:
    """The game's rulebook, set in memory for ``paper``."""
    game = validate_game(folder)
    assert game.ok(), [f.format() for f in game.findings]
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    return pymupdf.open(stream=target.asset.render(game, spec)["rulebook"].data)


def _spans(doc, first: int = 2):
    for page in list(doc)[first:]:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        yield page, line, span


def _body(doc) -> float:
    sizes = Counter()
    for _, _, s in _spans(doc):
        sizes[round(s["size"], 1)] += len(s["text"])
    return sizes.most_common(1)[0][0]


def test_a_theme_change_reaches_the_pdf(tmp_path):
    theme = ("extends: default\n"
             "fonts:\n  body: serif-bold\n"
             "colours:\n  accent: '#0a7d3e'\n"
             "page:\n  columns: 2\n  column_gap: 8mm\n")
    plain = _book(_game(tmp_path / "a", long=True))
    themed = _book(_game(tmp_path / "b", theme, long=True))

    def heading_colour(doc):
        return {s["color"] for _, _, s in _spans(doc) if s["text"].strip() == "Reading" and s["size"] > 20}

    assert heading_colour(plain) == {0x3b2f4a} and heading_colour(themed) == {0x0a7d3e}

    def body_fonts(doc):
        body = _body(doc)
        return Counter(s["font"] for _, _, s in _spans(doc) if abs(s["size"] - body) < 0.05).most_common(1)[0][0]

    assert body_fonts(plain) == "NotoSans-Regular" and body_fonts(themed) == "NotoSerif-Bold"

    def line_starts(doc):  # the x (mm) where the body's lines start, on the pages of the long chapter
        body = _body(doc)
        return sorted({round(line["bbox"][0] * 25.4 / 72) for page, line, s in _spans(doc)
                       if abs(s["size"] - body) < 0.05 and s is line["spans"][0]
                       and "".join(x["text"] for x in line["spans"]).strip() in PARAGRAPH})

    assert line_starts(plain) == [20]
    left, right = line_starts(themed)
    frame = 210 - 40
    assert left == 20 and right == pytest.approx(20 + (frame - 8) / 2 + 8, abs=1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_default_theme_sets_60_to_80_characters_a_line(tmp_path, paper):
    doc = _book(_game(tmp_path, long=True), paper)
    body = _body(doc)
    lines = [(line["bbox"][2] - line["bbox"][0], "".join(s["text"] for s in line["spans"]))
             for page, line, s in _spans(doc) if s is line["spans"][0]
             and "".join(x["text"] for x in line["spans"]).strip() in PARAGRAPH and all(abs(x["size"] - body) < 0.05 for x in line["spans"])]
    widest = max(w for w, _ in lines)
    full = [len(t) for w, t in lines if w > 0.85 * widest]  # a paragraph's last line is short
    assert len(full) > 40
    assert 60 <= statistics.mean(full) <= 80


def test_each_bundled_game_has_a_theme_of_its_own():
    themes = {}
    for name in GAMES:
        theme, found = load_theme(REPO / "templates" / name)
        assert found == [] and (REPO / "templates" / name / "rulebook" / "theme.yaml").is_file()
        themes[name] = theme
    default = load_theme(None)[0]
    accents = {t.colours.accent for t in themes.values()}
    assert len(accents) == len(GAMES) and default.colours.accent not in accents
    assert len({t.cover.background for t in themes.values()}) == len(GAMES)
    assert {t.fonts.headings for t in themes.values()} == {"serif-bold", "sans-bold"}
    assert [n for n, t in themes.items() if t.page.columns == 2] == ["hexprint"]
    assert set(THEMES) == {"default"}


@pytest.mark.parametrize("theme, code, where, words", [
    ("extends: default\ncolours:\n  acent: '#112233'\n", "unknown-key", (3, 3), "did you mean 'accent'"),
    ("extends: default\ncolours:\n  accent: '#11223'\n", "schema", (3, 11), "is not a colour"),
    ("extends: default\nfonts:\n  headings: sans-blod\n", "theme-font", (3, 13), "did you mean 'sans-bold'"),
    ("extends: default\npage:\n  margin_top: 2 furlongs\n", "schema", (3, 15), "furlongs"),
    ("extends: default\npage:\n  columns: 3\n", "bad-value", (3, 12), "expected 1 or 2"),
    ("extends: fancy\n", "theme", (1, 10), "built in: default"),
    ("extends: default\ncover:\n  art: ../../secret.png\n", "theme-art", (3, 8), "plain path inside the game folder"),
    # sizes and margins no page can be set with: findings, never a typesetting crash in the build
    ("extends: default\nsizes:\n  body: {size: 99999pt, leading: 1pt}\n", "theme-range", (3, 16), "use 4pt to 96pt"),
    ("extends: default\nsizes:\n  h1: {size: 24pt, leading: 2pt}\n", "theme-range", (3, 29), "leading of 2pt"),
    ("extends: default\npage:\n  margin_left: 500mm\n", "theme-range", (3, 16), "use 0 to 60 mm"),
    ("extends: default\npage:\n  margin_left: 60mm\n  margin_right: 60mm\n  columns: 2\n", "theme-range", (5, 12),
     "too narrow for the book's tables"),
    ("extends: default\nsizes:\n  h1: {size: 90pt, leading: 100pt}\n", "theme-range", (3, 14), "too large for a"),
])
def test_a_bad_theme_is_a_finding_at_its_place(tmp_path, theme, code, where, words):
    game = _game(tmp_path, theme)
    found = [f for f in validate_game(game).findings if f.loc and f.loc.file.endswith("theme.yaml")]
    assert len(found) == 1, [f.format() for f in found]
    (f,) = found
    assert f.code == code and f.is_error and (f.loc.line, f.loc.col) == where and words in f.message, f.format()


def test_a_theme_names_the_games_own_font(tmp_path):
    game = _game(tmp_path, "extends: default\nfonts:\n  headings: hand\n")
    doc = _book(game)
    fonts = {name.split("+")[-1] for page in range(len(doc)) for *_, name, _, _ in doc.get_page_fonts(page)}
    assert "EmberHand-Regular" in fonts, fonts  # embedded (a subset), as the headings' font
    spans = [sp for _, _, sp in _spans(doc) if sp["font"].endswith("EmberHand-Regular")]
    sizes = {round(sp["size"]) for sp in spans}
    assert 24 in sizes and all(z >= 15 or z == 9 for z in sizes), sizes  # h1, h2 and the 9 pt running head


def test_a_theme_edit_rebuilds_the_rulebook_alone(tmp_path):
    game = _game(tmp_path)
    out = tmp_path / "out"
    first = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert first.ok and len(first.built) > 1
    before = (out / "ember-watch" / "a4" / "rulebook.pdf").read_bytes()
    (game / "templates" / "rulebook" / "theme.yaml").write_text("extends: default\ncolours:\n  accent: '#0a7d3e'\n")
    second = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert second.ok and [k.split("/")[1].split("@")[0] for k in second.built] == ["rulebook"]
    after = pymupdf.open(out / "ember-watch" / "a4" / "rulebook.pdf")
    assert (out / "ember-watch" / "a4" / "rulebook.pdf").read_bytes() != before
    assert 0x0a7d3e in {s["color"] for _, _, s in _spans(after)}


@pytest.mark.parametrize("system", ["custom", "hex-dice"])
def test_a_new_game_has_a_theme_of_its_own(tmp_path, system):
    from printgen.scaffold import new_game

    folder = tmp_path / "new"
    written = new_game(folder=folder, system=system, name="Lantern Keep")
    theme = folder / "templates" / "rulebook" / "theme.yaml"
    assert theme in written and any(p.suffix == ".md" and p.parent == theme.parent for p in written)
    loaded, found = load_theme(folder / "templates")
    assert found == [] and loaded.headings.rule_under and loaded.colours.accent != load_theme(None)[0].colours.accent


@pytest.mark.parametrize("fit", ["band", "full"])
def test_the_cover_takes_the_games_own_art(tmp_path, fit):
    game = _game(tmp_path, f"extends: default\ncover:\n  art: art/warden.png\n  art_fit: {fit}\n  background: '#204060'\n")
    doc = _book(game)
    cover = doc[0]
    (img,) = cover.get_images()
    (box,) = cover.get_image_rects(img[0])
    margin = validate_game(game).data.game.print.margin  # mm: home printers cannot print to the edge
    w, h = cover.rect.width * 25.4 / 72, cover.rect.height * 25.4 / 72
    x0, y0, x1, y1 = (v * 25.4 / 72 for v in (box & cover.rect))
    assert min(x0, y0) >= margin and x1 <= w - margin + 0.01 and y1 <= h - margin + 0.01
    height = (y1 - y0) / (h - 2 * margin - 1)
    assert height == pytest.approx(1.0 if fit == "full" else 1 / 3, abs=0.02)


def test_a_theme_is_read_only_from_the_games_templates(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text("extends: default\ncolours:\n  accent: '#0a7d3e'\n")
    game = _game(tmp_path)
    (game / "templates" / "rulebook" / "theme.yaml").symlink_to(outside)
    found = [f for f in validate_game(game).findings if f.code == "theme"]
    assert len(found) == 1 and "symlink leading out" in found[0].message
    assert found[0].loc.file.endswith("theme.yaml") and found[0].loc.line == 1


def test_a_theme_at_the_edge_of_its_ranges_still_builds(tmp_path):
    """Whatever validates must build: the narrowest text and the largest type the ranges allow."""
    theme = ("extends: default\nsizes:\n  body: {size: 11pt, leading: 13pt}\n  h1: {size: 11.5pt, leading: 37pt}\n"
             "  table: {size: 11pt, leading: 13pt}\npage:\n  margin_left: 60mm\n  margin_right: 60mm\n"
             "  margin_top: 60mm\n  margin_bottom: 60mm\n")
    doc = _book(_game(tmp_path, theme, long=True))
    assert doc.page_count > 3
