"""Ink-saver sheets, measured: Ghostscript's ink_cov device (each pixel's ink weighed: what a cartridge
spends) finds under half the ink of the full-colour sheets on every printable, and its inkcov device (a
pixel with any ink counts whole) under half on the card and token sheets, whose backgrounds are dropped
(a map's terrain is lightened, not dropped: its hexes would not read; inkcov cannot see lightening), and every text on them still stands out from the ground under it (WCAG
contrast); the profile writes them, game.yaml ``print: {ink_saver: true}`` draws the home sheets so."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from printgen.draw.colour import rgb
from printgen.draw.page import PageSpec
from printgen.preflight.scene import flatten
from printgen.project import validate_game
from printgen.publish.ink_saver import ink_saver_documents
from printgen.registry import assets_for
from printgen.write.pdf import to_pdf
from tests.conftest import FIXTURES

GS = shutil.which("gs")
needs_gs = pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed: its inkcov device measures ink")
LEAST_CONTRAST = 3.0  # WCAG's least for large text and graphics; the ink-saver keeps every text above it


@pytest.fixture(scope="module")
def sheets() -> dict[str, tuple]:
    """stem -> (full-colour Document, ink-saver Document) of Ember Watch on Letter."""
    game = validate_game(FIXTURES / "custom-game")
    spec = PageSpec.for_paper("letter", game.data.game.print.margin)
    saved = ink_saver_documents(game)
    full = {}
    for name in ("unit-cards", "tokens", "maps"):
        full.update(assets_for(game)[name].render(game, spec))
    return {stem: (full[stem], saved[stem]) for stem in ("unit-cards", "tokens", "map-watchtower")}


def _ink(pdf: bytes, tmp_path, device: str = "ink_cov") -> float:
    """The mean ink over the pages (C + M + Y + K coverage of the page), by Ghostscript's ``device``."""
    path = tmp_path / "x.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-o", "-", f"-sDEVICE={device}", str(path)],
                         capture_output=True, text=True, check=True).stdout
    pages = [sum(float(v) for v in line.split()[:4]) for line in out.splitlines() if line.strip().endswith("OK")]
    assert pages
    return sum(pages) / len(pages)


@needs_gs
@pytest.mark.parametrize("stem", ["unit-cards", "tokens", "map-watchtower"])
def test_ink_saver_sheets_use_under_half_the_ink(sheets, stem, tmp_path):
    full, saved = sheets[stem]
    a, b = _ink(to_pdf(full), tmp_path), _ink(to_pdf(saved), tmp_path)
    assert b < 0.5 * a, (stem, a, b)
    if stem != "map-watchtower":
        a, b = _ink(to_pdf(full), tmp_path, "inkcov"), _ink(to_pdf(saved), tmp_path, "inkcov")
        assert b < 0.5 * a, (stem, "inkcov", a, b)


def _lum(c: str) -> float:
    def lin(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb(c))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrasts(page) -> list[tuple[str, float]]:
    """(text, WCAG contrast ratio with the fill last painted under its middle) of every text on ``page``."""
    inks = flatten(page)
    out = []
    for i, ink in enumerate(inks):
        if ink.kind != "text" or not ink.text.strip() or not ink.colour:
            continue
        x, y = (ink.box[0] + ink.box[2]) / 2, (ink.box[1] + ink.box[3]) / 2
        under = [g for g in inks[:i] if g.kind == "shape" and g.filled and g.colour
                 and g.box[0] <= x <= g.box[2] and g.box[1] <= y <= g.box[3]]
        ground = under[-1].colour if under else "#ffffff"
        hi, lo = sorted((_lum(ink.colour), _lum(ground)), reverse=True)
        out.append((ink.text, (hi + 0.05) / (lo + 0.05)))
    return out


@pytest.mark.parametrize("stem", ["unit-cards", "tokens", "map-watchtower"])
def test_every_text_stays_legible(sheets, stem):
    full, saved = sheets[stem]
    for before, after in zip(full.pages, saved.pages):
        was = dict(contrasts(before))
        assert was
        for text, ratio in contrasts(after):
            # as readable as the designer made it, or past WCAG's least: lightening never loses a word
            assert ratio >= min(LEAST_CONTRAST, was.get(text, LEAST_CONTRAST)) - 0.01, (stem, text, ratio)
        assert [t for t, _ in contrasts(after)] == [t for t, _ in contrasts(before)]  # every text kept


def test_the_game_setting_draws_the_home_sheets_to_save_ink(tmp_path):
    dest = tmp_path / "g"
    shutil.copytree(FIXTURES / "custom-game", dest)
    with (dest / "game.yaml").open("a") as f:
        f.write("print: {ink_saver: true}\n")
    game = validate_game(dest)
    spec = PageSpec.for_paper("letter", 5.0)
    tokens = assets_for(game)["tokens"].render(game, spec)["tokens"]
    fills = [i.colour for p in tokens.pages for i in flatten(p) if i.kind == "shape" and i.filled]
    plain = validate_game(FIXTURES / "custom-game")
    before = [i.colour for p in assets_for(plain)["tokens"].render(plain, spec)["tokens"].pages for i in flatten(p)
              if i.kind == "shape" and i.filled]
    assert len(fills) == len(before) and fills != before
    assert sum(_lum(c) for c in fills) > sum(_lum(c) for c in before)  # lighter ground throughout
