"""Stage 4, plan: the output targets of a build, each with a content hash of its inputs.

A target is one asset kind of one game on one paper. Its hash covers the
game's source files, the templates folder, printgen's version and the
target's own identity, so a rebuild redoes only targets whose inputs changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from . import __version__
from .check import ValidatedGame
from .render.maps import render_maps
from .render.tokens import render_tokens
from .mesh.pieces import render_pieces
from .rulebook.render import render_rulebook

# Asset kinds every game can have (they render nothing when the data has none).
COMMON_ASSETS: dict[str, Callable] = {
    "maps": render_maps,
    "tokens": render_tokens,
    "rulebook": render_rulebook,
}


# 3D assets: renderer(game) -> {relative path: bytes}; built once per game, not per paper.
MESH_ASSETS: dict[str, Callable] = {
    "pieces": render_pieces,
}
MESH_PAPER = "3d"


def assets_for(game: ValidatedGame) -> dict[str, Callable]:
    """Asset kind -> renderer for one game: the common kinds plus its rule pack's own."""
    return {**COMMON_ASSETS, **(game.pack.assets if game.pack else {})}


@dataclass(frozen=True)
class Target:
    game: ValidatedGame
    asset: str
    paper: str
    digest: str

    @property
    def key(self) -> str:
        return f"{self.asset}@{self.paper}"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """printgen's own code and fonts: a change to a renderer must rebuild what it renders."""
    h = hashlib.sha256(__version__.encode())
    root = Path(__file__).resolve().parent
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix in (".py", ".ttf", ".svg"):
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def _input_digest(game: ValidatedGame) -> str:
    h = hashlib.sha256()
    h.update(code_digest().encode())
    files = sorted(p for p in game.folder.iterdir() if p.suffix in (".yaml", ".yml"))
    templates = game.folder.parent.parent / "templates" / game.game_id
    if templates.is_dir():
        files += sorted(p for p in templates.rglob("*") if p.is_file())
    for p in files:
        h.update(str(p.name).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def plan_build(games: list[ValidatedGame], *, papers: list[str]) -> list[Target]:
    """Every (game, asset, paper) target, in a stable order."""
    targets = []
    for game in games:
        base = _input_digest(game)
        for asset in assets_for(game):
            for paper in papers:
                digest = hashlib.sha256(f"{base}:{asset}:{paper}".encode()).hexdigest()[:16]
                targets.append(Target(game, asset, paper, digest))
        if getattr(game.data, "pieces", None):
            for asset in MESH_ASSETS:
                digest = hashlib.sha256(f"{base}:{asset}".encode()).hexdigest()[:16]
                targets.append(Target(game, asset, MESH_PAPER, digest))
    return targets
