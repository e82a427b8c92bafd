"""Rule packs, one per game system, found automatically: a plain registry dict, system id -> RulePack.

A pack is one folder: a package under printgen/packs/ whose ``PACK`` is its RulePack (models,
checks and assets inside it) registers by existing. A third party ships one as an installed
distribution with an entry point in the group ``printgen.packs`` naming the RulePack (or a module
with a ``PACK``), e.g. in its pyproject.toml::

    [project.entry-points."printgen.packs"]
    my-game = "my_game_pack:PACK"

Built-in packs come first, by folder name, then entry points by name; a system id already taken
keeps its first pack.
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from importlib.metadata import entry_points
from typing import Iterable

from .base import CheckContext, RulePack

ENTRY_POINT_GROUP = "printgen.packs"


def _as_pack(obj) -> RulePack | None:
    pack = getattr(obj, "PACK", obj)
    return pack if isinstance(pack, RulePack) else None


def discover(paths: Iterable[str] | None = None, *, group: str = ENTRY_POINT_GROUP) -> dict[str, RulePack]:
    """System id -> RulePack for every pack folder on ``paths`` (default: this package's) and every
    entry point of ``group``. A third-party pack that fails to load is left out with a warning."""
    found: dict[str, RulePack] = {}

    def add(pack: RulePack | None, where: str) -> None:
        if pack is None:
            warnings.warn(f"printgen: {where} has no RulePack (a PACK); left out", stacklevel=3)
        elif pack.system in found:
            warnings.warn(f"printgen: {where} registers system '{pack.system}' again; the first one stays",
                          stacklevel=3)
        else:
            found[pack.system] = pack

    for info in sorted(pkgutil.iter_modules(list(paths or __path__)), key=lambda m: m.name):
        if info.ispkg:
            add(_as_pack(importlib.import_module(f"{__name__}.{info.name}")), f"printgen/packs/{info.name}")
    for ep in sorted(entry_points(group=group), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:  # an installed third-party pack must not stop printgen for every game
            warnings.warn(f"printgen: the pack entry point '{ep.name}' ({ep.value}) does not load: {exc}",
                          stacklevel=2)
            continue
        add(_as_pack(obj), f"the pack entry point '{ep.name}' ({ep.value})")
    return found


PACKS: dict[str, RulePack] = discover()

__all__ = ["ENTRY_POINT_GROUP", "PACKS", "CheckContext", "RulePack", "discover"]
