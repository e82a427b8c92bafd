"""Build progress: a rich progress bar on a terminal, silence otherwise."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator

from .build import Event


@contextmanager
def progress_events() -> Iterator[Event]:
    if not sys.stderr.isatty():
        yield lambda name, info: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("planning", total=None)

        def on_event(name: str, info: dict) -> None:
            if name == "planned":
                bar.update(task, total=info["targets"], description="building")
            elif name == "start":
                bar.update(task, description=f"{info['game']}: {info['target']}")
            elif name in ("done", "skipped"):
                bar.advance(task)

        yield on_event
