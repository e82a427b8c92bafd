"""Print what you lack: a map's real pieces, the owned ones used first, the rest as printable
tiles on plates, a bill that counts only what is printed, and a build guide marking each piece
owned or printed, level by level.

The pieces are the map's ``pieces:`` (an imported map) or, for a map a designer typed, its
levels cut into the real pieces each terrain comes in. Owned pieces are handed out bottom level
first, in reading order, so the guide is the same every run. Land prints one level high; fluid
pieces (water, lava, ice, swamp water, shadow) print as thin overlays (the real set's fluid tile,
or FLUID_THICKNESS at the game's scale: lack_files); trees, ruins, glaciers and castle walls are
listed, not printed (they are no flat tile).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..hexgrid.coords import Hex
from ..mesh.terrain_pieces import FLUID_THICKNESS
from .pieces import ADDON_NAMES, CASTLE, FLUID, LAND, PieceDef, footprint, offset_to_axial, piece, BY_NAME

# FLUID_THICKNESS: a real Heroscape water or lava tile is about a third of a land tile thick, a thin
# overlay a figure stands on at the level of the tile underneath; printgen terrain prints fluid the same.
__all__ = ["FLUID_THICKNESS", "Placed", "Plan", "guide_markdown", "map_pieces", "plan"]


@dataclass(frozen=True)
class Placed:
    piece: PieceDef
    anchor: Hex
    level: int
    rotation: int
    owned: bool = False

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(sorted((Hex(self.anchor.q + d.q, self.anchor.r + d.r)
                             for d in footprint(self.piece.shape, self.rotation)), key=lambda h: (h.r, h.q)))

    @property
    def printable(self) -> bool:
        p = self.piece
        return p.role in (LAND, FLUID) or (p.role == CASTLE and p.height == 1 and p.name not in ADDON_NAMES)


@dataclass
class Plan:
    placed: list[Placed]                       # every piece, owned or not, bottom level first
    owned: Counter = field(default_factory=Counter)      # piece name -> owned pieces used
    printed: Counter = field(default_factory=Counter)    # piece name -> pieces to print
    unprintable: Counter = field(default_factory=Counter)  # lacking pieces no flat tile can stand for


def map_pieces(mapdef, stack) -> list[Placed]:
    """The map's real pieces: its ``pieces:`` list, or its levels cut into pieces."""
    from .convert import map_to_hsc

    out = []
    if mapdef.pieces:
        for pp in mapdef.pieces:
            p = BY_NAME.get(pp.piece)
            if p is None:
                continue  # glyphs and start zones sit on pieces; they are no piece to own or print
            q, r = (int(v) for v in pp.at.split(","))
            out.append(Placed(p, Hex(q, r), pp.level, pp.rotation))
    else:
        hsc, _ = map_to_hsc(mapdef, stack, {})
        for t in hsc.tiles:
            p = piece(t.code)
            if p is not None and p.role in (LAND, FLUID, CASTLE):
                out.append(Placed(p, offset_to_axial(t.x, t.y), t.z + 1, t.rotation))
    out = [p for p in out if p.piece.role not in ("start", "glyph")]
    return sorted(out, key=lambda p: (p.level, p.anchor.r, p.anchor.q, p.piece.code, p.rotation))


def plan(placed: list[Placed], inventory: Counter) -> Plan:
    """Owned pieces first: each piece is owned while the inventory has one of its name left."""
    left = Counter(inventory)
    out = Plan([])
    for p in placed:
        if left[p.piece.name] > 0:
            left[p.piece.name] -= 1
            out.owned[p.piece.name] += 1
            out.placed.append(Placed(p.piece, p.anchor, p.level, p.rotation, owned=True))
            continue
        out.placed.append(p)
        if p.printable:
            out.printed[p.piece.name] += 1
        else:
            out.unprintable[p.piece.name] += 1
    return out


def guide_markdown(title: str, pl: Plan) -> str:
    """The build guide as text: level by level, each piece, where, and owned or printed."""
    lines = [f"# {title}: build guide", "",
             f"{sum(pl.owned.values())} pieces from your boxes, {sum(pl.printed.values())} printed"
             + (f", {sum(pl.unprintable.values())} you lack and cannot print here" if pl.unprintable else "") + ".",
             ""]
    for level in sorted({p.level for p in pl.placed}):
        lines += [f"## Level {level}", "", "| Piece | At (q,r) | Turn | Source |", "|---|---|---|---|"]
        for p in (x for x in pl.placed if x.level == level):
            source = "owned" if p.owned else ("printed" if p.printable else "lacking (not printable)")
            lines.append(f"| {p.piece.name} | {p.anchor.q},{p.anchor.r} | {p.rotation} | {source} |")
        lines.append("")
    return "\n".join(lines)
