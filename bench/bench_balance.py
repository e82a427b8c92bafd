"""Benchmark: `printgen balance` on every bundled game, and on a generated 200-unit roster.

Run from the repository root:  python3 bench/bench_balance.py
Targets (issue 31): every bundled game under 2 s; a 200-unit roster under 5 s. Each is timed as the
command runs it in-process (data checks, exact odds of every pair, value per point, JSON), then with
the plots (HTML and PDF, matplotlib), and as a fresh `python3 -m printgen balance` process.
Not a test (timings depend on the machine).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printgen.balance.command import run_balance
from printgen.project import Project


def roster(folder: Path, units: int = 200, seed: int = 31) -> Path:
    """A custom game of ``units`` units with random stats (pools 1-8 dice, life 1-6, 1-4 figures)."""
    rng = random.Random(seed)
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "id: big-roster\nname: Big Roster\nsystem: custom\nversion: \"1\"\n"
        "kinds:\n  units:\n    fields:\n      cost: {type: integer, min: 1, max: 1000}\n"
        "      attack: {type: integer, min: 0, max: 20}\n      defence: {type: integer, min: 0, max: 20}\n"
        "      life: {type: integer, min: 1, max: 20}\n      figures: {type: integer, min: 1, max: 6}\n"
        "combat:\n  attack: \"{attack}d6 hit 4+ reroll 1\"\n  defence: \"{defence}d6 hit 5+\"\n"
        "  health: \"{life}\"\n  attacks: \"{figures}\"\n  cost: cost\n")
    lines = ["units:"]
    for i in range(units):
        a, d, life, fig = rng.randint(1, 8), rng.randint(0, 6), rng.randint(1, 6), rng.randint(1, 4)
        cost = max(5, int((a * 6 + d * 8 + life * 7) * fig / 2 * rng.uniform(0.7, 1.3)))
        lines.append(f"  - {{name: Unit {i:03d}, cost: {cost}, attack: {a}, defence: {d}, life: {life}, "
                     f"figures: {fig}}}")
    (folder / "content.yaml").write_text("\n".join(lines) + "\n")
    return folder


def timed(label: str, folders: list[Path], out: Path, *, plots: bool) -> float:
    t = time.perf_counter()
    result = run_balance(folders=folders, out=out, plots=plots)
    took = time.perf_counter() - t
    assert not result.failed, result.lines
    print(f"{label}: {took:.2f} s ({len(result.written)} files, {len(result.findings)} findings)")
    return took


def process(label: str, folders: list[Path], out: Path, *args: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printgen", "balance", *map(str, folders), "--out", str(out), *args],
                   check=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(Path.cwd())})
    took = time.perf_counter() - t
    print(f"{label}: {took:.2f} s")
    return took


def main() -> None:
    games = Project(Path.cwd()).games()
    tmp = Path(tempfile.mkdtemp(prefix="printgen-bench-balance-"))
    try:
        big = [roster(tmp / "big-roster")]
        run_balance(folders=games[:1], out=tmp / "warm", plots=True)  # imports (icepool, matplotlib) once
        print(f"bundled games: {len(games)}")
        timed("bundled, odds and JSON", games, tmp / "a", plots=False)
        timed("bundled, with plots (HTML, PDF)", games, tmp / "b", plots=True)
        process("bundled, a fresh process, --no-plots", games, tmp / "c", "--no-plots")
        process("bundled, a fresh process, with plots", games, tmp / "d")
        timed("200-unit roster, odds and JSON", big, tmp / "e", plots=False)
        timed("200-unit roster, with plots", big, tmp / "f", plots=True)
        process("200-unit roster, a fresh process, with plots", big, tmp / "g")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
