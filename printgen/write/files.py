"""The only code that touches the output folder: whole files or nothing."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

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


def write_atomic(path: Path, data: bytes, *, mode: int | None = None, made: set[Path] | None = None) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename, so readers never see half a file.

    mkstemp makes its file 0600 whatever the umask; the file gets ``mode`` (default: what the
    user's umask allows, as ``open()`` would) before the rename, so a web server or a shared
    folder can read the output. Folders are made with ``mkdir``, which honours the umask itself.
    ``made``: the folders this caller has made (or found) already, not looked at again (a target
    writes hundreds of files into a few folders).
    """
    if made is None or path.parent not in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        if made is not None:
            made.add(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            os.fchmod(fh.fileno(), file_mode() if mode is None else mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_if_changed(path: Path, data: bytes, *, mode: int | None = None, made: set[Path] | None = None) -> bool:
    """Write ``data`` unless ``path`` already holds exactly it (a no-op rebuild touches nothing); True if written.
    ``mode``, ``made``: as write_atomic takes them."""
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except OSError:
        pass
    write_atomic(path, data, mode=mode, made=made)
    return True
