"""The record's journal (write/journal.py): a build's changes appended beside the record read back as the record
saved whole for each change did; a journal cut short, stale or replaced by a link is read safely."""

from __future__ import annotations

import os

import pytest

from printgen.write import journal
from printgen.write.journal import JOURNAL
from printgen.write.manifest import MANIFEST, Manifest, OutputConflict


def _steps(root, flush_at: int | None = None):
    """A build's record as a kill after each step would leave it (what Manifest.load reads then): targets written
    deferred one by one (one replaced, one refused by a user's file), saved whole after the third."""
    m = Manifest.load(root)
    seen = []
    files = [("a@a4", {"a4/a.pdf": b"a"}), ("b@a4", {"a4/b.pdf": b"b", "a4/b.json": b"{}"}),
             ("a@a4", {"a4/a.pdf": b"a2"}), ("c@letter", {"letter/c.pdf": b"c"}), ("d@a4", {"a4/user.pdf": b"d"})]
    (root / "a4").mkdir(parents=True, exist_ok=True)
    (root / "a4" / "user.pdf").write_bytes(b"a user's own")
    for n, (key, data) in enumerate(files):
        try:
            m.write_target(key, f"digest-{n}", n % 2 == 0, data, deferred=True, reads=[f"data.{n}"],
                           sources={rel: "src" for rel in data}, findings=[{"severity": "warning", "code": "c",
                                                                            "message": "m", "file": None}])
        except OutputConflict:
            pass
        if n == flush_at:
            m.save()
        seen.append(Manifest.load(root).targets)
    m.flush()
    seen.append(Manifest.load(root).targets)
    return seen, (root / MANIFEST).read_bytes()


@pytest.mark.parametrize("flush_at", [None, 2])
def test_a_journaled_record_reads_as_the_record_saved_whole_each_time_did(tmp_path, monkeypatch, flush_at):
    """After every step, the record with its journal loads as the old way's record (saved whole for every pending
    and done target) did; the record written at the end has the same bytes, and no journal is left."""
    journaled = _steps(tmp_path / "new", flush_at)

    def no_journal(*args, **kwargs):
        raise OSError("no journal: every change saved whole, as before")

    monkeypatch.setattr(journal, "Journal", no_journal)
    whole = _steps(tmp_path / "old", flush_at)
    assert journaled == whole
    assert not (tmp_path / "new" / JOURNAL).exists()


def test_a_journal_cut_short_stale_or_linked_is_read_safely(tmp_path):
    root = tmp_path / "out"
    m = Manifest(root, {})
    m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"}, deferred=True)
    m.write_target("b@a4", "db", False, {"a4/b.pdf": b"b"}, deferred=True)
    text = (root / JOURNAL).read_bytes()
    (root / JOURNAL).write_bytes(text[:-7])  # killed in the middle of b's pending line (after a's done one)
    assert {k: e["digest"] for k, e in Manifest.load(root).targets.items()} == {"a@a4": "da"}
    (root / JOURNAL).write_bytes(text)
    m.flush()  # the record written whole: a journal continuing the older text is stale
    (root / JOURNAL).write_bytes(text)
    assert {k: e["digest"] for k, e in Manifest.load(root).targets.items()} == {"a@a4": "da", "b@a4": "db"}
    loaded = Manifest.load(root)
    loaded.save()  # the stale journal goes with the next save
    assert not (root / JOURNAL).exists()
    # an entry that is not a record's stops the reading there
    bad = text.split(b"\n")
    bad[1] = journal.line("a@a4", {"files": {"/etc/passwd": 1}})[:-1]
    other = Manifest(tmp_path / "bad", {})
    other.write_target("x@a4", "dx", False, {"a4/x.pdf": b"x"}, deferred=True)
    head = (tmp_path / "bad" / JOURNAL).read_bytes().split(b"\n")[0]
    (tmp_path / "bad" / JOURNAL).write_bytes(b"\n".join([head, bad[1], *bad[2:]]))
    assert Manifest.load(tmp_path / "bad").targets == {}
    # a link in the journal's place is neither written through nor read nor removed: the record is saved whole
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"theirs")
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / JOURNAL).symlink_to(elsewhere)
    m = Manifest(linked, {})
    m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"}, deferred=True)
    assert {k: e["digest"] for k, e in Manifest.load(linked).targets.items()} == {"a@a4": None}
    m.flush()
    assert elsewhere.read_bytes() == b"theirs" and (linked / JOURNAL).is_symlink()
    assert Manifest.load(linked).targets["a@a4"]["digest"] == "da"


def test_a_pipe_in_the_journals_place_does_not_hang_the_build(tmp_path):
    """A named pipe where the journal goes: opening it to write would wait for a reader for ever; the record is
    saved whole instead, and the pipe is left where it is."""
    import os
    import stat
    import threading

    root = tmp_path / "out"
    root.mkdir()
    os.mkfifo(root / JOURNAL)
    done = []

    def build():
        m = Manifest(root, {})
        m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"}, deferred=True)
        m.flush()
        done.append(True)

    worker = threading.Thread(target=build, daemon=True)
    worker.start()
    worker.join(10)
    waited = not done
    if waited:  # (let the stuck open go: a reader unblocks it)
        fd = os.open(root / JOURNAL, os.O_RDONLY | os.O_NONBLOCK)
        worker.join(10)
        os.close(fd)
    assert not waited, "the build waited on the pipe"
    assert stat.S_ISFIFO(os.lstat(root / JOURNAL).st_mode)
    assert Manifest.load(root).targets["a@a4"]["digest"] == "da"


def test_a_journal_linked_elsewhere_leaves_the_other_name_its_bytes(tmp_path):
    """A new journal is a new file: an old one hard-linked elsewhere (a backup made with ``cp -al``) is unlinked
    here, not emptied, so the other name keeps what it held."""
    root = tmp_path / "out"
    root.mkdir()
    kept = tmp_path / "backup.journal"
    kept.write_bytes(b"what the backup holds\n")
    os.link(kept, root / JOURNAL)
    m = Manifest(root, {})
    m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"}, deferred=True)
    assert kept.read_bytes() == b"what the backup holds\n"
    assert os.stat(root / JOURNAL).st_ino != os.stat(kept).st_ino
    m.flush()
    assert Manifest.load(root).targets["a@a4"]["digest"] == "da" and not (root / JOURNAL).exists()


def test_a_record_or_journal_nested_thousands_deep_is_read_as_broken(tmp_path):
    """JSON nested past Python's recursion limit, in the record or in a journal's line: the record counts as
    absent, the journal's reading stops at that line; no RecursionError reaches the build."""
    deep = "[" * 100_000 + "]" * 100_000
    root = tmp_path / "deep"
    root.mkdir()
    (root / MANIFEST).write_text(deep)
    assert Manifest.load(root).targets == {}
    m = Manifest(tmp_path / "j", {})
    m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"}, deferred=True)
    m.write_target("b@a4", "db", False, {"a4/b.pdf": b"b"}, deferred=True)
    path = tmp_path / "j" / JOURNAL
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join([*lines[:2], deep.encode(), *lines[2:]]))
    assert {k: e["digest"] for k, e in Manifest.load(tmp_path / "j").targets.items()} == {"a@a4": None}
    path.write_bytes(deep.encode())
    assert Manifest.load(tmp_path / "j").targets == {}
