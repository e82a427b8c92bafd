"""Measuring produced PDFs with pymupdf, in millimetres."""

from __future__ import annotations

import math
from pathlib import Path

import pymupdf

PT = 25.4 / 72.0


def mm(v: float) -> float:
    return v * PT


def open_pdf(path: Path) -> pymupdf.Document:
    return pymupdf.open(path)


def drawings(page) -> list[dict]:
    """Every drawing with its rect and points converted to mm."""
    out = []
    for d in page.get_drawings():
        r = d["rect"]
        pts = []
        for item in d["items"]:
            for p in item[1:]:
                if isinstance(p, pymupdf.Point):
                    pts.append((mm(p.x), mm(p.y)))
        out.append({**d, "mm": (mm(r.x0), mm(r.y0), mm(r.x1), mm(r.y1)), "pts": pts})
    return out


def colour(d: dict, key: str = "fill") -> str | None:
    c = d.get(key)
    if c is None:
        return None
    return "#" + "".join(f"{round(v * 255):02x}" for v in c)


def hexagons(page) -> list[dict]:
    """Filled closed paths of six straight sides: the map's hexes."""
    out = []
    for d in drawings(page):
        lines = [i for i in d["items"] if i[0] == "l"]
        if d.get("fill") is not None and len(lines) in (5, 6) and len(d["items"]) == len(lines):
            out.append(d)
    return out


def vertices(d: dict) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for p in d["pts"]:
        if not any(abs(p[0] - q[0]) < 1e-4 and abs(p[1] - q[1]) < 1e-4 for q in out):
            out.append(p)
    return out


def regular_hexagons(page) -> list[dict]:
    """Hexes drawn whole: six distinct corners and six equal sides (clipped edge hexes are not)."""
    out = []
    for d in hexagons(page):
        vs = vertices(d)
        if len(vs) != 6:
            continue
        sides = [math.dist(vs[i], vs[(i + 1) % 6]) for i in range(6)]
        if max(sides) - min(sides) < 0.01:
            out.append(d)
    return out


def centre(d: dict) -> tuple[float, float]:
    vs = vertices(d)
    return (sum(v[0] for v in vs) / len(vs), sum(v[1] for v in vs) / len(vs))


def neighbour_pitch(hexes: list[dict]) -> list[float]:
    """For each hex, the distance to its nearest neighbour's centre (= flat-to-flat on a hex grid)."""
    cs = [centre(d) for d in hexes]
    return [min(math.dist(c, o) for j, o in enumerate(cs) if j != i) for i, c in enumerate(cs)]


def flat_to_flat(d: dict, orientation: str) -> float:
    x0, y0, x1, y1 = d["mm"]
    return (y1 - y0) if orientation == "flat" else (x1 - x0)


def text_spans(page) -> list[dict]:
    spans = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                b = span["bbox"]
                spans.append({**span, "mm": (mm(b[0]), mm(b[1]), mm(b[2]), mm(b[3]))})
    return spans


def page_size_mm(page) -> tuple[float, float]:
    return (mm(page.rect.width), mm(page.rect.height))


def ink_box(page, drawn: list[dict] | None = None) -> tuple[float, float, float, float]:
    """Bounding box (mm) of everything drawn or written on the page, strokes included. ``drawn``: the page's
    ``drawings``, when the caller has them already."""
    xs0, ys0, xs1, ys1 = [], [], [], []
    for d in drawn if drawn is not None else drawings(page):
        w = mm(d.get("width") or 0.0) / 2 if d.get("color") is not None else 0.0
        x0, y0, x1, y1 = d["mm"]
        xs0.append(x0 - w), ys0.append(y0 - w), xs1.append(x1 + w), ys1.append(y1 + w)
    for s in text_spans(page):
        x0, y0, x1, y1 = s["mm"]
        xs0.append(x0), ys0.append(y0), xs1.append(x1), ys1.append(y1)
    return (min(xs0), min(ys0), max(xs1), max(ys1))


def circles(page, *, stroke: str | None = None) -> list[dict]:
    """Paths made of four curves (how reportlab draws circles)."""
    out = []
    for d in drawings(page):
        curves = [i for i in d["items"] if i[0] == "c"]
        if len(curves) >= 4 and (stroke is None or colour(d, "color") == stroke):
            out.append(d)
    return out


def dist(a, b) -> float:
    return math.dist(a, b)
