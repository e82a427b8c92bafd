"""A real piece set's geometry, read from its data file (piece_sets/<name>.yaml), with the sources it
cites: the hex across the flats, the level, each hex's raised top, the fluid tile, each land piece's
outline; and the TileSpecs that print pieces to fit it (issue 39). All lengths in mm once read."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ..hexgrid import Hex
from ..units import parse_length
from .tile import TileSpec

FOLDER = Path(__file__).parent / "piece_sets"


class PieceSet(NamedTuple):
    name: str
    sources: tuple[dict, ...]   # where / says (/ license) of every source cited
    across_flats: float         # mm, a hex across its flats
    orientation: str
    level: float                # mm between one level and the next
    cap: tuple[float, float]    # each land hex's raised top: (inset from the hex's sides, height), mm
    wall: float                 # mm, a real tile's walls round each raised top
    fluid: float                # mm, a fluid tile's height
    socket: tuple[float, float]  # printgen's recess under each hex: (inset, depth), mm
    clearance: float            # mm taken off each outer side of a printed piece
    outlines: dict[str, tuple[Hex, ...]]  # land piece hex count -> its hexes (axial q, r) at rotation 0
    top: str
    stacking: str
    choice: str

    def land_spec(self) -> TileSpec:
        """A printed land piece: one level of body, raised hex tops, a recess under each hex."""
        return TileSpec(size=self.across_flats, orientation=self.orientation, height=self.level + self.cap[1],
                        clearance=self.clearance, cap=self.cap, socket=self.socket)

    def fluid_spec(self) -> TileSpec:
        """A printed fluid piece: a flat top the fluid's height above the crack floor it stands on, the
        recesses taking the raised tops under it."""
        return TileSpec(size=self.across_flats, orientation=self.orientation, height=self.fluid,
                        clearance=self.clearance, socket=self.socket)


def _hexes(text: str) -> tuple[Hex, ...]:
    return tuple(Hex(int(q), int(r)) for q, r in (c.split(",") for c in text.split(";")))


@lru_cache(maxsize=4)
def piece_set(name: str = "heroscape") -> PieceSet:
    """The piece set of that name (a file of this package, never a user's: no bounds beyond the schema)."""
    import yaml

    raw = yaml.safe_load((FOLDER / f"{name}.yaml").read_text(encoding="utf-8"))
    mm = parse_length
    return PieceSet(
        name=raw["name"], sources=tuple(raw["sources"]), across_flats=mm(raw["hex"]["across_flats"]),
        orientation=raw["hex"]["orientation"], level=mm(raw["level"]),
        cap=(mm(raw["cap"]["inset"]), mm(raw["cap"]["height"])), wall=mm(raw["wall"]), fluid=mm(raw["fluid"]),
        socket=(mm(raw["socket"]["inset"]), mm(raw["socket"]["depth"])), clearance=mm(raw["clearance"]),
        outlines={k: _hexes(v) for k, v in raw["outlines"].items()}, top=raw["top"], stacking=raw["stacking"],
        choice=raw["choice"])

