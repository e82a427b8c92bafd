"""Paths a game folder may lead printgen to: only inside itself or its templates.

A symlink is fine while it stays inside (a chapter linked from a sibling
folder of the same game); one that leads out (to ``/etc/passwd``, to another
user's files) is refused, so a downloaded game cannot make printgen read,
print or hash anything outside it.
"""

from __future__ import annotations

import os
from pathlib import Path


def absolute(path: Path) -> Path:
    """``path`` made absolute without resolving symlinks (the way the user named it)."""
    return Path(os.path.abspath(path))


def inside(path: Path, root: Path) -> bool:
    """True when ``path``, with every symlink followed, lies inside ``root`` (also resolved)."""
    try:
        return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root))
    except (OSError, ValueError):
        return False


def confined_files(root: Path, pattern: str = "*", *, recursive: bool = False) -> list[Path]:
    """Regular files under ``root`` matching ``pattern`` that stay inside ``root`` (sorted)."""
    if not root.is_dir():
        return []
    found = root.rglob(pattern) if recursive else root.glob(pattern)
    return sorted(p for p in found if p.is_file() and inside(p, root))


def escapes(path: Path, root: Path) -> bool:
    """True for an existing ``path`` that a symlink leads out of ``root``."""
    return (path.is_symlink() or path.exists()) and not inside(path, root)
