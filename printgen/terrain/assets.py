"""The build's terrain assets, for a game whose game.yaml asks (``mesh: terrain: {...}``):
``terrain`` writes each map's tiles, plates (with previews) and bill files under
``terrain/<map>/``; ``terrain-bom`` prints each map's bill of materials page."""

from __future__ import annotations

import json
import pickle

from ..draw.facts import PrintFacts
from ..findings import error
from ..names import by_name, slug
from ..render.compose import finish
from .api import TerrainResult, make_terrain
from .page import bom_pages
from .plates import PlateError
from .tileset import TerrainError

_CACHE: dict[str, TerrainResult] = {}  # the paper asset reuses the mesh asset's work in one process
BILLS = "terrain-bills"  # ValidatedGame.shared: each map's bill of materials as validation worked it out, by _key
# ValidatedGame.shared: each map's terrain as validation made it (tiles, plates, bill; its files not yet written),
# by _key: the terrain target, in a worker other than the validation's, writes its files from it rather than
# making the meshes and packing the plates again (about 35 ms of heroscape-style's 0.1 s target; issue 41).
# Pickled (bytes): the game goes through the main process to every worker, and only the terrain target's
# unpickles the meshes (1.6 ms a time for heroscape-style's, three times a build when carried as objects)
MADE = "terrain-made"


def _key(data, name: str) -> str:
    """What a map's terrain is made from (its map, game.yaml, the terrain table), as one string."""
    mapdef = by_name(data.maps, name)
    return json.dumps([mapdef.model_dump(mode="json"), data.game.model_dump(mode="json"),
                       [t.model_dump(mode="json") for t in getattr(data, "terrain", [])]], sort_keys=True)


def _names(data) -> list[str]:
    conf = data.game.mesh.terrain
    if conf is None:
        return []
    return list(conf.maps) or [m.name for m in data.maps]


def _result(data, name: str, previews: bool, handed: dict | None = None) -> TerrainResult:
    """A map's terrain (the plate previews drawn only when asked for: validation does not need them).
    ``handed``: the terrains validation made (``MADE``), taken rather than made again."""
    key = _key(data, name)
    if key not in _CACHE:
        if len(_CACHE) > 16:
            _CACHE.clear()
        made = (handed or {}).get(key)
        if isinstance(made, bytes):  # pickled by this build's validation (check_terrain), as the game itself is
            made = pickle.loads(made)
        _CACHE[key] = made if isinstance(made, TerrainResult) else make_terrain(data=data, map_name=name,
                                                                                 previews=False)
    result = _CACHE[key]
    if not previews:
        # a build without previews writes none, whatever an earlier call drew (the files are encoded only
        # when read: the validation and the bill of materials read the plates and the bill alone)
        return TerrainResult(lambda: {k: v for k, v in result.files.items() if not k.endswith(".png")},
                             result.tileset, result.meshes, result.plates, result.bill)
    return result.with_previews()


def wants_terrain(data) -> bool:
    """The game asks for terrain plates (game.yaml ``mesh: terrain:``)."""
    return data.game.mesh.terrain is not None


def render_terrain(game, *, previews: bool = True) -> dict[str, bytes]:
    from ..deps import ReadLog

    handed = getattr(ReadLog.unwrapped(game), "shared", {}).get(MADE)
    files: dict[str, bytes] = {}
    for name in _names(game.data):
        for rel, blob in _result(game.data, name, previews, handed).files.items():
            files[f"terrain/{slug(name)}/{rel}"] = blob
    return files


def render_terrain_bom(game, spec) -> dict:
    out = {}
    from ..deps import ReadLog

    handed = getattr(ReadLog.unwrapped(game), "shared", {}).get(BILLS, {})
    for name in _names(game.data):
        # the bill validation worked out, when it was handed on: the tiles and plates are not made again
        # for a page that prints their counts (in a worker other than the validation's; issue 41)
        b = handed.get(_key(game.data, name)) or _result(game.data, name, False).bill
        pages = bom_pages(b, spec, f"{name}: terrain")
        out[f"terrain-bom-{slug(name)}"] = finish(pages, spec, game=game.data.game, title=f"bill of materials, {name}",
                                                       facts=PrintFacts(title=f"Terrain bill of materials: {name}"))
    return out


def check_terrain(game) -> list:
    """Every map game.yaml names exists, and its tiles can be built and fit the bed."""
    found = []
    conf = game.data.game.mesh.terrain
    if conf is None:
        return found
    for i, name in enumerate(_names(game.data)):
        where = game.source.loc(("game", "mesh", "terrain", "maps", i)) if conf.maps else \
            game.source.loc(("game", "mesh", "terrain"))
        if by_name(game.data.maps, name) is None:
            found.append(error("terrain-map", f"mesh: terrain: names map {name!r}, which does not exist (maps: "
                               f"{', '.join(m.name for m in game.data.maps)})", where))
            continue
        try:
            bill = _result(game.data, name, False).bill
        except (TerrainError, PlateError, ValueError) as exc:
            found.append(error("terrain", f"terrain of map {name!r}: {exc}", where))
        else:
            shared = getattr(game, "shared", None)
            if isinstance(shared, dict):  # handed on with the game to the build's workers (render_terrain_bom)
                key = _key(game.data, name)
                shared.setdefault(BILLS, {})[key] = bill
                made = _CACHE[key].unwritten() if key in _CACHE else None  # plain data: it pickles
                if made is not None:
                    shared.setdefault(MADE, {})[key] = pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)
    return found
