"""The digest of printgen's own code and fonts, part of every target's and export's input digest.

A module of its own at the bottom of the package (it imports nothing of printgen but its version), so the
dependency records (deps.py) and the write layer's reuse (write/reuse.py) can use it without reaching up
into plan.py and, through the registry, every renderer.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from . import __version__


SOURCES = (".py", ".ttf", ".otf", ".svg", ".yaml", ".md", ".j2")  # what printgen draws with


@lru_cache(maxsize=1)
def code_digest() -> str:
    """printgen's own code, fonts, icons and built-in layouts (YAML, as packs ship them): a change to a
    renderer or to a bundled layout must rebuild what it draws."""
    return tree_digest(Path(__file__).resolve().parent)


def tree_digest(root: Path) -> str:
    """The digest of the files under ``root`` that printgen draws with (SOURCES), by path and content: each
    file's path from ``root`` and its bytes, in the order of their paths' parts (as sorted Path objects are), no
    ``__pycache__`` folder and no linked folder looked into. Walked with plain strings (``os.walk``): a build works
    it out before its workers start, and pathlib's objects for some 600 entries were a third of it (issue 41)."""
    h = hashlib.sha256(__version__.encode())
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        rel = os.path.relpath(folder, root)
        parts = () if rel == os.curdir else tuple(rel.split(os.sep))
        found += [(*parts, name) for name in names if os.path.splitext(name)[1] in SOURCES
                  and os.path.isfile(os.path.join(folder, name))]
    for parts in sorted(found):
        path = "/".join(parts)
        h.update(path.encode())
        with open(os.path.join(root, *parts), "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()
