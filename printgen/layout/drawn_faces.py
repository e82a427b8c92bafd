"""Faces this process has drawn, taken by the next FaceMaker that draws the same face of the same game.

A build's worker renders a printable's papers one after the other (build.render_targets): A4, then
Letter, each through a FaceMaker of its own, and a face is drawn in its own mm whatever the paper, so the
second paper drew every face again (issue 41). It takes the first one's ops instead.

What drawing a face reads from the game (printgen.deps) is still noted exactly. A face drawn under a
ReadLog keeps the keys its drawing added to that log and the keys the log held before; it is taken only
by a log holding at least those before-keys, which then gets the added ones: just what drawing the face
would have added to it. A face drawn from a plain game is taken only by a plain game. Only a maker that has
found nothing keeps or takes a face (a face's findings, which a maker lists once, stay with the maker that
drew it), and never one that validates (it draws each face once, and checks each element once across them).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

from ..deps import ReadLog
from ..draw.document import Op

# (game key, kind, index, what, layout name, bleed, size, logged) -> (layout, item, keys before,
# keys added, ops): the layout and the item are kept and compared by identity (a pack may draw an item
# of its own making, or a translated layout, under the same names)
_FACES: OrderedDict[tuple, tuple[Any, Any, frozenset, frozenset, tuple]] = OrderedDict()
_KEEP = 2_000  # faces: a worker's last few printables; a watch's kept pool sees a new game at every save
_LOCK = threading.Lock()  # the studio may draw from more than one thread


def drawn(maker, draw: Callable[[], list[Op]], layout, item, kind: str, index: int, what: str,
          bleed: float | None, size: tuple[float, float] | None) -> list[Op]:
    """``draw()`` (``maker``'s drawing of ``item``'s face through ``layout``), or the ops of the same face
    drawn before in this process, the reads of its drawing noted in ``maker.game`` as drawing notes them."""
    game = maker.game
    gkey = getattr(ReadLog.unwrapped(game), "key", None)
    logged = isinstance(game, ReadLog)
    key = (gkey, kind, index, what, getattr(layout, "name", None), bleed, size, logged)
    try:
        hash(key)
    except TypeError:
        return draw()
    if not isinstance(gkey, str) or maker.validating or maker.found:
        return draw()  # a maker that has found something draws for itself: its findings stay its own
    keys = game._log.keys if logged else set()
    with _LOCK:
        entry = _FACES.get(key)
        if entry is not None:
            _FACES.move_to_end(key)
    if entry is not None and entry[0] is layout and entry[1] is item and entry[2] <= keys:
        if logged:
            game.note(entry[3])
        return list(entry[4])
    before = frozenset(keys)
    ops = draw()
    if not maker.found:
        with _LOCK:
            _FACES[key] = (layout, item, before, frozenset(keys - before), tuple(ops))
            while len(_FACES) > _KEEP:
                _FACES.popitem(last=False)
    return ops
