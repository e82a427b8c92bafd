"""`printgen balance`: each game's matchup odds and value per point, printed and written as JSON, an HTML
page and a PDF under <out>/<game-id>/balance/. Exit 1 when a game does not validate or its combat
model cannot be read (located findings, nothing written for it)."""

from __future__ import annotations

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
    from ..check.validate import check_game  # the data and rule checks; the build's asset hooks are not needed
    from ..write.files import write_atomic
    from .run import balance_report, report_files

    result = Outcome()
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
        if write:
            files = report_files(report) if plots else {"balance.json": _json(report)}
            folder_out = out / report.game / "balance"
            for name, data in files.items():
                write_atomic(folder_out / name, data)
                result.written.append(folder_out / name)
    return result


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
