"""Paths a game folder may lead printgen to: only inside itself or its templates.

The one resolver for every path a game names or printgen reads or writes in a game. A symlink is fine
while it stays inside (a chapter linked from a sibling folder of the same game); one that leads out (to
``/etc/passwd``, to another user's files) is refused, so a downloaded game cannot make printgen read,
print, hash or write anything outside it. Every step counts, folders as well as files: a linked
``locales/`` or ``templates/layouts/`` leads out as surely as a linked ``messages.po``, so each check is
made against the trusted root (the game folder, or its templates folder), never against the folder the
file was found in (a folder that is itself a link would vouch for everything in it).
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


def escaping_link(path: Path, root: Path) -> Path | None:
    """The first step on the way from ``root`` down to ``path`` (a folder between, or ``path`` itself) that
    is a symlink leading out of ``root``; None when every step stays inside (``path`` need not exist).
    A ``path`` not under ``root`` by name is its own escape when it exists outside."""
    root_abs, path_abs = absolute(root), absolute(path)
    if not path_abs.is_relative_to(root_abs):
        return path if (path.is_symlink() or path.exists()) and not inside(path, root) else None
    step = root_abs
    for part in path_abs.relative_to(root_abs).parts:
        step = step / part
        if step.is_symlink() and not inside(step, root):
            return step
    return None


def link_message(link: Path, what: str = "the game folder") -> str:
    """What to say of ``link`` (a symbolic link leading out of ``what``) and what to do about it."""
    try:
        target = os.readlink(link)
    except OSError:
        target = "?"
    kind = "folder" if link.is_dir() else "file"
    return (f"'{link.name}' is a symlink leading out of {what} (to {target}); printgen reads and writes "
            f"nothing outside it: replace the link with the {kind} itself")


def confined_files(root: Path, pattern: str = "*", *, recursive: bool = False,
                   within: Path | None = None) -> list[Path]:
    """Regular files under ``root`` matching ``pattern`` that stay inside ``within`` (default ``root``;
    pass the game or templates folder ``root`` lies in, so a linked ``root`` yields nothing) (sorted)."""
    within = root if within is None else within
    if not root.is_dir() or escaping_link(root, within) is not None:
        return []
    found = root.rglob(pattern) if recursive else root.glob(pattern)
    return sorted(p for p in found if p.is_file() and inside(p, within))


def escapes(path: Path, root: Path) -> bool:
    """True for an existing ``path`` that a symlink leads out of ``root``."""
    return (path.is_symlink() or path.exists()) and not inside(path, root)
