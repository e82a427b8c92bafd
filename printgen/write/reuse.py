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


@dataclass(frozen=True, slots=True)
class Recorded:
    """A file the build's record names (``path``, absolute, with the SHA-256 recorded for it), handed to a worker
    unread: the worker reads it and takes its bytes only while they are still the recorded ones (``read``:
    read_recorded's rule), so a kit's or a thumbnail's PDFs are read once, where they are used, not read, hashed,
    pickled and piped by the build's main process (issue 41)."""

    path: str
    digest: str

    def read(self) -> bytes | None:
        """The file's bytes, or None when it is no longer a regular file holding the recorded bytes."""
        path = Path(self.path)
        if path.is_symlink() or not path.is_file():
            return None
        data = path.read_bytes()
        return data if sha256(data) == self.digest else None


def recorded_file(gout: Path, rel: str, recorded: dict[str, str]) -> Recorded | None:
    """``gout/rel`` as a Recorded to be read later (by a worker), when the record names it and it is a regular
    file (not a link); None otherwise, as read_recorded."""
    path = gout / rel
    if rel not in recorded or path.is_symlink() or not path.is_file():
        return None
    return Recorded(str(path.absolute()), recorded[rel])


def read_unread(args: tuple) -> tuple:
    """A job's arguments with each dict of Recorded files read (``Recorded.read``): a file no longer holding its
    recorded bytes is left out, as read_recorded leaves it out."""
    out = []
    for arg in args:
        if isinstance(arg, dict) and any(isinstance(v, Recorded) for v in arg.values()):
            arg = {k: v.read() if isinstance(v, Recorded) else v for k, v in arg.items()}
            arg = {k: v for k, v in arg.items() if v is not None}
        out.append(arg)
    return tuple(out)


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
