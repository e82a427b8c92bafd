"""Fast start: `printgen --help` loads the CLI and nothing of the pipeline (no checker, packs, pydantic,
reportlab, numpy); `--paper` takes any case; shell completion is offered."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES, REPO

# (typer loads pydantic to describe parameters, and the stl options read their defaults from
# printgen.model.game, so neither is on the list)
HEAVY = ("printgen.check", "printgen.packs", "printgen.project", "printgen.mesh.shapes", "printgen.model.content",
         "reportlab", "numpy", "jinja2", "rich", "ortools")


def _loaded_after(args: list[str]) -> list[str]:
    code = ("import sys, json\nsys.argv = ['printgen', *json.loads(sys.argv[1])]\n"
            "from printgen.launcher import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, json.dumps(args)], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), cwd=REPO)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_help_loads_only_the_cli():
    for args in (["--help"], ["build", "-h"], ["stl", "--help"]):
        loaded = _loaded_after(args)
        assert "printgen.cli" in loaded
        heavy = [m for m in HEAVY if m in loaded]
        assert not heavy, (args, heavy)


def test_paper_in_any_case_and_completion_offered(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["build", str(FIXTURES / "mini-hoh"), "--paper", "A4", "--no-previews",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mini-hoh" / "a4" / "class-cards.pdf").is_file()
    assert not (tmp_path / "mini-hoh" / "letter").exists()
    assert "--install-completion" in runner.invoke(app, ["--help"]).output


def test_a_building_command_settles_its_imports_first():
    """`printgen build` imports the pipeline before it starts and leaves those objects out of every later
    collection (and a worker's); `build -h` does neither."""
    code = ("import gc, sys\nfrom printgen.launcher import batch_gc, settle\nbatch_gc()\n"
            "settle(sys.argv[1:])\nprint('printgen.build' in sys.modules, gc.get_freeze_count() > 10000)")
    for args, expected in ((["build"], "True True"), (["build", "-h"], "False False"), (["new"], "False False")):
        run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=str(REPO)), cwd=REPO)
        assert run.stdout.strip() == expected, (args, run.stdout, run.stderr)
