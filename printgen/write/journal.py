"""A build's changes to a game's record appended to a journal beside it, not the whole record rewritten each time.

A build records every target before writing its files (pending: the digests of the files about to be written)
and after (done), so that a kill loses at most one target and the next build still knows the files it wrote
(write/manifest.py). Rewriting the whole record for each target made a new file each time (a temporary file
renamed over the record): some 80 for the bundled games, each new file about a third of a millisecond of the
kernel's time on a busy disk, plus the old one freed (issue 41). Appended to one journal instead, each target is
one ``write`` to one file; the record itself is written whole when the game's targets are all written (its bytes
as before), and the journal removed.

The journal (``.printgen-manifest.journal``) is JSON lines: first ``{"extends": <the SHA-256 of the record's
text it continues, or null where there was no valid record>}``, then one ``{"key": ..., "entry": ...}`` per
change, an entry as the record holds it. A record loaded with a journal that continues it takes its entries in
order (each checked as the record's own are, up to the first line that is not one: a line cut short by a kill);
a journal that continues another text (the record was written whole since) is stale and ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

JOURNAL = ".printgen-manifest.journal"

# (O_NONBLOCK: a named pipe in the journal's place would otherwise hold the open until something reads it; a
# regular file's writes are the same with it)
# (O_EXCL: the journal is always a new file, made after an old one of that name is unlinked, so a file linked to
# the old one elsewhere, a hard link kept by a backup, keeps its bytes; a link, pipe or device in its place is
# neither opened nor removed: the open fails and the record is saved whole instead)
_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
          | getattr(os, "O_BINARY", 0))


def base(text: str | None) -> str | None:
    """What a journal says it continues: the digest of the record's text (None: no valid record)."""
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


def line(key: str, entry: dict) -> bytes:
    return (json.dumps({"key": key, "entry": entry}, sort_keys=True, ensure_ascii=False) + "\n").encode()


class Journal:
    """An open journal in ``root`` (made afresh) continuing the record text whose ``base`` is given."""

    def __init__(self, root: Path, extends: str | None, mode: int) -> None:
        self.path = root / JOURNAL
        remove(root)  # (what an old journal held is in the record by now: Manifest._open_journal saves it first)
        self.fd = os.open(self.path, _FLAGS, mode)
        if not stat.S_ISREG(os.fstat(self.fd).st_mode):  # (a pipe something reads, a device: not a journal)
            os.close(self.fd)
            raise OSError(f"{self.path} is not a plain file")
        self._header = (json.dumps({"extends": extends}) + "\n").encode()

    def append(self, lines: list[bytes]) -> None:
        """Add ``lines`` in one write (the header with the first): a kill leaves them whole or the last cut short."""
        data = self._header + b"".join(lines)
        self._header = b""
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view):]

    def close(self) -> None:
        os.close(self.fd)


def read(root: Path, record_text: str | None) -> list[tuple[str, object]] | None:
    """The (key, entry) lines of the journal in ``root`` when it continues ``record_text`` (None: no valid record),
    up to the first line that is no such pair; [] when the journal continues another text or cannot be read (to be
    removed with the next save); None when there is no journal as a plain file. The entries are as written: the
    caller checks each as it checks the record's."""
    path = root / JOURNAL
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
    except OSError:
        return None
    try:
        lines = path.read_bytes().split(b"\n")
        head = json.loads(lines[0])
    except (OSError, ValueError, RecursionError):  # (RecursionError: a line nested thousands deep)
        return []
    if not isinstance(head, dict) or "extends" not in head or head["extends"] != base(record_text):
        return []
    out = []
    for raw in lines[1:]:
        try:
            item = json.loads(raw)
        except (ValueError, RecursionError):
            break
        if not isinstance(item, dict) or not isinstance(item.get("key"), str) or "entry" not in item:
            break
        out.append((item["key"], item["entry"]))
    return out


def remove(root: Path) -> None:
    """Delete the journal in ``root`` when it is a plain file (never a link, nor anything else of that name)."""
    path = root / JOURNAL
    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    except FileNotFoundError:
        pass
