"""Shared helpers: fixture games are tiny folders under tests/fixtures/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent


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
