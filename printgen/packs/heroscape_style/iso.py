"""The build guide's picture of a level: the battlefield as it stands on the table once that level
is laid, drawn in an isometric-style view (plan squashed to SQUASH of its depth, each level raised
by RISE of a hex), the levels below in faded colours and the new level's tiles in full colour with
their outlines drawn heavily, so a builder sees what is new and what it rests on.

Columns are painted back to front (then bottom to top), so a nearer or higher hex covers what it
hides; only the faces turned to the viewer (the top and the front sides) are drawn, and of those only
the ones nothing covers: a side with a block at its level in front of it is one face of that block,
painted later, whose picture (its top and front sides) covers it wholly; a top with a block laid on it
is that block's underside. Drawing them would cost every later stage (preflight, PDF, previews) for
nothing printed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache

from ...draw.colour import INK, mix
from ...draw.document import Op, Path, Poly, Style
from ...hexgrid import Hex, Layout
from ...hexgrid.outline import outline_points
from ...names import name_key
from ...render.maps.kept import boxed

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


@lru_cache(maxsize=8192)
def _hexagon(orientation: str, h: Hex) -> tuple:
    """Hex ``h`` at UNIT: its centre, its corners, the hex beyond each side (corner i to i + 1; its centre
    mirrors this one's in the side's middle) and its extent (x0, y0, x1, y1), in mm. The same for every
    level's picture and every paper: worked out once (a battlefield's guide asks about each hex some forty
    times)."""
    lay = Layout(orientation, UNIT)
    cx, cy = lay.hex_to_point(h)
    corners = tuple(lay.corners(h))
    across = tuple(lay.point_to_hex(a[0] + b[0] - cx, a[1] + b[1] - cy)
                   for a, b in zip(corners, corners[1:] + corners[:1]))
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return (cx, cy), corners, across, (min(xs), min(ys), max(xs), max(ys))


_PLANS: OrderedDict[tuple, tuple] = OrderedDict()  # (orientation, cells' items) -> _plan(...), the latest few
_PLANS_KEPT = 8
_PLANS_LOCK = threading.Lock()  # the studio may draw from more than one thread


def _plan(cells: dict[tuple[Hex, int], str], orientation: str) -> tuple:
    """What every level's picture of ``cells`` shares, worked out once per map and paper instead of once per
    picture (a guide draws a dozen; the plain sums are done alike, so the ops are the same floats): the
    extent (ux0, uy0, ux1, uy1) at UNIT before fitting, and each hex back to front (as drawn) with its
    levels from the bottom up, the sides turned to the viewer (corner i, corner j, the hex beyond) and its
    corners' extent."""
    key = (orientation, tuple(cells.items()))
    with _PLANS_LOCK:
        kept = _PLANS.get(key)
        if kept is not None:
            _PLANS.move_to_end(key)
            return kept
    # the picture's extent: each cell's hexagon at its level and the level below (the projection keeps
    # the order of x and of y, so a hexagon's extremes land on the picture's; no corner is projected here)
    pts = []
    levels: dict[Hex, list[int]] = {}
    for (h, lv) in cells:
        hx0, hy0, hx1, hy1 = _hexagon(orientation, h)[3]
        pts += [_project((hx0, hy0), lv), _project((hx1, hy1), lv - 1)]
        levels.setdefault(h, []).append(lv)
    extent = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    shape = {h: _hexagon(orientation, h) for h in levels}
    columns = []
    for h in sorted(levels, key=lambda h: (shape[h][0][1], shape[h][0][0])):
        (cx, cy), corners, across, _ = shape[h]
        facing = tuple((i, (i + 1) % 6, n) for i, (a, b, n) in enumerate(zip(corners, corners[1:] + corners[:1], across))
                       if (a[1] + b[1]) / 2 > cy + 1e-9)
        columns.append((h, corners, tuple(sorted(levels[h])), facing, shape[h][3]))
    plan = (extent, tuple(columns))
    with _PLANS_LOCK:
        _PLANS[key] = plan
        while len(_PLANS) > _PLANS_KEPT:
            _PLANS.popitem(last=False)
    return plan


def iso_ops(cells: dict[tuple[Hex, int], str], colours: dict[str, str], level: int, tiles, orientation: str,
            box: tuple[float, float, float, float], fade: bool = True) -> list[Op]:
    """The picture of the table with levels 1..``level`` laid, fitted to ``box`` (x0, y0, x1, y1 mm).
    ``cells``: (hex, level) -> terrain name of the whole map (its extent fixes the scale, so every
    level's picture is drawn alike); ``colours``: terrain name key -> "#rrggbb"; ``tiles``: the
    tiles laid at ``level`` (each with ``.hexes``), outlined; ``fade`` False: every level in full
    colour (the finished battlefield)."""
    lay = Layout(orientation, UNIT)
    if not cells:
        return []
    (ux0, uy0, ux1, uy1), columns = _plan(cells, orientation)
    x0, y0, x1, y1 = box
    # the bounds of every level up to the top fix the scale, so each level's picture lines up
    scale = min((x1 - x0) / max(ux1 - ux0, 1e-9), (y1 - y0) / max(uy1 - uy0, 1e-9), MAX_HEX / UNIT)
    ox = x0 + (x1 - x0 - (ux1 - ux0) * scale) / 2 - ux0 * scale
    oy = y0 + (y1 - y0 - (uy1 - uy0) * scale) / 2 - uy0 * scale

    def at(p, lv):
        px, py = _project(p, lv)
        return ox + px * scale, oy + py * scale

    def ring(corners, lv) -> list:
        """``at(c, lv)`` of each corner, worked out alike (the same float operations, in the same order)."""
        rise = lv * RISE * UNIT
        return [(ox + x * scale, oy + (y * SQUASH - rise) * scale) for x, y in corners]

    ops: list[Op] = []
    styles: dict[tuple, Style] = {}  # one style object for each look (a picture draws thousands of faces in a few)
    looks: dict[tuple[str, bool], tuple] = {}  # (terrain, new) -> (side's style key, top's style key)
    for h, corners, lvs, facing, (hx0, hy0, hx1, hy1) in columns:  # (the corners' extent: a top's box, unmoved)
        if lvs[0] > level:
            continue  # nothing of this column laid yet
        below = None  # the ring of the level below, when it is the last one worked out
        for lv in lvs:
            if lv > level:
                break
            terrain = cells[(h, lv)]
            new = lv == level
            look = looks.get((terrain, new))
            if look is None:
                base = colours.get(name_key(terrain), "#cccccc")
                fill = base if new or not fade else mix(base, "#ffffff", FADE)
                edge = mix(fill, INK, 0.45)
                look = looks[(terrain, new)] = ((mix(fill, INK, 0.28), edge, 0.1), (fill, edge, 0.15 if new else 0.08))
            side_key, top_key = look
            top = ring(corners, lv)
            for i, j, n in facing:
                if (n, lv) in cells:
                    continue  # hidden by the block in front of it (laid: lv <= level)
                if below is None or below[0] != lv - 1:
                    below = (lv - 1, ring(corners, lv - 1))
                style = styles.get(side_key) or styles.setdefault(side_key, Style(fill=side_key[0], stroke=side_key[1],
                                                                                  width=0.1))
                b = below[1]
                ops.append(Poly((top[i], top[j], b[j], b[i]), style))
            below = (lv, top)
            if lv + 1 <= level and (h, lv + 1) in cells:
                continue  # its top is the underside of the block laid on it
            style = styles.get(top_key) or styles.setdefault(top_key, Style(fill=top_key[0], stroke=top_key[1],
                                                                            width=top_key[2]))
            # its box handed to the preflight: the extent's ends through ring's sums, which keep the order
            rise = lv * RISE * UNIT
            extent = (ox + hx0 * scale, oy + (hy0 * SQUASH - rise) * scale, ox + hx1 * scale,
                      oy + (hy1 * SQUASH - rise) * scale)
            ops.append(boxed(Poly(tuple(top), style, role="iso"), extent))
    for t in tiles:  # the new pieces, each outlined as one piece
        loops = outline_points(t.hexes, lay)
        ops.append(Path(tuple(tuple(at(p, level) for p in loop) for loop in loops),
                        Style(stroke=INK, width=0.5), role="iso-new"))
    return ops
