"""What a build's workers are handed (printgen.workers): a validated game pickled once as a Parcel, unpickled
in a worker as the game itself, and the worker's own copy taken again for the same bytes."""

from __future__ import annotations

import pickle
from pathlib import Path
from concurrent.futures import ProcessPoolExecutor

import pytest

from printgen import workers
from printgen.build import render_target
from printgen.draw.fonts import FONTS
from printgen.plan import plan_build
from printgen.project import validate_game
from printgen.workers import Parcel
from tests.conftest import FIXTURES


def _identity(game, other):
    """In a worker: whether the two parcels' games came out as one object, and the game's id."""
    return game is other, game.game_id


def test_a_parcel_unpickles_as_the_game_and_a_second_time_as_the_same_copy():
    game = validate_game(FIXTURES / "mini-hoh")
    parcel = Parcel(game)
    first = pickle.loads(pickle.dumps(parcel))
    assert first is not game and first.game_id == game.game_id and first.key == game.key
    assert first.data == game.data and first.findings == game.findings
    assert pickle.loads(pickle.dumps(parcel)) is first  # the same bytes: this process's copy
    assert pickle.loads(pickle.dumps(Parcel(game))) is first  # pickled afresh, the same bytes
    game.findings.append(game.findings[0] if game.findings else None)  # changed: a new parcel, a new copy
    assert pickle.loads(pickle.dumps(Parcel(game))) is not first


def test_a_worker_keeps_only_the_latest_games(monkeypatch):
    monkeypatch.setattr(workers, "_UNPACKED", type(workers._UNPACKED)())
    monkeypatch.setattr(workers, "_UNPACKED_MAX", 2)
    game = validate_game(FIXTURES / "mini-hoh")
    copies = []
    for n in range(4):
        game.shared["n"] = n  # each a different game to the parcel
        copies.append(pickle.loads(pickle.dumps(Parcel(game))))
        assert len(workers._UNPACKED) <= 2
    assert [c.shared["n"] for c in copies] == [0, 1, 2, 3]


def test_a_worker_renders_a_target_handed_as_a_parcel_as_the_game_itself():
    game = validate_game(FIXTURES / "mini-hoh")
    from dataclasses import replace

    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "maps")
    parcel = Parcel(game)
    with ProcessPoolExecutor(max_workers=1) as pool:
        same, gid = pool.submit(_identity, parcel, parcel).result()
        sent = pool.submit(render_target, replace(target, game=parcel), previews=False).result()
    assert same and gid == game.game_id
    assert sent.files == render_target(target, previews=False).files


def _digest_known() -> int:
    """In a worker: how many code digests this process has worked out (1: inherited from the main process)."""
    from printgen.code_digest import code_digest

    return code_digest.cache_info().currsize


def test_the_workers_inherit_the_code_digest_worked_out_before_they_are_forked():
    from printgen.code_digest import code_digest

    workers._loaded.__wrapped__()  # what prepare() loads, whether or not this process loaded it before
    assert code_digest.cache_info().currsize == 1
    with ProcessPoolExecutor(max_workers=1) as pool:  # forked now: the digest comes along, not hashed again
        assert pool.submit(_digest_known).result() == 1
        assert pool.submit(code_digest).result() == code_digest()


def test_a_shelved_parcel_carries_only_its_name_and_unpickles_as_the_unshelved_one(monkeypatch):
    """A parcel written to the build's shelf pickles as its digest and file (a few hundred bytes, not the game),
    and a worker takes from it what it takes from the parcel carrying its bytes: the same game, once per
    process; the file must still hold the bytes it was written with; the shelf goes with its block."""
    monkeypatch.setattr(workers, "_UNPACKED", type(workers._UNPACKED)())
    game = validate_game(FIXTURES / "mini-hoh")
    plain = Parcel(game)
    with workers.shelf() as folder:
        shelved = Parcel(game, folder)
        again = Parcel(game, folder)  # the same bytes: one file
        assert len(list(folder.iterdir())) == 1 and shelved.digest == plain.digest
        assert len(pickle.dumps(shelved)) < 500 < len(pickle.dumps(plain)) // 40  # the game: some 45 kB
        with ProcessPoolExecutor(max_workers=1) as pool:  # forked without the game: read from the file
            same, gid = pool.submit(_identity, shelved, again).result()
        assert same and gid == game.game_id
        first = pickle.loads(pickle.dumps(shelved))
        assert first.data == game.data and first.findings == game.findings and first.key == game.key
        assert pickle.loads(pickle.dumps(plain)) is first  # one copy for the digest, shelved or not
        game.shared["n"] = 1  # another game: another file; tampered bytes are refused, not unpickled
        other = Parcel(game, folder)
        blob = bytearray(Path(other.path).read_bytes())
        blob[len(blob) // 2] ^= 1
        Path(other.path).write_bytes(bytes(blob))
        with pytest.raises(RuntimeError, match="changed"):
            pickle.loads(pickle.dumps(other))
    assert not folder.exists()


def test_what_a_build_loads_before_the_fork():
    """What the workers of a build without previews use is loaded, and a game's assets checked, without fontTools (the
    text widths, glyph counts and reportlab's faces are read from the bundled fonts' tables, draw/font_tables.py),
    every built-in pack without looking for installed ones; with previews, the glyph names the SVG pages' outlines
    read are loaded too."""
    import os
    import subprocess
    import sys

    from tests.conftest import REPO

    code = ("import sys\nimport printgen.build\nfrom printgen.project import checked_game\n"
            "from printgen.workers import prepare\nfrom printgen.draw import fonts\n"
            f"game = checked_game({str(FIXTURES / 'mini-hoh')!r})\n"
            "prepare(games=2, previews=False)\nfrom printgen.project import asset_checks\nasset_checks(game)\n"
            "print('fontTools' in sys.modules, fonts._cmap.cache_info().currsize)\n"
            "from printgen.packs import PACKS\nimport pkgutil, printgen.packs as p\n"
            "print(PACKS._all is None,\n"
            "      all(f'printgen.packs.{m.name}' in sys.modules for m in pkgutil.iter_modules(p.__path__)))\n"
            "prepare(games=2, previews=True)\nprint('fontTools' in sys.modules, fonts._cmap.cache_info().currsize)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)))
    # every built-in pack imported (a worker unpickles a game of any), no installed distribution's entry points read
    assert run.stdout.split() == ["False", "0", "True", "True", "True", str(len(FONTS))]


def _slow_to_exit(seconds: float) -> int:
    """In a worker: its exit takes ``seconds`` more (as a worker holding a build's memory does), and its pid."""
    import os
    import time
    from multiprocessing import util

    util.Finalize(None, time.sleep, args=(seconds,), exitpriority=0)  # run as the worker process ends
    return os.getpid()


def test_a_released_pool_shuts_down_while_the_block_goes_on():
    import os
    import time

    with workers.pool_for(None, 2) as (executor, release):
        pid = executor.submit(_slow_to_exit, 0.6).result()
        started = time.perf_counter()
        release()
        release()  # once
        assert time.perf_counter() - started < 0.4  # not waited for here
    assert time.perf_counter() - started >= 0.6  # the block's end waited for it
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and reaped


def test_a_kept_pool_is_left_running_and_one_worker_makes_none():
    import os

    with ProcessPoolExecutor(max_workers=1) as kept:
        with workers.pool_for(kept, 2) as (executor, release):
            assert executor is kept
            release()
        assert kept.submit(os.getpid).result() != os.getpid()  # still working for its owner (a watch)
    with workers.pool_for(None, 1) as (executor, release):
        assert executor is None
        release()
