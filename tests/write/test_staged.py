"""Files staged by a build's workers (write/staged.py): written whole in the build's staging folder, renamed into
place by the main process under the output folder's rules, the same bytes and records as files handed back as
bytes; whatever is not renamed goes with the folder, and a killed build's folder with the next build."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from printgen.build import build
from printgen.write.files import file_mode, write_if_changed
from printgen.write.manifest import MANIFEST, Manifest, OutputConflict, sha256
from printgen.write.reuse import Recorded, read_recorded, read_unread, recorded_file
from printgen.write.staged import PREFIX, Staged, place, stage, stage_result, staging, sweep
from tests.conftest import FIXTURES, REPO


def _folder(tmp_path):
    folder = tmp_path / "stage"
    folder.mkdir()
    return str(folder)


def test_a_staged_file_holds_the_bytes_with_their_digest_and_the_mode_open_would_give(tmp_path):
    files = {"a4/cards.pdf": b"%PDF-1.7 cards" * 1000, "facts/a4/cards.json": b"{}", "kept.png": None}
    staged = stage(files, _folder(tmp_path))
    assert staged["kept.png"] is None  # kept as on disk: nothing to write
    for rel in ("a4/cards.pdf", "facts/a4/cards.json"):
        s = staged[rel]
        assert isinstance(s, Staged) and s.read() == files[rel]
        assert s.digest == sha256(files[rel]) == sha256(s) and s.size == len(files[rel])
        assert os.stat(s.path).st_mode & 0o777 == file_mode()
    # a result hands over names, not bytes
    assert len(pickle.dumps(staged)) < 1000 < len(pickle.dumps(files))
    assert stage(files, None) is files


def test_a_publishing_result_is_staged_job_by_job(tmp_path):
    one = ({"k.pdf": b"kit", "z.zip": None}, ("papers", "a4"), {"kit": "k.pdf"}, [], {})
    staged = stage_result({"thumbs/a": one, "thumbs/b": one}, _folder(tmp_path))
    for key in ("thumbs/a", "thumbs/b"):
        files, *rest = staged[key]
        assert files["k.pdf"].read() == b"kit" and files["z.zip"] is None and rest == list(one[1:])
    assert staged["thumbs/a"][0]["k.pdf"].path != staged["thumbs/b"][0]["k.pdf"].path


def test_a_target_written_from_staged_files_is_the_target_written_from_bytes(tmp_path):
    files = {"a4/cards.pdf": b"%PDF cards", "a4/map.pdf": b"%PDF map", "png/map-1.png": b"\x89PNG map"}
    plain, staged = Manifest(tmp_path / "plain", {}), Manifest(tmp_path / "staged", {})
    for manifest, given in ((plain, files), (staged, stage(files, _folder(tmp_path)))):
        manifest.write_target("cards@a4", "d1", False, given, reads=["game"], deferred=True)
        manifest.flush()
    for rel, data in files.items():
        assert (tmp_path / "staged" / rel).read_bytes() == data
        assert os.stat(tmp_path / "staged" / rel).st_mode & 0o777 == os.stat(tmp_path / "plain" / rel).st_mode & 0o777
    assert (tmp_path / "staged" / MANIFEST).read_bytes() == (tmp_path / "plain" / MANIFEST).read_bytes()
    assert os.listdir(tmp_path / "stage") == []  # every staged file renamed into place


def test_a_staged_file_is_refused_as_bytes_are_and_stays_staged(tmp_path):
    root = tmp_path / "out" / "g"
    (root / "a4").mkdir(parents=True)
    (root / "a4" / "cards.pdf").write_bytes(b"the user's own file")
    staged = stage({"a4/cards.pdf": b"%PDF cards"}, _folder(tmp_path))
    with pytest.raises(OutputConflict):
        Manifest(root, {}).write_target("cards@a4", "d", False, staged)
    assert (root / "a4" / "cards.pdf").read_bytes() == b"the user's own file"
    assert os.path.exists(staged["a4/cards.pdf"].path)  # left to the staging folder's removal


def test_write_if_changed_takes_a_staged_file_only_when_the_bytes_differ(tmp_path):
    path = tmp_path / "out" / "kit.pdf"
    path.parent.mkdir()
    path.write_bytes(b"same")
    before = os.stat(path).st_ino
    same = stage({"kit.pdf": b"same"}, _folder(tmp_path))["kit.pdf"]
    assert not write_if_changed(path, same)
    assert os.stat(path).st_ino == before and not os.path.exists(same.path)  # untouched; the staged copy gone
    other = stage({"kit.pdf": b"other"}, str(tmp_path / "stage"))["kit.pdf"]
    assert write_if_changed(path, other) and path.read_bytes() == b"other" and not os.path.exists(other.path)
    fresh = stage({"x": b"new file"}, str(tmp_path / "stage"))["x"]
    made: set = set()
    place(fresh, tmp_path / "out" / "deep" / "er" / "x.bin", made=made)
    assert (tmp_path / "out" / "deep" / "er" / "x.bin").read_bytes() == b"new file"


def test_a_staged_file_that_cannot_be_renamed_into_place_is_named_by_its_output_path(tmp_path):
    """(A folder of the output the user made read-only, here a folder where the file goes: the rename fails.) The
    error names the output file, as write_atomic's did, not the staged file's hidden name."""
    [staged] = stage({"x.pdf": b"%PDF"}, _folder(tmp_path)).values()
    where = tmp_path / "out" / "x.pdf"
    (where / "inside").mkdir(parents=True)
    with pytest.raises(OSError) as caught:
        place(staged, where)
    assert caught.value.filename == str(where) and caught.value.strerror
    assert (where / "inside").is_dir() and Path(staged.path).read_bytes() == b"%PDF"


def test_a_full_disk_while_staging_leaves_no_part_and_names_the_output_folder(tmp_path, monkeypatch):
    import errno

    out = tmp_path / "out"
    with staging(out) as folder:
        path = folder()
        real = os.write

        def full(fd, data):  # a few bytes go, then the disk is full
            if len(data) < 6:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(fd, bytes(data)[:5])

        monkeypatch.setattr(os, "write", full)
        with pytest.raises(OSError) as caught:
            stage({"a.pdf": b"%PDF-1.7 and more"}, path)
        monkeypatch.undo()
        assert caught.value.errno == errno.ENOSPC and caught.value.filename == str(out)
        assert os.listdir(path) == []


def test_the_staging_folder_goes_with_what_is_left_in_it_and_an_output_folder_left_empty(tmp_path):
    out = tmp_path / "out"
    with staging(out) as folder:
        path = folder()
        assert folder() == path and os.path.basename(path).startswith(f"{PREFIX}{os.getpid()}-")
        assert os.stat(path).st_mode & 0o777 == 0o700
        stage({"a": b"never renamed"}, path)
    assert not out.exists()  # the build made it and wrote nothing into it
    out.mkdir()
    (out / "mine.txt").write_text("a user's file")
    with staging(out) as folder:
        stage({"a": b"x"}, folder())
    assert os.listdir(out) == ["mine.txt"]
    with staging(tmp_path / "never") as folder:
        pass  # never asked for: nothing made
    assert not (tmp_path / "never").exists()


def test_the_folders_made_above_the_output_folder_go_too_when_nothing_was_written(tmp_path):
    with staging(tmp_path / "a" / "b" / "out") as folder:
        stage({"x": b"never renamed"}, folder())
    assert os.listdir(tmp_path) == []
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "mine.txt").write_text("a user's file")
    with staging(tmp_path / "a" / "b" / "out") as folder:
        folder()
    assert os.listdir(tmp_path / "a") == ["mine.txt"]
    with staging(tmp_path / "c" / "out") as folder:
        folder()
        (tmp_path / "c" / "out" / "written.pdf").write_bytes(b"%PDF")
    assert (tmp_path / "c" / "out" / "written.pdf").read_bytes() == b"%PDF"


def test_a_build_stopped_by_an_invalid_game_leaves_no_folder_it_made(tmp_path):
    """The first game's work starts (in workers) before the second is found invalid: nothing is written, and
    the output folder and the folders above it that were made for it go."""
    result = build(folders=[FIXTURES / "mini-dice", FIXTURES / "broken-dice"], out=tmp_path / "x" / "y" / "out",
                   papers=["a4"], previews=False, jobs=2)
    assert not result.ok
    assert os.listdir(tmp_path) == []


def test_the_staging_folder_is_named_absolutely_for_an_output_folder_given_relatively(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with staging(Path("rel") / "out") as folder:
        path = folder()
        assert os.path.isabs(path) and os.path.dirname(path) == str(tmp_path / "rel" / "out")


def _gone_pid():
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(dead.stdout)


def test_sweep_removes_only_the_staging_folders_of_builds_no_longer_running(tmp_path):
    gone_pid = _gone_pid()
    (tmp_path / f"{PREFIX}{gone_pid}-abc_1234").mkdir()
    (tmp_path / f"{PREFIX}{gone_pid}-abc_1234" / "0123456789abcdef").write_bytes(b"x")
    (tmp_path / f"{PREFIX}{os.getpid()}-def_1234").mkdir()  # a build still running
    (tmp_path / f"{PREFIX}x-ghi_1234").mkdir()  # not a name printgen makes
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep").write_bytes(b"k")
    (tmp_path / f"{PREFIX}{gone_pid}-linklink").symlink_to(elsewhere)  # a link is not looked into
    (tmp_path / f"{PREFIX}{gone_pid}-filefile").write_bytes(b"a file of that name")
    assert sweep(tmp_path) == [f"{PREFIX}{gone_pid}-abc_1234"]
    assert sorted(os.listdir(tmp_path)) == sorted([f"{PREFIX}{os.getpid()}-def_1234", f"{PREFIX}x-ghi_1234",
                                                   "elsewhere", f"{PREFIX}{gone_pid}-linklink",
                                                   f"{PREFIX}{gone_pid}-filefile"])
    assert (elsewhere / "keep").read_bytes() == b"k"


@pytest.mark.parametrize("name, inside", [
    ("mine", {"notes.txt": b"a user's notes"}),  # a name staging never makes
    ("backup12", {"notes.txt": b"a user's notes"}),  # the name's shape, but what is in it is not staged files
    ("backup12", {"0123456789abcdef": b"x", "sub/0123456789abcdef": b"y"}),  # a folder inside
    ("backup12", {"0123456789ABCDEF": b"x"}),
])
def test_sweep_leaves_a_users_folder_of_a_like_name_whose_process_has_gone(tmp_path, name, inside):
    folder = tmp_path / f"{PREFIX}{_gone_pid()}-{name}"
    for rel, data in inside.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    assert sweep(tmp_path) == []
    assert {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()} == inside


@pytest.mark.parametrize("pid", ["0", "99999999999999999999", str(2 ** 31)])
def test_sweep_leaves_a_folder_named_for_a_process_no_system_has_and_says_nothing(tmp_path, pid):
    folder = tmp_path / f"{PREFIX}{pid}-abcdefgh"
    folder.mkdir()
    (folder / "0123456789abcdef").write_bytes(b"x")
    assert sweep(tmp_path) == []  # (a pid too long for the system's kill() raised OverflowError: a traceback)
    assert (folder / "0123456789abcdef").read_bytes() == b"x"


@pytest.mark.skipif(os.name == "nt", reason="no flock on Windows (nothing is swept there)")
def test_sweep_leaves_a_staging_folder_locked_by_a_build_it_cannot_see_running(tmp_path):
    """A build in another PID namespace (a container sharing the output folder) or at a reused PID: its process
    id says nothing here, the lock it holds on its staging folder does."""
    with staging(tmp_path / "out") as folder:
        live = folder()
        # as the other build sees it: the process id gone
        seen = tmp_path / "out" / f"{PREFIX}{_gone_pid()}-{os.path.basename(live)[-8:]}"
        os.rename(live, seen)
        (seen / "0123456789abcdef").write_bytes(b"staged")
        assert sweep(tmp_path / "out") == []
        assert (seen / "0123456789abcdef").read_bytes() == b"staged"
        os.rename(seen, live)
    assert not (tmp_path / "out").exists()
    seen.mkdir(parents=True)  # the same name, its lock no longer held: swept
    assert sweep(tmp_path / "out") == [seen.name]


def _everything(out):
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_a_build_in_workers_stages_its_files_and_leaves_the_output_as_a_serial_build_does(tmp_path):
    kw = dict(folders=[FIXTURES / "mini-dice"], papers=["a4"], previews=False)
    serial, pooled = tmp_path / "serial", tmp_path / "pooled"
    build(out=serial, jobs=1, **kw)
    seen = []
    real = Manifest.write_target

    def noted(self, key, digest, previews, files, **k):
        seen.extend(type(v).__name__ for v in files.values())
        return real(self, key, digest, previews, files, **k)

    Manifest.write_target = noted
    try:
        result = build(out=pooled, jobs=2, **kw)
    finally:
        Manifest.write_target = real
    assert result.ok and result.built and set(seen) == {"Staged"}
    a, b = _everything(serial), _everything(pooled)
    assert sorted(a) == sorted(b) and len(a) > 10  # no staging folder or temporary file left
    assert [rel for rel in a if a[rel] != b[rel] and not rel.endswith(".json") and "/tts/" not in rel] == []


KILLER = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from printgen.build import build
    from printgen.write import manifest

    real = manifest.Manifest.write_target
    def die_before_renaming(self, key, digest, previews, files, **kw):  # the workers have staged its files
        if key == sys.argv[3]:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(self, key, digest, previews, files, **kw)
    manifest.Manifest.write_target = die_before_renaming
    build(folders=[Path(sys.argv[1])], out=Path(sys.argv[2]), papers=["a4"], previews=False, jobs=2)
""")


def test_a_build_killed_with_files_staged_leaves_no_output_file_and_the_next_build_sweeps_its_folder(tmp_path):
    out = tmp_path / "out"
    # in a session of its own: the killed build's workers, orphaned, are ended with it (they would wait on)
    with open(tmp_path / "stderr", "w") as err:
        proc = subprocess.Popen([sys.executable, "-c", KILLER, str(FIXTURES / "mini-dice"), str(out),
                                 "unit-cards@a4"], stdout=subprocess.DEVNULL, stderr=err, start_new_session=True,
                                env={**os.environ, "PYTHONPATH": str(REPO)})
        try:
            code = proc.wait(timeout=300)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
    assert code == -signal.SIGKILL, (tmp_path / "stderr").read_text()
    left = [p for p in out.iterdir() if p.name.startswith(PREFIX)]
    assert len(left) == 1 and any(left[0].iterdir())  # whole files under hidden names
    assert not (out / "mini-dice" / "a4" / "unit-cards.pdf").exists()
    assert not [p for p in out.rglob("*.tmp")]
    result = build(folders=[FIXTURES / "mini-dice"], out=out, papers=["a4"], previews=False, jobs=2)
    assert "mini-dice/unit-cards@a4" in result.built
    assert [p.name for p in out.iterdir() if p.name.startswith(PREFIX)] == []
    assert (out / "mini-dice" / "a4" / "unit-cards.pdf").read_bytes().startswith(b"%PDF")


def test_a_recorded_file_is_read_by_the_worker_only_while_it_holds_the_recorded_bytes(tmp_path):
    gout = tmp_path / "g"
    (gout / "a4").mkdir(parents=True)
    for stem in ("a", "b", "c"):
        (gout / "a4" / f"{stem}.pdf").write_bytes(f"%PDF {stem}".encode())
    built = {f"a4/{s}.pdf": sha256(f"%PDF {s}".encode()) for s in ("a", "b", "c")}
    (gout / "a4" / "c.pdf").unlink()
    (gout / "a4" / "c.pdf").symlink_to(gout / "a4" / "a.pdf")  # a link is never taken
    unread = {s: recorded_file(gout, f"a4/{s}.pdf", built) for s in ("a", "b", "c")}
    assert unread["c"] is None and isinstance(unread["a"], Recorded)
    assert recorded_file(gout, "a4/unrecorded.pdf", built) is None
    (gout / "a4" / "b.pdf").write_bytes(b"edited since")  # after the main process listed it
    args = (None, "a4", {s: r for s, r in unread.items() if r is not None}, {"a": b"facts"})
    assert read_unread(args) == (None, "a4", {"a": b"%PDF a"}, {"a": b"facts"})
    assert read_unread(args)[2] == {s: read_recorded(gout, f"a4/{s}.pdf", built) for s in ("a",)}


def _edit_then_publish(root, jobs: int) -> dict[str, bytes]:
    """Build mini-dice, edit one of its PDFs by hand, remove its kit and thumbnails, build again: every file."""
    out = root / f"out{jobs}"
    build(folders=[FIXTURES / "mini-dice"], out=out, papers=["a4"], previews=False, jobs=jobs)
    gout = out / "mini-dice"
    first = sorted((gout / "a4").glob("*.pdf"))[0]
    first.write_bytes(first.read_bytes() + b"\n% edited by hand")
    (gout / "mini-dice-a4-kit.pdf").unlink()
    for thumb in (gout / "thumbs").iterdir():
        thumb.unlink()
    assert build(folders=[FIXTURES / "mini-dice"], out=out, papers=["a4"], previews=False, jobs=jobs).built == []
    return {rel: data for rel, data in _everything(gout).items() if not rel.endswith(".json") and "tts/" not in rel}


def test_a_pdf_edited_by_hand_is_left_out_of_kits_and_thumbnails_by_the_workers_as_by_the_main_process(tmp_path):
    serial, pooled = _edit_then_publish(tmp_path, 1), _edit_then_publish(tmp_path, 2)
    assert serial == pooled and "mini-dice-a4-kit.pdf" in pooled
    assert len([rel for rel in pooled if rel.startswith("thumbs/")]) == 2  # the edited PDF's thumbnail is not made
