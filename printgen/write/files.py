"""The only code that touches the output folder: whole files or nothing."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename, so readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def remove_stale(root: Path, relative: list[str]) -> None:
    """Delete files a target wrote last time but no longer produces (a map that now fits one page)."""
    for rel in relative:
        path = root / rel
        if path.is_file() and path.resolve().is_relative_to(root.resolve()):
            path.unlink()
