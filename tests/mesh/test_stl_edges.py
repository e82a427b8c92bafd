"""Edge values of `printgen stl` and `printgen terrain` options: each a clear usage error (exit 2), no file
written, through Typer and through the launcher's fast argparse path alike (issue 25)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.limits import limit
from printgen.mesh import ShapeError, parse_shape
from tests.conftest import FIXTURES, REPO

runner = CliRunner()

STL_EDGES = [
    (["--shape", "7", "--height", "0.0001mm", "--out", "t.stl"], f"the minimum is {limit('min-mesh-height'):g} mm"),
    (["--shape", "7", "--height", "0.9mm", "--out", "t.stl"], "too thin to print"),
    (["--shape", "7", "--height", "0.3mm", "--levels", "3", "--out", "t.stl"], "too thin to print"),  # per level
    (["--shape", "hexagon:0", "--out", "t.stl"], "hexagon:R needs R of 1 or more"),
    (["--shape", "0,0;1,0;", "--out", "t.stl"], "ends with ';'"),
    (["--shape", "0,0; 1,0 ; ", "--out", "t.stl"], "ends with ';'"),
    (["--shape", "7", "--out", ""], "is empty"),
    (["--shape", "7", "--out", "  "], "is empty"),
    (["--shape", "7", "--out", ".stl"], "no file name"),
]


def _written(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("args, words", STL_EDGES)
def test_stl_edges_through_typer(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["stl", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output
    assert _written(tmp_path) == []


def test_stl_edges_through_the_launcher(tmp_path):
    """The fast path (argparse, no Typer) says the same: one process for all the cases."""
    code = ("import sys\nfrom printgen.stl_command import fast_main\n"
            f"for args in {[a for a, _ in STL_EDGES]!r}:\n"
            "    print(fast_main(args), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(REPO)})
    codes = [line for line in r.stderr.splitlines() if line.isdigit()]
    assert codes == ["2"] * len(STL_EDGES), r.stderr
    for _, words in STL_EDGES:
        assert words in r.stderr
    assert "Traceback" not in r.stderr and _written(tmp_path) == []


def test_the_smallest_printable_height_still_builds(tmp_path):
    out = tmp_path / "thin.stl"
    result = runner.invoke(app, ["stl", "--shape", "1", "--height", f"{limit('min-mesh-height'):g}mm", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 84  # a binary STL with triangles, not just its header


@pytest.mark.parametrize("text", ["hexagon:0", "0,0;", "0,0;1,0;"])
def test_shapes_that_are_not_shapes(text):
    with pytest.raises(ShapeError):
        parse_shape(text)


def test_a_hex_list_without_the_trailing_semicolon_is_read():
    assert len(parse_shape("0,0;1,0")) == 2 and len(parse_shape("hexagon:1")) == 7


@pytest.mark.parametrize("args, words", [
    (["--density", "nan"], "--density must be a filament's density"),
    (["--density", "inf"], "--density must be a filament's density"),
    (["--density", "0"], "--density must be a filament's density"),
    (["--density", "1e30"], "--density must be a filament's density"),
    (["--diameter", "0.0001mm"], "--diameter must be a filament's diameter"),
    (["--out", ""], "is empty"),
    (["--out", " "], "is empty"),
])
def test_terrain_edges_are_usage_errors(tmp_path, monkeypatch, args, words):
    shutil.copytree(FIXTURES / "mini-terrain", tmp_path / "g")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["terrain", "g", "--no-previews", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output
    assert _written(tmp_path) == ["g"]


@pytest.mark.parametrize("command", ["build", "watch"])
def test_build_and_watch_refuse_an_empty_out(tmp_path, monkeypatch, command):
    shutil.copytree(FIXTURES / "mini-hoh", tmp_path / "g")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [command, "g", "--out", ""])
    assert result.exit_code == 2 and "is empty" in result.output, result.output
    assert _written(tmp_path) == ["g"]
