"""Mesh exporters, trimesh-style: each returns bytes; a plain dict maps format to exporter."""

from __future__ import annotations

import io
import struct
from typing import Callable


from ..model.defaults import MeshFormat
from .polyhex import Mesh


def to_stl(mesh: Mesh, *, name: str = "printgen tile") -> bytes:
    """Binary STL (little-endian), normals from the winding, coordinates in mm."""
    v = mesh.vertices
    record = struct.Struct("<12fH")
    out = bytearray(name.encode("ascii", "replace")[:80].ljust(80, b" "))
    out += struct.pack("<I", len(mesh.faces))
    pack = record.pack
    for a, b, c in mesh.faces:
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = v[a], v[b], v[c]
        ux, uy, uz = bx - ax, by - ay, bz - az
        wx, wy, wz = cx - ax, cy - ay, cz - az
        nx, ny, nz = uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx
        length = (nx * nx + ny * ny + nz * nz) ** 0.5 or 1.0
        out += pack(nx / length, ny / length, nz / length, ax, ay, az, bx, by, bz, cx, cy, cz, 0)
    return bytes(out)


_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>
"""

_RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>
"""


# xml.sax.saxutils' escape and quoteattr, written out: importing that module imports urllib.request, and with
# it http.client, email and ssl, which a build never uses (this module is imported before the workers fork)
def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` as XML entities (saxutils.escape)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """``text`` escaped and quoted as an XML attribute value, as saxutils.quoteattr quotes it."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in text:
        return "'%s'" % text if "'" not in text else '"%s"' % text.replace('"', "&quot;")
    return '"%s"' % text


def to_3mf(mesh: Mesh, *, name: str = "printgen tile") -> bytes:
    """A 3MF package (zip) holding one object, in millimetres. Deterministic bytes."""
    return to_3mf_objects([(name, mesh, None)], title=name)


def to_3mf_objects(objects: list[tuple[str, Mesh, str | None]], *, title: str) -> bytes:
    """A 3MF package holding one named object per (name, mesh, colour "#rrggbb" or None), each a
    build item where its vertices are (mm): a print plate. Deterministic bytes."""
    import zipfile

    colours = sorted({c for _, _, c in objects if c})
    parts = []
    if colours:
        bases = "".join(f'<base name="{c}" displaycolor="{c.upper()}FF"/>\n' for c in colours)
        parts.append(f'<basematerials id="1">\n{bases}</basematerials>\n')
    items = []
    for k, (name, mesh, colour) in enumerate(objects, start=2):
        verts = "\n".join(f'<vertex x="{x:.4f}" y="{y:.4f}" z="{z:.4f}"/>' for x, y, z in mesh.vertices)
        tris = "\n".join(f'<triangle v1="{a}" v2="{b}" v3="{c}"/>' for a, b, c in mesh.faces)
        paint = f' pid="1" pindex="{colours.index(colour)}"' if colour else ""
        parts.append(f'<object id="{k}" type="model" name={quoteattr(name)}{paint}>\n<mesh>\n'
                     f"<vertices>\n{verts}\n</vertices>\n<triangles>\n{tris}\n</triangles>\n</mesh>\n</object>\n")
        items.append(f'<item objectid="{k}"/>')
    model = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<model unit="millimeter" xml:lang="en-US" '
        'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">\n'
        f'<metadata name="Title">{escape(title)}</metadata>\n'
        '<metadata name="Application">printgen</metadata>\n'
        f'<resources>\n{"".join(parts)}</resources>\n'
        f'<build>\n{chr(10).join(items)}\n</build>\n</model>\n'
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for arcname, text in (("[Content_Types].xml", _CONTENT_TYPES), ("_rels/.rels", _RELS),
                              ("3D/3dmodel.model", model)):
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))  # fixed: same input, same bytes
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text)
    return buf.getvalue()


EXPORTERS: dict[MeshFormat, Callable[..., bytes]] = {  # the keys are model.game.MeshFormat
    "stl": to_stl,
    "3mf": to_3mf,
}
