"""`printgen terrain` from the command line, and its plates sliced by a real slicer."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import trimesh
from typer.testing import CliRunner

from printgen.cli import app
from printgen.project import validate_game
from printgen.terrain import make_terrain

from .conftest import FIXTURE

ROOT = Path(__file__).resolve().parents[2]


def test_terrain_command_writes_tiles_plates_and_bill(tmp_path):
    res = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--map", "Cellar", "--out", str(tmp_path),
                                   "--bed", "200x150mm", "--gap", "4mm", "--paper", "letter"])
    assert res.exit_code == 0, res.output
    folder = tmp_path / "cellar"
    bill = json.loads((folder / "bom.json").read_text())
    plates = sorted((folder / "plates").glob("plate-*.3mf"))
    assert len(plates) == bill["plates"] >= 1
    assert (folder / "bom-letter.pdf").stat().st_size > 0 and (folder / "plates" / "plate-1.png").exists()
    n = 0
    for p in plates:
        scene = trimesh.load(p, force=None)
        for g in scene.geometry.values():
            lo, hi = g.bounds
            assert lo[0] >= 1 - 1e-3 and lo[1] >= 1 - 1e-3 and hi[0] <= 199 + 1e-3 and hi[1] <= 149 + 1e-3
            n += 1
    assert n == bill["total"]["tiles"]
    assert f"{bill['total']['tiles']} tiles" in res.output


def test_no_grid_and_exact_tiles(tmp_path):
    res = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--out", str(tmp_path), "--tiles", "exact",
                                   "--bed", "256x256mm", "--grid", "none", "--no-previews"])
    assert res.exit_code == 0, res.output
    bill = json.loads((tmp_path / "cellar" / "bom.json").read_text())
    assert {r["shape"] for r in bill["rows"]} >= {"20 hexes", "9 hexes"}
    assert not list((tmp_path / "cellar" / "plates").glob("*.png"))
    tile = trimesh.load(tmp_path / "cellar" / "tiles" / "floor-20-hexes.stl")
    assert abs(tile.bounds[1][2] - 5.0) < 1e-6 and len(tile.faces) < 20 * 12 + 200  # flat top, no grooves


@pytest.mark.parametrize("args,code,message", [
    (["--bed", "big"], 2, "cannot read bed size"),
    (["--bed", "60x60mm", "--tiles", "exact"], 1, "mm too big"),
    (["--map", "Attic"], 1, "no map named 'Attic'"),
    (["--groove", "0.2x0.6mm"], 1, "too narrow"),
])
def test_bad_options_say_what_to_do_and_write_nothing(tmp_path, args, code, message):
    res = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--out", str(tmp_path / "out"), *args])
    assert res.exit_code == code, res.output
    assert message in res.output
    assert "Traceback" not in res.output
    assert not (tmp_path / "out" / "cellar").exists()


# Slicing a plate takes the slicer five seconds or more: the test run slices one game's (Heroscape-style's, whose
# first map stacks four layers: the most levels), the nightly run every bundled game's.
SLICED_BY_DEFAULT = "heroscape-style"
NIGHTLY_ONLY = pytest.mark.skipif(os.environ.get("PRINTGEN_NIGHTLY", "") in ("", "0"),
                                  reason="one bundled game is sliced in the default run: PRINTGEN_NIGHTLY=1 slices each")


@pytest.mark.skipif(shutil.which("prusa-slicer") is None,
                    reason="prusa-slicer is not installed (Debian package prusa-slicer; .ci/run installs it)")
@pytest.mark.parametrize("folder", [pytest.param(f, marks=() if f.name == SLICED_BY_DEFAULT else NIGHTLY_ONLY)
                                    for f in sorted((ROOT / "data").iterdir()) if (f / "game.yaml").exists()],
                         ids=lambda p: p.name)
def test_prusa_slicer_slices_a_plate_of_each_bundled_game(folder, tmp_path):
    game = validate_game(folder)  # here, not at collection: five validations in every worker of every run
    assert game.ok()
    if not game.data.maps:
        pytest.skip(f"{folder.name} has no map to slice")
    mapdef = game.data.maps[0]
    res = make_terrain(data=game.data, map_name=mapdef.name, bed=(250.0, 210.0), previews=False)
    plate = tmp_path / "plate-1.3mf"
    plate.write_bytes(res.files["plates/plate-1.3mf"])
    gcode = tmp_path / "plate-1.gcode"
    run = subprocess.run(["prusa-slicer", "--export-gcode", "--dont-arrange", "--bed-shape", "0x0,250x0,250x210,0x210",
                          "--output", str(gcode), str(plate)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    text = gcode.read_text(errors="replace")
    used = [line for line in text.splitlines() if line.startswith("; filament used [cm3]")]
    assert used and sum(float(v) for v in used[0].split("=")[1].split(",")) > 0  # one figure per filament
    # the slicer sees every object of the plate where we put it: the highest layer is one level up
    heights = [float(line.split("Z")[1].split()[0]) for line in text.splitlines() if line.startswith("G1 Z")]
    assert abs(max(heights) - game.data.game.mesh.height) < 0.5


def test_build_writes_terrain_when_game_yaml_asks(tmp_path):
    res = CliRunner().invoke(app, ["build", str(FIXTURE), "--out", str(tmp_path), "--paper", "a4"])
    assert res.exit_code == 0, res.output
    base = tmp_path / "mini-terrain"
    bill = json.loads((base / "terrain" / "cellar" / "bom.json").read_text())
    plates = sorted((base / "terrain" / "cellar" / "plates").glob("plate-*.3mf"))
    assert len(plates) == bill["plates"] and len(list(plates[0].parent.glob("*.png"))) == len(plates)
    import pymupdf

    doc = pymupdf.open(base / "a4" / "terrain-bom-cellar.pdf")
    assert f"{bill['total']['tiles']} tiles" in doc[0].get_text()
    # the gallery offers every plate (3MF and its preview), every distinct tile and the bill
    import re
    from urllib.parse import unquote

    html = (tmp_path / "mini-terrain.html").read_text()
    links = {unquote(h) for h in re.findall(r'(?:href|src)="([^"]+)"', html)}
    for plate in plates:
        assert f"mini-terrain/terrain/cellar/plates/{plate.name}" in links
        assert f"mini-terrain/terrain/cellar/plates/{plate.stem}.png" in links
    for tile in (base / "terrain" / "cellar" / "tiles").glob("*.stl"):
        assert f"mini-terrain/terrain/cellar/tiles/{tile.name}" in links
    assert {f"mini-terrain/terrain/cellar/bom.{x}" for x in ("csv", "json", "md")} <= links
    assert all((tmp_path / link).is_file() for link in links if link.startswith("mini-terrain/"))


def test_a_terrain_map_that_does_not_exist_is_a_located_finding(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(FIXTURE, game)
    text = (game / "game.yaml").read_text().replace("terrain: {bed: 180x180mm", "terrain: {maps: [Attic], bed: 180x180mm")
    (game / "game.yaml").write_text(text)
    res = CliRunner().invoke(app, ["validate", str(game)])
    assert res.exit_code == 1
    assert "game.yaml:" in res.output and "error[terrain-map]" in res.output and "'Attic'" in res.output


def test_terrain_dots_option_engraves_every_hex_centre(tmp_path):
    plain, dotted = tmp_path / "plain", tmp_path / "dotted"
    for out, extra in ((plain, []), (dotted, ["--dots", "2x0.6mm"])):
        res = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--out", str(out), "--no-previews", *extra])
        assert res.exit_code == 0, res.output
    for stl in sorted((plain / "cellar" / "tiles").glob("*.stl")):
        a = trimesh.load(stl)
        b = trimesh.load(dotted / "cellar" / "tiles" / stl.name)
        assert b.is_watertight and len(b.split(only_watertight=False)) == 1
        hexes = int(stl.stem.rsplit("-", 1)[1].removesuffix("hex"))  # <terrain>-<n>hex
        assert a.volume - b.volume == pytest.approx(hexes * 3 * 3 ** 0.5 / 2 * 0.6, rel=1e-4)
    bad = CliRunner().invoke(app, ["terrain", str(FIXTURE), "--out", str(tmp_path / "bad"), "--dots", "30x0.6mm"])
    assert bad.exit_code == 1 and "too wide" in bad.output and "Traceback" not in bad.output
    assert not (tmp_path / "bad" / "cellar").exists()
