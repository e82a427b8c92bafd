"""Reading the cut files back as a cutter would: SVG path data (M, L, A, Z) and DXF LWPOLYLINEs, as points
along each path in sheet mm (y down)."""

from __future__ import annotations

import math

from lxml import etree

SVG = "{http://www.w3.org/2000/svg}"


def _arc_points(x1, y1, r, large, sweep, x2, y2, step=0.05):
    """Points along an SVG circular arc (rx = ry = r, no rotation), by the SVG spec's endpoint-to-centre
    conversion."""
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    r = max(r, math.hypot(dx, dy))
    k = math.sqrt(max(r * r - dx * dx - dy * dy, 0.0) / (dx * dx + dy * dy))
    if large == sweep:
        k = -k
    cx, cy = k * dy + (x1 + x2) / 2, -k * dx + (y1 + y2) / 2
    a1, a2 = math.atan2(y1 - cy, x1 - cx), math.atan2(y2 - cy, x2 - cx)
    d = a2 - a1
    if sweep and d < 0:
        d += 2 * math.pi
    if not sweep and d > 0:
        d -= 2 * math.pi
    n = max(2, int(abs(d) * r / step))
    return [(cx + r * math.cos(a1 + d * i / n), cy + r * math.sin(a1 + d * i / n)) for i in range(1, n + 1)]


def path_points(d: str) -> tuple[list[tuple[float, float]], bool]:
    """The points of one path's data, and whether it is closed."""
    toks = d.replace(",", " ").split()
    pts: list[tuple[float, float]] = []
    i, closed = 0, False
    while i < len(toks):
        op = toks[i]
        if op in ("M", "L"):
            pts.append((float(toks[i + 1]), float(toks[i + 2])))
            i += 3
        elif op == "A":
            r, _ry, _rot, large, sweep, x, y = toks[i + 1:i + 8]
            pts += _arc_points(*pts[-1], float(r), int(large), int(sweep), float(x), float(y))
            i += 8
        elif op == "Z":
            closed, i = True, i + 1
        else:
            raise AssertionError(f"unexpected path command {op!r}")
    return pts, closed


def svg_loops(data: bytes) -> tuple[tuple[float, float], list[tuple[str, list[tuple[float, float]], bool]]]:
    """((width, height) mm, [(title, points, closed)]) of a cut SVG, checking its size is written in mm."""
    root = etree.fromstring(data)
    w, h = root.get("width"), root.get("height")
    assert w.endswith("mm") and h.endswith("mm")
    vb = [float(v) for v in root.get("viewBox").split()]
    assert vb == [0.0, 0.0, float(w[:-2]), float(h[:-2])]  # one user unit is one mm
    out = []
    for p in root.iter(f"{SVG}path"):
        pts, closed = path_points(p.get("d"))
        out.append((p.findtext(f"{SVG}title"), pts, closed))
    return (vb[2], vb[3]), out


def dxf_loops(path, height: float) -> list[tuple[list[tuple[float, float, float]], bool]]:
    """Each LWPOLYLINE of a DXF as (x, y, bulge) vertices in sheet mm, y down (flipped back), and closed."""
    import ezdxf

    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 4  # millimetres
    return [([(x, height - y, -b) for x, y, _s, _e, b in e.get_points("xyseb")], e.closed)
            for e in doc.modelspace().query("LWPOLYLINE")]


def bbox(pts) -> tuple[float, float, float, float]:
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
