"""`printgen terrain`'s library call: a map's tile set as unique tiles, plates and a bill of materials."""

from __future__ import annotations

import threading
from typing import Callable

from ..mesh.checks import inspect
from ..mesh.export import to_stl
from ..mesh.project3mf import to_project_3mf
from ..mesh.pieces import tile_spec
from ..mesh.polyhex import Mesh, MeshError, build_tile
from ..names import by_name, name_key, slug
from .bom import Material, bill, to_csv, to_json, to_markdown
from .plates import Placed, lay_flat, plate_kinds, turned
from .tileset import TIME_LIMIT, Kind, TileSet, TerrainError, build_tileset

FALLBACK_COLOUR = "#b9a27a"
_ENCODING = threading.RLock()  # a result's files are encoded once, by one thread


class TerrainResult:
    """One map's terrain: its tile set, meshes, plates and bill, and its files (relative path -> bytes).

    The files are written out (STL, 3MF, the bill's JSON, CSV and Markdown) the first time ``files`` is
    read: validating a map and printing its bill need the plates and the bill, not the files, which
    cost as much again to encode."""

    def __init__(self, files: dict[str, bytes] | Callable[[], dict[str, bytes]], tileset: TileSet,
                 meshes: list[Mesh], plates: list[list[Placed]], bill: dict,
                 plate_previews: Callable[[], dict[str, bytes]] | None = None, made: "_Files | None" = None) -> None:
        self._files, self._make_files = (None, files) if callable(files) else (files, None)
        self.tileset = tileset
        self.meshes = meshes  # one per kind: centred, flat, turned to its smallest box
        self.plates = plates
        self.bill = bill
        # the plates' PNG previews (path -> bytes), drawn on demand: validating a map needs its plates,
        # not their pictures, which are half the work
        self.plate_previews = plate_previews
        self.made = made  # what make_terrain wrote its files from (``unwritten``)

    @property
    def files(self) -> dict[str, bytes]:
        if self._files is None:
            with _ENCODING:  # one thread encodes (the studio may draw from more than one); the others wait
                if self._files is None:
                    self._files, self._make_files = self._make_files(), None
        return self._files

    def unwritten(self) -> "TerrainResult | None":
        """This result as make_terrain made it, its files not written yet: plain data that pickles (a build's
        validation hands it on); None for a result not made by make_terrain."""
        if self.made is None:
            return None
        return TerrainResult(self.made.encoded, self.tileset, self.meshes, self.plates, self.bill,
                             self.made.plate_previews, self.made)

    def with_previews(self) -> "TerrainResult":
        """This result with its plate previews among its files (drawn once)."""
        if self.plate_previews is not None:
            self.files.update(self.plate_previews())
            self.plate_previews = None
        return self


def plate_objects(result_meshes: list[Mesh], plate: list[Placed], names: list[str], colours: list[str]):
    """(name, mesh at its place on the bed, colour) for each tile of a plate."""
    return [(f"{names[p.kind]} #{p.copy + 1}", turned(result_meshes[p.kind], p.angle, p.x, p.y), colours[p.kind])
            for p in plate]


def standing_pieces(data, mapdef, spec) -> dict:
    """Terrain that stands on its hex's tile and rises two levels or more above it (HexPrint's bunker,
    watchtower, rock overhang: a terrain ``height`` of 2+ whose name is a printgen piece) -> (how many
    hexes of the map show it, its mesh): printed once each, to stand on the tiles (issue 29)."""
    from collections import Counter

    from ..mesh.terrain_pieces import PIECES, build_piece
    from .tileset import map_cells

    tall = {name_key(t.name): slug(t.name) for t in getattr(data, "terrain", [])
            if isinstance(getattr(t, "height", None), int) and t.height >= 2 and slug(t.name) in PIECES}
    if not tall:
        return {}
    top: dict = {}
    for (h, lv), terrain in map_cells(mapdef, data.game).items():
        if lv >= top.get(h, (0, ""))[0]:
            top[h] = (lv, terrain)
    counts = Counter(tall[name_key(t)] for _, t in top.values() if name_key(t) in tall)
    return {name: (n, build_piece(name, size=spec.size, height=spec.height, orientation=spec.orientation,
                                  clearance=spec.clearance)) for name, n in sorted(counts.items())}


def _kind_meshes(kind, spec, bed: tuple[float, float], *, split: bool):
    """(label, file-name suffix, mesh laid flat, hexes) of one tile kind: itself, or with ``split`` its
    parts when it does not fit the bed (mesh.split), each turned to fit."""
    if not split:
        return [(kind.label, "", lay_flat(build_tile(list(kind.hexes), spec)), kind.hexes)]
    from ..mesh.split import fit_angle, split_piece
    from .plates import EDGE, centred, turned

    room = (bed[0] - 2 * EDGE, bed[1] - 2 * EDGE)
    parts = split_piece(kind.hexes, spec, room)
    if len(parts) == 1:
        return [(kind.label, "", centred(turned(parts[0].mesh, fit_angle(parts[0].mesh, room))), kind.hexes)]
    return [(f"{kind.label} part {n} of {len(parts)}", f"-part{n}", centred(turned(p.mesh, fit_angle(p.mesh, room))),
             p.hexes) for n, p in enumerate(parts, start=1)]


class _Files:
    """What a map's terrain files are written from, kept until they are read (``TerrainResult.files``): plain
    data, so a result not yet encoded pickles whole (a build's validation hands it on: terrain/assets.py)."""

    def __init__(self, stls: list[tuple[str, Mesh, str]], meshes: list[Mesh], plates: list[list[Placed]],
                 names: list[str], colours: list[str], bed: tuple[float, float], title: str, material: str,
                 standing: dict, bill: dict, pdf: bytes | None, paper: str | None) -> None:
        self.stls, self.meshes, self.plates, self.names, self.colours = stls, meshes, plates, names, colours
        self.bed, self.title, self.material, self.standing, self.bill = bed, title, material, standing, bill
        self.pdf, self.paper = pdf, paper

    def plate_previews(self) -> dict[str, bytes]:
        from .preview import plate_png

        plates, bed, title = self.plates, self.bed, self.title
        out = {}
        for n, plate in enumerate(plates, start=1):
            objects = plate_objects(self.meshes, plate, self.names, self.colours)
            out[f"plates/plate-{n}.png"] = plate_png(
                [(str(i + 1), m, c) for i, (_, m, c) in enumerate(objects)], bed,
                f"{title}: plate {n} of {len(plates)} ({len(plate)} tiles, {bed[0]:g} x {bed[1]:g} mm)")
        return out

    def encoded(self) -> dict[str, bytes]:
        """Every file but the plate previews, in the order the bill and a listing show them."""
        bed, title, standing, b = self.bed, self.title, self.standing, self.bill
        files = {path: to_stl(mesh, name=name) for path, mesh, name in self.stls}
        project = []
        written: dict = {}  # each plate's meshes as 3MF text: its own file's, again in the project of every plate
        for n, plate in enumerate(self.plates, start=1):
            objects = plate_objects(self.meshes, plate, self.names, self.colours)
            # a project of its own: named objects and filaments on one bed, as every slicer slices it
            files[f"plates/plate-{n}.3mf"] = to_project_3mf([objects], bed=bed, title=f"{title}, plate {n}",
                                                            material=self.material, memo=written)
            project.append(objects)
        if project:  # every plate in one file, with the slicers' filament and colour metadata (issue 29)
            files["project.3mf"] = to_project_3mf(project, bed=bed, title=title, material=self.material, memo=written)
        for name, (count, mesh) in standing.items():
            files[f"pieces/{name}.stl"] = to_stl(mesh, name=name)
        files["bom.json"] = to_json(b)
        files["bom.csv"] = to_csv(b)
        files["bom.md"] = to_markdown(b)
        if standing:  # what stands on the tiles, printed apart
            md = files["bom.md"].decode("utf-8") if isinstance(files["bom.md"], bytes) else files["bom.md"]
            md += ("\nStanding on the tiles (pieces/): "
                   + ", ".join(f"{n} x {name}" for name, (n, _) in standing.items()) + "\n")
            files["bom.md"] = md.encode("utf-8") if isinstance(files["bom.md"], bytes) else md
        if self.pdf is not None:
            files[f"bom-{self.paper}.pdf"] = self.pdf
        return files


def make_terrain(*, data, map_name: str, bed: tuple[float, float] | None = None, gap: float | None = None,
                 tiles: str | None = None, grid: bool | None = None, groove: tuple[float, float] | None = None,
                 dots: tuple[float, float] | None = None,
                 material: Material = Material(), inventory=None, previews: bool = True, time_limit: float = TIME_LIMIT,
                 page_spec=None, piece_set: str | None = None) -> TerrainResult:
    """Every file of one map's terrain (paths relative to the map's folder), all lengths in mm:
    ``tiles/<terrain>-<shape>.stl`` per distinct tile, ``plates/plate-<n>.3mf`` (and ``.png``
    previews), ``bom.json``, ``bom.csv``, ``bom.md`` (and ``bom-<paper>.pdf`` given a page spec).
    Options left None come from game.yaml ``mesh: terrain:`` (TerrainSpec's defaults without it).
    ``piece_set`` (mesh.piece_set) prints the tiles to a real set's geometry instead of the game's hex
    and level, a tile larger than the bed in parts that pin together (``<stem>-part<n>.stl``).
    Raises TerrainError, MeshError or PlateError with a message for the user."""
    from ..model.game import TerrainSpec
    from .plates import PlateError

    conf = data.game.mesh.terrain or TerrainSpec()
    bed = bed or conf.bed
    gap = conf.gap if gap is None else gap
    tiles = tiles or conf.tiles
    grid = conf.grid if grid is None else grid
    groove = groove or conf.groove
    dots = dots or conf.dots

    mapdef = by_name(data.maps, map_name)
    if mapdef is None:
        raise TerrainError(f"no map named {map_name!r} (maps: {', '.join(m.name for m in data.maps)})")
    if gap < 0:
        raise PlateError("the gap between tiles cannot be negative")
    cfg = data.game
    spec = tile_spec(cfg)
    if grid:
        spec = spec._replace(groove=groove, chamfer=0.0)  # the grid's bevel takes the chamfer's place
    if dots:
        from ..mesh.engrave import check_dot

        spec = spec._replace(dot=dots)
        check_dot(spec)  # before any tile is built: one clear message for the whole map
    tileset = build_tileset(mapdef, cfg, mode=tiles, inventory=inventory, time_limit=time_limit)
    colour_of = {name_key(t.name): t.colour for t in getattr(data, "terrain", [])}
    meshes, names, colours, volumes = [], [], [], []
    stls: list[tuple[str, Mesh, str]] = []  # (path, mesh, its name inside the file): encoded with the files
    used_names: set[str] = set()
    # Fluid terrain (water, lava, ice: no height of its own in the rules, a level cell of its own on
    # the tile under it) prints as a thin overlay, not as a land tile (issue 29). HexPrint's height-0
    # water is not such a cell: its hex's level counts the land tile under the water, so its tile
    # stays one level high (printgen stl --shape piece:water makes the sheet to lay on it).
    from ..mesh.terrain_pieces import FLUID_THICKNESS

    fluid = {name_key(t.name) for t in getattr(data, "terrain", []) if getattr(t, "fluid", False) is True}
    thin = spec._replace(height=FLUID_THICKNESS, magnet=None, chamfer=min(spec.chamfer, FLUID_THICKNESS / 4))
    if piece_set:  # the real set's hex, level, raised hex tops and the recesses that stack them
        from ..mesh.piece_set import piece_set as load_set

        real = load_set(piece_set)
        spec, thin = real.land_spec(), real.fluid_spec()
    printed = []
    for kind in tileset.kinds:
        for label, part, mesh, hexes in _kind_meshes(kind, thin if name_key(kind.terrain) in fluid else spec, bed,
                                              split=bool(piece_set)):
            report = inspect(mesh)
            if not report.ok:  # never hand a slicer a broken mesh
                raise MeshError(f"internal error: the {label} {kind.terrain} tile failed its checks ({report})")
            stem = f"{slug(kind.terrain)}-{slug(kind.label)}" + ("hex" if kind.label.isdigit() else "") + part
            base, k = stem, 2
            while stem in used_names:
                stem, k = f"{base}-{k}", k + 1
            used_names.add(stem)
            printed.append(kind if not part else Kind(hexes, kind.terrain, label, list(kind.placed)))
            meshes.append(mesh)
            names.append(stem)
            colours.append(colour_of.get(name_key(kind.terrain), FALLBACK_COLOUR))
            volumes.append(mesh.volume)
            stls.append((f"tiles/{stem}.stl", mesh, f"{kind.terrain} {label}"))
    if len(printed) != len(tileset.kinds):  # parts are kinds of their own on the plates and in the bill
        tileset = TileSet(tileset.map_name, tileset.mode, printed, tileset.tiling)
    # which plate each copy landed on, to list plates per kind and level in the bill
    plates, plates_of = plate_kinds(tileset.kinds, meshes, bed, gap)
    title = f"{cfg.name}: {mapdef.name}"

    missing = tileset.tiling.missing if tileset.tiling else {}
    b = bill(tileset, volumes, plates_of, material=material, game=cfg.name, missing=missing)
    # a standing piece is so many levels high: the real set's level, not its land tile's raised top
    standing = standing_pieces(data, mapdef, spec._replace(height=real.level) if piece_set else spec)
    b["pieces"] = [{"piece": name, "count": count, "volume_cm3": round(mesh.volume / 1000, 2)}
                   for name, (count, mesh) in standing.items()]
    pdf = None
    if page_spec is not None:
        from ..render.compose import finish
        from ..write.pdf import to_pdf
        from .page import bom_pages

        doc = finish(bom_pages(b, page_spec, f"{mapdef.name}: terrain"), page_spec, game=cfg,
                     title=f"bill of materials, {mapdef.name}")
        pdf = to_pdf(doc)

    made = _Files(stls, meshes, plates, names, colours, bed, title, material.name, standing, b, pdf,
                  page_spec.paper if page_spec is not None else None)
    result = TerrainResult(made.encoded, tileset, meshes, plates, b, made.plate_previews, made)
    return result.with_previews() if previews else result
