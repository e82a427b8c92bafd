"""What validation worked out on a game's layout values, handed on with the game to a build's workers
(``ValidatedGame.shared``): the values' compiled code (layout/expressions.py) and the dotted names each reads
(layout/reads.py), so a worker rendering the game neither compiles nor parses them again (issue 41)."""

from __future__ import annotations

from ..safety.sandbox import environment
from . import expressions
from .expressions import CODE, handed_on
from .reads import PATHS, paths_handed_on
from .game_layouts import layout_environment


def layout_code(game) -> dict:
    """What this process worked out on ``game``'s layout values, to go along with it to a build's workers:
    ``ValidatedGame.shared`` entries CODE (their compiled code, see expressions.handed_on) and PATHS (the dotted
    names each reads, see reads.paths_handed_on); {} for a game whose faces were not drawn."""
    if getattr(game, "folder", None) is None:
        return {}
    folder, key = layout_environment(game)
    if key not in expressions._SHARED:  # no face of it drawn in this process
        return {}
    out = {CODE: handed_on(key), PATHS: paths_handed_on(environment(folder, folder.parent, markdown=False))}
    return {k: v for k, v in out.items() if v}
