"""The digest of printgen's own code and fonts, part of every target's and export's input digest.

A module of its own at the bottom of the package (it imports nothing of printgen but its version), so the
dependency records (deps.py) and the write layer's reuse (write/reuse.py) can use it without reaching up
into plan.py and, through the registry, every renderer.
"""

from __future__ import annotations

import hashlib
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
    """The digest of the files under ``root`` that printgen draws with (SOURCES), by path and content."""
    h = hashlib.sha256(__version__.encode())
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix in SOURCES and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()
