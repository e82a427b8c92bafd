"""Packs are found, not listed: a throwaway system (tests/fixtures/packs/tiny: one kind, one check,
one asset) registers by existing in one folder, under printgen/packs/ or installed with an entry
point in the group printgen.packs, and its game validates and builds."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import printgen.packs as packs
from printgen.build import build
from printgen.project import validate_game
from tests.conftest import FIXTURES, REPO
from tests.pdfmeasure import drawings, open_pdf, page_size_mm, text_spans

TINY = FIXTURES / "packs" / "tiny"
GAME = TINY / "fixtures" / "mini-tiny"


def test_bundled_packs_are_found_by_folder():
    folders = sorted(p.name for p in (REPO / "printgen" / "packs").iterdir() if (p / "__init__.py").exists())
    assert len(packs.PACKS) == len(folders)
    assert {"heroes-of-hex", "hex-dice", "hexatech", "custom"} <= set(packs.PACKS)


def test_a_bundled_pack_folder_is_named_after_its_system():
    """The convention that lets a game import its own pack alone (printgen.packs)."""
    for system, pack in packs.discover().items():
        assert (REPO / "printgen" / "packs" / system.replace("-", "_") / "__init__.py").is_file(), system


def test_a_game_imports_its_own_pack_alone():
    code = ("import sys\nfrom pathlib import Path\nfrom printgen.project import validate_game\n"
            "g = validate_game(Path(sys.argv[1]))\nassert g.ok(), [f.format() for f in g.findings]\n"
            "print(sorted(m.split('.')[2] for m in sys.modules if m.count('.') == 2 and m.startswith('printgen.packs.') and m != 'printgen.packs.base'))")
    run = subprocess.run([sys.executable, "-c", code, str(REPO / "data" / "hex-dice")], capture_output=True,
                         text=True, cwd=REPO, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[-2] == "['hex_dice']"


def test_an_unknown_system_still_lists_every_pack():
    assert "no-such-system" not in packs.PACKS and packs.PACKS.get("no-such-system") is None
    assert set(packs.PACKS) == set(packs.discover()) and len(packs.PACKS) == len(set(packs.PACKS))


@pytest.fixture
def tiny_in_packs(tmp_path, monkeypatch):
    """The tiny pack's folder dropped beside the bundled packs (the package path gains a folder
    holding it, as if it were copied into printgen/packs/)."""
    extra = tmp_path / "more-packs"
    shutil.copytree(TINY, extra / "tiny")
    monkeypatch.setattr(packs, "__path__", [*packs.__path__, str(extra)])
    found = packs.discover()
    for system, pack in found.items():
        monkeypatch.setitem(packs.PACKS, system, pack)
    yield found
    sys.modules.pop("printgen.packs.tiny", None)


def _measure(pdf: Path) -> None:
    page = open_pdf(pdf)[0]
    assert [round(v, 1) for v in page_size_mm(page)] == [210.0, 297.0]
    names = {s["text"] for s in text_spans(page)}
    assert {"North Gate", "Well", "Draw one water."} <= names
    boxes = [d["mm"] for d in drawings(page) if d.get("color") is not None and d.get("fill") is None]
    signs = [b for b in boxes if abs((b[2] - b[0]) - 80.0) < 0.5 and abs((b[3] - b[1]) - 30.0) < 0.5]
    assert len(signs) == 2


def test_a_pack_folder_registers_by_existing_and_its_game_builds(tiny_in_packs, tmp_path):
    assert tiny_in_packs["tiny"].kinds == ["tokens", "keywords", "terrain", "maps", "pieces", "signs"]
    result = build(folders=[GAME], out=tmp_path / "out", papers=["a4"], previews=False, jobs=1)
    assert result.ok, [f.format() for g in result.games for f in g.findings]
    _measure(tmp_path / "out" / "mini-tiny" / "a4" / "signs.pdf")


def test_the_pack_checks_its_own_rules(tiny_in_packs, tmp_path):
    game = tmp_path / "g"
    shutil.copytree(GAME, game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("largest: 2", "largest: 1"))
    found = validate_game(game).findings
    hit = [f for f in found if f.code == "sign-size"]
    assert hit and hit[0].loc.file.endswith("signs.yaml") and (hit[0].loc.line, hit[0].loc.col) == (3, 47)


def test_an_installed_pack_registers_through_its_entry_point(tmp_path):
    """A third party's pack: a distribution on the path with a printgen.packs entry point; the whole
    CLI build, worker processes included, finds it."""
    site = tmp_path / "site"
    shutil.copytree(TINY, site / "tiny_signs")
    dist = site / "tiny_signs-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-signs\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[printgen.packs]\ntiny = tiny_signs:PACK\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(site)])}
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "printgen.launcher", "build", str(GAME), "--out", str(out),
                          "--paper", "a4", "--no-previews"], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    _measure(out / "mini-tiny" / "a4" / "signs.pdf")
    assert not (REPO / "printgen" / "packs" / "tiny").exists()


def test_a_broken_installed_pack_is_left_out_with_a_warning(tmp_path, monkeypatch):
    site = tmp_path / "site"
    dist = site / "broken_pack-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-pack\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[printgen.packs]\nbroken = broken_pack_missing:PACK\n")
    monkeypatch.syspath_prepend(str(site))
    with pytest.warns(UserWarning, match="does not load"):
        found = packs.discover()
    assert set(found) == set(packs.PACKS)
