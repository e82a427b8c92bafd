"""The order a build validates its games in, and putting their results back in the order asked.

A build's workers wait for the first game to validate before they have anything to render, and then
each game's targets are handed to them as it validates (printgen.build). Validating the smallest game
folder first starts them sooner: on the bundled games, the first piece of work began after 0.38 s of
validation (Heroes of Hex, first by name) where the smallest (Hex Dice) takes 0.07 s, and the larger
games' validation then runs while the workers already have a queue (issue 41). The size of a folder's
files is a rough but cheap guess at its validation's cost; the order changes when work starts, never
what is built or what a finding says (the games are put back in the order asked before anything that
depends on it: the duplicate-id check, the result).

With workers, a build of several games validates each whole in a worker (``validated``): the workers are forked
as soon as what they use is loaded, before any game is read, and the main process, which competes with them
for the cores, loads, checks, draws, renders and solves nothing for validation; it waits for each game in
turn. A build of one game splits it: the main process loads and checks it (its rule pack is then loaded once,
before the fork, for every process) and a worker runs its assets' hooks.
"""

from __future__ import annotations

import os
from pathlib import Path
from concurrent.futures import Executor
from typing import Any, Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")

# Entries looked at per folder: a game folder is untrusted (it may hold a huge tree the loader will
# refuse or name); past this many the folder counts as large and goes last.
MAX_ENTRIES = 2_000


def folder_bytes(folder: Path) -> int:
    """The total size in bytes of the regular files under ``folder`` (links not followed), counting at most
    MAX_ENTRIES entries; a folder with more, or one that cannot be read, is reckoned as very large."""
    seen, total = 0, 0
    stack = [folder]
    while stack:
        try:
            with os.scandir(stack.pop()) as it:
                for entry in it:
                    seen += 1
                    if seen > MAX_ENTRIES:
                        return 2**62
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(Path(entry.path))
                    elif entry.is_file(follow_symlinks=False):
                        total += entry.stat(follow_symlinks=False).st_size
        except OSError:
            return 2**62  # the loader names what it cannot read; here it only goes last
    return total


def smallest_first(folders: Sequence[Path]) -> list[int]:
    """The indexes of ``folders``, smallest folder first (ties in the order given)."""
    return sorted(range(len(folders)), key=lambda k: (folder_bytes(Path(folders[k])), k))


def unrecorded(out: Path, game: Any | None) -> bool:
    """``game`` (a validated game) has no build record in the output folder ``out`` (None: no game has one
    there): all of it is to be made."""
    from .write.manifest import MANIFEST

    if game is not None:
        return not (out / game.game_id / MANIFEST).is_file()
    return not any(Path(out).glob(f"*/{MANIFEST}"))


def in_order(items: Sequence[T], ranks: dict[int, tuple[int, int]]) -> list[T]:
    """``items`` sorted by ``ranks[id(item)]`` (the (folder index, edition index) each was asked as)."""
    return sorted(items, key=lambda item: ranks[id(item)])


def validated(order: list[int], folders: Sequence[Path], project=None, pool: Executor | None = None,
              cold: Callable[[Any], bool] = lambda game: True, previews: bool = True
              ) -> Iterator[tuple[int, Any]]:
    """(k, the game of ``folders[k]`` validated) for each k of ``order``, in that order. With a pool and several
    games, a worker validates each game whole (``validate_game``), the first as soon as the workers are
    forked: the main process's serial start before the fork reads no game (about 0.03 s of the bundled
    games' cold build: the smallest game's check), and it does not check the later games while the workers
    wait for their cores. With a pool and one game, the main process loads and checks it (``checked_game``)
    and a worker runs its assets' hooks (``asset_checks``: faces drawn, chapters rendered, tilings solved):
    validated whole in a worker, its rule pack's models would be built three times (in the worker, in the main
    process taking the game back, in the other worker taking a target). The findings are ``validate_game``'s
    either way; the work the hooks did goes along with the game (``shared``) to the workers.

    What the workers render with is loaded before they are forked (printgen.workers) when the build is
    ``cold``: ``cold(game)`` for the game checked here, ``cold(None)`` before any game is read (no game of the
    output folder has a build record: everything is to be made). A rebuild, which may have nothing to make,
    forks them without it (a worker given a target loads what it needs then); ``previews``: whether the build
    makes previews (what they alone read is loaded only then)."""
    from .project import asset_checks, checked_game, validate_game, with_asset_checks
    from .workers import prepare as prepare_workers

    if pool is None:
        for k in order:
            yield k, validate_game(folders[k], project=project)
        return
    if len(order) > 1:
        if cold(None):  # what the workers use, loaded before the first piece of work forks them
            prepare_workers(games=len(folders), previews=previews)
        whole = [(k, pool.submit(validate_game, folders[k], project=project)) for k in order]
        for k, future in whole:
            yield k, future.result()
        return
    for k in order:
        game = checked_game(folders[k], project=project)
        if cold(game):
            prepare_workers(games=len(folders), previews=previews)
        yield k, with_asset_checks(game, *pool.submit(asset_checks, game).result())
