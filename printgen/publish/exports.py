"""Digital exports beside the print kit, a registry: name -> export(game, game output folder) -> (files, info).

Files are paths under the game's output folder; info is the gallery's entry
(title, text, links). An export with nothing to make for a game returns no files.
"""

from __future__ import annotations

from typing import Callable

from .pod import pod_export
from .tts import tts_export

EXPORTS: dict[str, Callable] = {
    "tts": tts_export,
    "pod": pod_export,
}
