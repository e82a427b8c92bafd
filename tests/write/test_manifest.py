"""The manifest rule: only what printgen wrote (by digest) is replaced or deleted, never through a link;
a broken record counts as absent; a killed build never leaves a stale file called up to date."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pymupdf as fitz
import pytest
from typer.testing import CliRunner

from printgen.build import build
from printgen.cli import app
from printgen.write.journal import JOURNAL
from printgen.write.manifest import MANIFEST, Manifest, OutputConflict, sha256
from tests.conftest import FIXTURES, REPO

CARDS = "a4/class-cards.pdf"


def _build(game, out, **kw):
    return build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1, **kw)


def _card_text(path) -> str:
    with fitz.open(path) as doc:
        return " ".join(page.get_text() for page in doc)


@pytest.fixture
def game(tmp_path):
    dest = tmp_path / "game" / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", dest)
    return dest


def test_a_crafted_manifest_deletes_nothing_printgen_did_not_write(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    gout = out / "mini-hoh"
    (gout / "notes.txt").write_text("my notes")
    (tmp_path / "outside.txt").write_text("outside")
    record = json.loads((gout / MANIFEST).read_text())
    # Claim the user's files as the cards' old output, with a made-up and a real-looking digest.
    record["targets"]["class-cards@a4"]["files"].update({
        "notes.txt": "0" * 64, "../../outside.txt": sha256(b"outside"), "a4/../notes.txt": sha256(b"my notes")})
    record["targets"]["class-cards@a4"]["digest"] = "changed"
    (gout / MANIFEST).write_text(json.dumps(record))
    result = _build(game, out)
    assert "mini-hoh/class-cards@a4" in result.built
    assert (gout / "notes.txt").read_text() == "my notes"
    assert (tmp_path / "outside.txt").read_text() == "outside"
    assert "Heroic Strike" in _card_text(gout / CARDS)


@pytest.mark.parametrize("broken", ["[]", "{", "null", '{"format": 2, "targets": []}', '{"format": 1}',
                                    '{"format": 2, "targets": {"x": {"files": ["notes.txt"]}}}'])
def test_a_broken_manifest_counts_as_absent(game, tmp_path, broken):
    out = tmp_path / "out"
    gout = out / "mini-hoh"
    gout.mkdir(parents=True)
    (gout / MANIFEST).write_text(broken)
    (gout / "notes.txt").write_text("my notes")
    result = _build(game, out)
    assert result.ok and not result.skipped and len(result.built) == 6
    assert (gout / "notes.txt").read_text() == "my notes"
    assert json.loads((gout / MANIFEST).read_text())["format"] == 2
    with fitz.open(gout / CARDS) as doc:
        assert doc.page_count >= 1 and abs(doc[0].rect.width / 72 * 25.4 - 210) < 0.5
    assert _build(game, out).skipped  # and the next build trusts the record it wrote


def test_a_stale_file_is_deleted_only_while_it_holds_what_printgen_wrote(tmp_path):
    root = tmp_path / "g"
    m = Manifest(root, {})
    m.write_target("t", "d1", False, {"a.pdf": b"one", "b.pdf": b"two"})
    (root / "b.pdf").write_bytes(b"edited by the user")
    m.write_target("t", "d2", False, {"a.pdf": b"one!"})
    assert (root / "b.pdf").read_bytes() == b"edited by the user"  # not printgen's any more: kept
    m.write_target("t", "d3", False, {"a.pdf": b"one", "c.pdf": b"three"})
    m.write_target("t", "d4", False, {"a.pdf": b"one"})
    assert not (root / "c.pdf").exists()  # printgen's own stale file: deleted
    assert Manifest.load(root).targets["t"] == {"digest": "d4", "previews": False, "files": {"a.pdf": sha256(b"one")},
                                                "old": {}}


def test_a_user_file_at_an_output_name_is_not_overwritten(game, tmp_path):
    out = tmp_path / "out"
    (out / "mini-hoh" / "a4").mkdir(parents=True)
    mine = out / "mini-hoh" / "a4" / "tokens.pdf"
    mine.write_bytes(b"%PDF my own tokens")
    r = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--no-previews", "--paper", "a4"])
    assert r.exit_code == 1 and "was not written by printgen" in r.output and "--force" in r.output, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert mine.read_bytes() == b"%PDF my own tokens"
    r = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--no-previews", "--paper", "a4", "--force"])
    assert r.exit_code == 0, r.output
    with fitz.open(mine) as doc:
        assert doc.page_count >= 1


def test_no_write_or_delete_through_a_symlinked_game_folder(game, tmp_path):
    out = tmp_path / "out"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("my notes")
    out.mkdir()
    (out / "mini-hoh").symlink_to(elsewhere)
    (elsewhere / MANIFEST).write_text(json.dumps(
        {"format": 2, "targets": {"tokens@a4": {"digest": "x", "files": {"notes.txt": sha256(b"my notes")}}}}))
    with pytest.raises(OutputConflict, match="symbolic link"):
        _build(game, out)
    assert sorted(p.name for p in elsewhere.iterdir()) == [MANIFEST, "notes.txt"]
    assert (elsewhere / "notes.txt").read_text() == "my notes"


def test_no_write_through_a_symlinked_subfolder(game, tmp_path):
    out = tmp_path / "out"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / "mini-hoh").mkdir(parents=True)
    (out / "mini-hoh" / "a4").symlink_to(elsewhere)
    r = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--no-previews", "--paper", "a4"])
    assert r.exit_code == 1 and "symbolic link" in r.output, r.output
    assert list(elsewhere.iterdir()) == []


KILLER = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from printgen.build import build
    from printgen.write import manifest

    real = manifest.Manifest.remove
    def remove_then_die(self, rels):  # runs after a target's files are written, before it is recorded done
        pending = [k for k, e in self.targets.items() if e["digest"] is None]
        if pending == [sys.argv[3]]:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(self, rels)
    manifest.Manifest.remove = remove_then_die
    build(folders=[Path(sys.argv[1])], out=Path(sys.argv[2]), papers=["a4"], previews=False, jobs=1)
""")


def test_killed_build_then_revert_rebuilds_the_target(game, tmp_path):
    out = tmp_path / "out"
    _build(game, out)
    classes = game / "classes.yaml"
    original = classes.read_text()
    classes.write_text(original.replace("Heroic Strike", "Mighty Swing"))
    run = subprocess.run([sys.executable, "-c", KILLER, str(game), str(out), "class-cards@a4"], capture_output=True,
                         text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == -9, run.stderr
    cards = out / "mini-hoh" / CARDS
    assert "Mighty Swing" in _card_text(cards)  # killed after the file was rewritten
    classes.write_text(original)
    result = _build(game, out)
    assert "mini-hoh/class-cards@a4" in result.built
    text = _card_text(cards)
    assert "Heroic Strike" in text and "Mighty Swing" not in text


def test_each_file_of_a_target_is_refused_when_a_link_is_on_its_way_though_its_folder_was_looked_at(tmp_path):
    # check_writable looks at each folder once for a target's many files: a link is still found wherever it is
    root = tmp_path / "out"
    (root / "png").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (root / "svg").symlink_to(tmp_path / "elsewhere")
    (root / "png" / "b.png").symlink_to(tmp_path / "elsewhere" / "b.png")
    manifest = Manifest(root, {})
    manifest.check_writable({"png/a.png": b"a", "png/c.png": b"c"}, force=False)  # a clean folder, twice
    for files in ({"png/a.png": b"a", "png/b.png": b"b"}, {"png/a.png": b"a", "svg/x.svg": b"x", "svg/y.svg": b"y"}):
        with pytest.raises(OutputConflict, match="symbolic link"):
            manifest.check_writable(files, force=True)
    seen: dict = {}
    assert manifest.link_in_path("svg/x.svg", seen) == root / "svg" == manifest.link_in_path("svg/y.svg", seen)
    assert manifest.link_in_path("png/b.png", seen) == root / "png" / "b.png"
    assert manifest.link_in_path("png/a.png", seen) is None and seen == {"svg": root / "svg", "png": None}
    written = manifest.write_target("t", "d", False, {"png/a.png": b"a", "deep/er/z.txt": b"z"})
    assert [p.read_bytes() for p in written] == [b"z", b"a"] and not list((tmp_path / "elsewhere").iterdir())


def test_the_record_is_written_as_one_json_dump_of_it_though_each_target_is_encoded_once(tmp_path):
    """save() writes each target's text kept from before unless its entry was replaced: the file is still
    exactly json.dumps of the whole record (indent 1, keys sorted), through writes, replacements and
    removals, with names and paths that JSON escapes."""
    m = Manifest(tmp_path, {})

    def expected() -> str:
        body = {k: {kk: vv for kk, vv in v.items() if vv or kk != "old"} for k, v in m.targets.items()}
        return json.dumps({"format": 2, "targets": body}, indent=1, sort_keys=True)

    assert m.encoded() == expected()
    m.write_target("cards@a4", "d1", True, {"a4/cards.pdf": b"x", 'a4/odd "é"\n.txt': b"y"},
                   reads=["game.yaml", "units.csv"], findings=[{"code": "c", "message": "m\nn"}])
    m.write_target("tokens@a4", "d2", False, {"a4/tokens.pdf": b"t"}, sources={"a4/tokens.pdf": "s"})
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == expected()
    m.write_target("cards@a4", "d3", True, {"a4/cards.pdf": b"z"})  # replaced: its "old" now holds files
    del m.targets["tokens@a4"]
    m.save()
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == expected()
    assert Manifest.load(tmp_path).targets["cards@a4"]["digest"] == "d3"
    del m.targets["cards@a4"]
    assert m.encoded() == expected()


def test_a_deferred_target_is_saved_done_with_the_next_targets_pending_record(tmp_path):
    """write_target(deferred=True) records the target done in memory only: the file says pending until the
    next save (the next target's pending record, or flush), so a kill in between makes it again (one target
    lost at most), and a build saves its record once per target instead of twice."""
    m = Manifest(tmp_path, {})
    saved = []
    real = Manifest.save
    m.save = lambda: (saved.append(1), real(m))  # noqa: E731 (counting this record's saves)

    def on_disk():
        return {k: e["digest"] for k, e in Manifest.load(tmp_path).targets.items()}

    # (recorded by appending to the record's journal, write/journal.py: the record is written whole at the end)
    m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"}, deferred=True)
    assert on_disk() == {"a@a4": None} and len(saved) == 0  # pending: a kill now remakes it
    m.write_target("b@a4", "db", False, {"a4/b.pdf": b"b"}, deferred=True)
    assert on_disk() == {"a@a4": "da", "b@a4": None} and len(saved) == 0
    m.flush()
    assert on_disk() == {"a@a4": "da", "b@a4": "db"} and len(saved) == 1
    m.flush()  # nothing new: not saved again
    assert len(saved) == 1
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == m.encoded()
    assert not (tmp_path / JOURNAL).exists()
    # a conflict on the next target still leaves the ones written before recorded done
    m.write_target("c@a4", "dc", False, {"a4/c.pdf": b"c"}, deferred=True)
    (tmp_path / "a4" / "d.pdf").write_bytes(b"a user's file")
    with pytest.raises(OutputConflict):
        m.write_target("d@a4", "dd", False, {"a4/d.pdf": b"d"}, deferred=True)
    assert on_disk() == {"a@a4": "da", "b@a4": "db", "c@a4": "dc"}


def test_a_save_writes_only_what_changed_and_touches_an_unchanged_record_not_at_all(tmp_path):
    m = Manifest(tmp_path, {})
    m.write_target("a@a4", "da", False, {"a4/a.pdf": b"a"})
    loaded = Manifest.load(tmp_path)
    before = (tmp_path / MANIFEST).stat().st_mtime_ns, (tmp_path / MANIFEST).stat().st_ino
    loaded.save()  # the text it read: not written again
    assert ((tmp_path / MANIFEST).stat().st_mtime_ns, (tmp_path / MANIFEST).stat().st_ino) == before
    (tmp_path / MANIFEST).write_text("edited by hand")
    loaded.save()  # the same text as it read, but the file no longer holds it: written
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == loaded.encoded()


def test_a_build_saves_each_games_record_once_per_target_and_records_every_target_done(game, tmp_path):
    out = tmp_path / "out"
    saves = []
    real = Manifest.save

    def counted(self):
        saves.append(self.root)
        real(self)

    Manifest.save = counted
    try:
        result = _build(game, out)
    finally:
        Manifest.save = real
    assert result.built and len(saves) <= len(result.built) + 1, (len(saves), len(result.built))
    record = Manifest.load(out / "mini-hoh")
    assert sorted(f"mini-hoh/{k}" for k, e in record.targets.items() if e["digest"]) == sorted(result.built)
    assert _build(game, out).built == []  # all up to date


def _old_check_writable(manifest: Manifest, files: dict[str, bytes], *, force: bool) -> None:
    """check_writable as it was: three looks at every file (is it a link, a folder, there at all)."""
    from printgen.write.manifest import _file_digest

    seen: dict = {}
    for rel, data in files.items():
        link = manifest.link_in_path(rel, seen)
        if link is not None:
            raise OutputConflict(f"{link} is a symbolic link")
        path = manifest.root / rel
        if path.is_dir():
            raise OutputConflict(f"{path} is a folder")
        if force or not path.exists():
            continue
        have = _file_digest(path)
        if have != sha256(data) and not manifest.recognises(rel, have):
            raise OutputConflict(f"{path} was not written by printgen")


def test_check_writable_finds_what_it_found_with_three_looks_a_file(tmp_path):
    """One lstat per file (a new file: nothing more to look at) refuses and passes exactly what the three looks
    did: a link to a file, to a folder, a dangling link, a folder, a user's file, printgen's own, a new file."""
    root = tmp_path / "out"
    (root / "a4").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "f.pdf").write_bytes(b"theirs")
    (root / "a4" / "to-file.pdf").symlink_to(tmp_path / "elsewhere" / "f.pdf")
    (root / "a4" / "to-folder.pdf").symlink_to(tmp_path / "elsewhere")
    (root / "a4" / "dangling.pdf").symlink_to(tmp_path / "gone.pdf")
    (root / "a4" / "folder.pdf").mkdir()
    (root / "a4" / "user.pdf").write_bytes(b"user's own")
    (root / "a4" / "ours.pdf").write_bytes(b"old")
    manifest = Manifest(root, {"t": {"digest": "d", "files": {"a4/ours.pdf": sha256(b"old")}}})
    names = ["to-file", "to-folder", "dangling", "folder", "user", "ours", "new", "new-in/a-new-folder"]
    for force in (False, True):
        for name in names:
            files = {f"a4/{name}.pdf": b"new bytes"}
            outcome = []
            for check in (manifest.check_writable, lambda f, force: _old_check_writable(manifest, f, force=force)):
                try:
                    check(files, force=force)
                    outcome.append("written")
                except OutputConflict as exc:
                    outcome.append(next(why for why in ("symbolic link", "is a folder", "not written by printgen")
                                        if why in str(exc)))
            assert outcome[0] == outcome[1], (name, force, outcome)
    assert manifest.check_writable({f"a4/{n}.pdf": b"x" for n in ("new", "ours")}, force=False) is None


def test_a_folder_removed_during_a_build_is_made_again(tmp_path):
    """write_target keeps the folders it made for the record's later targets; one removed meanwhile is made again."""
    root = tmp_path / "out"
    manifest = Manifest(root, {})
    manifest.write_target("one", "d1", False, {"a4/x/one.pdf": b"1"})
    shutil.rmtree(root / "a4")
    written = manifest.write_target("two", "d2", False, {"a4/x/two.pdf": b"2"})
    assert [p.read_bytes() for p in written] == [b"2"]
    assert sorted(p.name for p in (root / "a4" / "x").iterdir()) == ["two.pdf"]
