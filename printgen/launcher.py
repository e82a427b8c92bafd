"""The `printgen` console script.

`printgen stl` is the one command people run in loops (one tile per call, from
scripts and slicer workflows), so it takes a short path that imports neither
Typer nor numpy; every other command, and `printgen stl --help`, goes to the
Typer app.
"""

from __future__ import annotations

import gc
import sys


def batch_gc() -> None:
    """Collect cycles less often: a build allocates millions of short-lived drawing objects and few
    cycles, and the default thresholds spend a quarter of a large deck's time collecting (as mypy
    and other batch tools do). Only the console script does this, never an importer of the library."""
    gc.set_threshold(100_000, 50, 100)


def main() -> None:
    batch_gc()
    argv = sys.argv[1:]
    if argv[:1] == ["stl"] and not {"--help", "-h"} & set(argv):
        from .stl_command import fast_main

        sys.exit(fast_main(argv[1:]))
    from .cli import app

    app()


if __name__ == "__main__":  # pragma: no cover
    main()
