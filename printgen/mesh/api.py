"""The stl command's library call: one tile from a shape and options, as file bytes."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..model import defaults as D
from ..units import UnitError, parse_length, parse_magnet
from .checks import inspect
from .export import EXPORTERS
from .polyhex import Mesh, MeshError, TileSpec, build_tile
from .shapes import parse_shape

# A plain shape needs neither the game model nor pydantic (0.12 s of a 0.2 s run, issue 29): without a
# game the defaults are plain numbers, and map regions, which need a game, import the model themselves.
_NO_GAME_MESH = {"height": D.LEVEL_HEIGHT, "clearance": D.CLEARANCE, "magnet": None, "magnet_every": 1,
                 "chamfer": 0.0}


class TileResult(NamedTuple):
    files: dict[str, bytes]  # file name -> bytes (one per stacked level when a region has levels)
    meshes: list[Mesh]
    spec: TileSpec
    volumes: tuple[float, ...] = ()  # mm^3 of each mesh, as its checks measured it (not summed again)


def _within_limits(size: float, level_h: float, levels: int | None) -> None:
    """Hex size, level height and levels inside the limits table (else UnitError, a usage error)."""
    from ..limits import limit

    if not limit("min-hex-size") <= size <= limit("hex-size"):
        raise UnitError(f"a hex of {size:g} mm is outside {limit('min-hex-size'):g}-{limit('hex-size'):g} mm")
    if level_h > limit("mesh-height"):
        raise UnitError(f"a level of {level_h:g} mm is higher than the limit of {limit('mesh-height'):g} mm")
    if level_h < limit("min-mesh-height"):
        raise UnitError(f"a level of {level_h:g} mm is too thin to print; the minimum is "
                        f"{limit('min-mesh-height'):g} mm (limit min-mesh-height)")
    if levels is not None and levels > limit("mesh-levels"):
        raise UnitError(f"--levels {levels} is more than the limit of {limit('mesh-levels'):g} levels")


def make_tile(*, shape: str, out: Path, fmt: str | None = None, game=None, hex: str | None = None,
              orientation: str | None = None, height: str | None = None, levels: int | None = None,
              clearance: str | None = None, magnet: str | None = None, magnet_every: int | None = None,
              chamfer: str | None = None, piece_set: str | None = None) -> TileResult:
    """Build the tile(s) for ``shape``. Lengths are strings with units; unset options come from
    ``game`` (a validated game's data) or else the defaults of game.yaml's hex and mesh settings;
    ``piece_set`` (mesh.piece_set) builds a plain shape to a real set's geometry instead.
    Raises UnitError, ShapeError, MeshError."""
    if piece_set:
        return _real_tile(shape=shape, out=out, fmt=fmt, game=game, levels=levels, piece_set=piece_set,
                          others={"hex": hex, "orientation": orientation, "height": height, "clearance": clearance,
                                  "chamfer": chamfer, "magnet": magnet, "magnet_every": magnet_every})
    hex_size = game.game.hex.size if game is not None else D.HEX_SIZE
    hex_orientation = game.game.hex.orientation if game is not None else D.ORIENTATION
    mesh_cfg = game.game.mesh if game is not None else None
    mesh = (lambda key: getattr(mesh_cfg, key)) if mesh_cfg is not None else _NO_GAME_MESH.__getitem__
    fmt = fmt or (out.suffix.lstrip(".").lower() if out.suffix else "stl")
    if fmt not in EXPORTERS:
        raise UnitError(f"unknown format {fmt!r}; formats: {', '.join(EXPORTERS)}")
    size = parse_length(hex, allow_zero=False) if hex else hex_size
    orient = orientation or hex_orientation
    level_h = parse_length(height, allow_zero=False) if height else mesh("height")
    spec = TileSpec(
        size=size,
        orientation=orient,
        height=level_h * (levels or 1),
        clearance=parse_length(clearance) if clearance else mesh("clearance"),
        magnet=parse_magnet(magnet) if magnet else mesh("magnet"),
        magnet_every=magnet_every or mesh("magnet_every"),
        chamfer=parse_length(chamfer) if chamfer else mesh("chamfer"),
    )
    _within_limits(size, level_h, levels)
    meshes: list[tuple[str, Mesh]]
    if shape.startswith("piece:"):
        # a terrain piece standing on one hex (HexPrint's bunker, watchtower, ...), at this scale
        from .shapes import ShapeError
        from .terrain_pieces import PIECES, build_piece

        if shape[6:] not in PIECES:
            raise ShapeError(f"--shape {shape!r}: no terrain piece {shape[6:]!r}; pieces: {', '.join(PIECES)}")
        meshes = [("", build_piece(shape[6:], size=size, height=level_h, orientation=orient,
                                   clearance=spec.clearance))]
    elif shape.startswith("map:") and game is not None:
        # A map region: each connected part of each level is a tile one level high.
        from .pieces import stacked
        from .shapes import region_levels

        lv = region_levels(shape[4:], game)
        hexes = parse_shape(shape, orientation=orient, data=game)
        one = spec._replace(height=level_h)
        meshes = stacked({h: lv.get(h, 1) for h in hexes}, one)
    else:
        meshes = [("", build_tile(parse_shape(shape, orientation=orient, data=game), spec))]
    if any(suffix for suffix, _ in meshes):  # a region of named parts (or copies): all in the one file --out names
        meshes = [("", side_by_side(meshes))]
    files, volumes = {}, []
    for suffix, mesh in meshes:
        report = inspect(mesh)
        if not report.ok:  # never hand a slicer a broken mesh
            raise MeshError(f"internal error: the mesh failed its checks ({report}); please report this shape")
        name = out.name if not suffix else f"{out.stem}-{suffix}.{fmt}"
        files[name] = EXPORTERS[fmt](mesh, name=f"printgen {shape}")
        volumes.append(report.volume)
    return TileResult(files=files, meshes=[m for _, m in meshes], spec=spec, volumes=tuple(volumes))


def _real_tile(*, shape: str, out: Path, fmt: str | None, game, levels: int | None, piece_set: str,
               others: dict) -> TileResult:
    """A plain shape to a real piece set's geometry: ``levels`` levels of body under raised hex tops, a
    recess under each hex. Raises UnitError for an option the set decides, ShapeError for a shape
    that is not a plain one."""
    from ..limits import limit
    from .piece_set import piece_set as load_set
    from .shapes import ShapeError

    given = [k for k, v in others.items() if v is not None]
    if given:
        raise UnitError(f"--set {piece_set} decides the hex, level, clearance and top: drop "
                        + ", ".join("--" + k.replace("_", "-") for k in given))
    if shape.startswith(("piece:", "map:")):
        raise ShapeError(f"--set builds plain shapes (1, 2, 3, 7, 24, hexagon:R, rect:WxH, hex lists), not {shape!r}")
    if levels is not None and levels > limit("mesh-levels"):
        raise UnitError(f"--levels {levels} is more than the limit of {limit('mesh-levels'):g} levels")
    real = load_set(piece_set)
    spec = real.land_spec()
    spec = spec._replace(height=real.level * (levels or 1) + real.cap[1])
    fmt = fmt or (out.suffix.lstrip(".").lower() if out.suffix else "stl")
    if fmt not in EXPORTERS:
        raise UnitError(f"unknown format {fmt!r}; formats: {', '.join(EXPORTERS)}")
    mesh = build_tile(parse_shape(shape, orientation=spec.orientation, data=game), spec)
    report = inspect(mesh)
    if not report.ok:
        raise MeshError(f"internal error: the mesh failed its checks ({report}); please report this shape")
    return TileResult(files={out.name: EXPORTERS[fmt](mesh, name=f"printgen {shape} ({piece_set})")}, meshes=[mesh],
                      spec=spec, volumes=(report.volume,))


PART_GAP = 3.0  # mm between parts laid out in one file


def side_by_side(parts: list[tuple[str, Mesh]]) -> Mesh:
    """One mesh of every part (``name-xN``: N copies) in a row along x, ``PART_GAP`` mm apart, bottoms on
    z = 0: a region's stacked tiles as one printable file (each body stays closed, so the file checks)."""
    import re

    vertices: list = []
    faces: list = []
    pockets, x = 0, 0.0
    for name, mesh in parts:
        count = int(m.group(1)) if (m := re.search(r"-x(\d+)$", name)) else 1
        xs, ys, zs = zip(*mesh.vertices)
        for _ in range(count):
            base = len(vertices)
            dx, dy, dz = x - min(xs), -min(ys), -min(zs)
            vertices += [(vx + dx, vy + dy, vz + dz) for vx, vy, vz in mesh.vertices]
            faces += [(a + base, b + base, c + base) for a, b, c in mesh.faces]
            pockets += mesh.pockets
            x += max(xs) - min(xs) + PART_GAP
    return Mesh(vertices, faces, pockets)

