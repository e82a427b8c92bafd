"""`printgen print-lacking`'s files: the pieces a player lacks as STL tiles, print-bed plates, one
project 3MF holding every plate, a bill counting only printed pieces, and the build guide.

Pieces print to the real set's geometry (mesh.piece_set) so they sit on and beside real ones; a
piece larger than the bed prints in parts that pin together (mesh.split), listed as such."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .lack import FLUID_THICKNESS, Plan, guide_markdown, map_pieces, plan
from .pieces import FLUID, footprint

FALLBACK_COLOUR = "#b9a27a"
JOINT_TEXT = "pin-and-socket: push each part's pins into the sockets of the part next to it"


def parts_text(split: dict) -> str:
    """What the bill and the guide say of each piece printed in parts, and how they join."""
    def part(n: int, p) -> str:
        kinds = [k for k, _ in p.joints.values()]
        holds = [f"{kinds.count(k)} {k}{'s' if kinds.count(k) > 1 else ''}" for k in ("pin", "socket") if k in kinds]
        return f"part {n}: {len(p.hexes)} hexes, {' and '.join(holds)}"

    return "\n".join(f"- {name}: {len(parts)} parts ({'; '.join(part(n, p) for n, p in enumerate(parts, 1))}),"
                     f" joined by {sum(len(p.joints) for p in parts) // 2} pins on the hex sides where they meet; "
                     "slide them together along the pins" for name, parts in sorted(split.items()))


@dataclass
class LackResult:
    files: dict[str, bytes]
    plan: Plan
    bill: dict


SCALES = ("real", "game")  # the real set's pieces (mesh/piece_sets/heroscape.yaml), or the game's hex and level


def make_lacking(*, data, map_name: str, inventory: Counter, bed: tuple[float, float] = (256.0, 256.0),
                 gap: float = 3.0, material=None, scale: str = "real") -> LackResult:
    """Every file (paths relative to the map's folder). ``scale`` "real" prints pieces to the real
    set's geometry (they sit on and beside real tiles; a piece larger than the bed comes in parts that
    pin together), "game" at the game's hex size and level. Raises TerrainError for an unknown map,
    MeshError or PlateError with a message for the user."""
    from ..hexgrid.levels import read_stack
    from ..mesh.checks import inspect
    from ..mesh.export import to_stl
    from ..mesh.pieces import tile_spec
    from ..mesh.polyhex import MeshError
    from ..names import by_name, name_key
    from ..terrain.bom import Material, bill, to_csv, to_json, to_markdown
    from ..mesh.split import fit_angle, split_piece
    from ..terrain.plates import EDGE, centred, plate_kinds, turned
    from ..terrain.tileset import Kind, TerrainError, TileSet
    from ..tiling import Tile
    from ..mesh.project3mf import to_project_3mf

    material = material or Material()
    mapdef = by_name(data.maps, map_name)
    if mapdef is None:
        raise TerrainError(f"no map named {map_name!r} (maps: {', '.join(m.name for m in data.maps)})")
    cfg = data.game
    stack = read_stack(mapdef.layout, mapdef.layers, mapdef.orientation or cfg.hex.orientation, mapdef.empty, mapdef.notation)
    pl = plan(map_pieces(mapdef, stack), inventory)
    if scale not in SCALES:
        raise TerrainError(f"unknown scale {scale!r}; scales: {', '.join(SCALES)}")
    if scale == "real":  # the real set's hex, level, raised hex tops and the recesses that stack them
        from ..mesh.piece_set import piece_set

        spec, fluid_spec = piece_set().land_spec(), piece_set().fluid_spec()
    else:
        spec = tile_spec(cfg)
        from ..model.game import TerrainSpec

        conf = cfg.mesh.terrain or TerrainSpec()
        if conf.grid:  # each hex shows on the top, as a real land tile's hexes do (and as printgen terrain's)
            spec = spec._replace(groove=conf.groove, chamfer=0.0)
        fluid_spec = spec._replace(height=FLUID_THICKNESS, magnet=None, groove=None)
    colour_of = {name_key(t.name): t.colour for t in getattr(data, "terrain", [])}
    # the legend's name for each canonical terrain (Lava -> Molten Lava), for colours
    legend_terrain = {name_key(e.terrain) for e in mapdef.legend.values()}
    from .convert import ALIASES

    def colour(terrain: str) -> str:
        for n in ALIASES.get(terrain, [terrain]):
            if name_key(n) in colour_of and (name_key(n) in legend_terrain or n == terrain):
                return colour_of[name_key(n)]
        return colour_of.get(name_key(terrain), FALLBACK_COLOUR)

    kinds: dict[str, Kind] = {}
    for p in pl.placed:
        if p.owned or not p.printable:
            continue
        k = kinds.setdefault(p.piece.name, Kind(footprint(p.piece.shape, 0), p.piece.terrain, p.piece.name))
        k.placed.append(Tile(p.piece.name, p.rotation, p.level, p.piece.terrain, p.hexes))
    ordered = sorted(kinds.values(), key=lambda k: (-len(k.hexes), k.terrain, k.label))
    room = (bed[0] - 2 * EDGE, bed[1] - 2 * EDGE)
    files: dict[str, bytes] = {}
    meshes, colours, volumes, printed, split = [], [], [], [], {}
    for kind in ordered:
        fluid = next(p for p in pl.placed if p.piece.name == kind.label).piece.role == FLUID
        parts = split_piece(kind.hexes, fluid_spec if fluid else spec, room)
        if len(parts) > 1:
            split[kind.label] = parts
        for n, part in enumerate(parts, start=1):
            label = kind.label if len(parts) == 1 else f"{kind.label} part {n} of {len(parts)}"
            stem = kind.label if len(parts) == 1 else f"{kind.label}-part{n}"
            mesh = centred(turned(part.mesh, fit_angle(part.mesh, room)))
            report = inspect(mesh)
            if not report.ok:
                raise MeshError(f"internal error: the {label} tile failed its checks ({report})")
            printed.append(Kind(part.hexes, kind.terrain, label, list(kind.placed)))
            meshes.append(mesh)
            colours.append(colour(kind.terrain))
            volumes.append(mesh.volume)
            files[f"tiles/{stem}.stl"] = to_stl(mesh, name=label)
    ordered = printed
    tileset = TileSet(mapdef.name, "pieces", ordered)
    plates, plates_of = plate_kinds(ordered, meshes, bed, gap)
    title = f"{cfg.name}: {mapdef.name}"
    project = []
    for n, plate in enumerate(plates, start=1):
        objects = [(f"{ordered[p.kind].label} #{p.copy + 1}", turned(meshes[p.kind], p.angle, p.x, p.y),
                    colours[p.kind]) for p in plate]
        # a project of its own: named objects and filaments on one bed, as every slicer slices it
        files[f"plates/plate-{n}.3mf"] = to_project_3mf([objects], bed=bed, title=f"{title}, plate {n}",
                                                        material=material.name)
        project.append(objects)
    if project:
        files["project.3mf"] = to_project_3mf(project, bed=bed, title=title, material=material.name)
    b = bill(tileset, volumes, plates_of, material=material, game=cfg.name)
    b["owned"] = [{"piece": k, "count": n} for k, n in sorted(pl.owned.items())]
    b["parts"] = [{"piece": k, "parts": len(v), "joints": sum(len(p.joints) for p in v) // 2,
                   "joint": JOINT_TEXT} for k, v in sorted(split.items())]
    b["lacking_not_printable"] = [{"piece": k, "count": n} for k, n in sorted(pl.unprintable.items())]
    files["bom.json"] = to_json(b)
    files["bom.csv"] = to_csv(b)
    md = to_markdown(b)
    md = md.decode("utf-8") if isinstance(md, bytes) else md
    if pl.owned:
        md += "\nFrom your boxes (not printed): " + ", ".join(f"{n} x {k}" for k, n in sorted(pl.owned.items())) + "\n"
    if pl.unprintable:
        md += ("\nLacking, no flat tile (trees, ruins, walls): "
               + ", ".join(f"{n} x {k}" for k, n in sorted(pl.unprintable.items())) + "\n")
    if split:
        md += "\n" + parts_text(split) + "\n"
    files["bom.md"] = md.encode("utf-8")
    guide = guide_markdown(f"{cfg.name}: {mapdef.name}", pl)
    if split:
        guide += "\n## Pieces printed in parts\n\n" + parts_text(split) + "\n"
    files["guide.md"] = guide.encode("utf-8")
    return LackResult(files, pl, b)
