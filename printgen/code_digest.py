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


@lru_cache(maxsize=1)
def code_digest() -> str:
    """printgen's own code and fonts: a change to a renderer must rebuild what it renders."""
    h = hashlib.sha256(__version__.encode())
    root = Path(__file__).resolve().parent
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix in (".py", ".ttf", ".svg"):
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()
