"""Written files and folders honour the user's umask (mkstemp alone would leave every file 0600)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from printgen.build import build
from printgen.write.files import write_atomic
from tests.conftest import FIXTURES


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


@pytest.fixture
def umask():
    old = os.umask(0o022)

    def set_mask(mask: int) -> None:
        os.umask(mask)

    yield set_mask
    os.umask(old)


@pytest.mark.parametrize("mask", [0o022, 0o027, 0o002, 0o077])
def test_write_atomic_honours_umask(tmp_path, umask, mask):
    umask(mask)
    target = tmp_path / "new" / "deeper" / "file.pdf"
    write_atomic(target, b"%PDF-1.4\n")
    assert target.read_bytes() == b"%PDF-1.4\n"
    assert _mode(target) == 0o666 & ~mask
    assert _mode(target.parent) == 0o777 & ~mask
    assert _mode(target.parent.parent) == 0o777 & ~mask
    # no temporary file left behind
    assert [p.name for p in target.parent.iterdir()] == ["file.pdf"]


def test_replacing_a_file_gives_the_umask_mode(tmp_path, umask):
    umask(0o022)
    target = tmp_path / "f.txt"
    target.write_bytes(b"old")
    target.chmod(0o600)
    write_atomic(target, b"new")
    assert _mode(target) == 0o644


def test_a_whole_build_is_readable_by_everyone_under_umask_022(tmp_path, umask):
    umask(0o022)
    out = tmp_path / "out"
    build(folders=[FIXTURES / "mini-hoh"], out=out, papers=["a4"], previews=False, jobs=1)
    paths = list(out.rglob("*"))
    assert len(paths) > 5
    for p in paths:
        assert _mode(p) == (0o755 if p.is_dir() else 0o644), p


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "f.pdf"
    target.write_bytes(b"old")
    with pytest.raises(TypeError):
        write_atomic(target, 12345)  # not bytes: fails after the temporary file is made
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["f.pdf"]
    big = os.urandom(3 << 20)  # several writes' worth, whole
    write_atomic(target, big)
    assert target.read_bytes() == big and [p.name for p in tmp_path.iterdir()] == ["f.pdf"]
