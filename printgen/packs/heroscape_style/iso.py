"""The build guide's picture of a level: the battlefield as it stands on the table once that level
is laid, drawn in an isometric-style view (plan squashed to SQUASH of its depth, each level raised
by RISE of a hex), the levels below in faded colours and the new level's tiles in full colour with
their outlines drawn heavily, so a builder sees what is new and what it rests on.

Columns are painted back to front (then bottom to top), so a nearer or higher hex covers what it
hides; only the faces turned to the viewer (the top and the front sides) are drawn, and of the sides
only those with no hex at the same level in front of them: that hex's block, painted later, covers
such a side wholly (a side is one face of the block in front, and a block's picture is its top and
front sides), so drawing it would cost every later stage (preflight, PDF, previews) for nothing.
"""

from __future__ import annotations

from ...draw.colour import INK, mix
from ...draw.document import Op, Path, Poly, Style
from ...hexgrid import Hex, Layout
from ...hexgrid.outline import outline_points
from ...names import name_key

SQUASH = 0.55  # how much of its depth the plan keeps in the picture
RISE = 0.32  # one level's height, in hex sizes (a real land tile is about a third as high as wide)
FADE = 0.55  # how far toward white the levels already laid are drawn
UNIT = 10.0  # mm: the hex size the picture is drawn at before it is fitted to its box


def _project(point: tuple[float, float], level: int) -> tuple[float, float]:
    x, y = point
    return x, y * SQUASH - level * RISE * UNIT

# The widest a hex is drawn (mm, flat to flat): a map of a few hexes is pictured about life size, not a
# single hexagon filling the page's width
MAX_HEX = 30.0


def iso_ops(cells: dict[tuple[Hex, int], str], colours: dict[str, str], level: int, tiles, orientation: str,
            box: tuple[float, float, float, float], fade: bool = True) -> list[Op]:
    """The picture of the table with levels 1..``level`` laid, fitted to ``box`` (x0, y0, x1, y1 mm).
    ``cells``: (hex, level) -> terrain name of the whole map (its extent fixes the scale, so every
    level's picture is drawn alike); ``colours``: terrain name key -> "#rrggbb"; ``tiles``: the
    tiles laid at ``level`` (each with ``.hexes``), outlined; ``fade`` False: every level in full
    colour (the finished battlefield)."""
    lay = Layout(orientation, UNIT)
    pts = []
    for (h, lv) in cells:
        for c in lay.corners(h):
            pts += [_project(c, lv), _project(c, lv - 1)]
    if not pts:
        return []
    ux0, uy0 = min(p[0] for p in pts), min(p[1] for p in pts)
    ux1, uy1 = max(p[0] for p in pts), max(p[1] for p in pts)
    x0, y0, x1, y1 = box
    # the bounds of every level up to the top fix the scale, so each level's picture lines up
    scale = min((x1 - x0) / max(ux1 - ux0, 1e-9), (y1 - y0) / max(uy1 - uy0, 1e-9), MAX_HEX / UNIT)
    ox = x0 + (x1 - x0 - (ux1 - ux0) * scale) / 2 - ux0 * scale
    oy = y0 + (y1 - y0 - (uy1 - uy0) * scale) / 2 - uy0 * scale

    def at(p, lv):
        px, py = _project(p, lv)
        return ox + px * scale, oy + py * scale

    ops: list[Op] = []
    columns: dict[Hex, list[int]] = {}
    for (h, lv) in cells:
        if lv <= level:
            columns.setdefault(h, []).append(lv)
    centre = {h: lay.hex_to_point(h) for h in columns}
    laid = {h: frozenset(lvs) for h, lvs in columns.items()}
    for h in sorted(columns, key=lambda h: (centre[h][1], centre[h][0])):
        cx, cy = centre[h]
        corners = lay.corners(h)
        # the hex beyond each front side (its centre mirrors this one's in the side's middle)
        beyond = [laid.get(lay.point_to_hex(a[0] + b[0] - cx, a[1] + b[1] - cy), frozenset())
                  for a, b in zip(corners, corners[1:] + corners[:1])]
        for lv in sorted(columns[h]):
            base = colours.get(name_key(cells[(h, lv)]), "#cccccc")
            new = lv == level
            fill = base if new or not fade else mix(base, "#ffffff", FADE)
            edge = mix(fill, INK, 0.45)
            for a, b, front in zip(corners, corners[1:] + corners[:1], beyond):
                if (a[1] + b[1]) / 2 <= cy + 1e-9 or lv in front:
                    continue  # a side turned away from the viewer, or hidden by the block in front of it
                side = (at(a, lv), at(b, lv), at(b, lv - 1), at(a, lv - 1))
                ops.append(Poly(side, Style(fill=mix(fill, INK, 0.28), stroke=edge, width=0.1)))
            ops.append(Poly(tuple(at(c, lv) for c in corners),
                            Style(fill=fill, stroke=edge, width=0.15 if new else 0.08), role="iso"))
    for t in tiles:  # the new pieces, each outlined as one piece
        loops = outline_points(t.hexes, lay)
        ops.append(Path(tuple(tuple(at(p, level) for p in loop) for loop in loops),
                        Style(stroke=INK, width=0.5), role="iso-new"))
    return ops
