"""Rule packs, one per game system, found automatically: a plain registry dict, system id -> RulePack.

A pack is one folder: a package under printgen/packs/ whose ``PACK`` is its RulePack (models,
checks and assets inside it) registers by existing. A third party ships one as an installed
distribution with an entry point in the group ``printgen.packs`` naming the RulePack (or a module
with a ``PACK``), e.g. in its pyproject.toml::

    [project.entry-points."printgen.packs"]
    my-game = "my_game_pack:PACK"

Built-in packs come first, by folder name, then entry points by name; a system id already taken
keeps its first pack. A built-in pack's folder is its system id with ``_`` for ``-``
(``heroes_of_hex``: ``heroes-of-hex``), so a game's pack is imported alone, not every pack there is
(each pack's models take a few hundredths of a second to build).
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import MutableMapping
from importlib.metadata import entry_points
from typing import Iterable, Iterator

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


class _Packs(MutableMapping):
    """System id -> RulePack, found as ``discover`` finds them, but lazily: asking for a system whose
    built-in folder is named after it imports that pack alone; anything else (another system, the
    list, its length) discovers every pack once. Set and deleted entries (tests do) lie over both."""

    def __init__(self) -> None:
        self._all: dict[str, RulePack] | None = None
        self._one: dict[str, RulePack] = {}
        self._over: dict[str, RulePack | None] = {}  # set (a pack) or deleted (None) entries

    def _found(self) -> dict[str, RulePack]:
        if self._all is None:
            self._all = discover()
        found = {**self._all, **self._over}
        return {k: v for k, v in found.items() if v is not None}

    def __getitem__(self, system: str) -> RulePack:
        if system in self._over:
            if self._over[system] is None:
                raise KeyError(system)
            return self._over[system]
        if self._all is None and isinstance(system, str):
            if system not in self._one:
                folder = system.replace("-", "_")
                if folder.isidentifier() and any(m.name == folder and m.ispkg for m in pkgutil.iter_modules(__path__)):
                    pack = _as_pack(importlib.import_module(f"{__name__}.{folder}"))
                    if pack is not None and pack.system == system:
                        self._one[system] = pack
            if system in self._one:
                return self._one[system]
        return self._found()[system]

    def __setitem__(self, system: str, pack: RulePack) -> None:
        self._over[system] = pack

    def __delitem__(self, system: str) -> None:
        if system not in self:
            raise KeyError(system)
        self._over[system] = None

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())


PACKS: MutableMapping[str, RulePack] = _Packs()

__all__ = ["ENTRY_POINT_GROUP", "PACKS", "CheckContext", "RulePack", "discover"]
