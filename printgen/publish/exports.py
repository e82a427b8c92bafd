"""Digital exports beside the print kit, a registry: name -> export(game, game output folder) -> (files, info).

Files are paths under the game's output folder; info is the gallery's entry
(title, text, links). An export with nothing to make for a game returns no files.
"""

from __future__ import annotations

from typing import Callable



# Each export imports its module when it runs (in a worker): the build's main process needs only the names.
def tts_export(game, gout):
    from .tts import tts_export

    return tts_export(game, gout)


def pod_export(game, gout):
    from .pod import pod_export

    return pod_export(game, gout)


EXPORTS: dict[str, Callable] = {
    "tts": tts_export,
    "pod": pod_export,
}
