"""Paths and options from the command line: each mistake is one clear message and an exit code, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import trimesh
from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES, REPO

runner = CliRunner()
HOH = REPO / "data" / "heroes-of-hex"


def _stl(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen.launcher", "stl", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})


@pytest.mark.parametrize("args, code, words", [
    (["--shape", "7", "--magnet", "..x2mm"], 2, "cannot read magnet size"),
    (["--shape", "12345678901234567890,0"], 2, "limit coordinate"),
    (["--shape", "map:Base Skirmish Team Match:Rocks:x", "--game", str(HOH)], 2, "whole number"),
    (["--shape", "hexagon:1000"], 2, "limit mesh-hexes"),
    (["--shape", "rect:100000x100000"], 2, "limit mesh-hexes"),
    (["--shape", "7", "--levels", "1000000"], 2, "--levels 1000000"),
    (["--shape", "7", "--hex", "5000mm"], 2, "outside"),
])
def test_stl_bad_values_are_usage_errors(tmp_path, args, code, words):
    r = _stl(*args, "--out", "t.stl", cwd=tmp_path)
    assert r.returncode == code, r.stderr
    assert words in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "t.stl").exists()


@pytest.mark.parametrize("out, words", [
    (".", "is a folder"),
    ("afile/t.stl", "is a file, not a folder"),
])
def test_stl_bad_out_is_a_clear_error(tmp_path, out, words):
    (tmp_path / "afile").write_text("keep me")
    r = _stl("--shape", "7", "--out", out, cwd=tmp_path)
    assert r.returncode == 1 and words in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert (tmp_path / "afile").read_text() == "keep me"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write to a read-only folder")
def test_stl_unwritable_folder_is_a_clear_error(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    r = _stl("--shape", "7", "--out", "ro/t.stl", cwd=tmp_path)
    assert r.returncode == 1 and "permission denied" in r.stderr, r.stderr


def test_stl_format_must_match_the_file_name(tmp_path):
    r = _stl("--shape", "7", "--format", "3mf", "--out", "t.stl", cwd=tmp_path)
    assert r.returncode == 1 and "name it t.3mf" in r.stderr
    assert not (tmp_path / "t.stl").exists()
    r = _stl("--shape", "7", "--format", "3mf", "--out", "t.3mf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    mesh = trimesh.load(tmp_path / "t.3mf", force="mesh")
    assert mesh.is_watertight and abs(max(mesh.extents[:2]) - 75.8) < 0.05


@pytest.mark.parametrize("out", ["afile", "afile/sub"])
def test_build_out_is_a_file(tmp_path, out):
    (tmp_path / "afile").write_text("keep me")
    r = runner.invoke(app, ["build", str(FIXTURES / "mini-hoh"), "--out", str(tmp_path / out), "--no-previews"])
    assert r.exit_code == 1, r.output
    assert "is a file" in r.output and "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert (tmp_path / "afile").read_text() == "keep me"


@pytest.mark.parametrize("command", [[], ["build"], ["validate"], ["stl"]])
def test_dash_h_is_help_everywhere(command):
    r = runner.invoke(app, command + ["-h"])
    assert r.exit_code == 0 and "Usage" in r.output, r.output
