"""`printgen preflight` as a library call: every game validated and every printed page drawn in memory and
checked, as a build would draw it, with nothing written (the build itself: printgen.build)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .build import render_target
from .check import ValidatedGame
from .findings import Finding
from .plan import plan_build
from .project import Project, validate_game


def preflight_games(*, folders: list[Path], papers: list[str], project: Project | None = None,
                    profiles: list[str] | None = None) -> list[ValidatedGame]:
    """Every game validated, then every paper target drawn in memory and preflighted, and the files of its
    print profiles (``profiles``, else game.yaml's) made in memory and checked; nothing is written.
    Each game comes back with its validation findings and then its preflight findings (a game with errors
    is not drawn)."""

    from .editions.edition import editions_of

    out = []
    for folder in folders:
        for game in editions_of(validate_game(folder, project=project)):  # game.yaml languages: each looked at
            found: list[Finding] = []
            if game.ok():
                for target in plan_build([game], papers=papers):
                    if target.asset.kind == "paper":
                        found += render_target(target, previews=False, draw_only=True).findings
                found += profile_findings(game, profiles)
            out.append(replace(game, findings=[*game.findings, *found]))
    return out


def profile_findings(game: ValidatedGame, profiles: list[str] | None) -> list[Finding]:
    """What the files of ``game``'s print profiles (``profiles``, else game.yaml's; home is the paper
    targets) report, made in memory: the shop files' safe zone and inks (publish/shop.py)."""
    from .publish.shop import PROFILE_CHECKS

    found: list[Finding] = []
    for name in profiles or game.data.game.print.profile:
        check = PROFILE_CHECKS.get(name)
        if check is not None:
            found += [f for f in (Finding.from_dict(d) for d in check(game)) if f not in found]
    return found
