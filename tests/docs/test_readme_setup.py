"""The README's two set-up commands work on a machine whose pip refuses to install outside a virtual
environment (Debian's and Ubuntu's system Python: `externally-managed-environment`).

The fast test reads the commands as .ci/run does. The slow one (minutes: it installs printgen and its
dependencies into a fresh .venv and builds every bundled game) runs them for real in a clean copy of the
repository, with PIP_REQUIRE_VIRTUALENV=1 and, where the machine has it, the system's own
externally-managed Python first on PATH; it runs nightly: PRINTGEN_NIGHTLY=1 python3 -m pytest tests/docs.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.docs.harness import REPO

NIGHTLY = os.environ.get("PRINTGEN_NIGHTLY", "") not in ("", "0")
VENV = "(python3 -m venv .venv || python3 -m venv --without-pip --system-site-packages .venv)"


def readme_commands() -> tuple[str, str]:
    """(build command, test command): the indented lines after the README's two sentences."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    build = re.search(r"^Install into a virtual environment.*?\n\n    ([^\n]+)", text, re.M | re.S).group(1)
    tests = re.search(r"^Install the test extras and run the tests:\n\n    (.+)$", text, re.M).group(1)
    return build, tests


def test_the_readme_commands_make_and_use_a_virtual_environment():
    build, tests = readme_commands()
    for cmd in (build, tests):
        assert cmd.startswith(VENV + " && .venv/bin/python3 -m pip install ")
        assert " pip install " not in cmd.replace(".venv/bin/python3 -m pip install ", "")  # no system pip
    assert build.endswith(".venv/bin/printgen build")
    assert '".[test,docs]"' in tests and tests.endswith(".venv/bin/python3 -m pytest -n auto --dist loadfile")  # mkdocs for test_site; a worker a core
    ci = subprocess.run(["awk", '/^Install the test extras and run the tests:/ { getline; getline; sub(/^    /, ""); print; exit }',
                         "README.md"], cwd=REPO, capture_output=True, text=True)
    assert ci.stdout.strip() == tests  # .ci/run reads the same line (its awk, run here)
    assert "Install the test extras and run the tests:" in (REPO / ".ci" / "run").read_text()


def test_getting_started_gives_the_readme_s_two_commands_as_they_are():
    """A newcomer reading either page runs the same install and the same tests (getting-started ran the
    tests in one process while the README ran one worker a core)."""
    build, tests = readme_commands()
    page = (REPO / "docs" / "getting-started.md").read_text(encoding="utf-8")
    shown = re.findall(r"^```bash\n(.+?)\n```", page, re.M)
    assert shown == [build, tests], shown


def _system_python_dir() -> str | None:
    """The folder of a system Python that is marked externally managed (Debian/Ubuntu), if any."""
    import glob

    for marker in glob.glob("/usr/lib/python3*/EXTERNALLY-MANAGED"):
        version = Path(marker).parent.name  # python3.11
        if Path(f"/usr/bin/{version}").exists() and Path("/usr/bin/python3").resolve().name == version:
            return "/usr/bin"
    return None


def _clean_copy(dest: Path) -> Path:
    """The repository's tracked files (as `git clone` would give), without .venv, output or caches."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


@pytest.mark.skipif(not NIGHTLY, reason="installs printgen into a fresh .venv and builds every game (minutes): "
                                        "set PRINTGEN_NIGHTLY=1 to run it")
def test_the_readme_commands_work_where_pip_refuses_system_installs(tmp_path):
    import pymupdf

    repo = _clean_copy(tmp_path / "printgen")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PIP_REQUIRE_VIRTUALENV"] = "1"  # pip refuses any install outside a virtual environment
    system = _system_python_dir()
    if system:  # Debian's own python3 first: the externally-managed one the issue was about
        env["PATH"] = system + os.pathsep + env.get("PATH", "")
    refused = subprocess.run(["python3", "-m", "pip", "install", "--dry-run", "--no-deps", "pyyaml"], cwd=repo,
                             env=env, capture_output=True, text=True)
    assert refused.returncode != 0, "this environment should refuse a system install"

    build, tests = readme_commands()
    done = subprocess.run(["bash", "-c", build], cwd=repo, env=env, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (repo / ".venv" / "pyvenv.cfg").is_file()
    for game in sorted(p.name for p in (repo / "data").iterdir() if (p / "game.yaml").is_file()):
        ids = re.search(r"^id:\s*(\S+)", (repo / "data" / game / "game.yaml").read_text(), re.M).group(1)
        kit = repo / "output" / ids / f"{ids}-a4-kit.pdf"
        with pymupdf.open(kit) as doc:  # the whole kit of every bundled game, readable, with its pages
            assert doc.page_count > 1 and "PRINT AT 100%" in doc[1].get_text()

    # the test command as written, but running one small test file, not the whole suite (from inside it)
    small = tests.replace("-m pytest", "-m pytest tests/test_units.py -q")
    done = subprocess.run(["bash", "-c", small], cwd=repo, env=env, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0 and " passed" in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]
    assert subprocess.run([str(repo / ".venv" / "bin" / "python3"), "-c", "import mkdocs, material, pytest, pymupdf, xdist"],
                          env=env).returncode == 0


@pytest.mark.skipif(not NIGHTLY, reason="installs printgen into a fresh .venv (a minute or more): set PRINTGEN_NIGHTLY=1")
@pytest.mark.skipif(_system_python_dir() is None, reason="no externally-managed system Python (Debian/Ubuntu) here")
def test_the_fallback_for_a_python_without_venv_pip_works(tmp_path):
    """Debian without python3-venv: `python3 -m venv .venv` fails, and the README's second form makes the
    environment without pip and installs with the system's pip into .venv alone. Forced here by making the
    first form fail; the system's site-packages must stay untouched."""
    repo = _clean_copy(tmp_path / "printgen")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PIP_REQUIRE_VIRTUALENV"] = "1"
    env["PATH"] = _system_python_dir() + os.pathsep + env.get("PATH", "")
    build, _ = readme_commands()
    forced = build.replace("(python3 -m venv .venv ||", "(false ||", 1).replace(
        ".venv/bin/printgen build", ".venv/bin/printgen build data/hex-dice --paper a4 --no-previews")
    assert forced != build and "--without-pip --system-site-packages" in forced
    before = sorted(os.listdir("/usr/lib/python3/dist-packages"))
    done = subprocess.run(["bash", "-c", forced], cwd=repo, env=env, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert not (repo / ".venv" / "bin" / "pip").exists()  # made without pip: the system's pip installed into it
    assert list((repo / ".venv" / "lib").glob("python3*/site-packages/printgen"))
    assert sorted(os.listdir("/usr/lib/python3/dist-packages")) == before
    import pymupdf

    with pymupdf.open(repo / "output" / "hex-dice" / "a4" / "unit-cards.pdf") as doc:
        assert doc.page_count >= 2
