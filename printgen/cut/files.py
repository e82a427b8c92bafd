"""The cut file of a sheet: every piece's cut loop at true size in mm, as SVG (Silhouette Studio Designer
Edition and up, Cricut Design Space) and as DXF (Silhouette Studio's free edition opens DXF only).

Both put the sheet's top-left corner where the printed sheet's is: the SVG is the sheet's size in mm
(viewBox in mm, y down); the DXF is in mm ($INSUNITS 4) with y up from the sheet's bottom-left corner,
as CAD files are, so the loops are flipped and their arcs turn the other way. Each loop is one closed
path: SVG lines and elliptical arcs, DXF a closed LWPOLYLINE with bulges.
"""

from __future__ import annotations

import io
import math

from .outline import Vertex, arc_of

SVG_NS = "http://www.w3.org/2000/svg"
CUT_STROKE = "#ff0000"  # the colour cutting software reads as a cut line by default


def _n(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def svg_path(loop: list[Vertex]) -> str:
    """The loop as SVG path data in mm: M, L and A (rx ry rotation large-arc sweep x y), closed by Z."""
    parts = [f"M {_n(loop[0][0])} {_n(loop[0][1])}"]
    for i, p in enumerate(loop):
        q = loop[(i + 1) % len(loop)]
        if p[2]:
            _, _, r, theta = arc_of(p, q[:2])
            large = 1 if abs(theta) > math.pi + 1e-9 else 0
            sweep = 1 if theta > 0 else 0  # y down: the angle growing is clockwise as seen, SVG's sweep 1
            parts.append(f"A {_n(r)} {_n(r)} 0 {large} {sweep} {_n(q[0])} {_n(q[1])}")
        elif i + 1 < len(loop):
            parts.append(f"L {_n(q[0])} {_n(q[1])}")
    return " ".join(parts) + " Z"


def svg_bytes(loops: list[tuple[str, list[Vertex]]], w: float, h: float, title: str) -> bytes:
    """A ``w`` x ``h`` mm SVG holding each (name, loop) as a red hairline path."""
    from xml.etree import ElementTree as etree

    etree.register_namespace("", SVG_NS)
    root = etree.Element(f"{{{SVG_NS}}}svg", width=f"{_n(w)}mm", height=f"{_n(h)}mm", viewBox=f"0 0 {_n(w)} {_n(h)}",
                         version="1.1")
    etree.SubElement(root, f"{{{SVG_NS}}}title").text = title
    group = etree.SubElement(root, f"{{{SVG_NS}}}g", id="cut")
    for n, (name, loop) in enumerate(loops, start=1):
        path = etree.SubElement(group, f"{{{SVG_NS}}}path", id=f"cut-{n}", d=svg_path(loop), fill="none",
                                stroke=CUT_STROKE)
        path.set("stroke-width", "0.1")
        etree.SubElement(path, f"{{{SVG_NS}}}title").text = name
    etree.indent(root)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def dxf_bytes(loops: list[tuple[str, list[Vertex]]], w: float, h: float) -> bytes:
    """The loops as closed LWPOLYLINEs in mm on layer CUT, y up from the sheet's bottom-left corner."""
    import ezdxf
    from ezdxf import units

    doc = ezdxf.new("R2010", units=units.MM)
    doc.header["$INSUNITS"] = units.MM
    doc.header["$EXTMIN"] = (0.0, 0.0, 0.0)
    doc.header["$EXTMAX"] = (w, h, 0.0)
    doc.layers.add("CUT", color=1)
    msp = doc.modelspace()
    for _, loop in loops:
        # flipping y mirrors the loop, so each arc turns the other way: its bulge changes sign
        msp.add_lwpolyline([(x, h - y, -b) for x, y, b in loop], format="xyb", close=True, dxfattribs={"layer": "CUT"})
    buf = io.StringIO()
    doc.write(buf)
    return buf.getvalue().encode()
