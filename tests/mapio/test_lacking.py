"""Print what you lack: owned pieces first, the bill counts only printed pieces, the guide marks
each piece, fluid tiles are thin, and PrusaSlicer slices every plate of the project 3MF."""

import io
import json
import re
import shutil
import subprocess
import zipfile
from collections import Counter
from pathlib import Path

import pytest
import trimesh
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mapio.inventories import BOXES, InventoryError, parse_inventory
from printgen.mapio.lack import FLUID_THICKNESS
from printgen.mapio.lack_files import make_lacking
from printgen.mesh.piece_set import piece_set
from printgen.project import validate_game

FIX = Path(__file__).parent.parent / "fixtures"
runner = CliRunner()


@pytest.fixture(scope="module")
def ladders_game(tmp_path_factory):
    g = tmp_path_factory.mktemp("lack") / "game"
    shutil.copytree(FIX / "mini-heroscape", g)
    r = runner.invoke(app, ["import-map", str(FIX / "maps" / "ladders.hsc"), "--into", str(g), "--name", "Ladders"])
    assert r.exit_code == 0, r.output
    return validate_game(g).data


def stl(data: bytes) -> trimesh.Trimesh:
    return trimesh.load(io.BytesIO(data), file_type="stl")


# The game's scale (its 1 in hexes) keeps these plates small; the real set's pieces, their parts and
# their slicing are tests/mesh/test_piece_set.py's and tests/mesh/test_split.py's.
def test_owned_pieces_first_and_the_bill_counts_only_printed(ladders_game):
    none = make_lacking(data=ladders_game, map_name="Ladders", inventory=Counter(), bed=(150.0, 150.0), scale="game")
    assert none.plan.printed == Counter({"grass-1": 9, "grass-2": 3, "grass-7": 3, "road-2": 3, "road-5": 3})
    assert none.bill["total"]["tiles"] == 21
    own = Counter({"grass-1": 4, "grass-7": 3, "road-5": 1})
    res = make_lacking(data=ladders_game, map_name="Ladders", inventory=own, bed=(150.0, 150.0), scale="game")
    assert res.plan.owned == own
    assert res.plan.printed == Counter({"grass-1": 5, "grass-2": 3, "road-2": 3, "road-5": 2})
    bill = json.loads(res.files["bom.json"])
    assert bill["total"]["tiles"] == 13 and {r["shape"] for r in bill["rows"]} == {"grass-1", "grass-2", "road-2",
                                                                                 "road-5"}
    assert {o["piece"]: o["count"] for o in bill["owned"]} == {"grass-1": 4, "grass-7": 3, "road-5": 1}
    assert "tiles/grass-7.stl" not in res.files  # every grass-7 is owned: nothing to print
    # owned pieces are the lowest ones: all three grass-7 lie on level 1, the owned grass-1 too
    guide = res.files["guide.md"].decode()
    rows = [ln for ln in guide.splitlines() if ln.startswith("| grass-1 ")]
    assert [r.endswith("owned |") for r in rows].count(True) == 4
    level1 = guide.split("## Level 2")[0]
    assert level1.count("| grass-7 |") == 3 and "| grass-7 | 1,0 | 0 | owned |" in level1
    assert "| ladder |" in guide and "lacking (not printable)" in guide


def test_boxes_as_facts_and_counts():
    inv = parse_inventory(["master-set-1", "master-set-1*2", "water-1=3"])
    assert inv["grass-24"] == 18 and inv["water-1"] == 66
    from printgen.mapio.pieces import BY_NAME

    assert all(name in BY_NAME and n > 0 for box in BOXES.values() for name, n in box.items())
    for bad in ("nothing", "grass-24=x", "tree-99=1", "master-set-1*z"):
        with pytest.raises(InventoryError):
            parse_inventory([bad])


def test_fluid_tiles_are_thin_and_land_one_level(tmp_path):
    g = tmp_path / "g"
    shutil.copytree(FIX / "mini-heroscape", g)
    from .helpers import hsc_bytes

    (tmp_path / "w.hsc").write_bytes(hsc_bytes(0.0007, [(1007, 2, 2, 0, 0), (4001, 2, 2, 1, 0), (6001, 3, 2, 1, 0)]))
    assert runner.invoke(app, ["import-map", str(tmp_path / "w.hsc"), "--into", str(g), "--name", "W"]).exit_code == 0
    data = validate_game(g).data
    res = make_lacking(data=data, map_name="W", inventory=Counter())
    land, water, lava = (stl(res.files[f"tiles/{n}.stl"]) for n in ("grass-7", "water-1", "lava-1"))
    for m in (land, water, lava):
        assert m.is_watertight and m.body_count == 1 and m.volume > 0
    real = piece_set()  # the real set's land tile (a level and its raised hex tops) and fluid tile
    assert land.extents[2] == pytest.approx(real.level + real.cap[1], abs=1e-6)
    assert water.extents[2] == pytest.approx(real.fluid, abs=1e-6) and lava.extents[2] == pytest.approx(real.fluid)
    assert water.extents[2] < land.extents[2] / 2
    game = make_lacking(data=data, map_name="W", inventory=Counter(), scale="game")
    assert stl(game.files["tiles/water-1.stl"]).extents[2] == pytest.approx(FLUID_THICKNESS)
    assert stl(game.files["tiles/grass-7.stl"]).extents[2] == pytest.approx(data.game.mesh.height)


def test_project_3mf_names_objects_and_colours(ladders_game):
    res = make_lacking(data=ladders_game, map_name="Ladders", inventory=Counter(), bed=(150.0, 150.0), scale="game")
    z = zipfile.ZipFile(io.BytesIO(res.files["project.3mf"]))
    model = z.read("3D/3dmodel.model").decode()
    names = re.findall(r'<object id="\d+" type="model" name="([^"]+)"', model)
    assert len(names) == 21 and "road-5 #1" in names
    plates = z.read("Metadata/model_settings.config").decode()
    assert plates.count("<plate>") == res.bill["plates"] == len([f for f in res.files if f.startswith("plates/")])
    assert plates.count("<model_instance>") == 21
    prusa = z.read("Metadata/Slic3r_PE_model.config").decode()
    assert prusa.count('key="extruder"') == 21
    colours = json.loads(z.read("Metadata/project_settings.config"))["filament_colour"]
    assert colours == sorted({"#7FAA4F", "#B69867"})  # the game's Grass, the imported Road
    assert "; filament_colour = #7FAA4F;#B69867" in z.read("Metadata/Slic3r_PE.config").decode()


@pytest.mark.skipif(shutil.which("prusa-slicer") is None,
                    reason="prusa-slicer is not installed (Debian package prusa-slicer; .ci/run installs it)")
def test_prusa_slicer_slices_every_plate_of_the_project(ladders_game, tmp_path):
    bed = (150.0, 150.0)
    res = make_lacking(data=ladders_game, map_name="Ladders", inventory=Counter(), bed=bed, scale="game")
    n = res.bill["plates"]
    assert n >= 2
    # PrusaSlicer 2.5 has one bed: each plate is a project of its own, sliced where it lies, each
    # object with the filament of its terrain (tests/mapio/test_slicer_plates.py: 13 plates)
    used_total = [0.0, 0.0]
    for k in range(1, n + 1):
        project = tmp_path / f"plate-{k}.3mf"
        project.write_bytes(res.files[f"plates/plate-{k}.3mf"])
        gcode = tmp_path / f"p{k}.gcode"
        run = subprocess.run(["prusa-slicer", "--export-gcode", "--dont-arrange", "--bed-shape",
                              f"0x0,{bed[0]:g}x0,{bed[0]:g}x{bed[1]:g},0x{bed[1]:g}", "--output", str(gcode),
                              str(project)], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        text = gcode.read_text(errors="replace")
        colours = next(ln for ln in text.splitlines() if ln.startswith("; filament_colour ="))
        assert set(colours.split("=")[1].strip().split(";")) <= {"#7FAA4F", "#B69867"}
        used = [float(v) for v in next(ln for ln in text.splitlines()
                                       if ln.startswith("; filament used [cm3]")).split("=")[1].split(",")]
        assert sum(used) > 0, f"nothing printed on plate {k}"
        for i, v in enumerate(used):
            used_total[i if len(used) == 2 else (0 if "#7FAA4F" in colours else 1)] += v
        xs = [float(m.group(1)) for m in re.finditer(r"^G1 X([-\d.]+) Y[-\d.]+ E", text, re.M)]
        assert xs and 0 <= min(xs) and max(xs) <= bed[0]
        heights = [float(ln.split("Z")[1].split()[0]) for ln in text.splitlines() if ln.startswith("G1 Z")]
        assert max(heights) < ladders_game.game.mesh.height + 0.5
    assert all(v > 0 for v in used_total)  # grass and road both printed


def test_print_lacking_cli(tmp_path, ladders_game):
    g = tmp_path / "g"
    shutil.copytree(FIX / "mini-heroscape", g)
    runner.invoke(app, ["import-map", str(FIX / "maps" / "ladders.hsc"), "--into", str(g), "--name", "Ladders"])
    r = runner.invoke(app, ["print-lacking", str(g), "--map", "Ladders", "--own", "road-to-the-forgotten-forest",
                            "--own", "grass-1=4", "--out", str(tmp_path / "out"), "--bed", "150x150mm"])
    assert r.exit_code == 0, r.output
    assert "10 pieces owned, 13 printed" in r.output
    folder = tmp_path / "out" / "ladders"
    assert (folder / "project.3mf").stat().st_size > 1000 and (folder / "guide.md").read_text().count("owned |") == 10
    r = runner.invoke(app, ["print-lacking", str(g), "--map", "Ladders", "--own", "no-such-box",
                            "--out", str(tmp_path / "out2")])
    assert r.exit_code == 2 and "no box named" in r.output and not (tmp_path / "out2").exists()


def surface_z(mesh, x, y) -> float:
    """The highest point of ``mesh`` straight above (x, y) mm: over every triangle holding the point
    in plan view, its plane's height there."""
    import numpy as np

    tri = mesh.triangles
    a, b, c = tri[:, 0], tri[:, 1], tri[:, 2]
    v0, v1 = b[:, :2] - a[:, :2], c[:, :2] - a[:, :2]
    p = np.array([x, y]) - a[:, :2]
    den = v0[:, 0] * v1[:, 1] - v1[:, 0] * v0[:, 1]
    ok = np.abs(den) > 1e-12
    u = np.where(ok, (p[:, 0] * v1[:, 1] - v1[:, 0] * p[:, 1]) / np.where(ok, den, 1), -1)
    v = np.where(ok, (v0[:, 0] * p[:, 1] - p[:, 0] * v0[:, 1]) / np.where(ok, den, 1), -1)
    inside = (u >= -1e-9) & (v >= -1e-9) & (u + v <= 1 + 1e-9)
    z = a[:, 2] + u * (b[:, 2] - a[:, 2]) + v * (c[:, 2] - a[:, 2])
    return float(z[inside].max())


def test_printed_land_pieces_show_their_hexes_on_top(ladders_game):
    """A printed grass-7 is no blank slab: as on a real land tile, each hex is a raised flat hexagon over
    a crack floor one level up (the real set's geometry); a ray down at a hex's centre meets the raised
    top, one at the middle of an inner hex side the crack floor."""
    res = make_lacking(data=ladders_game, map_name="Ladders", inventory=Counter(), bed=(150.0, 150.0))
    mesh = stl(res.files["tiles/grass-7.stl"])
    real = piece_set()
    top = mesh.bounds[1][2]
    assert top == pytest.approx(real.level + real.cap[1], abs=0.01)
    centre = mesh.bounds.mean(axis=0)
    # the 7's middle hex is at the box's centre; its six neighbours a hex's width away, so the middle of
    # a side between two of its hexes is half a width out, in a direction that depends on its turn
    import math

    hits = {"centre": surface_z(mesh, centre[0], centre[1])}
    half = real.across_flats / 2
    for k in range(12):
        a = math.radians(15 * k)
        hits[k] = surface_z(mesh, centre[0] + half * math.cos(a), centre[1] + half * math.sin(a))
    assert hits["centre"] == pytest.approx(top, abs=0.01)
    assert min(v for k, v in hits.items() if k != "centre") == pytest.approx(real.level, abs=0.01)
