"""Digital exports beside the print kit, a registry: name -> export(game, game output folder, reuse) ->
(files, info), ``reuse`` holding the images of the last publish (printgen.write.reuse).

Files are paths under the game's output folder; info is the gallery's entry
(title, text, links). An export with nothing to make for a game returns no files.
"""

from __future__ import annotations

from typing import Callable

from ..model.defaults import PRINT_PROFILES


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
# so that each face is drawn, and each PDF of faces made, once for them all (publish/cards.py shared_faces).
SHARED_FACES = ("pod", "tts", "cards")

EXPORTS: dict[str, Callable] = {
    "tts": tts_export,
    "pod": pod_export,
    "cards": cards_export,  # each card alone, small: the gallery shows cards as cards (issue 28)
    **{name: profile_export(name) for name in PRINT_PROFILES if name != "home"},
}
