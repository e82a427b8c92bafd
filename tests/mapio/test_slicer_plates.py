"""Issue 39, item 4: every plate slices inside its bed. PrusaSlicer (2.5 here, one bed) slices each
plate's own project (plates/plate-<k>.3mf); the project of every plate lays its plates out as
Bambu Studio and OrcaSlicer do. A 13-plate map: every plate's G-code extrudes only inside the bed."""

import io
import math
import re
import shutil
import subprocess
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mapio.hsc import HscMap, Tile, write_hsc
from printgen.mapio.lack_files import make_lacking
from printgen.mesh.project3mf import PLATE_STEP
from printgen.project import validate_game

FIX = Path(__file__).parent.parent / "fixtures"
BED = (120.0, 120.0)
NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}


@pytest.fixture(scope="module")
def thirteen(tmp_path_factory):
    """print-lacking of a map of thirteen grass 7s, each filling a 120 mm bed of its own."""
    root = tmp_path_factory.mktemp("plates")
    g = root / "game"
    shutil.copytree(FIX / "mini-heroscape", g)
    tiles = [Tile(code=1007, x=x, y=y) for x in range(0, 15, 3) for y in range(0, 9, 3)][:13]
    (root / "field.hsc").write_bytes(write_hsc(HscMap(name="Field", tiles=tiles)))
    r = CliRunner().invoke(app, ["import-map", str(root / "field.hsc"), "--into", str(g)])
    assert r.exit_code == 0, r.output
    res = make_lacking(data=validate_game(g).data, map_name="Field", inventory=Counter(), bed=BED, scale="game")  # the game's 1 in hexes: a 7 fills a 120 mm bed
    assert res.bill["plates"] == 13
    return res, root


def vertices(data: bytes) -> list[tuple[str, list[tuple[float, float]]]]:
    """(object name, its vertices' x, y) of a 3MF's core model."""
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("3D/3dmodel.model"))
    return [(o.get("name"), [(float(v.get("x")), float(v.get("y"))) for v in o.iterfind(".//m:vertex", NS)])
            for o in root.iterfind(".//m:object", NS)]


def test_each_plate_is_a_project_on_its_own_bed(thirteen):
    res, _ = thirteen
    for k in range(1, 14):
        data = res.files[f"plates/plate-{k}.3mf"]
        objs = vertices(data)
        assert objs and all(0 <= x <= BED[0] and 0 <= y <= BED[1] for _, vs in objs for x, y in vs)
        names = zipfile.ZipFile(io.BytesIO(data)).read("Metadata/Slic3r_PE_model.config").decode()
        assert names.count('key="extruder"') == len(objs) and "grass-7 #" in names


def test_the_project_of_every_plate_uses_bambus_grid(thirteen):
    res, _ = thirteen
    objs = vertices(res.files["project.3mf"])
    cols = math.ceil(math.sqrt(13))  # 4 columns, 4 rows: plate i at column i % 4, row i // 4
    assert len(objs) == 13
    for i, (_, vs) in enumerate(objs):
        x0, y0 = (i % cols) * BED[0] * PLATE_STEP, -(i // cols) * BED[1] * PLATE_STEP
        assert all(x0 <= x <= x0 + BED[0] and y0 <= y <= y0 + BED[1] for x, y in vs), i


def extrusion(gcode: str) -> list[tuple[float, float]]:
    """Every X, Y a move that extrudes reaches (absolute positioning, as PrusaSlicer writes)."""
    out, x, y = [], 0.0, 0.0
    for line in gcode.splitlines():
        if not line.startswith(("G1 ", "G2 ", "G3 ")):
            continue
        words = dict((w[0], w[1:]) for w in line.split(";")[0].split()[1:] if w)
        x = float(words.get("X", x))
        y = float(words.get("Y", y))
        if "E" in words and float(words["E"]) > 0 and ("X" in words or "Y" in words):
            out.append((x, y))
    return out


@pytest.mark.skipif(shutil.which("prusa-slicer") is None,
                    reason="prusa-slicer is not installed (Debian package prusa-slicer; .ci/run installs it)")
def test_prusa_slicer_slices_every_plate_inside_the_bed(thirteen, tmp_path):
    res, _ = thirteen
    plates = range(1, 14)  # every plate: about 0.2 s each here
    shape = f"0x0,{BED[0]:g}x0,{BED[0]:g}x{BED[1]:g},0x{BED[1]:g}"
    for k in plates:
        project = tmp_path / f"plate-{k}.3mf"
        project.write_bytes(res.files[f"plates/plate-{k}.3mf"])
        gcode = tmp_path / f"plate-{k}.gcode"
        run = subprocess.run(["prusa-slicer", "--export-gcode", "--dont-arrange", "--bed-shape", shape,
                              "--output", str(gcode), str(project)], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        points = extrusion(gcode.read_text(errors="replace"))
        assert len(points) > 100, k
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert 0 <= min(xs) and max(xs) <= BED[0] and 0 <= min(ys) and max(ys) <= BED[1], (k, min(xs), max(xs))
        text = gcode.read_text(errors="replace")
        assert re.search(r"^; filament used \[cm3\] = [1-9]", text, re.M), k
