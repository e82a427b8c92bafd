"""The order a build validates its games in (printgen/schedule.py): smallest folder first, everything said
and built as in the order asked."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from hypothesis import given, settings, strategies as st

from printgen.build import build
from printgen.schedule import MAX_ENTRIES, folder_bytes, in_order, smallest_first
from tests.conftest import REPO


def test_folder_bytes_counts_every_file_and_never_follows_a_link(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.yaml").write_bytes(b"1" * 300)
    (tmp_path / "y.yaml").write_bytes(b"2" * 20)
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (outside / "big").write_bytes(b"3" * 10_000)
    os.symlink(outside, tmp_path / "link")
    os.symlink(outside / "big", tmp_path / "big")
    assert folder_bytes(tmp_path) == 320


def test_a_huge_or_missing_folder_goes_last(tmp_path):
    for k in range(MAX_ENTRIES + 1):
        (tmp_path / f"{k}.txt").touch()
    assert folder_bytes(tmp_path) >= 2**62
    assert folder_bytes(tmp_path / "missing") >= 2**62


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=6))
def test_smallest_first_is_a_stable_order_by_size(tmp_path_factory, sizes):
    root = tmp_path_factory.mktemp("games")
    folders = []
    for k, size in enumerate(sizes):
        (root / str(k)).mkdir()
        (root / str(k) / "game.yaml").write_bytes(b"x" * size)
        folders.append(root / str(k))
    order = smallest_first(folders)
    assert sorted(order) == list(range(len(sizes)))
    assert [(sizes[k], k) for k in order] == sorted((s, k) for k, s in enumerate(sizes))
    items = [object() for _ in sizes]
    ranks = {id(items[k]): (k, 0) for k in range(len(items))}
    assert in_order([items[k] for k in order], ranks) == items


def _game(root: Path, name: str, pad: int) -> Path:
    folder = root / name
    shutil.copytree(REPO / "tests" / "fixtures" / "mini-dice", folder)
    (folder / "notes.md").write_text("x" * pad, encoding="utf-8")  # read or named: a designer's notes
    return folder


def test_the_later_folder_asked_gets_the_duplicate_id_whichever_validates_first(tmp_path):
    big, small = _game(tmp_path, "big", 5_000), _game(tmp_path, "small", 0)
    assert smallest_first([big, small]) == [1, 0]  # the small one validates first
    result = build(folders=[big, small], out=tmp_path / "out", papers=["a4"], previews=False, jobs=1)
    assert [g.folder for g in result.games] == [big, small]  # reported in the order asked
    assert not [f for f in result.games[0].findings if f.code == "duplicate-game-id"]
    (f,) = [f for f in result.games[1].findings if f.code == "duplicate-game-id"]
    assert "big" in f.message and f.loc.file.endswith("game.yaml")
    assert not result.ok and not result.written and not (tmp_path / "out").exists()
