"""Issue 39, item 5: each level of the build guide has a picture of the table once that level is
laid: the levels below faded, the new level's tiles in full colour and outlined, nothing above."""

from printgen.draw.colour import mix
import pytest

from printgen.hexgrid import Hex, Layout
from printgen.packs.heroscape_style.iso import FADE, iso_ops


class T:
    def __init__(self, hexes):
        self.hexes = hexes


CELLS = {(Hex(0, 0), 1): "Grass", (Hex(1, 0), 1): "Grass", (Hex(0, 0), 2): "Rock", (Hex(0, 0), 3): "Rock"}
COLOURS = {"grass": "#4f9a3a", "rock": "#8d8a84"}


def tops(ops):
    return [o for o in ops if getattr(o, "role", None) == "iso"]


def test_a_level_picture_shows_what_is_laid_and_highlights_the_new_tiles():
    box = (10.0, 20.0, 110.0, 120.0)
    ops = iso_ops(CELLS, COLOURS, 2, [T([Hex(0, 0)])], "pointy", box)
    fills = [o.style.fill for o in tops(ops)]
    # level 1 laid: faded (the top of (0, 0) is under its level-2 block, so only (1, 0)'s shows)
    assert fills.count(mix("#4f9a3a", "#ffffff", FADE)) == 1
    assert fills.count("#8d8a84") == 1 and len(fills) == 2  # level 2 new in full colour; level 3 not yet laid
    outlined = [o for o in ops if getattr(o, "role", None) == "iso-new"]
    assert len(outlined) == 1 and outlined[0].style.width >= 0.5
    xs = [x for o in ops for loop in (o.loops if hasattr(o, "loops") else (o.points,)) for x, _ in loop]
    ys = [y for o in ops for loop in (o.loops if hasattr(o, "loops") else (o.points,)) for _, y in loop]
    assert box[0] - 1e-6 <= min(xs) and max(xs) <= box[2] + 1e-6 and box[1] - 1e-6 <= min(ys) and max(ys) <= box[3] + 1e-6
    # the new level-2 tile sits above (smaller y on the page) the level-1 hex it rests on
    level1 = [o for o in tops(ops) if o.style.fill != "#8d8a84"]
    new = next(o for o in tops(ops) if o.style.fill == "#8d8a84")
    assert min(y for _, y in new.points) < min(y for o in level1 for _, y in o.points)


def test_every_level_is_drawn_at_one_scale():
    box = (0.0, 0.0, 100.0, 100.0)
    one = tops(iso_ops(CELLS, COLOURS, 1, [], "pointy", box))
    three = tops(iso_ops(CELLS, COLOURS, 3, [], "pointy", box))
    assert one[1].points == three[1].points  # hex (1, 0) lands on the same spot in every picture


def test_the_finished_battlefield_is_drawn_in_full_colour():
    fills = {o.style.fill for o in tops(iso_ops(CELLS, COLOURS, 3, [], "pointy", (0, 0, 100, 100), fade=False))}
    assert fills == {"#4f9a3a", "#8d8a84"}


def test_a_map_of_one_hex_is_pictured_about_life_size():
    from printgen.packs.heroscape_style.iso import MAX_HEX

    box = (0.0, 0.0, 190.0, 120.0)  # a page's width: one hexagon would otherwise fill it
    top = tops(iso_ops({(Hex(0, 0), 1): "Grass"}, COLOURS, 1, [], "pointy", box))[0]
    width = max(x for x, _ in top.points) - min(x for x, _ in top.points)
    assert abs(width - MAX_HEX) < 1e-6  # pointy-top: flat to flat across
    xs = [x for x, _ in top.points]
    assert abs((min(xs) + max(xs)) / 2 - 95.0) < 1e-6  # centred in its box


def _sides(ops):
    return [o for o in ops if type(o).__name__ == "Poly" and getattr(o, "role", None) != "iso"]


def _hull(points):
    """Convex hull of ``points`` (x, y), counter-clockwise (monotone chain)."""
    pts = sorted(set(points))

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return half(pts) + half(reversed(pts))


def _inside(p, hull, tol=1e-6):
    return all((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= -tol
               for a, b in zip(hull, hull[1:] + hull[:1]))


def test_a_side_with_a_block_at_its_level_in_front_is_not_drawn():
    # pointy-top: a hex shows two sides (its lower left and lower right); the one toward (0, 1) is hidden
    box = (0.0, 0.0, 100.0, 100.0)
    alone = _sides(iso_ops({(Hex(0, 0), 1): "Grass"}, COLOURS, 1, [], "pointy", box))
    pair = _sides(iso_ops({(Hex(0, 0), 1): "Grass", (Hex(0, 1), 1): "Grass"}, COLOURS, 1, [], "pointy", box))
    assert len(alone) == 2 and len(pair) == 3
    # a higher block keeps its side: nothing at level 2 stands in front of it
    tall = {(Hex(0, 0), 1): "Grass", (Hex(0, 0), 2): "Rock", (Hex(0, 1), 1): "Grass"}
    assert len(_sides(iso_ops(tall, COLOURS, 2, [], "pointy", box))) == 5
    # and a top with a block laid on it is that block's underside: not drawn
    assert len(tops(iso_ops(tall, COLOURS, 2, [], "pointy", box))) == 2


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("direction", range(6))
@pytest.mark.parametrize("level", [1, 2])
def test_the_block_in_front_covers_the_side_left_out(orientation, direction, level):
    """The side not drawn lies wholly within the picture of the block in front of it (a block's picture is the
    convex hull of its top and front sides), so leaving it out changes nothing printed."""
    from printgen.hexgrid.coords import neighbour

    box = (0.0, 0.0, 100.0, 100.0)
    back, front = Hex(0, 0), neighbour(Hex(0, 0), direction)
    stack = {(back, lv): "Grass" for lv in range(1, level + 1)} | {(front, lv): "Rock" for lv in range(1, level + 1)}
    # the same scale with and without the front block: a far hex fixes the picture's extent in both
    far = {(Hex(5, 5), 1): "Grass", (Hex(-5, -5), 1): "Grass"}
    drawn = iso_ops(stack | far, COLOURS, level, [], orientation, box)
    without = iso_ops({k: v for k, v in (stack | far).items() if k != (front, level)}, COLOURS, level, [],
                      orientation, box)
    shown = {o.points for o in drawn if type(o).__name__ == "Poly"}
    left_out = [o.points for o in _sides(without) if o.points not in shown]  # back's side toward the front block
    lower = Layout(orientation, 10.0).hex_to_point(front)[1] > 1e-9  # the front block is nearer the viewer
    assert len(left_out) == (1 if lower else 0)
    before = {o.points for o in without if type(o).__name__ == "Poly"}
    block = [p for o in drawn if type(o).__name__ == "Poly" and o.points not in before for p in o.points]
    hull = _hull(block)  # the front block's picture: its top and its front sides
    for side in left_out:
        assert all(_inside(p, hull) for p in side), (side, hull)


# --- iso_ops against the plain way it was written before (each corner projected afresh, a style per face) ---

from hypothesis import given, settings, strategies as st  # noqa: E402

from printgen.draw.colour import INK  # noqa: E402
from printgen.draw.document import Op, Path, Poly, Style  # noqa: E402
from printgen.hexgrid.outline import outline_points  # noqa: E402
from printgen.names import name_key  # noqa: E402
from printgen.packs.heroscape_style.iso import FADE as _FADE, MAX_HEX, SQUASH, UNIT, _hexagon, _project  # noqa: E402, F401


def _plain_iso_ops(cells: dict[tuple[Hex, int], str], colours: dict[str, str], level: int, tiles, orientation: str,
            box: tuple[float, float, float, float], fade: bool = True) -> list[Op]:
    """iso_ops as it was before its corners were projected once per level: the reference."""
    lay = Layout(orientation, UNIT)
    if not cells:
        return []
    # the picture's extent: each cell's hexagon at its level and the level below (the projection keeps
    # the order of x and of y, so a hexagon's extremes land on the picture's; no corner is projected here)
    pts = []
    for (h, lv) in cells:
        hx0, hy0, hx1, hy1 = _hexagon(orientation, h)[3]
        pts += [_project((hx0, hy0), lv), _project((hx1, hy1), lv - 1)]
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
    laid = {h: frozenset(lvs) for h, lvs in columns.items()}
    shape = {h: _hexagon(orientation, h) for h in columns}
    for h in sorted(columns, key=lambda h: (shape[h][0][1], shape[h][0][0])):
        (cx, cy), corners, across, _ = shape[h]
        beyond = [laid.get(n, frozenset()) for n in across]
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
            if lv + 1 in laid[h]:
                continue  # its top is the underside of the block laid on it
            ops.append(Poly(tuple(at(c, lv) for c in corners),
                            Style(fill=fill, stroke=edge, width=0.15 if new else 0.08), role="iso"))
    for t in tiles:  # the new pieces, each outlined as one piece
        loops = outline_points(t.hexes, lay)
        ops.append(Path(tuple(tuple(at(p, level) for p in loop) for loop in loops),
                        Style(stroke=INK, width=0.5), role="iso-new"))
    return ops


columns = st.dictionaries(st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
                          st.lists(st.integers(1, 4), min_size=1, max_size=4, unique=True), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(columns, st.integers(1, 4), st.sampled_from(["flat", "pointy"]), st.booleans(),
       st.sampled_from([(0.0, 0.0, 100.0, 100.0), (12.5, 30.25, 98.0, 141.0), (0.0, 0.0, 190.0, 60.0)]))
def test_a_picture_is_drawn_as_the_plain_way_draws_it(cols, level, orientation, fade, box):
    cells = {(Hex(q, r), lv): ("Grass", "Rock", "Water")[(q + r + lv) % 3] for (q, r), lvs in cols.items() for lv in lvs}
    colours = {"grass": "#4f9a3a", "rock": "#8d8a84"}  # water has none: drawn grey
    # every level of one map, as a guide draws them (what the pictures share is worked out at the first)
    for lv in (level, *range(1, 5)):
        tiles = [T([h for (h, k) in cells if k == lv][:3])] if any(k == lv for _, k in cells) else []
        assert iso_ops(cells, colours, lv, tiles, orientation, box, fade) == _plain_iso_ops(
            cells, colours, lv, tiles, orientation, box, fade)
