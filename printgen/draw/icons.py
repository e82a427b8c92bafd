"""Built-in vector icons: a registry dict, icon name -> drawing function.

Each function draws its icon centred on (cx, cy) mm, fitting a square of side
``size`` mm, in ``colour``. Shapes are built from simple geometry so they stay
crisp at any size and identical in PDF and SVG.
"""

from __future__ import annotations

import math
from typing import Callable

from ..hexgrid.layout import hex_corners
from .document import Circle, Op, Poly, Rect, Style

IconFn = Callable[[float, float, float, str], list[Op]]


def _poly(cx, cy, s, pts, colour, closed=True, width=0.0) -> Poly:
    points = tuple((cx + x * s / 2, cy + y * s / 2) for x, y in pts)
    if closed and not width:
        return Poly(points, Style(fill=colour))
    return Poly(points, Style(stroke=colour, width=width * s / 2), closed=closed)


# Each icon's outline in its own unit square (-1..1), worked out once: the same sums as drawing it worked out
def _drop_points() -> list:
    pts = []
    for i in range(41):
        t = math.pi * i / 40  # the round bottom
        pts.append((0.62 * math.cos(t + math.pi), 0.28 + 0.62 * math.sin(t)))
    return [(0.0, -0.95)] + [(x, y) for x, y in reversed(pts)] + []


_DROP = _drop_points()


def drop(cx, cy, s, colour) -> list[Op]:
    return [_poly(cx, cy, s, _DROP, colour)]


def check(cx, cy, s, colour) -> list[Op]:
    return [_poly(cx, cy, s, [(-0.7, 0.0), (-0.2, 0.5), (0.75, -0.55)], colour, closed=False, width=0.28)]


_EYE_TOP = [(math.cos(math.pi * i / 20) * 0.95, -math.sin(math.pi * i / 20) * 0.55) for i in range(21)]
_EYE_BOTTOM = [(math.cos(math.pi * i / 20) * 0.95, math.sin(math.pi * i / 20) * 0.55) for i in range(20, -1, -1)]


def eye(cx, cy, s, colour) -> list[Op]:
    outline = _poly(cx, cy, s, _EYE_TOP + _EYE_BOTTOM[1:-1], colour, closed=True, width=0.12)
    return [outline, Circle(cx, cy, 0.3 * s / 2, Style(fill=colour))]


def flask(cx, cy, s, colour) -> list[Op]:
    body = [(-0.18, -0.9), (0.18, -0.9), (0.18, -0.3), (0.7, 0.7), (0.6, 0.9), (-0.6, 0.9), (-0.7, 0.7),
            (-0.18, -0.3)]
    return [_poly(cx, cy, s, body, colour),
            Rect(cx - 0.3 * s / 2, cy - 0.98 * s / 2, 0.6 * s / 2, 0.14 * s / 2, Style(fill=colour))]


def skull(cx, cy, s, colour) -> list[Op]:
    h = s / 2
    hole = "#ffffff"
    return [Circle(cx, cy - 0.15 * h, 0.72 * h, Style(fill=colour)),
            Rect(cx - 0.4 * h, cy + 0.3 * h, 0.8 * h, 0.55 * h, Style(fill=colour), radius=0.1 * h),
            Circle(cx - 0.3 * h, cy - 0.12 * h, 0.2 * h, Style(fill=hole)),
            Circle(cx + 0.3 * h, cy - 0.12 * h, 0.2 * h, Style(fill=hole))]


_SHIELD = [(-0.75, -0.8), (0.75, -0.8), (0.75, 0.0)]
_SHIELD += [(0.75 * math.cos(t), 0.95 * math.sin(t)) for t in (i * math.pi / 16 for i in range(1, 16))]
_SHIELD += [(-0.75, 0.0)]


def shield(cx, cy, s, colour) -> list[Op]:
    return [_poly(cx, cy, s, _SHIELD, colour)]


def _star_points() -> list:
    pts = []
    for i in range(10):
        r = 0.95 if i % 2 == 0 else 0.4
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((r * math.cos(a), r * math.sin(a) + 0.08))
    return pts


_STAR = _star_points()


def star(cx, cy, s, colour) -> list[Op]:
    return [_poly(cx, cy, s, _STAR, colour)]


def hexagon(cx, cy, s, colour) -> list[Op]:
    pts = hex_corners(0.0, 0.0, 0.95)
    return [_poly(cx, cy, s, pts, colour)]


def sword(cx, cy, s, colour) -> list[Op]:
    blade = [(-0.1, -0.95), (0.1, -0.95), (0.1, 0.35), (-0.1, 0.35)]
    guard = [(-0.45, 0.35), (0.45, 0.35), (0.45, 0.5), (-0.45, 0.5)]
    grip = [(-0.08, 0.5), (0.08, 0.5), (0.08, 0.95), (-0.08, 0.95)]
    return [_poly(cx, cy, s, blade, colour), _poly(cx, cy, s, guard, colour), _poly(cx, cy, s, grip, colour)]


def _heart_points() -> list:
    pts = []
    for i in range(60):
        t = 2 * math.pi * i / 60
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17.0, -y / 17.0 + 0.05))
    return pts


_HEART = _heart_points()
_LEAF = [(0.95 * math.sin(t) * 0.55, -0.95 * math.cos(t)) for t in (i * math.pi / 20 for i in range(0, 41))]


def heart(cx, cy, s, colour) -> list[Op]:
    return [_poly(cx, cy, s, _HEART, colour)]


def leaf(cx, cy, s, colour) -> list[Op]:
    return [_poly(cx, cy, s, _LEAF, colour),
            _poly(cx, cy, s, [(0.0, -0.7), (0.0, 0.95)], "#ffffff", closed=False, width=0.08)]


ICONS: dict[str, IconFn] = {
    "heart": heart,
    "leaf": leaf,
    "wound": drop,
    "drop": drop,
    "activation": check,
    "check": check,
    "focus": eye,
    "eye": eye,
    "poison": flask,
    "flask": flask,
    "skull": skull,
    "shield": shield,
    "guard": shield,
    "star": star,
    "hex": hexagon,
    "sword": sword,
}


# (name, centre, size, colour, the numbers' signs) -> the icon's ops: a card draws its icons where every card of
# its layout draws them (a stat's heart, a cost's drop), and a heart's outline is sixty points of sines and
# cosines. The ops are immutable, so the same ones are placed again (as layout/face_render.py places a face's
# elements again); only float positions are kept (an int would print alike, but digest otherwise).
_DRAWN: dict[tuple, tuple[Op, ...]] = {}
_DRAWN_MAX = 4096


def draw_icon(name: str, cx: float, cy: float, size: float, colour: str) -> list[Op]:
    """Icon ``name`` centred on (cx, cy) mm in a square of ``size`` mm, in ``colour`` (ICONS)."""
    if type(cx) is not float or type(cy) is not float or type(size) is not float or type(colour) is not str:
        # (a layout's icons: colour is whatever its YAML held, a list too: drawn as before, never a key)
        return ICONS[name](cx, cy, size, colour)
    # -0.0 and 0.0 are one key to a dict: their signs tell them apart
    key = (name, cx, cy, size, colour, math.copysign(1.0, cx), math.copysign(1.0, cy), math.copysign(1.0, size))
    got = _DRAWN.get(key)
    if got is None:
        if len(_DRAWN) >= _DRAWN_MAX:
            _DRAWN.clear()
        got = _DRAWN[key] = tuple(ICONS[name](cx, cy, size, colour))
    return list(got)
