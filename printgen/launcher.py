"""The `printgen` console script.

`printgen stl` is the one command people run in loops (one tile per call, from
scripts and slicer workflows), so it takes a short path that imports neither
Typer nor numpy; every other command, and `printgen stl --help`, goes to the
Typer app.
"""

from __future__ import annotations

import sys


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["stl"] and not {"--help", "-h"} & set(argv):
        from .stl_command import fast_main

        sys.exit(fast_main(argv[1:]))
    from .cli import app

    app()


if __name__ == "__main__":  # pragma: no cover
    main()
