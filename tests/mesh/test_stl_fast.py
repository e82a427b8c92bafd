"""`printgen stl` of a plain shape imports no game model and no pydantic (issue 29: they were 0.12 s
of a 0.2 s run); a map region still reads its game."""

import subprocess
import sys
from pathlib import Path

import trimesh

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import sys
sys.argv = ["printgen", "stl", "--shape", "hexagon:2", "--magnet", "6x2mm", "--out", sys.argv[1]]
from printgen.launcher import main
try:
    main()
except SystemExit as exc:
    code = exc.code
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core", "typer", "numpy", "yaml")
               or m in ("printgen.model.game", "printgen.model.content", "printgen.model.maps"))
print("CODE", code, "HEAVY", ",".join(heavy))
"""


def test_a_plain_shape_imports_no_game_model(tmp_path):
    out = tmp_path / "t.stl"
    run = subprocess.run([sys.executable, "-c", PROBE, str(out)], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    line = next(ln for ln in run.stdout.splitlines() if ln.startswith("CODE"))
    assert line == "CODE 0 HEAVY ", run.stdout + run.stderr
    tm = trimesh.load(out)
    assert tm.is_watertight and tm.body_count == 1 and abs(tm.extents[2] - 6.0) < 1e-6
