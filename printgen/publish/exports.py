"""Digital exports beside the print kit, a registry: name -> export(game) -> (files, gallery info).

Files are paths under the game's output folder. An export that has nothing
to make for a game returns no files.
"""

from __future__ import annotations

from typing import Callable

EXPORTS: dict[str, Callable] = {}
