"""A map's legend: one row of swatches for the terrain it uses, its levels, zones and objectives."""

from __future__ import annotations

from ...draw.colour import INK
from ...draw.document import Circle, Op, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...model.maps import MapGeom
from ...names import index_by_name, name_key
from .codes import map_codes
from .hexes import level_shade


def legend_ops(geom: MapGeom, data, x: float, y: float, width: float) -> list[Op]:
    """One row of swatches: terrain used, levels, zones, objectives."""
    used_terrain = []
    for _, entry in geom.cells.values():
        if entry.terrain not in used_terrain:
            used_terrain.append(entry.terrain)
    terrain = index_by_name(data.terrain)
    items: list[tuple[str, Op]] = []
    fs = pt(6.5)
    for name in used_terrain:
        t = terrain.get(name_key(name))
        if t:
            label = t.name + (" (blocked)" if t.blocked else "")
            items.append((label, Rect(0, 0, 4, 3, Style(fill=t.colour, stroke=INK, width=0.15))))
    if geom.top_level > 1:  # one grey swatch per level used, shaded as the hexes are
        for lv in sorted(set(geom.levels.values())):
            items.append((f"Level {lv}", Rect(0, 0, 4, 3, Style(fill=level_shade("#d9d9d9", lv), stroke=INK, width=0.15))))
    merged: dict[tuple[str, str], list[str]] = {}
    codes = map_codes(geom.mapdef, geom.cells.values())  # the codes the map's hexes print
    for z in geom.mapdef.zones:  # zones sharing a label and colour ("Base A", "Deploy A") share an entry
        merged.setdefault((codes[name_key(z.name)], z.colour), []).append(z.name)
    for (short, colour), names in merged.items():
        items.append((f"{short}: {' / '.join(names)}", Rect(0, 0, 4, 3, Style(stroke=colour, width=0.8))))
    objs = sorted({e.objective for _, e in geom.cells.values() if e.objective} | {o.name for o in geom.mapdef.objectives})
    for o in objs:
        items.append((f"{codes[name_key(o)]}: {o}", Circle(2, 1.5, 1.5, Style(fill="#fffdf5", stroke=INK, width=0.25))))
    ops: list[Op] = []
    cx, cy = x, y
    for label, sw in items:
        w = 5.5 + text_width(label, "sans", fs) + 4
        if cx + w > x + width:
            cx, cy = x, cy + 4.5
        # roles the preflight reads: a swatch, then the entry it keys ("A: Base A" or a terrain's name)
        if isinstance(sw, Rect):
            ops.append(Rect(cx, cy, sw.w, sw.h, sw.style, role="legend-swatch"))
        else:
            ops.append(Circle(cx + 2, cy + 1.5, sw.r, sw.style, role="legend-swatch"))
        ops.append(Text(cx + 5.5, cy + 2.5, label, "sans", fs, INK, role="legend-entry"))
        cx += w
    return ops
