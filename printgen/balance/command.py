"""`printgen balance`: each game's matchup odds and value per point, printed and written as JSON, an HTML
page and a PDF under <out>/<game-id>/balance/. Exit 1 when a game does not validate or its combat
model cannot be read (located findings, nothing written for it)."""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from ..findings import Finding


@dataclass
class Outcome:
    lines: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    failed: bool = False


def run_balance(*, folders: list[Path], out: Path, plots: bool = True, write: bool = True) -> Outcome:
    from ..write.files import write_atomic

    result = Outcome()
    reports = []
    # with plots for several games, workers start now and load matplotlib while this process validates
    pool = _pool(len(folders)) if plots and write else None
    try:
        _reports(folders, result, reports)
        if not write:
            return result
        made = _render_all(reports, pool) if plots else [{"balance.json": _json(r)} for r in reports]
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    for report, files in zip(reports, made):
        folder_out = out / report.game / "balance"
        for name, data in files.items():
            write_atomic(folder_out / name, data)
            result.written.append(folder_out / name)
    return result


def _reports(folders: list[Path], result: Outcome, reports: list) -> None:
    """Validate each game and compute its report (appended to ``reports``); what fails goes into ``result``."""
    from ..check.validate import check_game  # the data and rule checks; the build's asset hooks are not needed
    from .run import balance_report

    for folder in folders:
        game = check_game(folder)
        if not game.ok():
            result.findings += [f for f in game.findings if f.is_error]
            result.lines.append(f"{game.game_id}: does not validate; fix the errors above (printgen validate)")
            result.failed = True
            continue
        report, found = balance_report(game)
        result.findings += found
        if report is None:
            if any(f.is_error for f in found):
                result.failed = True
                result.lines.append(f"{game.game_id}: its combat model cannot be read; nothing written")
            else:
                result.lines.append(f"{game.game_id}: no combat model for system '{game.data.game.system}' "
                                    "(declare one in game.yaml combat:)")
            continue
        result.lines += summary_lines(report)
        reports.append(report)


def _warm() -> None:
    # a worker loads matplotlib and the report's modules once, before its first report arrives
    import matplotlib.backends.backend_pdf  # noqa: F401
    import matplotlib.figure  # noqa: F401

    from . import plots, run  # noqa: F401


def _nothing() -> None:
    return None


def _pool(games: int):
    """Two or more games and cores: a pool of forked workers, started at once (each loading matplotlib)."""
    workers = min(games, os.cpu_count() or 1)
    if workers < 2 or "fork" not in mp.get_all_start_methods():
        return None
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("fork"), initializer=_warm)
    for _ in range(workers):
        pool.submit(_nothing)  # a worker is started for each task submitted while none is idle
    return pool


def _render_all(reports: list, pool) -> list[dict[str, bytes]]:
    """Each report's files; with a pool, the plots of several games are drawn side by side (drawing them is
    most of the command's time). The files are the same bytes either way."""
    from .run import report_files

    if pool is None or len(reports) < 2:
        return [report_files(r) for r in reports]
    try:
        return list(pool.map(report_files, reports))
    except (BrokenProcessPool, pickle.PicklingError, AttributeError, TypeError):
        return [report_files(r) for r in reports]  # a report that cannot cross to a worker: draw them here


def _json(report) -> bytes:
    import json

    return json.dumps(report.to_dict(), indent=1).encode()


def summary_lines(report) -> list[str]:
    """A terminal summary: the units by value, and the clearest matchups."""
    lines = [f"{report.name} ({report.model.system}): {len(report.names)} units", f"  {report.model.summary}"]
    lines += [f"  assumes: {a}" for a in report.model.assumptions]
    lines.append(f"  {'unit':28} {'cost':>6} {'kill rate':>9} {'tough':>7} {'value':>7} {'off':>6}")
    for v in sorted(report.values, key=lambda v: -v.value):
        cost = "" if v.cost is None else f"{v.cost:g}"
        off = "" if v.off_by is None else f"{v.off_by:+.0%}"
        lines.append(f"  {v.name[:28]:28} {cost:>6} {v.offence:9.3f} {v.toughness:7.2f} {v.value:7.3f} {off:>6}")
    return lines
