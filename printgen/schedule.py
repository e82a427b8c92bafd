"""The order a build validates its games in, and putting their results back in the order asked.

A build's workers wait for the first game to validate before they have anything to render, and then
each game's targets are handed to them as it validates (printgen.build). Validating the smallest game
folder first starts them sooner: on the bundled games, the first piece of work began after 0.38 s of
validation (Heroes of Hex, first by name) where the smallest (Hex Dice) takes 0.07 s, and the larger
games' validation then runs while the workers already have a queue (issue 41). The size of a folder's
files is a rough but cheap guess at its validation's cost; the order changes when work starts, never
what is built or what a finding says (the games are put back in the order asked before anything that
depends on it: the duplicate-id check, the result).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence, TypeVar

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
