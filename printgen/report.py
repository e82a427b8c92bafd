"""How validation results are shown: a registry of reporters, format name -> function."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # the CLI imports this registry for its choices; --help must not load the checker
    from .check import ValidatedGame
from .findings import Severity


def _counts(result: ValidatedGame) -> tuple[int, int]:
    errors = sum(1 for f in result.findings if f.severity is Severity.ERROR)
    return errors, len(result.findings) - errors


def report_text(results: list[ValidatedGame], *, strict: bool = False) -> str:
    lines = []
    for result in results:
        lines += [f.format() for f in result.findings]
    for result in results:
        errors, warnings = _counts(result)
        if strict:
            errors, warnings = errors + warnings, 0
        verdict = "ok" if errors == 0 else "FAILED"
        lines.append(f"{result.game_id}: {verdict} ({errors} error{'s' * (errors != 1)}, "
                     f"{warnings} warning{'s' * (warnings != 1)})")
    return "\n".join(lines)


def report_json(results: list[ValidatedGame], *, strict: bool = False) -> str:
    games = []
    for result in results:
        errors, warnings = _counts(result)
        games.append({
            "game": result.game_id,
            "folder": str(result.folder),
            "ok": result.ok(strict=strict),
            "errors": errors,
            "warnings": warnings,
            "findings": [f.to_dict() for f in result.findings],
        })
    return json.dumps({"games": games}, indent=2, ensure_ascii=False)


REPORTERS: dict[str, Callable[..., str]] = {
    "text": report_text,
    "json": report_json,
}
