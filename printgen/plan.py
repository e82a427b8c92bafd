"""Stage 4, plan: the output targets of a build.

A target is one asset of one game: a paper asset on one paper, a mesh asset
once per game. What it depends on is recorded as it renders (printgen.deps):
a rebuild redoes only the targets whose recorded inputs changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .asset import Asset
from .check import ValidatedGame
from .registry import assets_for


@dataclass(frozen=True)
class Target:
    game: ValidatedGame
    asset: Asset
    paper: str | None  # None for a mesh asset: built once, not per paper

    @property
    def key(self) -> str:
        return self.asset.name if self.paper is None else f"{self.asset.name}@{self.paper}"


def plan_build(games: list[ValidatedGame], *, papers: list[str]) -> list[Target]:
    """Every (game, asset, paper) target with something to draw, in a stable order: paper assets
    paper by paper, then mesh assets."""
    targets = []
    for game in games:
        assets = [a for a in assets_for(game).values() if a.wanted(game.data)]
        for asset in assets:
            for paper in papers if asset.kind == "paper" else [None]:
                targets.append(Target(game, asset, paper))
    return targets
