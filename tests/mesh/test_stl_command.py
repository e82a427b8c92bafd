"""printgen stl through CliRunner, and the pieces a game declares through printgen build."""

from __future__ import annotations


import trimesh
from typer.testing import CliRunner

from printgen.build import build
from printgen.cli import app
from tests.conftest import FIXTURES

runner = CliRunner()


def _load(path):
    loaded = trimesh.load(path)
    return loaded.to_geometry() if isinstance(loaded, trimesh.Scene) else loaded


def test_stl_writes_a_measured_tile(tmp_path):
    out = tmp_path / "flower.stl"
    result = runner.invoke(app, ["stl", "--shape", "7", "--hex", "1in", "--height", "6mm", "--clearance", "0.2mm",
                                 "--magnet", "6x2mm", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "7 magnet pockets" in result.output
    tm = _load(out)
    assert tm.is_watertight and tm.is_volume
    assert abs(tm.extents[1] - (3 * 25.4 - 0.4)) < 0.01 and abs(tm.extents[2] - 6.0) < 0.01


def test_3mf_by_flag_or_suffix_and_levels(tmp_path):
    out = tmp_path / "tower.3mf"
    result = runner.invoke(app, ["stl", "--shape", "hexagon:1", "--levels", "3", "--height", "5mm", "--out", str(out)])
    assert result.exit_code == 0, result.output
    tm = _load(out)
    assert tm.is_watertight and abs(tm.extents[2] - 15.0) < 0.01
    out2 = tmp_path / "tile.bin"
    assert runner.invoke(app, ["stl", "--shape", "1", "--format", "3mf", "--out", str(out2)]).exit_code == 0
    assert out2.read_bytes()[:2] == b"PK"


def test_defaults_come_from_the_game(tmp_path):
    out = tmp_path / "g.stl"
    result = runner.invoke(app, ["stl", "--shape", "1", "--game", str(FIXTURES / "big-map"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    tm = _load(out)
    assert abs(tm.extents[0] - (31.75 - 0.4)) < 0.01  # 1.25in pointy hexes: flats face +/- x
    assert abs(tm.extents[2] - 5.0) < 0.01 and "1 magnet pockets" in result.output


def test_map_regions_become_stacked_levels(tmp_path):
    out = tmp_path / "hill.stl"
    result = runner.invoke(app, ["stl", "--shape", "map:Hill", "--game", str(FIXTURES / "big-map"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # --out names the one file written: every level's part in it, side by side on the bed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hill.stl"]
    bodies = sorted(_load(out).split(only_watertight=True), key=lambda b: b.bounds[0][0])
    assert len(bodies) == 3 and all(b.is_watertight and b.volume > 0 for b in bodies)
    assert len(bodies[0].faces) > len(bodies[1].faces) > len(bodies[2].faces)  # level 1 widest, 3 smallest
    for a, b in zip(bodies, bodies[1:]):
        assert b.bounds[0][0] - a.bounds[1][0] >= 2.99  # apart, not overlapping
    assert all(abs(b.bounds[0][2]) < 1e-6 and abs(b.extents[2] - 5.0) < 0.01 for b in bodies)  # each one level


def test_mesh_errors_exit_1_and_write_nothing(tmp_path):
    out = tmp_path / "bad.stl"
    for args, words in ((["--shape", "0,0;4,4"], "not connected"), (["--shape", "1", "--magnet", "6x6mm"], "deeper"),
                        (["--shape", "1", "--magnet", "30x2mm"], "wider"), (["--shape", "1", "--clearance", "9mm"], "eats")):
        result = runner.invoke(app, ["stl", *args, "--out", str(out)])
        assert result.exit_code == 1 and words in result.output
        assert "Traceback" not in result.output
    assert not out.exists()


def test_bad_options_are_usage_errors(tmp_path):
    out = tmp_path / "x.stl"
    assert runner.invoke(app, ["stl", "--shape", "octagon", "--out", str(out)]).exit_code == 2
    assert runner.invoke(app, ["stl", "--shape", "1", "--hex", "25", "--out", str(out)]).exit_code == 2
    assert runner.invoke(app, ["stl", "--shape", "1", "--magnet", "big", "--out", str(out)]).exit_code == 2
    assert runner.invoke(app, ["stl", "--shape", "map:Hill", "--out", str(out)]).exit_code == 2


def test_build_exports_the_declared_pieces(tmp_path):
    result = build(folders=[FIXTURES / "big-map"], out=tmp_path, papers=["a4"], previews=True)
    assert result.ok
    stl = sorted(p.name for p in (tmp_path / "big-map/stl").iterdir())
    assert stl == ["hill-level1-1.stl", "hill-level2-1.stl", "hill-level3-1.stl", "ridge.stl", "tower.stl"]
    assert sorted(p.stem for p in (tmp_path / "big-map/3mf").iterdir()) == [s[:-4] for s in stl]
    tower = _load(tmp_path / "big-map/stl/tower.stl")
    assert tower.is_watertight and abs(tower.extents[2] - 10.0) < 0.01  # two 5 mm levels
    assert (tmp_path / "big-map/png/piece-tower.png").read_bytes()[:4] == b"\x89PNG"


def test_the_console_script_path_writes_tiles_without_typer_or_numpy(tmp_path):
    """`printgen stl` as a whole process: the launcher's short path, measured by what it imports."""
    import subprocess
    import sys

    out = tmp_path / "t.stl"
    code = ("import sys; sys.argv = ['printgen', 'stl', '--shape', 'hexagon:2', '--magnet', '6x2mm', '--out', "
            f"{str(out)!r}]\n"
            "from printgen.launcher import main\n"
            "try:\n    main()\nexcept SystemExit as e:\n    rc = e.code\n"
            "print('RC', rc, 'typer' in sys.modules, 'numpy' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "RC 0 False False" in run.stdout, run.stdout + run.stderr
    assert "19 magnet pockets" in run.stdout
    tm = _load(out)
    assert tm.is_watertight and len(tm.faces) == 2644
    bad = subprocess.run([sys.executable, "-m", "printgen.launcher", "stl", "--shape", "1", "--magnet", "6x6mm",
                          "--out", str(tmp_path / "b.stl")], capture_output=True, text=True)
    assert bad.returncode == 1 and "deeper" in bad.stderr and "Traceback" not in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "printgen.launcher", "stl", "--shape", "1", "--hex", "25",
                            "--out", str(tmp_path / "c.stl")], capture_output=True, text=True)
    assert usage.returncode == 2 and "cannot read '25'" in usage.stderr
