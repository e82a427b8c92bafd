"""The order a build validates its games in, and putting their results back in the order asked.

A build's workers wait for the first game to validate before they have anything to render, and then
each game's targets are handed to them as it validates (printgen.build). Validating the smallest game
folder first starts them sooner: on the bundled games, the first piece of work began after 0.38 s of
validation (Heroes of Hex, first by name) where the smallest (Hex Dice) takes 0.07 s, and the larger
games' validation then runs while the workers already have a queue (issue 41). The size of a folder's
files is a rough but cheap guess at its validation's cost; the order changes when work starts, never
what is built or what a finding says (the games are put back in the order asked before anything that
depends on it: the duplicate-id check, the result).

With workers, a game's validation is split (``validated``): the main process loads and checks it, a worker
runs its assets' hooks, so the workers start after the first game's check and the main process, which
competes with them for the cores, draws, renders and solves nothing for validation.
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


def in_order(items: Sequence[T], ranks: dict[int, tuple[int, int]]) -> list[T]:
    """``items`` sorted by ``ranks[id(item)]`` (the (folder index, edition index) each was asked as)."""
    return sorted(items, key=lambda item: ranks[id(item)])


def validated(order: list[int], folders: Sequence[Path], project=None, pool: Executor | None = None,
              cold: Callable[[Any], bool] = lambda game: True, previews: bool = True
              ) -> Iterator[tuple[int, Any]]:
    """(k, the game of ``folders[k]`` validated) for each k of ``order``, in that order. With a pool, the main
    process loads and checks each game (``checked_game``) and a worker runs its assets' hooks
    (``asset_checks``: faces drawn, chapters rendered, tilings solved): the main process, which the
    workers compete with for the cores, does not do that work, and the first worker starts on it sooner
    (after the first game's check, not after its whole validation). The findings are the same as
    ``validate_game``'s; the work the hooks did goes along with the game (``shared``) to the workers.

    What the workers render with is loaded before they are forked (printgen.workers) when the first game is
    ``cold`` (it has no build record: everything is to be made); a rebuild, which may have nothing to make,
    forks them without it (a worker given a target loads what it needs then); ``previews``: whether the build
    makes previews (what they alone read is loaded only then)."""
    from .project import asset_checks, checked_game, validate_game, with_asset_checks
    from .workers import prepare as prepare_workers

    if pool is None:
        for k in order:
            yield k, validate_game(folders[k], project=project)
        return
    checking = []
    for k in order:
        game = checked_game(folders[k], project=project)
        if not checking and cold(game):  # what the workers use, loaded before the first piece of work forks them
            prepare_workers(games=len(folders), previews=previews)
        checking.append((k, game, pool.submit(asset_checks, game)))
    for k, game, future in checking:
        yield k, with_asset_checks(game, *future.result())
