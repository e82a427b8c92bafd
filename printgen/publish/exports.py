"""Digital exports beside the print kit, a registry: name -> export(game, game output folder, reuse) ->
(files, info), ``reuse`` holding the images of the last publish (printgen.write.reuse).

Files are paths under the game's output folder; info is the gallery's entry
(title, text, links). An export with nothing to make for a game returns no files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..deps import ReadLog
from ..model.defaults import PRINT_PROFILES
from ..write.reuse import Reuse

# A job's result, as publisher.Result: its files, where the gallery record takes its info, that info, what
# it read (printgen.deps) and what its images were drawn from (printgen.write.reuse).
Result = tuple[dict[str, Any], tuple, dict, list, dict[str, str]]


# Each export imports its module when it runs (in a worker): the build's main process needs only the names.
def tts_export(game, gout, reuse):
    from .tts import tts_export

    return tts_export(game, gout, reuse)


def pod_export(game, gout, reuse):
    from .pod import pod_export

    return pod_export(game, gout, reuse)


def cards_export(game, gout, reuse):
    from .card_images import cards_export

    return cards_export(game, gout, reuse)


def profile_export(name: str) -> Callable:
    """The export of print profile ``name`` (publish/shop.py); made only when a build asks for the profile."""
    def export(game, gout, reuse):
        from .shop import PROFILE_EXPORTS

        return PROFILE_EXPORTS[name](game, gout, reuse)
    export.__name__ = export.__qualname__ = f"{name}_export"
    return export


# The exports that draw every card face (at two bleeds): made in one job when more than one is to be made,
# so that each face is drawn, and each PDF of faces made, once for them all (publish/cards.py shared_faces);
# the Game Crafter profile's PNGs are the print-on-demand faces, rasterised once for both.
SHARED_FACES = ("pod", "tts", "cards", "gamecrafter")

EXPORTS: dict[str, Callable] = {
    "tts": tts_export,
    "pod": pod_export,
    "cards": cards_export,  # each card alone, small: the gallery shows cards as cards (issue 28)
    **{name: profile_export(name) for name in PRINT_PROFILES if name != "home"},
}


def _export_job(game, name: str, gout: Path, last: dict[str, tuple[str, str]]) -> Result:
    """An export drawn from the validated game alone, noting what it read (printgen.deps), so the
    next publish can tell whether it would come out the same, and what each image was drawn from
    (``last``: the same from the last publish, so an unchanged image is read back, not drawn)."""
    seen = ReadLog(game)
    reuse = Reuse(gout, last)
    files, info = EXPORTS[name](seen, gout, reuse)
    return files, ("exports", name), info, seen.reads, reuse.sources


def _exports_job(game, names: str, gout: Path, last: dict[str, dict[str, tuple[str, str]]]) -> dict[str, Result]:
    """The exports ``names`` ("pod+tts+cards") made together, each card face drawn once and each PDF of
    faces made once for them all (cards.shared_faces): job key -> result as ``_export_job``'s. One record
    of what was read serves them all, as a face drawn for one was drawn for the others."""
    from .cards import shared_faces

    seen = ReadLog(game)
    made = {}
    with shared_faces():
        for name in names.split("+"):
            reuse = Reuse(gout, last[name])
            made[name] = (*EXPORTS[name](seen, gout, reuse), reuse.sources)
    return {f"exports/{name}": (files, ("exports", name), info, seen.reads, sources)
            for name, (files, info, sources) in made.items()}
