"""``printgen serve``: start the server, build once, then rebuild the games whose files change.

The watching is printgen.watch's (its roots and its filter: nothing under the output folder), with a
shorter debounce than ``printgen watch``: an editor's save is one write, and the page is waiting.
"""

from __future__ import annotations

import signal
import threading
from pathlib import Path
from typing import Callable

from .catalogue import EDITORS
from .session import Echo, Studio

DEBOUNCE_MS = 40


def editor_template(editor: str) -> str:
    """An --editor value: a name of EDITORS, or a template with {path} (and {line}, {col})."""
    if editor in EDITORS:
        return EDITORS[editor]
    if "{path}" in editor:
        return editor
    raise ValueError(f"--editor: '{editor}' is neither one of {', '.join(EDITORS)} nor an address with "
                     "{path} in it (such as 'myeditor://open?file={path}&line={line}')")


def serve(*, folders: list[Path], out: Path, papers: list[str], host: str = "127.0.0.1", port: int = 8000,
          editor: str = "vscode", echo: Echo = print, stop_event=None,
          on_ready: Callable[[str, Studio], None] | None = None, workers: int | None = None) -> None:
    """Serve the studio for ``folders`` (built into ``out``) on ``host``:``port`` until ``stop_event`` is set
    (or Ctrl-C). ``on_ready`` gets the page's address as soon as the server listens."""
    from watchfiles import watch as changes_of

    from ..watch import _filter, games_touched, watched_roots
    from .server import start

    stop_event = stop_event or threading.Event()
    if threading.current_thread() is threading.main_thread():
        # `kill` (SIGTERM) ends the studio as Ctrl-C does: the workers shut down, the port is freed
        signal.signal(signal.SIGTERM, lambda *_: stop_event.set())
    studio = Studio(folders=folders, out=out, papers=papers, editor=editor_template(editor), echo=echo,
                    workers=workers)
    try:
        server, thread = start(studio, host=host, port=port)
    except OSError:
        studio.close()
        raise
    try:
        echo(f"studio: {server.url} (Ctrl-C to stop)")
        if on_ready is not None:
            on_ready(server.url, studio)
        studio.round(folders)
        roots = watched_roots(folders)
        ids = {v.folder: v.id for v in studio.games()}
        for changes in changes_of(*roots, watch_filter=_filter(out), stop_event=stop_event, debounce=DEBOUNCE_MS,
                                  step=20, rust_timeout=500, yield_on_timeout=True, raise_interrupt=False):
            games = games_touched({Path(p) for _, p in changes}, folders, ids)
            if games:
                studio.round(games)
    finally:
        server.shutdown()
        studio.close()
        server.server_close()
        thread.join(timeout=5)
