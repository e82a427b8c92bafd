"""A build in workers writes each game's publishing (kits, zips, exports, thumbnails, its record) as soon as
that game's work is in (Publisher.finish_game), not all at the end: the same files and records as a serial
build's, and a conflict is still said only once every target is written."""

from __future__ import annotations

import hashlib
import pickle
import shutil
from concurrent.futures import Executor, Future
from pathlib import Path

import pytest

from printgen.build import build
from printgen.publish.publisher import Publisher, kit_name
from printgen.write.manifest import OutputConflict
from tests.conftest import FIXTURES

GAMES = ("mini-dice", "mini-tech")  # two small games of two packs


class _Inline(Executor):
    """A pool that runs each piece of work as it is handed in, in this process (its arguments pickled and
    unpickled on the way, as a worker's are)."""

    def submit(self, fn, /, *args, **kwargs):
        args, kwargs = pickle.loads(pickle.dumps((args, kwargs)))
        fut: Future = Future()
        fut.set_result(fn(*args, **kwargs))
        return fut


@pytest.fixture
def folders(tmp_path) -> list[Path]:
    out = []
    for name in GAMES:
        shutil.copytree(FIXTURES / name, tmp_path / "games" / name)
        out.append(tmp_path / "games" / name)
    return out


def _files(out: Path) -> dict[str, str]:
    """Every file under ``out`` -> its SHA-256, records included."""
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.rglob("*"))
            if p.is_file()}


def test_each_game_is_published_before_the_end_and_the_files_are_a_serial_builds(folders, tmp_path, monkeypatch):
    real = Publisher.finish
    seen = []

    def finish(self):
        seen.append(sorted(self.finished))  # the games written before the end
        return real(self)

    monkeypatch.setattr(Publisher, "finish", finish)
    out = tmp_path / "out"  # both builds in the same folder: the TTS files and their digests name it
    pooled = build(folders=folders, out=out, papers=["a4"], previews=False, pool=_Inline(), jobs=2)
    pooled_files = _files(out)
    shutil.rmtree(out)
    serial = build(folders=folders, out=out, papers=["a4"], previews=False, jobs=1)
    assert pooled.clean and serial.clean
    assert seen == [[0, 1], []]  # in workers, both games were finished as their work came in; serially, at the end
    assert sorted(map(str, pooled.written)) == sorted(map(str, serial.written))
    assert any(name.endswith(kit_name("mini-dice", "a4")) for name in pooled_files) and any(
        name.endswith(".printgen-publish.json") for name in pooled_files)
    assert pooled_files == _files(out)
    assert [str(f) for g in pooled.games for f in g.findings] == [str(f) for g in serial.games for f in g.findings]


def test_a_conflict_in_a_games_publishing_is_said_once_every_target_is_written(folders, tmp_path):
    out = tmp_path / "out"
    kit = out / "mini-dice" / kit_name("mini-dice", "a4")
    kit.parent.mkdir(parents=True)
    kit.write_bytes(b"a user's own file")
    with pytest.raises(OutputConflict, match="not written by printgen"):
        build(folders=folders, out=out, papers=["a4"], previews=False, pool=_Inline(), jobs=2)
    assert kit.read_bytes() == b"a user's own file"
    for name in GAMES:  # every target of both games written and recorded, the other game's publishing too
        assert list((out / name / "a4").glob("*.pdf"))
    assert (out / "mini-tech" / ".printgen-publish.json").is_file()
    assert not (out / "mini-dice" / ".printgen-publish.json").exists()


def test_a_kits_digest_from_the_records_digests_is_the_one_hashed_from_the_bytes():
    from printgen.draw.facts import facts_path
    from printgen.publish.publisher import _pdfs_digest
    from printgen.write.manifest import sha256

    pdfs = {"a4": {"cards": b"%PDF cards", "maps": b"%PDF maps"}}
    facts = {"cards": b'{"title": "Cards"}', "maps": None}
    known = {"a4/cards.pdf": sha256(b"%PDF cards"), "a4/maps.pdf": sha256(b"%PDF maps"),
             facts_path("a4", "cards"): sha256(b'{"title": "Cards"}')}
    assert _pdfs_digest(pdfs, facts, known) == _pdfs_digest(pdfs, facts) == _pdfs_digest(pdfs, facts, {})
    assert _pdfs_digest(pdfs, facts) != _pdfs_digest({"a4": {**pdfs["a4"], "maps": b"%PDF other"}}, facts)
