"""Benchmark: 1,000 units from an XLSX sheet against the same units in YAML, load + validate (issue 27).

Run from the repository root:  python3 bench/bench_sheets.py [ROWS] [RUNS]
Builds both games from tests/fixtures/custom-game in a temporary folder, then times check_game on each,
alternating, and reports the medians and their ratio (target: the sheet within 1.5x of the YAML).
Not a test (timings depend on the machine).
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import openpyxl
import yaml

from printgen.check.validate import check_game

CUSTOM = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "custom-game"
HEAD = ["name", "faction", "cost", "move", "attack", "save", "role", "portrait",
        "abilities.1.name", "abilities.1.text", "abilities.2.name", "abilities.2.text", "count"]


def _units(rows: int) -> list[dict]:
    return [{"name": f"Unit {i:04d}", "faction": ("Ashen Guard", "Lantern Folk")[i % 2], "cost": 1 + i % 10,
             "move": 1 + i % 6, "attack": f"{1 + i % 3}-{4 + i % 3}", "save": f"{2 + i % 5}+",
             "role": ("scout", "soldier", "mystic")[i % 3], "portrait": "art/warden.png",
             "abilities": [{"name": "Shield Wall", "text": "Spend :AP: to give an adjacent ally Guard 1."},
                           {"name": "Stand Fast", "text": f"Ignore Push while on a Watchtower hex ({i})."}],
             "count": 1 + i % 3} for i in range(rows)]


def make_games(root: Path, rows: int) -> tuple[Path, Path]:
    units = _units(rows)
    yaml_game, sheet_game = root / "yaml-game", root / "sheet-game"
    for game in (yaml_game, sheet_game):
        shutil.copytree(CUSTOM, game)
    content = yaml.safe_load((CUSTOM / "content.yaml").read_text())
    content["units"] = units
    (yaml_game / "content.yaml").write_text(yaml.safe_dump(content, sort_keys=False, width=200))
    del content["units"]
    (sheet_game / "content.yaml").write_text(yaml.safe_dump(content, sort_keys=False, width=200))
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "units"
    ws.append(HEAD)
    for u in units:
        ws.append([u[h] for h in HEAD[:8]] + [v for a in u["abilities"] for v in (a["name"], a["text"])]
                  + [u["count"]])
    book.save(sheet_game / "units.xlsx")  # found by name: its sheet is named for the kind
    return yaml_game, sheet_game


def _time(game: Path) -> float:
    t = time.perf_counter()
    result = check_game(game)
    elapsed = time.perf_counter() - t
    errors = [f.format() for f in result.findings if f.is_error]
    assert not errors, errors[:5]
    return elapsed


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    root = Path(tempfile.mkdtemp(prefix="printgen-bench-sheets-"))
    try:
        yaml_game, sheet_game = make_games(root, rows)
        assert len(check_game(sheet_game).data.units) == rows
        _time(yaml_game), _time(sheet_game)  # warm: imports (openpyxl) and caches
        times: dict[str, list[float]] = {"yaml": [], "xlsx": []}
        for _ in range(runs):  # alternating, so a busy moment of the machine hits both alike
            times["yaml"].append(_time(yaml_game))
            times["xlsx"].append(_time(sheet_game))
        y, x = statistics.median(times["yaml"]), statistics.median(times["xlsx"])
        print(f"{rows} units, load + validate, median of {runs}:")
        print(f"  YAML: {y * 1000:.0f} ms")
        print(f"  XLSX: {x * 1000:.0f} ms")
        print(f"  ratio XLSX / YAML: {x / y:.2f}x (target <= 1.5x)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
