"""Rulebook diagrams for Hexatech, drawn from the data: a tile's anatomy, and two tiles of the game
joined the way a match needs (``printgen:tile/<name>``, ``printgen:match/<none|base|link|both>``)."""

from __future__ import annotations

import math

from ...draw.colour import INK
from ...draw.document import Group, ImageError, Op, Poly, Style, Text, pt
from ...names import by_name
from .printables import TileFaces

SQ3 = math.sqrt(3)
KINDS = ("none", "base", "link", "both")
SCALE = 0.62  # joined tiles drawn at this fraction of their printed size


def _normal(i: int) -> tuple[float, float]:
    """Outward direction of edge ``i`` (clockwise from the top) of a flat-top hexagon, y down."""
    a = -math.pi / 2 + i * math.pi / 3
    return math.cos(a), math.sin(a)


def _faction(game, name: str):
    return next((f for f in game.data.factions if f.name == name), None)


def match_of(a, b, edge: int) -> tuple[bool, bool]:
    """(Base Match, Link Match) when ``b`` is joined to edge ``edge`` of ``a`` (b unturned). A Link Match
    needs the same single, non-dual link on both sides of the joint."""
    ea, eb = a.edges[edge], b.edges[(edge + 3) % 6]
    return a.faction == b.faction, len(ea) == 1 and ea == eb


def find_pair(game, kind: str):
    """The first two tiles of the data (in order, neither wild) that join without turning and make the
    given kind of match: (a, b, edge of a). Joints to the side come first: they fit a page better."""
    wild = game.rules.wild_faction if game.rules else None
    tiles = [t for t in game.data.tiles if t.faction != wild and len(t.edges) == 6]
    for edges in ((1, 2, 4, 5), (0, 3)):
        for a in tiles:
            for b in tiles:
                if a is b:
                    continue
                for i in edges:
                    if not set(a.edges[i]) & set(b.edges[(i + 3) % 6]):
                        continue
                    base, link = match_of(a, b, i)
                    if KINDS[base + 2 * link] == kind:
                        return a, b, i
    return None


def _triggers(game, a, b, i) -> list[str]:
    base, link = match_of(a, b, i)
    out = []
    if base:
        f = _faction(game, a.faction)
        out.append(f"Base Match: {a.faction} {f.ability if f else ''}".strip())
    if link:
        f = _faction(game, a.edges[i][0])
        out.append(f"Link Match: {a.edges[i][0]} {f.ability if f else ''}".strip())
    return out or ["Joined: no ability triggers"]


def match_image(kind: str, game) -> tuple[list[Op], float, float]:
    """Two tiles of the game joined so they make ``kind`` of match, the joint marked, the abilities it
    triggers written under them (mm)."""
    kind = kind.strip().lower()
    if kind == "all":
        return _grid([match_image(k, game) for k in KINDS], CAPTIONS)
    if kind not in KINDS:
        raise ImageError(f"no match kind '{kind}' (kinds: {', '.join(KINDS)})")
    found = find_pair(game, kind)
    if found is None:
        raise ImageError(f"no two tiles of the game join to make a '{kind}' match")
    a, b, i = found
    size = game.data.game.hex.size * SCALE
    faces = TileFaces(game, picture=True)
    nx, ny = _normal(i)
    w1, h1 = 2 * size / SQ3, size
    ax, ay = 0.0, 0.0
    bx, by = ax + nx * size, ay + ny * size
    x0, y0 = min(ax, bx) - w1 / 2, min(ay, by) - h1 / 2
    width, height = abs(bx - ax) + w1, abs(by - ay) + h1
    ops: list[Op] = []
    for t, (cx, cy) in ((a, (ax, ay)), (b, (bx, by))):
        face = _thumbnail(faces.front(faces.index(t), bleed=0.0), {t.name, t.faction})
        ops.append(Group(tuple(face), (SCALE, 0.0, 0.0, SCALE, cx - x0 - w1 / 2, cy - y0 - h1 / 2)))
    # the joint: a bar along the shared edge
    mx, my = ax - x0 + nx * size / 2, ay - y0 + ny * size / 2
    tx, ty = -ny, nx
    half = size / SQ3 / 2 * 0.8
    ops.append(Poly(((mx - tx * half, my - ty * half), (mx + tx * half, my + ty * half)),
                    Style(stroke="#111111", width=0.9), closed=False))
    lines = _triggers(game, a, b, i)
    for k, line in enumerate(lines):
        ops.append(Text(width / 2, height + 4.5 + k * 4.2, line, "sans-bold", pt(8), INK, "middle"))
    return ops, width, height + 2.0 + 4.2 * len(lines)


def _thumbnail(ops, keep: set[str]) -> list[Op]:
    """A tile face as the examples show it, at a fraction of its size: its name, faction and numbers, the
    colours and links; its ability text and stat labels, too small to read there, are left to the anatomy
    picture and the tiles themselves."""
    out: list[Op] = []
    for op in ops:
        if isinstance(op, Text) and op.text.strip() not in keep and not op.text.strip().isdigit():
            continue
        if isinstance(op, Group):
            op = Group(tuple(_thumbnail(op.ops, keep)), op.matrix, op.clip)
        out.append(op)
    return out


CAPTIONS = ("Different base factions, no single link in common", "Same base faction, joined by a dual link",
            "Different base factions, the same single link", "Same base faction and the same single link")


def _grid(drawings, captions, gap: float = 8.0) -> tuple[list[Op], float, float]:
    """Drawings two to a row, each centred in its cell over an italic caption (mm)."""
    cw = max(w for _, w, _ in drawings)
    rows = [drawings[k:k + 2] for k in range(0, len(drawings), 2)]
    ops: list[Op] = []
    y = 0.0
    for r, row in enumerate(rows):
        rh = max(h for _, _, h in row)
        for c, (d_ops, w, h) in enumerate(row):
            x = c * (cw + gap) + (cw - w) / 2
            ops.append(Group(tuple(d_ops), (1.0, 0.0, 0.0, 1.0, x, y)))
            ops.append(Text(c * (cw + gap) + cw / 2, y + rh + 4.0, captions[2 * r + c], "sans-italic", pt(7.5),
                            "#4a4a4a", "middle"))
        y += rh + 4.0 + gap
    return ops, 2 * cw + gap, y - gap


# Callouts of the anatomy diagram: label, where it points (fractions of the tile's size from its centre), side,
# and for a badge the height its leader runs at before it turns up to it: below the link icons of the lower
# edges, up beside the ATK/DEF words to the badge's lower corner: no leader crosses an icon, a value or a word.
PARTS = (
    ("Name", (-0.18, -0.2), "left", None),
    ("Base faction", (-0.1, -0.2 + 0.055), "left", None),
    ("Ability", (-0.29, -0.05), "left", None),
    ("Attack", (-0.205, 0.3), "left", 0.43),
    ("Link", None, "right", None),
    ("Dual link", None, "right", None),
    ("Defense", (0.205, 0.3), "right", 0.43),
)


def tile_image(name: str, game) -> tuple[list[Op], float, float]:
    """The anatomy of a HEX: one tile of the game at print size with its parts named (mm)."""
    tile = by_name(game.data.tiles, name)
    if tile is None:
        raise ImageError(f"no tile named '{name}'")
    size = game.data.game.hex.size
    faces = TileFaces(game, picture=True)
    margin = 24.0
    w1 = 2 * size / SQ3
    width, height = w1 + 2 * margin, size + 6.0
    cx, cy = margin + w1 / 2, 3.0 + size / 2
    ops: list[Op] = [Group(tuple(faces.front(faces.index(tile), bleed=0.0)), (1.0, 0.0, 0.0, 1.0, margin, 3.0))]
    single = next((e for e in range(6) if len(tile.edges[e]) == 1), None)
    dual = next((e for e in range(6) if len(tile.edges[e]) == 2), None)
    targets: dict[str, list] = {"left": [], "right": []}
    for label, at, side, elbow in PARTS:
        if at is None:
            edge = single if label.startswith("Link") else dual
            if edge is None:
                continue
            nx, ny = _normal(edge)
            px, py = cx + nx * (size / 2 - size * 0.1), cy + ny * (size / 2 - size * 0.1)
        else:
            if label.startswith("Ability") and not tile.text:
                continue
            px, py = cx + at[0] * size, cy + at[1] * size
        targets[side].append((py if elbow is None else cy + elbow * size, px, py, label))
    for side, items in targets.items():
        last = -1e9
        for at_y, px, py, label in sorted(items):
            ly = max(at_y, last + 5.0)  # each label level with what it names, unless that crowds the one above
            last = ly
            lx = margin - 4.0 if side == "left" else margin + w1 + 4.0
            path = ((lx, ly), (px, py)) if at_y == py else ((lx, ly), (px, ly), (px, py))  # a badge's: an elbow
            ops.append(Poly(path, Style(stroke="#555555", width=0.25), closed=False))
            ops.append(Text(lx - 0.8 if side == "left" else lx + 0.8, ly + 0.9, label, "sans", pt(7), INK,
                            "end" if side == "left" else "start"))
    return ops, width, height


def pattern_image(arg: str, game) -> tuple[list[Op], float, float]:
    """The HEXATECH pattern: ``pattern_size`` hexes, six around a centre one, numbered (mm)."""
    from ...hexgrid import Layout, hexagon

    flats = 18.0
    r = flats / SQ3
    lay = Layout("flat", flats, origin=(2.5 * r + 0.5, 1.5 * flats + 0.5))
    ops: list[Op] = []
    for k, h in enumerate(hexagon(1)):
        centre = h.q == 0 and h.r == 0
        ops.append(Poly(tuple(lay.corners(h)), Style(fill="#dfe6f0" if centre else "#f4f6f9", stroke="#23395b",
                                                     width=0.5)))
        x, y = lay.hex_to_point(h)
        ops.append(Text(x, y + 1.2, "centre" if centre else "", "sans-bold", pt(6.5), "#23395b", "middle"))
    return ops, 5 * r + 1.0, 3 * flats + 1.0
