"""`printgen serve` from the command line: its options checked before anything starts, a taken port said
plainly; and the studio's place in the layers (only the CLI imports it)."""

from __future__ import annotations

import pytest

import ast
import socket
from pathlib import Path

from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES

PKG = Path(__file__).resolve().parents[2] / "printgen"


def test_an_unknown_editor_is_refused_before_anything_starts(tmp_path):
    r = CliRunner().invoke(app, ["serve", str(FIXTURES / "mini-hoh"), "--out", str(tmp_path / "out"),
                                 "--editor", "notepad"])
    assert r.exit_code == 2
    assert "vscode" in r.output and "{path}" in r.output
    assert not (tmp_path / "out").exists()


def test_a_taken_port_is_an_error_not_a_traceback(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = CliRunner().invoke(app, ["serve", str(FIXTURES / "mini-hoh"), "--out", str(tmp_path / "out"),
                                     "--port", str(port), "--editor", "idea"])
    assert r.exit_code == 1, r.output
    assert f"cannot serve on 127.0.0.1:{port}" in r.output and "--port" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_an_editor_template_of_ones_own_is_taken():
    from printgen.findings import Location
    from printgen.studio.catalogue import editor_href
    from printgen.studio.run import editor_template

    tpl = editor_template("myed://open?f={path}&l={line}")
    href = editor_href(tpl, Location("classes.yaml", 12, 5))
    assert href.startswith("myed://open?f=/") and href.endswith("classes.yaml&l=12")
    assert editor_href(editor_template("none"), Location("classes.yaml", 12, 5)) == ""



@pytest.mark.parametrize("editor", ["idea", "sublime", "vscode"])
def test_a_file_name_cannot_add_to_or_cut_the_editor_address(tmp_path, editor):
    """A shared game's file named 'x&line=99&column=1#y z.yaml' opens that file at the finding's line: its
    '&', '=', '#' and space are percent-encoded, so the address holds one file, one line, one column."""
    from urllib.parse import parse_qs, unquote, urlsplit

    from printgen.findings import Location
    from printgen.studio.catalogue import EDITORS, editor_href

    name = "x&line=99&column=1#y z.yaml"
    href = editor_href(EDITORS[editor], Location(str(tmp_path / name), 12, 5))
    parts = urlsplit(href)
    assert not parts.fragment and " " not in href
    if editor == "vscode":
        assert unquote(parts.path).endswith(f"/{name}:12:5")
    else:
        query = parse_qs(parts.query)
        assert query["line"] == ["12"] and query["column"] == ["5"]
        assert (query.get("file") or query["url"])[0].endswith(f"/{name}")

def test_only_the_cli_imports_the_studio():
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] == "studio" or rel.name == "cli.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and "studio" in node.module.split("."):
                raise AssertionError(f"{rel}:{node.lineno} imports the studio: it sits above the build")


def test_kill_stops_it_cleanly_and_frees_the_port(tmp_path):
    """SIGTERM ends `printgen serve` as Ctrl-C does: exit 0, its workers gone, the port free again (a forked
    worker once kept the listening socket open after its parent died)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import REPO

    game = tmp_path / "mini-hoh"
    import shutil

    shutil.copytree(FIXTURES / "mini-hoh", game)
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "serve", str(game), "--out", str(tmp_path / "out"),
                             "--port", "0", "--paper", "a4"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        line = proc.stdout.readline()
        assert line.startswith("studio: http://127.0.0.1:"), line
        port = int(line.split(":")[3].split("/")[0])
        deadline = time.monotonic() + 60
        while not (tmp_path / "out" / ".studio" / "_draft" / "index.html").is_file():  # a round has started workers
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0, proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))  # nobody holds it any more
