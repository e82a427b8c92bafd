"""A build's files written whole by the worker process that made them, into a private folder inside the output
folder, and renamed into place by the main process: a result hands over a name, not its bytes.

A build's workers made some 46 MB of files for the bundled games (PDFs, card and sheet images, kits and zips),
and each byte was pickled in the worker, piped, unpickled in the main process and hashed and written there:
about 0.12 s of CPU over the processes for the handover alone, and the main process, which competes with the
workers for the cores, did all of the writing (issue 41). Staged, a file's bytes are written once, by the worker,
to a new file in the build's staging folder (``.printgen-staging-<pid>-<random>`` in the output folder, made
by the main process, 0700); the worker hands back a ``Staged`` (that file's path, the SHA-256 of its bytes and
their length), and the main process renames it to its output name once the build's rules for the output folder
allow it (write/manifest.py: never through a link, never over a file printgen did not write). The rename is
atomic, as write_atomic's is: a reader sees the old file or the new one, never half of one.

What the main process never renames (a conflict, an invalid game found later, an error, a cancelled build)
goes with the staging folder, which the build removes whatever stops it. A build killed outright (SIGKILL)
leaves its folder behind: whole files under a hidden name printgen alone makes, no output name touched; the
next build into that output folder removes it once the process that made it has gone (``sweep``) and nothing
holds its lock (the running build holds one on the folder, which a build in another PID namespace sharing the
output folder, or a reused PID, cannot fake), and only when it holds nothing but staged files: a folder of a
user's own with a like name is never touched.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from .files import _TEMP_FLAGS, Staged, discard, file_mode, place, write_whole  # noqa: F401 (Staged, discard, place: its face)

PREFIX = ".printgen-staging-"
# what staging's mkdtemp names (the pid, then tempfile's 8 characters) and what _staged names in it (8 random bytes)
_FOLDER = re.compile(re.escape(PREFIX) + r"([0-9]+)-[a-z0-9_]{8}")
_FILE = re.compile(r"[0-9a-f]{16}")


def digest_of(data: bytes | Staged) -> str:
    """The SHA-256 (hex) of a file's bytes, given or staged."""
    return data.digest if isinstance(data, Staged) else hashlib.sha256(data).hexdigest()


def size_of(data: bytes | Staged) -> int:
    return data.size if isinstance(data, Staged) else len(data)


def bytes_of(data: bytes | Staged) -> bytes:
    return data.read() if isinstance(data, Staged) else data


def stage(files: dict[str, Any], folder: str | None) -> dict[str, Any]:
    """In a worker: ``files`` (relative path -> bytes, or None: kept as on disk) with each file's bytes written to
    a new file in the staging ``folder`` and replaced by its ``Staged``; as they are when ``folder`` is None. Each
    file is made as write_atomic makes its temporary file (exclusively, never through a link, a random name),
    with the mode a plain ``open()`` would give it."""
    if folder is None:
        return files
    mode = file_mode()
    return {rel: _staged(data, folder, mode) if isinstance(data, (bytes, bytearray)) else data
            for rel, data in files.items()}


def _staged(data: bytes, folder: str, mode: int) -> Staged:
    for _ in range(100):
        path = f"{folder}{os.sep}{os.urandom(8).hex()}"
        try:
            fd = os.open(path, _TEMP_FLAGS, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(f"no free name in the staging folder {folder}")
    try:
        write_whole(fd, data, mode)
    except OSError as exc:  # (a full disk, a quota): the part written goes now, the error names the output folder
        try:
            os.unlink(path)
        except OSError:
            pass
        raise OSError(exc.errno, exc.strerror, os.path.dirname(folder)) from exc
    return Staged(path, hashlib.sha256(data).hexdigest(), len(data))


def stage_result(result: Any, folder: str | None) -> Any:
    """In a worker: a publishing job's result (publish/publisher.py ``Result``: its files first; or a dict of
    them by job key) with its files staged (``stage``)."""
    if isinstance(result, dict):
        return {key: stage_result(r, folder) for key, r in result.items()}
    files, *rest = result
    return (stage(files, folder), *rest)


@contextmanager
def staging(out: Path) -> Iterator[Any]:
    """A build's staging folder, made in ``out`` when first asked for: the block gets a function that returns the
    folder's path (made then, with ``out`` when missing), or None where none can be made (the files then travel
    as bytes, as before). The folder is removed with whatever is still in it when the block ends, and so are
    ``out`` and the folders above it that the build made, when it left them empty (a build that wrote nothing,
    a game found invalid after the first had started, leaves nothing)."""
    made: list[str] = []
    locks: list[int] = []
    missing = []  # out and the folders above it not there before the build, deepest first
    for up in (Path(os.path.abspath(out)), *Path(os.path.abspath(out)).parents):
        if os.path.lexists(up):
            break
        missing.append(up)

    def folder() -> str | None:
        if not made:
            try:
                out.mkdir(parents=True, exist_ok=True)
                sweep(out)
                made.append(os.path.abspath(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=out)))
                locks.extend(_lock(made[0]))
            except OSError:
                made.append("")
        return made[0] or None

    try:
        yield folder
    finally:
        if made and made[0]:
            shutil.rmtree(made[0], ignore_errors=True)
        for fd in locks:
            os.close(fd)
        if made:
            for up in missing:
                try:
                    up.rmdir()  # only when empty: nothing was written
                except OSError:
                    break


def _lock(path: str) -> list[int]:
    """An exclusive lock held on the folder ``path`` while the build runs (its descriptor, to close at the end;
    none where the system has no flock): a sweep takes no folder whose lock is held. The workers forked after it
    share it, so a killed build's folder is not swept while an orphaned worker may still write into it."""
    try:
        import fcntl
    except ImportError:  # Windows: nothing is swept there (_running)
        return []
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        pass  # a file system without locks: the process id alone says whether its build runs
    return [fd]


def _unlocked(path: str) -> bool:
    """Whether no process holds the lock of the staging folder ``path`` (as far as the file system can say)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True  # no locks on this file system: the process id has said it is gone
    finally:
        os.close(fd)
    return True


def sweep(out: Path) -> list[str]:
    """Remove the staging folders in ``out`` left by builds killed outright: a folder (not a link) of this user
    named exactly as ``staging`` names them, holding nothing but files named as ``stage`` names them, whose
    process is no longer running and whose lock nothing holds. Anything else is left as it is (a user's own
    folder of a like name, or one a running build in another PID namespace still writes into). Returns the
    names of the folders removed."""
    gone = []
    try:
        entries = list(os.scandir(out))
    except OSError:
        return gone
    for entry in entries:
        found = _FOLDER.fullmatch(entry.name)
        if not found or _running(int(found.group(1))):
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or (hasattr(os, "getuid") and
                                                           entry.stat(follow_symlinks=False).st_uid != os.getuid()):
                continue
            inside = list(os.scandir(entry.path))
        except OSError:
            continue
        if not all(_FILE.fullmatch(f.name) and f.is_file(follow_symlinks=False) for f in inside) or \
                not _unlocked(entry.path):
            continue
        try:
            for f in inside:
                os.unlink(f.path)
            os.rmdir(entry.path)
        except OSError:
            continue
        gone.append(entry.name)
    return gone


def _running(pid: int) -> bool:
    """Whether process ``pid`` may still run (True for anything this cannot ask: never a folder of a build
    that might)."""
    if pid == os.getpid() or os.name == "nt":  # (Windows' os.kill ends the process: never asked there)
        return True
    if not 0 < pid <= 0x7FFFFFFF:  # no process has it (0 would ask the whole process group; a long one overflows)
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # another user's process: not ours to judge
    return True
