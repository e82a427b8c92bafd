"""A machine without the cairo library gets a sentence saying what to install, exit 1, not "cannot write"."""

from __future__ import annotations

import os
import subprocess
import sys

from printgen.scaffold import new_game
from tests.conftest import REPO


def test_a_missing_cairo_names_the_library_and_the_way_round_it(tmp_path):
    fake = tmp_path / "nocairo" / "cairosvg"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text('raise OSError("no library called \\"cairo-2\\" was found")\n')
    new_game(folder=tmp_path / "g", system="custom", name="G")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "nocairo"), str(REPO)])}
    done = subprocess.run([sys.executable, "-m", "printgen", "build", "g", "--out", "out", "--paper", "a4"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "need the cairo library" in done.stderr and "apt install libcairo2" in done.stderr
    assert "--no-previews" in done.stderr
    assert "Traceback" not in done.stderr and "cannot write" not in done.stderr
