"""Bad input to the cutting-machine profiles: impossible settings are located findings at game.yaml's
``print: {cut: ...}``, an unknown machine is an unknown profile, a piece the machine cannot cut is a
finding at its data; the kerf moves every cut path outward by itself; the registration preflight class
finds ink where a mark keeps clear."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.cut.machines import MACHINES
from printgen.draw.document import Page, Rect, Style
from printgen.preflight.checks import PAGE_CHECKS, Settings, Sheet
from printgen.project import validate_game
from printgen.publish.shop import cut_export
from tests.conftest import FIXTURES
from tests.cut.svgloops import bbox, svg_loops


def _game(tmp: Path, *lines: str, replace: tuple[str, str] | None = None) -> Path:
    dest = tmp / "g"
    shutil.copytree(FIXTURES / "custom-game", dest)
    text = (dest / "game.yaml").read_text()
    if replace:
        text = text.replace(*replace)
    (dest / "game.yaml").write_text(text + "".join(line + "\n" for line in lines))
    return dest


def _line_of(folder: Path, word: str) -> int:
    return next(n for n, line in enumerate((folder / "game.yaml").read_text().splitlines(), 1) if word in line)


def test_a_kerf_wider_than_a_token_is_an_error_at_the_kerf(tmp_path):
    folder = _game(tmp_path, "print:", "  cut:", "    kerf: 9mm")
    game = validate_game(folder)
    [f] = [f for f in game.findings if f.code == "cut-setting"]
    assert f.is_error and "token" in f.message and "16 mm" in f.message
    assert f.loc.file.endswith("game.yaml") and f.loc.line == _line_of(folder, "kerf")


def test_a_kerf_wider_than_the_bleed_warns(tmp_path):
    folder = _game(tmp_path, "print: {cut: {kerf: 2mm, bleed: 1mm}}")
    [f] = [f for f in validate_game(folder).findings if f.code == "cut-setting"]
    assert not f.is_error and "white rim" in f.message


def test_a_sheet_smaller_than_the_marks_is_an_error_at_the_paper(tmp_path):
    folder = _game(tmp_path, "print:", "  cut:", "    paper: 60mm x 80mm")
    [f] = [f for f in validate_game(folder).findings if f.code == "cut-setting"]
    assert f.is_error and "smaller than" in f.message
    assert f.loc.line == _line_of(folder, "paper")


def test_an_unknown_machine_is_an_unknown_profile_with_a_suggestion(tmp_path):
    folder = _game(tmp_path, "print: {profile: [home, silhoutte]}")
    [f] = [f for f in validate_game(folder).findings if "silhoutte" in f.message]
    assert f.is_error and "did you mean 'silhouette'" in f.message and f.loc.line == _line_of(folder, "profile")


def test_a_piece_too_small_for_the_blade_is_a_finding_at_its_data(tmp_path):
    folder = _game(tmp_path, replace=("token: {diameter: 16mm}", "token: {diameter: 4mm}"))
    game = validate_game(folder)  # (its labels overflow a 4 mm face: findings of their own)
    files, info = cut_export("cricut", game)
    small = [f for f in info["findings"] if f["code"] == "cut-piece"]
    assert {f["file"].rsplit("/", 1)[-1] for f in small} == {"content.yaml"}
    assert sorted(f["line"] for f in small) == [37, 38]  # each token's own entry
    assert all("4 mm across" in f["message"] for f in small)
    (_, _), loops = svg_loops(files["cricut/sheet-01-CUT-FILE.svg"])
    assert loops and not [t for t, _, _ in loops if "token" in t]  # left off the sheets, the cards kept


def test_the_kerf_moves_every_cut_outward(tmp_path):
    plain = validate_game(_game(tmp_path / "a", "print: {cut: {corner: 3mm}}"))
    wide = validate_game(_game(tmp_path / "b", "print: {cut: {corner: 3mm, kerf: 0.25mm}}"))
    (_, _), a = svg_loops(cut_export("silhouette", plain)[0]["silhouette/sheet-01-CUT-FILE.svg"])
    (_, _), b = svg_loops(cut_export("silhouette", wide)[0]["silhouette/sheet-01-CUT-FILE.svg"])
    assert [t for t, _, _ in a] == [t for t, _, _ in b]
    for (_, pa, _), (_, pb, _) in zip(a, b):
        x0, y0, x1, y1 = bbox(pa)
        assert bbox(pb) == pytest.approx((x0 - 0.25, y0 - 0.25, x1 + 0.25, y1 + 0.25), abs=0.01)


@pytest.mark.parametrize("machine", list(MACHINES))
def test_ink_where_a_mark_keeps_clear_is_a_registration_hit(machine):
    m = MACHINES[machine]
    page = Page(215.9, 279.4)
    page.add(*(op for op, _ in m.marks(215.9, 279.4)))
    check = PAGE_CHECKS["registration"]
    assert list(check(Sheet.of("s", None, 1, 1, page), Settings())) == []  # the marks alone are clean
    k = m.keepouts(215.9, 279.4)[0]
    page.add(Rect(k[0] + 1, k[1] + 1, 3, 3, Style(fill="#3366cc")))
    [hit] = list(check(Sheet.of("s", None, 1, 1, page), Settings()))
    assert hit.cls == "registration" and "registration mark must stay clear" in hit.message
