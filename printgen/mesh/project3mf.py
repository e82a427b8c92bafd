"""3MF projects for PrusaSlicer and Bambu Studio / OrcaSlicer: one per plate, and one holding every
plate.

PrusaSlicer before 2.9 has one bed: a project whose plates lie side by side is sliced as one
print that reaches far past the bed (issue 39: a 7-plate project's G-code reached X = 2098 mm, 8
or more gave "No layers were detected"). So each plate is also a project of its own
(``plates/plate-<k>.3mf``), its objects on that one bed, which any slicer slices as it is.

The project of every plate is laid out as Bambu Studio and OrcaSlicer lay their plates (their
PartPlate.cpp, ``PartPlateList::compute_origin``): plate i (0-based) in column ``i % cols``, row
``i // cols`` with ``cols = ceil(sqrt(plates))``, ``1.2`` bed widths right and ``1.2`` bed depths
down (negative y) per step, and each plate lists its objects.

Beside the core model, the slicers' own metadata:

- ``Metadata/Slic3r_PE_model.config`` (PrusaSlicer): each object's name and extruder;
- ``Metadata/Slic3r_PE.config`` (PrusaSlicer): one filament per terrain, its colour
  (``filament_colour``, ``extruder_colour``) and a nozzle for each;
- ``Metadata/model_settings.config`` (Bambu Studio, OrcaSlicer): each object's name and filament,
  and the plates, each listing its objects;
- ``Metadata/project_settings.config`` (Bambu Studio, OrcaSlicer, JSON): the filaments' colours
  and types.
Deterministic bytes: fixed zip times, sorted colours.
"""

from __future__ import annotations

import io
import json
import math
import zipfile

from .export import _CONTENT_TYPES, _RELS, escape, quoteattr  # noqa: F401 (escape, quoteattr: re-exported)
from .polyhex import Mesh


PLATE_STEP = 1.2  # from one plate to the next, in bed widths (or depths): Bambu's 1 + 1/5 gap


def plate_offset(k: int, bed: tuple[float, float], plates: int) -> tuple[float, float]:
    """Where plate ``k`` (0-based) of ``plates`` lies, (x, y) mm: Bambu Studio's grid of plates."""
    cols = max(1, math.ceil(math.sqrt(plates)))
    return (k % cols) * bed[0] * PLATE_STEP, -(k // cols) * bed[1] * PLATE_STEP


def _mesh_text(mesh: Mesh, dx: float, dy: float, memo: dict | None) -> tuple[str, str]:
    """A mesh's <vertex> lines (moved by ``dx``, ``dy`` mm) and <triangle> lines. ``memo``: the texts already
    written for a mesh's vertex or face list (by its id, the list kept beside so that its id stays its own)
    and move: a map's plates are written once each and again in the project of every plate (the first plate
    unmoved), and every copy of a tile shares its kind's faces."""
    key = (id(mesh.vertices), dx, dy, math.copysign(1.0, dx), math.copysign(1.0, dy))  # -0.0 is a move of its own
    got = memo.get(key) if memo is not None else None
    if got is not None and got[0] is mesh.vertices:
        verts = got[1]
    else:
        verts = "\n".join(f'<vertex x="{x + dx:.4f}" y="{y + dy:.4f}" z="{z:.4f}"/>' for x, y, z in mesh.vertices)
        if memo is not None:
            memo[key] = (mesh.vertices, verts)
    got = memo.get(id(mesh.faces)) if memo is not None else None
    if got is not None and got[0] is mesh.faces:
        tris = got[1]
    else:
        tris = "\n".join(f'<triangle v1="{a}" v2="{b}" v3="{c}"/>' for a, b, c in mesh.faces)
        if memo is not None:
            memo[id(mesh.faces)] = (mesh.faces, tris)
    return verts, tris


def to_project_3mf(plates: list[list[tuple[str, Mesh, str]]], *, bed: tuple[float, float], title: str,
                   material: str = "PLA", memo: dict | None = None) -> bytes:
    """``plates``: per plate, (object name, mesh placed on that plate's bed in mm, colour "#rrggbb").
    One plate: a project a slicer slices as it is, every object on the bed. ``memo``: a dict the caller keeps
    while it writes several projects of the same meshes (see _mesh_text), none by default."""
    memo = memo if memo is not None else {}
    colours = sorted({c.upper() for plate in plates for _, _, c in plate})
    filament = {c: i + 1 for i, c in enumerate(colours)}  # 1-based, as both slicers count
    objects, items, prusa, bambu_objects, bambu_plates = [], [], [], [], []
    oid = 2  # id 1: the colours, as the core spec's base materials (any 3MF viewer shows them)
    for k, plate in enumerate(plates):
        dx, dy = plate_offset(k, bed, len(plates))
        members = []
        for name, mesh, colour in plate:
            verts, tris = _mesh_text(mesh, dx, dy, memo)
            objects.append(f'<object id="{oid}" type="model" name={quoteattr(name)} pid="1" '
                           f'pindex="{filament[colour.upper()] - 1}">\n<mesh>\n<vertices>\n{verts}\n'
                           f"</vertices>\n<triangles>\n{tris}\n</triangles>\n</mesh>\n</object>\n")
            items.append(f'<item objectid="{oid}" printable="1"/>')
            ext = filament[colour.upper()]
            prusa.append(f' <object id="{oid}" instances_count="1">\n'
                         f'  <metadata type="object" key="name" value={quoteattr(name)}/>\n'
                         f'  <metadata type="object" key="extruder" value="{ext}"/>\n'
                         f'  <volume firstid="0" lastid="{len(mesh.faces) - 1}">\n'
                         f'   <metadata type="volume" key="name" value={quoteattr(name)}/>\n'
                         f'  </volume>\n </object>\n')
            bambu_objects.append(f'  <object id="{oid}">\n    <metadata key="name" value={quoteattr(name)}/>\n'
                                 f'    <metadata key="extruder" value="{ext}"/>\n'
                                 f'    <part id="1" subtype="normal_part">\n'
                                 f'      <metadata key="name" value={quoteattr(name)}/>\n    </part>\n  </object>\n')
            members.append(oid)
            oid += 1
        inst = "".join(f'    <model_instance>\n      <metadata key="object_id" value="{m}"/>\n'
                       f'      <metadata key="instance_id" value="0"/>\n    </model_instance>\n' for m in members)
        bambu_plates.append(f'  <plate>\n    <metadata key="plater_id" value="{k + 1}"/>\n'
                            f'    <metadata key="plater_name" value="Plate {k + 1}"/>\n{inst}  </plate>\n')
    bases = ('<basematerials id="1">\n' + "".join(f'<base name="{c}" displaycolor="{c}FF"/>\n' for c in colours)
             + "</basematerials>\n") if colours else ""
    model = ('<?xml version="1.0" encoding="UTF-8"?>\n'
             '<model unit="millimeter" xml:lang="en-US" '
             'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">\n'
             f'<metadata name="Title">{escape(title)}</metadata>\n'
             '<metadata name="Application">printgen</metadata>\n'
             f'<resources>\n{bases}{"".join(objects)}</resources>\n<build>\n{chr(10).join(items)}\n</build>\n</model>\n')
    n = max(len(colours), 1)
    prusa_ini = (f"; generated by printgen: {len(colours)} filaments, one per terrain colour\n"
                 f"; filament_colour = {';'.join(colours)}\n; extruder_colour = {';'.join(colours)}\n"
                 f"; filament_type = {';'.join([material] * n)}\n"
                 f"; nozzle_diameter = {','.join(['0.4'] * n)}\n"
                 f"; bed_shape = 0x0,{bed[0]:g}x0,{bed[0]:g}x{bed[1]:g},0x{bed[1]:g}\n")
    bambu_settings = json.dumps({"filament_colour": colours, "filament_type": [material] * len(colours),
                                 "printable_area": ["0x0", f"{bed[0]:g}x0", f"{bed[0]:g}x{bed[1]:g}", f"0x{bed[1]:g}"]},
                                indent=2, sort_keys=True)
    files = {
        "[Content_Types].xml": _CONTENT_TYPES, "_rels/.rels": _RELS, "3D/3dmodel.model": model,
        "Metadata/Slic3r_PE_model.config": ('<?xml version="1.0" encoding="UTF-8"?>\n<config>\n'
                                            f'{"".join(prusa)}</config>\n'),
        "Metadata/Slic3r_PE.config": prusa_ini,
        "Metadata/model_settings.config": ('<?xml version="1.0" encoding="UTF-8"?>\n<config>\n'
                                           f'{"".join(bambu_objects)}{"".join(bambu_plates)}</config>\n'),
        "Metadata/project_settings.config": bambu_settings + "\n",
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for arcname, text in files.items():
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text)
    return buf.getvalue()
