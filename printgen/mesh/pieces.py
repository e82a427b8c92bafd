"""From a game's declared pieces (or the stl command's options) to meshes.

Multi-level pieces are stacked tiles, the way hex terrain is built on the
table: level L of a region is every hex at level L or higher, one level
height thick, split into its connected parts. Each part prints flat, with
its own pockets, and stacks exactly on the part below.
"""

from __future__ import annotations

from ..hexgrid import Hex
from ..hexgrid.coords import canonical, components
from .polyhex import Mesh, MeshError, TileSpec, build_tile
from .shapes import ShapeError, parse_shape, region_levels


def tile_spec(game_config, *, levels: int = 1) -> TileSpec:
    """A TileSpec from game.yaml's hex and mesh settings, ``levels`` level heights high."""
    mesh = game_config.mesh
    return TileSpec(size=game_config.hex.size, orientation=game_config.hex.orientation, height=mesh.height * levels,
                    clearance=mesh.clearance, magnet=mesh.magnet, magnet_every=mesh.magnet_every,
                    chamfer=mesh.chamfer)


def stacked(levels: dict[Hex, int], spec: TileSpec) -> list[tuple[str, Mesh]]:
    """One mesh per distinct part of a map region's levels (a flat region is level 1 only).

    Every part is one level high, so parts with the same hexes up to a turn and a move on the lattice
    print the same: each distinct part is built once, named after its first place (``level2-1``) and,
    when it is needed more than once, suffixed with how many to print (``level1-4-x3``)."""
    top = max(levels.values())
    kinds: dict[tuple[Hex, ...], list] = {}  # canonical hexes -> [name, hexes, count], in first-seen order
    for level in range(1, top + 1):
        layer = [h for h, lv in levels.items() if lv >= level]
        parts = components(layer)
        for k, part in enumerate(parts, start=1):
            name = (f"level{level}-" if top > 1 else "") + (f"{k}" if len(parts) > 1 or top > 1 else "")
            entry = kinds.setdefault(canonical(part), [name.rstrip("-"), sorted(part), 0])
            entry[2] += 1
    return [(name + (f"-x{count}" if count > 1 else ""), build_tile(hexes, spec))
            for name, hexes, count in kinds.values()]


def piece_meshes(piece, data) -> list[tuple[str, Mesh]]:
    """(suffix, mesh) for one declared piece. Raises ShapeError or MeshError."""
    cfg = data.game
    if piece.shape.startswith("map:"):
        # A map region: every connected part of every level is its own tile, stacked on the one below.
        hexes = parse_shape(piece.shape, orientation=cfg.hex.orientation, data=data)
        levels = region_levels(piece.shape[4:], data)
        return stacked({h: levels.get(h, 1) for h in hexes}, tile_spec(cfg))
    hexes = parse_shape(piece.shape, orientation=cfg.hex.orientation, data=data)
    return [("", build_tile(hexes, tile_spec(cfg, levels=piece.levels)))]


def render_pieces(game, *, previews: bool = True) -> dict[str, bytes]:
    """Asset renderer for 3D pieces: relative path -> file bytes, in every format game.yaml asks for."""
    from ..names import slug
    from ..draw.document import Document
    from ..write.pdf import to_pdf
    from ..write.raster import pdf_pngs
    from .export import EXPORTERS
    from .preview import preview_page

    files: dict[str, bytes] = {}
    data = game.data
    for piece in data.pieces:
        for suffix, mesh in piece_meshes(piece, data):
            stem = slug(piece.name) + (f"-{suffix}" if suffix else "")
            for fmt in data.game.mesh.formats:
                files[f"{fmt}/{stem}.{fmt}"] = EXPORTERS[fmt](mesh, name=f"{data.game.name}: {piece.name}")
            if previews:
                page = preview_page(mesh, f"{piece.name} {suffix}".strip())
                # rasterised from PDF as the page previews are (pdfium: several times faster than cairosvg)
                (files[f"png/piece-{stem}.png"],) = pdf_pngs(to_pdf(Document(title=piece.name, pages=[page])), dpi=100)
    return files


def check_pieces(game) -> list:
    """Validation hook of the pieces asset: every declared piece can be built."""
    from ..findings import error

    found = []
    for i, piece in enumerate(game.data.pieces):
        try:
            piece_meshes(piece, game.data)
        except (ShapeError, MeshError) as exc:
            found.append(error("piece", f"piece '{piece.name}': {exc}", game.source.loc(("pieces", i, "shape"))))
    return found
