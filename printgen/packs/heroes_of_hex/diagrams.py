"""The Reference's Range diagrams, computed on the hex grid: ``printgen:range/<N>`` shades every space
within Range N of a hero by whether it is in Line of Sight, with blocked terrain, an ally and an enemy."""

from __future__ import annotations

from ...draw.colour import INK
from ...draw.document import Circle, ImageError, Op, Poly, Rect, Style, Text, pt
from ...hexgrid import Hex, Layout, distance, hexagon
from ...hexgrid.coords import round_hex

# The scene, in axial coordinates around the hero at (0, 0): blocked terrain to one side, an ally in
# front (allies do not block), an enemy behind (enemies do).
BLOCKED = (Hex(2, -1), Hex(2, 0))
ALLY = Hex(0, -1)
ENEMY = Hex(-1, 1)
SHADE = {"los": "#9fd19a", "hidden": "#e7b4aa", "far": "#f6f3ea"}
NUDGE = 1e-6


def _line(a: Hex, b: Hex, sign: float) -> list[Hex]:
    """The spaces a straight line from a to b passes, nudged a hair to one side of ties: where the line
    runs along an edge, the two nudges see the two hexes that edge separates."""
    n = distance(a, b)
    return [round_hex(a.q + (b.q - a.q) * i / n + sign * NUDGE, a.r + (b.r - a.r) * i / n + sign * 2 * NUDGE)
            for i in range(n + 1)]


def in_line_of_sight(a: Hex, b: Hex, *, blocked: set[Hex], enemies: set[Hex]) -> bool:
    """Line of Sight from a to b: the path between them touches no blocked space and passes no enemy.
    Allies never block. A path along an edge touches both hexes of that edge."""
    if a == b:
        return True
    for sign in (1.0, -1.0):
        for h in _line(a, b, sign)[1:-1]:
            if h in blocked or h in enemies:
                return False
    return True


def range_image(arg: str, game) -> tuple[list[Op], float, float]:
    """``printgen:range/N``: spaces within Range N of the hero, green in Line of Sight, red out of it (mm)."""
    try:
        n = int(arg)
    except ValueError:
        raise ImageError(f"a range diagram needs a number: 'range/3', not 'range/{arg}'") from None
    if not 1 <= n <= 6:
        raise ImageError(f"range diagrams are drawn for Range 1 to 6, not {n}")
    wall = next((t for t in game.data.terrain if t.blocked), None)
    radius = max(n + 1, 3)
    flats = 9.0
    lay = Layout("flat", flats)
    pts = [p for h in hexagon(radius) for p in lay.corners(h)]
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    width, height = max(p[0] for p in pts) - x0, max(p[1] for p in pts) - y0
    lay = Layout("flat", flats, origin=(-x0, -y0))
    blocked, enemies = set(BLOCKED), {ENEMY}
    ops: list[Op] = []
    for h in hexagon(radius):
        if h in blocked:
            fill = wall.colour if wall else "#6d6a64"
        elif h == Hex(0, 0) or distance(h, Hex(0, 0)) > n:
            fill = SHADE["far"]
        else:
            fill = SHADE["los" if in_line_of_sight(Hex(0, 0), h, blocked=blocked, enemies=enemies) else "hidden"]
        ops.append(Poly(tuple(lay.corners(h)), Style(fill=fill, stroke="#7a7466", width=0.25)))
    for h, label, colour in ((Hex(0, 0), "You", "#23395b"), (ALLY, "Ally", "#2f6fb5"), (ENEMY, "Enemy", "#b3261e")):
        x, y = lay.hex_to_point(h)
        ops.append(Circle(x, y, flats * 0.36, Style(fill=colour, stroke="#ffffff", width=0.4)))
        ops.append(Text(x, y + 0.8, label, "sans-bold", pt(4.4), "#ffffff", "middle"))
    keys = [("los", f"in Range {n} and in Line of Sight"), ("hidden", f"in Range {n}, out of Line of Sight")]
    y = height + 3.0
    ops.append(Rect(0.0, y, 3.0, 3.0, Style(fill=SHADE["los"], stroke="#7a7466", width=0.2)))
    ops.append(Text(4.0, y + 2.5, keys[0][1], "sans", pt(7), INK))
    y += 4.5
    ops.append(Rect(0.0, y, 3.0, 3.0, Style(fill=SHADE["hidden"], stroke="#7a7466", width=0.2)))
    ops.append(Text(4.0, y + 2.5, keys[1][1], "sans", pt(7), INK))
    if wall:
        y += 4.5
        ops.append(Rect(0.0, y, 3.0, 3.0, Style(fill=wall.colour, stroke="#7a7466", width=0.2)))
        ops.append(Text(4.0, y + 2.5, f"{wall.name} (blocked)", "sans", pt(7), INK))
    return ops, width, y + 3.5
