"""Each preflight class finds its broken fixture (tests/fixtures/preflight/<case>/ laid over preflight-base),
located at the data line, layout element or game.yaml entry a designer fixes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.build import build
from printgen.preflight_games import preflight_games
from printgen.cli import app
from printgen.findings import Severity

from ..conftest import FIXTURES, broken_game


def _case(case: str, tmp_path: Path) -> Path:
    return broken_game(case, tmp_path, base="preflight-base", cases="preflight")


def _findings(folder: Path, code: str, paper: str = "a4"):
    (game,) = preflight_games(folders=[folder], papers=[paper])
    return [f for f in game.findings if f.code == code]


def test_the_base_is_clean():
    (game,) = preflight_games(folders=[FIXTURES / "preflight-base"], papers=["a4", "letter"])
    assert game.findings == [], [f.format() for f in game.findings]


# case -> (finding code, file under the game folder, line, col, words in the message)
CASES = {
    "placeholder": ("preflight-placeholder", "content.yaml", 3, 5, "'Attack at range {range}.'"),
    "small-text": ("preflight-small-text", "templates/layouts/unit-card.yaml", 4, 5, "at 4.0 pt, below the 5 pt"),
    "overlap": ("preflight-overlap", "templates/layouts/unit-card.yaml", 5, 5, "'ELITE UNIT' over 'Scout'"),
    "cut": ("preflight-cut", "templates/layouts/unit-disc.yaml", 4, 5, "across a cut line"),
    "safe-area": ("preflight-cut", "templates/layouts/unit-card.yaml", 2, 5, "1.0 mm outside its safe area"),
    "margin": ("preflight-margin", "game.yaml", 14, 5, "unit-cards (a4) page 1: inks the calibration ruler 24.6 mm beyond"),
    "legend": ("preflight-legend", "content.yaml", 10, 5, "'Field' and 'Wood' in the same colour #c9d6a3"),
    # a map drawn as a long diagonal band: its tiles are mostly empty, and it takes 11 sheets
    "sparse-map": ("preflight-empty-page", "content.yaml", 10, 5, "map 'Meadow' is 16% used"),
    "markup": ("preflight-markup", "content.yaml", 3, 5, "prints the markup \\' left in \"Moves two hexes"),
    "contrast": ("preflight-contrast", "templates/layouts/unit-card.yaml", 5, 5,
                 "prints 'Moves two hexes.' (#9a927a on #c9c2a8) at a contrast of 1.74:1, under the 4.5:1 least"),
    # two discs drawn into each other, and a word wider than the disc it sits in
    "ink-on-ink": ("preflight-ink-on-ink", "templates/layouts/unit-card.yaml", 6, 5,
                   "draws 'defense-disc' over 'attack-disc' (keep 0.3 mm clear)"),
    "label-in-disc": ("preflight-ink-on-ink", "templates/layouts/unit-card.yaml", 8, 5, "mm wide on 'cost-disc' 5.00 mm across"),
    # a plate laid across a scale's stroke (preflight/scales.py): found at the plate, the element drawn across it
    "scale-covered": ("preflight-ink-on-ink", "templates/layouts/unit-card.yaml", 7, 5,
                      "draws 'plate' across the ticks of 'scale'"),
    # seven cards: six fill the first sheet, the seventh leaves the last sheet nine tenths empty
    "last-page": ("preflight-empty-page", "game.yaml", 13, 5, "unit-cards (a4) page 2: is 11% used"),
    "book-placeholder": ("preflight-placeholder", "templates/rulebook/01-rules.md", 5, 1,
                         "rulebook (a4) page 3: prints the unfilled placeholder 'When you attack, roll {dice}"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_class_finds_its_fixture_where_it_is_fixed(case, tmp_path):
    code, file, line, col, words = CASES[case]
    folder = _case(case, tmp_path)
    found = _findings(folder, code)
    hits = [f for f in found if words in f.message and f.loc.file.endswith(f"{case}/{file}")]
    assert hits, [f.format() for f in found]
    f = hits[0]
    assert (f.loc.line, f.loc.col) == (line, col), f.format()
    assert f.severity is Severity.WARNING


def test_a_printable_on_more_sheets_than_it_needs_is_found_at_its_item(tmp_path):
    # 7 sheets, not 11: the tiler leaves out the pages between a map's parts, yet 19 % used is still sparse
    (f,) = _findings(_case("sparse-map", tmp_path), "preflight-sheets")
    assert "map 'Meadow' takes 7 sheets, 19% used on average" in f.message
    assert f.loc.file.endswith("sparse-map/content.yaml") and (f.loc.line, f.loc.col) == (10, 5)


def test_a_finding_names_the_item_and_the_element(tmp_path):
    (f,) = _findings(_case("small-text", tmp_path), "preflight-small-text")
    assert "unit-cards (a4) page 1: unit card 'Scout' (layout element 'rules')" in f.message
    assert "(and 1 more alike)" in f.message  # Guard's card repeats it: one finding


def test_bad_settings_are_located_findings(tmp_path):
    (game,) = preflight_games(folders=[_case("bad-settings", tmp_path)], papers=["a4"])
    by_code = {(f.loc.line, f.loc.col): f for f in game.findings}
    assert "between 3pt and 24pt" in by_code[(9, 13)].message
    assert "'small-txt' is not allowed here" in by_code[(10, 25)].message
    assert not game.ok()


def test_a_class_set_to_error_holds_back_its_target_and_only_it(tmp_path):
    folder = _case("severity", tmp_path)
    out = tmp_path / "out"
    result = build(folders=[folder], out=out, papers=["a4"], previews=False, jobs=1)
    assert len(result.refused) == 1 and result.refused[0].startswith("preflight-base/unit-cards"), result.refused
    assert not (out / "preflight-base" / "a4" / "unit-cards.pdf").exists()
    assert (out / "preflight-base" / "a4" / "map-meadow.pdf").exists()  # the rest is written
    assert any(f.severity is Severity.ERROR for f in result.preflight)


def test_the_build_prints_findings_and_an_up_to_date_target_still_reports_them(tmp_path):
    folder = _case("small-text", tmp_path)
    runner = CliRunner()
    args = ["build", str(folder), "--out", str(tmp_path / "out"), "--paper", "a4", "--no-previews"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "warning[preflight-small-text]" in first.output
    again = runner.invoke(app, args)
    assert again.exit_code == 0
    assert "built 0 targets" in again.output
    assert "warning[preflight-small-text]" in again.output  # kept in the build record


def test_the_preflight_command_json_and_strict(tmp_path):
    folder = _case("placeholder", tmp_path)
    r = CliRunner().invoke(app, ["preflight", str(folder), "--paper", "a4", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    (f,) = data["games"][0]["findings"]
    assert f["code"] == "preflight-placeholder" and f["line"] == 3 and f["file"].endswith("content.yaml")
    strict = CliRunner().invoke(app, ["preflight", str(folder), "--paper", "a4", "--strict"])
    assert strict.exit_code == 1
    clean = CliRunner().invoke(app, ["preflight", str(FIXTURES / "preflight-base"), "--paper", "a4"])
    assert clean.exit_code == 0 and "0 warnings" in clean.output


def test_impossible_contrast_and_clearance_are_located_findings(tmp_path):
    folder = _case("placeholder", tmp_path)
    text = (folder / "game.yaml").read_text().replace("kinds:", "preflight:\n  contrast: 30\n  clearance: 9mm\nkinds:", 1)
    (folder / "game.yaml").write_text(text)
    (game,) = preflight_games(folders=[folder], papers=["a4"])
    messages = {(f.loc.line, f.loc.col): f.message for f in game.findings if f.loc.file.endswith("game.yaml")}
    assert messages.get((9, 13), "").startswith("a number 30 is more than the most allowed, 21"), messages
    assert not game.ok()
    text = text.replace("  contrast: 30\n", "")
    (folder / "game.yaml").write_text(text)
    (game,) = preflight_games(folders=[folder], papers=["a4"])
    assert any("clearance of 9 mm" in f.message and f.loc.file.endswith("game.yaml") for f in game.findings), \
        [f.format() for f in game.findings]
