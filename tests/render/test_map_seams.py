"""Where a tiled map's seams fall: never through a marker, label or picture. Property tests over maps and
markers on the tiler's geometry (tiles as the pieces of paper they are once trimmed and glued), then over
drawn maps, whose tile pages the preflight's seam class reads."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings, strategies as st

from printgen.draw.geometry import box_span
from printgen.render.maps.seams import PAD, plan_axis, trim_path
from printgen.render.maps.tiling import MIN_OVERLAP, Tiling, plan_tiles
from tests.conftest import examples

Box = tuple[float, float, float, float]


def _kept(tiling: Tiling, axis: int, k: int, box: Box) -> bool:
    """Does tile ``k`` along ``axis`` (0: columns, 1: rows) show ``box`` whole once trimmed and glued? Its
    part runs from the trim line before it (the previous tile's path, notches taken away) to its own trim
    line (notches added), and its window holds the box."""
    origins = tiling.xs if axis == 0 else tiling.ys
    notched = tiling.notches_x if axis == 0 else tiling.notches_y
    win = tiling.window[axis]
    a0, a1 = box[axis], box[axis + 2]
    l0, l1 = box[1 - axis], box[3 - axis]
    if a0 < origins[k] - 1e-9 or a1 > origins[k] + win + 1e-9:
        return False

    def reach(seam: float, rects, l: float) -> float:
        return max([f for a, b, f in rects if a <= l <= b] + [seam])

    samples = [l0 + (l1 - l0) * i / 8 for i in range(9)]
    if k > 0:  # not under the notches the previous tile keeps
        rects = notched[k - 1]
        if any(a0 < reach(origins[k], rects, l) - 1e-9 for l in samples):
            return False
    if k + 1 < len(origins):
        rects = notched[k]
        if any(a1 > reach(origins[k + 1], rects, l) + 1e-9 for l in samples):
            return False
    return True


def _paths(tiling: Tiling, map_w: float, map_h: float):
    """Every trim line as segments (map mm)."""
    out = []
    for k, s in enumerate(tiling.xs[1:]):
        pts = trim_path(s, tiling.notches_x[k], -50.0, map_h + 50.0)
        out += list(zip(pts, pts[1:]))
    for k, s in enumerate(tiling.ys[1:]):
        pts = [(x, y) for y, x in trim_path(s, tiling.notches_y[k], -50.0, map_w + 50.0)]
        out += list(zip(pts, pts[1:]))
    return out


@st.composite
def maps_with_markers(draw):
    """A map (w, h mm), a page window (w, h mm) and markers: each in a cell of a 12 mm lattice, at most
    one a cell (two markers of a map are a label and the disc it is printed in, or apart), up to 9 mm."""
    map_w = draw(st.floats(60, 700))
    map_h = draw(st.floats(60, 700))
    win = (draw(st.floats(120, 290)), draw(st.floats(150, 270)))
    cells = draw(st.lists(st.tuples(st.integers(0, int(map_w // 12) - 1), st.integers(0, int(map_h // 12) - 1)),
                          max_size=60, unique=True))
    markers = []
    for cx, cy in cells:
        w, h = draw(st.floats(1.0, 9.0)), draw(st.floats(1.0, 9.0))
        x = cx * 12 + 6 + draw(st.floats(-(11 - w) / 2 + 1, (11 - w) / 2 - 1))
        y = cy * 12 + 6 + draw(st.floats(-(11 - h) / 2 + 1, (11 - h) / 2 - 1))
        markers.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return map_w, map_h, win, markers


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps_with_markers())
def test_every_marker_is_whole_on_a_tile_and_no_trim_line_cuts_one(case):
    map_w, map_h, win, markers = case
    tiling = plan_tiles(map_w, map_h, *win, markers=markers)
    ww, wh = tiling.window
    # the tiles cover the map, neighbours sharing at least the overlap
    assert tiling.xs[0] <= 1e-9 and tiling.xs[-1] + ww >= map_w - 1e-9
    assert tiling.ys[0] <= 1e-9 and tiling.ys[-1] + wh >= map_h - 1e-9
    assert all(s >= MIN_OVERLAP - 1e-9 for s in tiling.shared())
    # no more pages than an even plan takes, and one more at most
    even = math.ceil((map_w - MIN_OVERLAP) / (win[0] - MIN_OVERLAP)) if map_w > win[0] else 1
    assert even <= tiling.cols <= even + 1
    for box in markers:
        cols = [c for c in range(tiling.cols) if _kept(tiling, 0, c, box)]
        rows = [r for r in range(tiling.rows) if _kept(tiling, 1, r, box)]
        assert cols and rows, (box, tiling)  # whole on tile (rows[0], cols[0])
    inner = [(b[0] + 0.01, b[1] + 0.01, b[2] - 0.01, b[3] - 0.01) for b in markers]
    for seg in _paths(tiling, map_w, map_h):
        assert not any(box_span(seg, b) for b in inner), seg


@settings(max_examples=examples(200), deadline=None)
@given(total=st.floats(210, 380), win=st.floats(190, 260),
       spans=st.lists(st.tuples(st.floats(0, 380), st.floats(1, 30)), max_size=25))
def test_two_tiles_take_a_clear_seam_whenever_one_exists(total, win, spans):
    spans = [(a, a + w) for a, w in spans]
    origins, clear = plan_axis(total, win, MIN_OVERLAP, [(a, b, 0.0, 1.0) for a, b in spans])
    if total <= win or math.ceil((total - MIN_OVERLAP) / (win - MIN_OVERLAP)) != 2:
        return
    # brute force: every seam position two tiles allow, 0.05 mm apart
    lo, hi = max(MIN_OVERLAP, total - win), min(win - MIN_OVERLAP, total - MIN_OVERLAP)
    free = [lo + (hi - lo) * i / 4000 for i in range(4001)]
    exists = any(not any(a - PAD < s < b + PAD for a, b in spans) for s in free) if hi >= lo else False
    if exists:
        assert clear and len(origins) == 2
        s = origins[1]
        assert not any(a - PAD < s - 1e-9 and s + 1e-9 < b + PAD for a, b in spans)
        # as near the even seam as any clear position
        even = total / 2 - MIN_OVERLAP / 2
        best = min(abs(p - even) for p in free if not any(a - PAD < p < b + PAD for a, b in spans))
        assert abs(s - even) <= best + (hi - lo) / 4000 + 1e-6


# --- drawn maps: the tile pages as the preflight reads them -------------------------------------------------

def _data(orientation: str):
    from printgen.model.content import Terrain
    from printgen.model.game import GameConfig

    class Data:
        game = GameConfig.model_validate({"id": "t", "name": "T", "system": "heroes-of-hex", "version": "1",
                                          "hex": {"size": "1in", "orientation": orientation}})
        terrain = [Terrain(name="Grass", colour="#9bbf6b"), Terrain(name="Hill", colour="#8a9a5b")]

    return Data


@st.composite
def drawn_maps(draw):
    """A map two to three pages wide or high, with objectives, zones, levels and coordinates at random."""
    from printgen.model.content import MapDef

    orientation = draw(st.sampled_from(["pointy", "flat"]))
    cols, rows = draw(st.integers(10, 16)), draw(st.integers(8, 14))
    hexes = [(r, c) for r in range(rows) for c in range(cols)]
    marked = draw(st.lists(st.sampled_from(hexes), max_size=8, unique=True))
    hills = set(draw(st.lists(st.sampled_from(hexes), max_size=6, unique=True)))
    legend = {".": {"terrain": "Grass"}, "h": {"terrain": "Hill", "level": 2},
              "z": {"terrain": "Grass", "zone": "Home"}}
    for i, _ in enumerate(marked):
        legend[str(i)] = {"terrain": "Grass", "objective": f"Goal {chr(65 + i)}"}
    lines = []
    for r in range(rows):
        chars = []
        for c in range(cols):
            if (r, c) in marked:
                chars.append(str(marked.index((r, c))))
            else:
                chars.append("h" if (r, c) in hills else "z" if r == rows - 1 else ".")
        lines.append((" " if r % 2 else "") + " ".join(chars))
    if orientation == "flat":  # doubled height: a column's hexes on every other line
        lines = [" ".join(ch if (c + k) % 2 == 0 else " " for c, ch in enumerate(line.split()))
                 for k, line in enumerate(lines)]
    mapdef = MapDef.model_validate({"name": "Field", "layout": "\n".join(lines) + "\n", "legend": legend,
                                    "coordinates": draw(st.booleans()),
                                    "zones": [{"name": "Home", "colour": "#aa2222"}]})
    return mapdef, _data(orientation), draw(st.sampled_from(["a4", "letter"]))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(drawn_maps())
def test_drawn_tiles_show_every_objective_whole_and_no_seam_finding(case):
    from printgen.draw.page import PageSpec
    from printgen.preflight.checks import Settings, Sheet
    from printgen.preflight.seam import seams, trim_lines
    from printgen.preflight.scene import crosses
    from printgen.model.maps import map_geometry
    from printgen.names import name_key
    from printgen.render.maps import render_map
    from printgen.render.maps.codes import map_codes

    mapdef, data, paper = case
    pages = render_map(mapdef, data, PageSpec.for_paper(paper, 5.0))
    if len(pages) == 1:
        return
    geom = map_geometry(mapdef, data.game)
    objectives = {e.objective for _, e in geom.cells.values() if e.objective}
    shown = set()
    for n, page in enumerate(pages[1:], start=2):
        sheet = Sheet.of("map-field", paper, n, len(pages), page)
        assert not list(seams(sheet, Settings())), page.label
        lines = trim_lines(sheet.inks)
        for disc in (i for i in sheet.inks if i.role == "objective"):
            whole = disc.box[2] - disc.box[0] > 2 * 0.2 * 25.4  # not clipped by the tile's window
            code = next(t.text for t in sheet.inks if t.kind == "text" and disc.box[0] < t.box[0] < disc.box[2]
                        and disc.box[1] < t.box[1] < disc.box[3])
            # on the side of each trim line this tile keeps: left of an upright line, above a level one
            kept = all(disc.box[2] <= a[0] + 1e-6 if a[0] == b[0] else disc.box[3] <= a[1] + 1e-6
                       for a, b in lines if not crosses((a, b), disc.box))
            if whole and kept and not any(crosses(seg, disc.box) for seg in lines):
                shown.add(code)
    codes = map_codes(mapdef, geom.cells.values())
    assert {codes[name_key(o)] for o in objectives} <= shown


def test_a_crowded_map_notches_its_trim_lines_round_the_labels_it_must_cross():
    """Every hex with an objective, a zone initial, a level and its coordinates: no seam position misses them
    all, so the seam falls between the discs and its trim line steps round the labels there, on the earlier
    tile's line and the later tile's edge alike; no tile page has a marker cut."""
    from printgen.draw.page import PageSpec
    from printgen.model.content import MapDef
    from printgen.model.maps import map_geometry
    from printgen.preflight.checks import Settings, Sheet
    from printgen.preflight.seam import seams
    from printgen.render.maps import render_map, tile_plan
    from printgen.render.maps.tiling import map_marks

    data = _data("flat")
    rows = ["x   x   x   x   x   x", "  x   x   x   x   x"] * 13
    mapdef = MapDef.model_validate({"name": "Crowd", "layout": "\n".join(rows) + "\n", "coordinates": True,
                                    "legend": {"x": {"terrain": "Hill", "level": 2, "zone": "Home",
                                                     "objective": "Goal"}},
                                    "zones": [{"name": "Home", "colour": "#aa2222"}]})
    spec = PageSpec.for_paper("a4", 5.0)
    geom = map_geometry(mapdef, data.game)
    _, tiling = tile_plan(geom, spec, map_marks(geom, data)[0])
    assert tiling.rows > 1 and not tiling.clear and any(tiling.notches_y)
    pages = render_map(mapdef, data, spec)
    for n, page in enumerate(pages[1:], start=2):
        sheet = Sheet.of("map-crowd", "a4", n, len(pages), page)
        assert not list(seams(sheet, Settings())), page.label
        trims = [i for i in sheet.inks if i.role == "overlap-y"]
        assert trims and max(len(i.segments) for i in trims) > 3  # a line with steps in it, on both tiles
