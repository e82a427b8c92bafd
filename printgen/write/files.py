"""The only code that touches the output folder: whole files or nothing."""

from __future__ import annotations

import errno
import hashlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_UMASK_LOCK = threading.Lock()


def current_umask() -> int:
    """The process's umask (reading it means setting it: done under a lock and put straight back)."""
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def file_mode() -> int:
    """The mode a plain ``open()`` would give a new file: 0666 less the umask."""
    return 0o666 & ~current_umask()


# A temporary file's flags: made here and nowhere else (never through a link), closed in any child process.
_TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC | getattr(os, "O_BINARY", 0)


def write_atomic(path: Path, data: bytes, *, mode: int | None = None, made: set[Path] | None = None) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename, so readers never see half a file.

    The temporary file is made as mkstemp makes one (exclusively, 0600, a random name in the same folder:
    ``.<name>.<random>.tmp``), with a few system calls and no file object (a build writes about a thousand
    files from its main process); it gets ``mode`` (default: what the user's umask allows, as ``open()``
    would) before the rename, so a web server or a shared folder can read the output. Folders are made with
    ``mkdir``, which honours the umask itself. ``made``: the folders this caller has made (or found) already,
    not looked at again (a build writes hundreds of files into a few folders; one that has gone since is made
    again).
    """
    if made is None or path.parent not in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        if made is not None:
            made.add(path.parent)
    for _ in range(100):  # as mkstemp: another name when one is taken
        tmp = f"{path.parent}{os.sep}.{path.name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(tmp, _TEMP_FLAGS, 0o600)
            break
        except FileExistsError:
            continue
        except FileNotFoundError:
            if made is None or path.parent not in made:
                raise
            made.discard(path.parent)  # removed since it was made: made again, once
            path.parent.mkdir(parents=True, exist_ok=True)
    else:
        raise FileExistsError(f"no free temporary name beside {path}")
    try:
        write_whole(fd, data, file_mode() if mode is None else mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_whole(fd: int, data, mode: int) -> None:
    """Write all of ``data`` (bytes-like) to the open file ``fd``, give it ``mode`` and close it (closed
    whatever happens)."""
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fchmod(fd, mode)
    finally:
        os.close(fd)


def write_if_changed(path: Path, data, *, mode: int | None = None, made: set[Path] | None = None) -> bool:
    """Write ``data`` unless ``path`` already holds exactly it (a no-op rebuild touches nothing); True if written.
    ``mode``, ``made``: as write_atomic takes them. ``data``: bytes, or a worker's staged file (write/staged.py:
    renamed into place, or removed when ``path`` holds its bytes already)."""
    staged = isinstance(data, Staged)
    try:
        if staged:
            if path.stat().st_size == data.size and hashlib.sha256(path.read_bytes()).hexdigest() == data.digest:
                discard(data)
                return False
        elif path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except OSError:
        pass
    if staged:
        place(data, path, made=made)
    else:
        write_atomic(path, data, mode=mode, made=made)
    return True


@dataclass(frozen=True, slots=True)
class Staged:
    """A file's bytes, written whole by a worker at ``path`` (in a build's staging folder): ``digest`` is their
    SHA-256 (hex), ``size`` their length in bytes."""

    path: str
    digest: str
    size: int

    def read(self) -> bytes:
        with open(self.path, "rb") as fh:
            return fh.read()


def place(data: Staged, path: Path, *, made: set[Path] | None = None) -> None:
    """In the main process: rename the staged file ``data`` to ``path`` (its folder made when missing; ``made``:
    as write_atomic takes it). Atomic: ``path`` holds its old bytes or the new ones. Where the rename cannot be
    made (``path`` on another file system than the staging folder: a mount inside the output folder), its bytes
    are written by write_atomic instead."""
    if made is None or path.parent not in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        if made is not None:
            made.add(path.parent)
    try:
        os.replace(data.path, path)
    except FileNotFoundError:
        if made is None or path.parent not in made or path.parent.is_dir():
            raise
        made.discard(path.parent)  # removed since it was made: made again, once
        place(data, path, made=made)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            # named by the file it was to be (the staged one's hidden name, in a folder gone when the build
            # ends, would send the user to look in the wrong place): "cannot write out/game/a4/x.pdf"
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        write_atomic(path, data.read(), made=made)
        discard(data)


def discard(data: Any) -> None:
    """Remove a staged file the build does not take (its output file already holds those bytes)."""
    if isinstance(data, Staged):
        try:
            os.unlink(data.path)
        except FileNotFoundError:
            pass
