"""The `printgen` console script.

`printgen stl` is the one command people run in loops (one tile per call, from
scripts and slicer workflows), so it takes a short path that imports neither
Typer nor numpy; every other command, and `printgen stl --help`, goes to the
Typer app.
"""

from __future__ import annotations

import gc
import os
import sys


# Young objects allocated (less freed) before a collection: see batch_gc.
GEN0 = 500_000


def batch_gc() -> None:
    """Collect cycles less often: a build allocates millions of short-lived drawing objects and few
    cycles, and the default thresholds spend a quarter of a large deck's time collecting (as mypy
    and other batch tools do). Only the console script does this, never an importer of the library.

    And never walk what is there for good: what a command imported (``settle``), and what a worker
    process inherits at its fork (a frozen object is left out of every collection; in a fork it is
    also never written to, so its memory stays shared, as the gc documentation advises for pre-fork
    servers). A frozen object is never collected, so this suits a command that ends, not a library.

    The first threshold is above what a process of a build of the bundled games holds at once: its young
    count peaked at about 127,000 in the main process and 306,000-432,000 in a worker (with previews), so
    no collection runs in it at all. At 100,000 eight collections a build each walked some 100,000 live
    objects to find a few hundred cycles: 0.19 s of CPU, 18 ms of it in the main process before the workers
    fork (issue 41). A larger game collects as before, just less often, each collection walking more."""
    gc.set_threshold(GEN0, 50, 100)
    os.register_at_fork(before=gc.freeze)


# Commands that validate a game: their imports are made before the command starts (then frozen), so
# the first collection comes after validation's own objects, not after a quarter second of imports.
HEAVY = {"build": "printgen.build", "validate": "printgen.project", "watch": "printgen.build"}


def settle(argv: list[str]) -> None:
    """Import what the command ``argv`` will need, and leave it out of every later collection."""
    module = HEAVY.get(argv[0]) if argv and not {"--help", "-h"} & set(argv) else None
    if module:
        uri_pattern_deferred()
        __import__(module)
        gc.freeze()


# The start of the pattern of web addresses reportlab's paragraph module compiles when it is imported (``uri_pat``).
URI_PATTERN = "(^(?:[a-z0-9\\.\\-\\+]*)://)"


class DeferredPattern:
    """A regular expression compiled when it is first used (any attribute: ``match``, ``search``...)."""

    __slots__ = ("_args", "_compile", "_pattern")

    def __init__(self, compile, pattern: str, flags) -> None:  # noqa: A002 (re's name)
        self._compile, self._args, self._pattern = compile, (pattern, flags), None

    def __getattr__(self, name: str):
        if self._pattern is None:
            self._pattern = self._compile(*self._args)
        return getattr(self._pattern, name)


def uri_pattern_deferred() -> None:
    """Import reportlab's paragraph module with its pattern of web addresses compiled only when first used.
    Its character classes span most of Unicode: compiling it took about 0.02 s of a build's serial start (a
    tenth of every regular expression its imports compile together), and reportlab reads it only to break a
    web address across lines when a paragraph style asks for hyphenation, which printgen's never do
    (safety/para_break.py). Any other pattern compiled meanwhile is compiled at once, as before; only the
    console script does this, never an importer of the library."""
    import re

    if "reportlab.platypus.paragraph" in sys.modules:
        return
    compile_now = re.compile

    def compile(pattern, flags=0):  # noqa: A001 (re's name)
        if isinstance(pattern, str) and pattern.startswith(URI_PATTERN):
            return DeferredPattern(compile_now, pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile
    try:
        import reportlab.platypus.paragraph  # noqa: F401
    finally:
        re.compile = compile_now


def one_blas_thread() -> None:
    """Keep numpy's OpenBLAS to the thread that calls it, unless the user chose otherwise. printgen's arrays are
    small (a page's boxes), and a build already keeps every core busy with its worker processes: OpenBLAS's own
    threads, started when numpy is imported, only spun waiting for work (about 0.09 s of CPU in a build's main
    process, and their start-up while one core does the serial start). Set before numpy is imported (OpenBLAS
    reads it once); only the console script does this, never an importer of the library."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def no_pydantic_plugins() -> None:
    """Load no pydantic plugins, unless the user chose otherwise (pydantic's own switch,
    ``PYDANTIC_DISABLE_PLUGINS``). pydantic looks for plugins when the first model class is built, by reading the
    entry points of every installed distribution: about 7 ms with a hundred installed (more in a larger
    environment), in a build's serial start, before its workers fork (issue 41). printgen's models check its own
    game data and no plugin is part of that. Set before the first model is built; only the console script does
    this, never an importer of the library."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def main() -> None:
    batch_gc()
    one_blas_thread()
    no_pydantic_plugins()
    argv = sys.argv[1:]
    if argv[:1] == ["stl"] and not {"--help", "-h"} & set(argv):
        from .stl_command import fast_main

        sys.exit(fast_main(argv[1:]))
    from .cli import app

    settle(argv)
    app()


def run() -> None:
    """The console script: ``main``, then leave without tearing the interpreter down. A build leaves
    millions of objects behind and freeing them one by one takes a fifth of a second; the files are
    written and closed by then (each atomically), so only the standard streams need flushing. (mypy
    ends the same way.) An uncaught exception still ends the ordinary way, with its traceback."""
    from .system_libs import MissingLibrary

    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    except MissingLibrary as exc:  # the machine, not the data nor the disk: say what to install
        print(f"error: {exc}", file=sys.stderr)
        code = 1
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more to say
            pass
    os._exit(code or 0)


if __name__ == "__main__":  # pragma: no cover
    run()
