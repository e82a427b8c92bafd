"""Images and previews made again only when what they show has changed.

A target or an export remakes all its files whenever anything it read changes: one class's VIT,
and every page preview of the class deck, every print-on-demand face, TTS token and map image
would be drawn, rasterised and encoded again. Each such file is therefore made from a *source*,
the digest of the drawing it shows (its ops, size and resolution, and printgen's code). The
build's and the publish record keep each file's source; next time a file whose source is
unchanged, and whose bytes on disk are still the ones recorded, is read back instead of made.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..code_digest import code_digest
from .manifest import sha256


def source_digest(*parts: Any) -> str:
    """The digest of what an image is drawn from: ops (printgen.draw.document), sizes, resolutions, and
    printgen's own code (a change to a writer draws every image again). Pickled: the drawing model is
    plain frozen data, and the same ops give the same bytes in any process."""
    return hashlib.sha256(code_digest().encode() + pickle.dumps(parts, protocol=5)).hexdigest()


def read_recorded(gout: Path, rel: str, recorded: dict[str, str]) -> bytes | None:
    """The bytes of ``gout/rel`` when it is a regular file (not a link) whose SHA-256 is the one
    ``recorded`` for it, else None: a file the user replaced or edited is never taken as printgen's."""
    path = gout / rel
    if rel not in recorded or path.is_symlink() or not path.is_file():
        return None
    data = path.read_bytes()
    return data if sha256(data) == recorded[rel] else None


@dataclass
class Reuse:
    """One export's files from its last publish (``last``: path -> (source, SHA-256 recorded)), and the
    sources of the files it makes this time (``sources``, for the next record)."""

    gout: Path | None = None  # the game's output folder; None: make everything
    last: dict[str, tuple[str, str]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)

    def take(self, paths: Sequence[str], source: str) -> dict[str, bytes] | None:
        """``paths`` (under the game's output folder), made from ``source``, as the last publish wrote
        them; None when one of them must be made again."""
        for rel in paths:
            self.sources[rel] = source
        if self.gout is None:
            return None
        kept = {}
        for rel in paths:
            old = self.last.get(rel)
            data = read_recorded(self.gout, rel, {rel: old[1]}) if old and old[0] == source else None
            if data is None:
                return None  # new, drawn from something else, or changed or gone since: draw it again
            kept[rel] = data
        return kept
