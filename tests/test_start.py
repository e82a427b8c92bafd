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



def test_a_build_of_a_small_game_runs_no_collection(tmp_path):
    """The console script's collector thresholds (launcher.batch_gc) sit above what a build of a game of the
    bundled size keeps alive at once, so it never walks its objects for cycles: a whole serial build of a
    fixture game (validation, every target, its publishing) in one process runs no collection, where Python's
    default threshold (700) collects; the files are the same. (The old threshold, 100,000, collected here too
    until the build stopped naming every glyph of the bundled fonts: draw/font_tables.py.)"""
    code = ("import gc, json, sys\nfrom pathlib import Path\nfrom printgen.launcher import batch_gc, settle\n"
            "batch_gc()\nsettle(['build'])\nif int(sys.argv[1]):\n    gc.set_threshold(int(sys.argv[1]), 50, 100)\n"
            "runs = []\ngc.callbacks.append(lambda phase, info: phase == 'stop' and runs.append(info['generation']))\n"
            "from printgen.build import build\n"
            "r = build(folders=[Path(sys.argv[2])], out=Path(sys.argv[3]), papers=['a4'], previews=False, jobs=1)\n"
            "print(json.dumps([gc.get_threshold()[0], len(runs), r.ok]))")
    outs, seen = {}, {}
    for threshold in (0, 700):  # 0: as batch_gc leaves it; 700: Python's default
        out = tmp_path / str(threshold)
        run = subprocess.run([sys.executable, "-c", code, str(threshold), str(FIXTURES / "mini-hoh"), str(out)],
                             capture_output=True, text=True, check=True, env=dict(os.environ, PYTHONPATH=str(REPO)),
                             cwd=REPO)
        seen[threshold] = json.loads(run.stdout.strip().splitlines()[-1])
        outs[threshold] = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*"))
                           if p.is_file() and p.suffix == ".pdf"}
    assert seen[0][0] >= 400_000 and seen[0][1:] == [0, True], seen
    assert seen[700][1] >= 1, seen
    assert outs[0] and outs[0] == outs[700]


def test_the_console_script_keeps_openblas_to_one_thread_unless_told_otherwise():
    """launcher.main sets OPENBLAS_NUM_THREADS=1 before numpy loads (its threads only spun in a build), and a value
    the user set stays; an importer of the library is left alone."""
    code = ("import os, sys\nfrom printgen import launcher\nsys.argv = ['printgen', '--version']\n"
            "try:\n    launcher.main()\nexcept SystemExit:\n    pass\nprint(os.environ.get('OPENBLAS_NUM_THREADS'))")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    for given, expected in ((None, "1"), ("4", "4")):
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                             env=dict(env, PYTHONPATH=str(REPO), **({"OPENBLAS_NUM_THREADS": given} if given else {})))
        assert run.stdout.strip().splitlines()[-1] == expected, run.stdout
    library = "import os, printgen.build\nprint(os.environ.get('OPENBLAS_NUM_THREADS'))"
    run = subprocess.run([sys.executable, "-c", library], capture_output=True, text=True, check=True, cwd=REPO,
                         env=dict(env, PYTHONPATH=str(REPO)))
    assert run.stdout.strip() == "None"


def test_the_console_script_loads_no_pydantic_plugins_unless_told_otherwise():
    """launcher.main switches pydantic's plugin search off (it reads every installed distribution's entry points
    when the first model is built, in a build's serial start) before any model is built, and the plugins really
    are not looked for; a value the user set stays; an importer of the library is left alone."""
    code = ("import os, sys\nfrom printgen import launcher\nsys.argv = ['printgen', '--version']\n"
            "try:\n    launcher.main()\nexcept SystemExit:\n    pass\n"
            "import printgen.model.game\nfrom pydantic.plugin import _loader\n"
            "print(os.environ.get('PYDANTIC_DISABLE_PLUGINS'), _loader._plugins is None)")
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    for given, expected in ((None, "__all__ True"), ("logfire", "logfire False")):
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                             env=dict(env, PYTHONPATH=str(REPO), **({"PYDANTIC_DISABLE_PLUGINS": given} if given else {})))
        assert run.stdout.strip().splitlines()[-1] == expected, run.stdout
    library = "import os, printgen.build\nprint(os.environ.get('PYDANTIC_DISABLE_PLUGINS'))"
    run = subprocess.run([sys.executable, "-c", library], capture_output=True, text=True, check=True, cwd=REPO,
                         env=dict(env, PYTHONPATH=str(REPO)))
    assert run.stdout.strip() == "None"


def test_reportlabs_pattern_of_web_addresses_is_compiled_when_first_used():
    """`printgen build` imports reportlab's paragraph module with its pattern of web addresses deferred
    (launcher.uri_pattern_deferred): not compiled by the import, and then the same answers as compiled at once."""
    code = ("import re, sys\nfrom printgen.launcher import DeferredPattern, settle\ncompile_now = re.compile\n"
            "settle(['build'])\nfrom reportlab.platypus import paragraph\n"
            "assert re.compile is compile_now\n"
            "assert isinstance(paragraph.uri_pat, DeferredPattern) and paragraph.uri_pat._pattern is None\n"
            "real = re.compile(*paragraph.uri_pat._args)\n"
            "for uri in ('https://example.com/a/b', 'www.x.org', 'mailto:a@b.c', 'ftp://[::1]:21/x', 'plain words', ''):\n"
            "    got, want = paragraph.uri_pat.match(uri), real.match(uri)\n"
            "    assert (got and got.groups()) == (want and want.groups()), uri\n"
            "    assert paragraph._uri_split_pairs(uri) == (None if want is None else paragraph._uri_split_pairs(uri))\n"
            "assert isinstance(paragraph.uri_pat._pattern, re.Pattern)\n"
            "assert paragraph._uri_split_pairs('https://example.com/a/b')[0] == ('https://example.com/a/', 'b')\n"
            "print('ok')")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), cwd=REPO)
    assert run.stdout.strip() == "ok", run.stderr
