"""Shared helpers: fixture games are tiny folders under tests/fixtures/."""

from __future__ import annotations

import gc
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent
NIGHTLY = os.environ.get("PRINTGEN_NIGHTLY", "") not in ("", "0")

# Property tests take 50 examples unless they say their own (hypothesis's default is 100); the nightly run
# 1,000. No deadline: the suite runs two workers on two cores, where a slow example is the machine.
settings.register_profile("printgen", deadline=None, max_examples=50)
settings.register_profile("printgen-nightly", deadline=None, max_examples=1000)
settings.load_profile("printgen-nightly" if NIGHTLY else "printgen")


# Collect cycles as the console script does (printgen/launcher.py batch_gc): a worker holds every test module
# and what they imported, hundreds of thousands of objects that each full collection walked again, while
# the builds under test allocate millions of short-lived drawing objects and few cycles.
BATCH_GC = os.environ.get("PRINTGEN_TEST_GC", "batch") == "batch"
if BATCH_GC:
    gc.set_threshold(100_000, 50, 100)


def pytest_configure(config) -> None:
    """With PYTHONDONTWRITEBYTECODE set (as some CI machines set it), no process of the run writes the bytecode
    it compiles: every worker, and every printgen child a test starts (about 150), compiled the package from
    source again, 0.9 s a child for ``printgen.cli`` and ``printgen.build``. The run's first process compiles the
    package's bytecode once, beside its sources as Python itself would (``__pycache__``, ignored by git), and
    the others read it (the setting stops writing, not reading)."""
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTEST_XDIST_WORKER"):
        import compileall

        compileall.compile_dir(REPO / "printgen", quiet=2, workers=0)


def pytest_collection_finish(session) -> None:
    """What collecting imported stays for the whole run: left out of every later collection."""
    if BATCH_GC:
        gc.freeze()


def examples(n: int) -> int:
    """A long property run's count of examples: ``n`` in the nightly run (PRINTGEN_NIGHTLY), a third of it
    (at least 50, the default run's count) in the default one, which has six minutes for the whole suite."""
    return n if NIGHTLY else min(n, max(50, n // 3))


@pytest.fixture
def mini_game(tmp_path: Path) -> Path:
    """A copy of the small valid Heroes of Hex game, safe to modify."""
    dest = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", dest)
    return dest


def broken_game(case: str, tmp_path: Path, *, base: str = "mini-hoh", cases: str = "broken") -> Path:
    """A mini game (``base``) with the files of tests/fixtures/<cases>/<case>/ laid over it."""
    dest = tmp_path / case
    shutil.copytree(FIXTURES / base, dest)
    for f in (FIXTURES / cases / case).iterdir():
        if f.is_dir():  # templates/layouts/...: laid over the game's own folder of that name
            shutil.copytree(f, dest / f.name, dirs_exist_ok=True)
        else:
            shutil.copy(f, dest / f.name)
    return dest


def assert_finding(result, *, case: str, code: str, file: str, line: int, col: int, severity, words: str):
    """The first finding with ``code`` (and ``words`` in its message) is where and what it should be."""
    hits = [f for f in result.findings if f.code == code and words in f.message]
    assert hits, f"no {code} finding with {words!r}; got {[f.format() for f in result.findings]}"
    f = hits[0]
    assert f.loc.file.endswith(f"{case}/{file}"), f.format()
    assert (f.loc.line, f.loc.col) == (line, col), f.format()
    assert f.severity is severity
    return f


BUNDLED = tuple(sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file()))


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory) -> Path:
    """Every bundled game built once for the whole test run (both papers, no previews): out/<game-id>/...
    Many modules measure these same files; each building them again cost a minute of the suite. Read
    it, never write into it (copy what a test changes). Under pytest-xdist the workers share one build:
    the first to need it makes it while the others wait on a lock."""
    import fcntl

    from printgen.build import build

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # shared by the workers of this run
    out, done = root / "bundled-build", root / "bundled-build.done"
    with open(root / "bundled-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)  # a build that failed half-way in another worker
            result = build(folders=[REPO / "data" / g for g in BUNDLED], out=out, papers=["a4", "letter"],
                           previews=False)
            assert result.ok and result.built and not result.refused, [f.format() for g in result.games
                                                                      for f in g.findings]
            # what its preflight found on every page (each finding names its game): bundled_findings
            done.write_text("".join(f.format().replace("\n", " ") + "\n" for f in result.preflight))
    return out


@pytest.fixture(scope="session")
def bundled_findings(bundled_build) -> list[str]:
    """What the preflight found in ``bundled_build`` (every printable of every bundled game, both papers),
    a finding a line, its message starting with its game's id: the build's own, so a test of "no finding"
    draws nothing again."""
    return (bundled_build.parent / "bundled-build.done").read_text().splitlines()


def bundled_subset(out: Path, games, dest: Path) -> Path:
    """A folder holding only ``games``' outputs from ``bundled_build`` (hard links: no copying), for a
    test that looks at every file of its build."""
    dest.mkdir(parents=True, exist_ok=True)
    for g in games:
        shutil.copytree(out / g, dest / g, copy_function=os.link)
    return dest
