"""Benchmark: a full build of every bundled game, then a no-op rebuild, then one without previews.

Run from the repository root:  python3 bench/bench_build.py
Reports wall time; not a test (timings depend on the machine).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from printgen.build import build
from printgen.project import Project


def main() -> None:
    games = Project(Path.cwd()).games()
    out = Path(tempfile.mkdtemp(prefix="printgen-bench-"))
    try:
        t = time.perf_counter()
        full = build(folders=games, out=out, papers=["a4", "letter"])
        t_full = time.perf_counter() - t
        t = time.perf_counter()
        again = build(folders=games, out=out, papers=["a4", "letter"])
        t_noop = time.perf_counter() - t
        t = time.perf_counter()
        pdf_only = build(folders=games, out=out / "pdf", papers=["a4", "letter"], previews=False)
        t_pdf = time.perf_counter() - t
        pages = sum(1 for _ in (out).rglob("png/*.png"))
        print(f"games: {len(games)}")
        print(f"full build with previews: {t_full:.2f} s, {len(full.built)} targets, {len(full.written)} files, "
              f"{pages} preview pages")
        print(f"no-op rebuild: {t_noop:.2f} s ({len(again.skipped)} targets up to date)")
        print(f"full build, PDFs only: {t_pdf:.2f} s, {len(pdf_only.built)} targets")
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
