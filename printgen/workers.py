"""What a build's worker processes use, loaded once in the main process before they are forked.

A worker is forked from the main process when the build hands the pool its first piece of work
(concurrent.futures starts its processes then). Whatever the main process has loaded by that moment
every worker has for free; whatever it has not, each worker loads again for itself: the writers
(reportlab's canvas, pdfium, Pillow), the preflight, the exports, the rule packs whose
games are validated after the fork (a worker unpickling a game imports its pack's models) and the
bundled fonts' metrics. Measured on the bundled games that was about two seconds of imports spread
over the workers of a cold build (issue 41); loaded here they cost the main process a few tenths of
a second, once, while the workers still have to wait for the first game to validate anyway.
"""

from __future__ import annotations

import hashlib
import importlib
import pickle
import shutil
import tempfile
import threading
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

# The modules a worker's render, preflight, writers and publishing jobs import when they first run
# (each imports its heavy libraries late, so that commands which never build do not pay for them).
WORKER_MODULES = (
    "printgen.write.outputs",
    "printgen.preflight.run",
    "printgen.preflight.book",
    "printgen.publish.tts",
    "printgen.publish.pod",
    "printgen.publish.card_images",
    "printgen.publish.kit",
    "printgen.publish.bundle",
    "printgen.publish.choices",
    "printgen.mesh.preview",
    "printgen.mesh.terrain_pieces",
    "PIL.ImageFile",
)


@lru_cache(maxsize=None)
def _loaded() -> None:
    from .code_digest import code_digest
    from .draw.fonts import FONTS, _widths, register_pdf_fonts

    for name in WORKER_MODULES:
        importlib.import_module(name)
    register_pdf_fonts()  # reportlab's faces of the bundled fonts
    for font in FONTS:  # the widths every text measurement reads
        _widths(font)
    # the digest of printgen's code and fonts (some 5 MB hashed): every worker's exports and previews name
    # their images' sources by it (write/reuse.py), and the main process its targets' records (deps.py)
    code_digest()


@lru_cache(maxsize=None)
def _outlines() -> None:
    """What an SVG preview's text outlines read: fontTools' glyphs by name (a build without previews, which
    writes no SVG, never reads a font through fontTools)."""
    from .draw.fonts import FONTS, _advances, _cmap

    importlib.import_module("fontTools.ttLib.tables._g_l_y_f")
    for font in FONTS:
        _cmap(font)
        _advances(font)


@lru_cache(maxsize=None)
def _every_pack() -> None:
    """Import every built-in rule pack (their models: what a worker unpickling a game of that pack needs). Not the
    installed third-party packs: finding those reads every installed distribution's entry points (about 0.01 s),
    and a game of one is rare; its worker imports the pack when it unpickles the game."""
    import pkgutil

    from . import packs

    for info in sorted(pkgutil.iter_modules(packs.__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"{packs.__name__}.{info.name}")


def prepare(*, games: int = 1, previews: bool = True) -> None:
    """Load in this process what the workers about to be forked from it will use (once per process).
    ``games``: how many game folders the build has; with more than one, the games validated after the
    workers start may be of any pack, so every rule pack is imported too (with one, its pack already is).
    ``previews``: whether the build makes previews (SVG pages outline their text with fontTools)."""
    _loaded()
    if previews:
        _outlines()
    if games > 1:
        _every_pack()


@contextmanager
def pool_for(pool: Executor | None, workers: int) -> Iterator[tuple[Executor | None, Callable[[], None]]]:
    """The executor a build renders in (``pool``, kept by its caller across builds, else one of ``workers`` processes
    made for the block; None for one worker) and a function the build calls once every piece of work it handed
    out is done: then a pool made here shuts down in a thread of its own, its workers exiting (the system
    freeing their memory: about 0.03-0.05 s, which the build's main process, its files written, only waited
    for) while the build writes its last files, its records and the gallery, and removes its staging folder.
    The block's end waits for the shutdown, as it always did."""
    own = pool is None and workers > 1
    executor = ProcessPoolExecutor(max_workers=workers) if own else (pool if workers > 1 else None)
    closing: list[threading.Thread] = []

    def release() -> None:
        if own and not closing:
            closing.append(threading.Thread(target=executor.shutdown, kwargs={"cancel_futures": True},
                                            name="printgen-pool-shutdown"))
            closing[0].start()

    try:
        yield executor, release
    finally:
        for thread in closing:
            thread.join()
        if own:
            executor.shutdown(cancel_futures=True)  # done already when released: then it returns at once


def take_shared(game) -> None:
    """In a worker: take what ``game``'s validation worked out and handed on (``ValidatedGame.shared``) as
    worked out here (the tilings of its maps, printgen.tiling.solver)."""
    tilings = getattr(game, "shared", {}).get("tilings")
    if tilings:
        from .tiling.solver import learn

        learn(tilings)


class Parcel:
    """A validated game pickled once, in the main process, for every piece of work a build hands its
    workers (a target's render, an export, a kit, a thumbnail: some 140 for the bundled games). Put in
    a piece of work in the game's place, it unpickles in the worker as the game itself, and a worker
    that has unpickled the same bytes before takes its own copy again: pickling a game (60-220 kB)
    cost the main process about 4 ms a piece and unpickling it the worker as much (issue 41).

    The worker's copy is found by the digest of the bytes, so a game changed since (a watch's next
    build) is a new parcel; a worker's pieces share its copy as a serial build's pieces share the game.

    ``shelf``: a private folder of this build's (``shelf``): the bytes are written there once and a piece
    carries only their digest and file, read by a worker that has not unpickled them yet. Carried in every
    piece, the bytes went through the pipes 63 times for five games (26 MB: pickled, sent, read and copied
    again on every piece, about 0.15 s of CPU over a build's processes)."""

    __slots__ = ("blob", "digest", "path")

    def __init__(self, game: Any, shelf: Path | None = None) -> None:
        blob = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
        self.digest = hashlib.sha256(blob).digest()
        self.blob, self.path = blob, None
        if shelf is not None:
            path = shelf / f"{self.digest.hex()}.pickle"
            if not path.exists():  # written whole before any piece naming it is handed out; the same bytes once
                path.write_bytes(blob)
            self.blob, self.path = None, str(path)

    def __reduce__(self):
        if self.path is not None:
            return _unshelved, (self.digest, self.path)
        return _unpacked, (self.digest, self.blob)


@contextmanager
def shelf() -> Iterator[Path | None]:
    """A private folder (0700, under the system's temporary folder) that a build's parcels are written to for
    its workers, removed with everything in it when the block ends; None when none can be made (the parcels
    then carry their bytes in each piece, as before)."""
    try:
        folder = Path(tempfile.mkdtemp(prefix="printgen-parcels-"))
    except OSError:
        yield None
        return
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_UNPACKED: OrderedDict[bytes, Any] = OrderedDict()  # this worker's games, by their parcel's digest
_UNPACKED_MAX = 8  # a watch's kept pool sees a new game at every save: only the latest few are kept


def _unshelved(digest: bytes, path: str) -> Any:
    """In a worker: the game a shelved Parcel names (the copy unpickled before, else read from its file, whose
    bytes must still have the digest they were shelved with)."""
    if digest in _UNPACKED:
        _UNPACKED.move_to_end(digest)
        return _UNPACKED[digest]
    with open(path, "rb") as fh:
        blob = fh.read()
    if hashlib.sha256(blob).digest() != digest:
        raise RuntimeError(f"the build's parcel {path} changed after it was written")
    return _unpacked(digest, blob)


def _unpacked(digest: bytes, blob: bytes) -> Any:
    """In a worker: the game a Parcel carries (the copy unpickled before, when there is one)."""
    game = _UNPACKED.get(digest)
    if game is None:
        game = _UNPACKED[digest] = pickle.loads(blob)
        while len(_UNPACKED) > _UNPACKED_MAX:
            _UNPACKED.popitem(last=False)
    else:
        _UNPACKED.move_to_end(digest)
    return game
