"""The real piece set: every footprint in its six rotations against the positions VirtualScape's
own Tile*.cpp lists (tests/fixtures/maps/virtualscape_shapes.json), placed at anchors on even and
odd rows with VirtualScape's own rule for odd rows (CTile::ContainPos)."""

import json
from pathlib import Path

import pytest

from printgen.hexgrid.coords import Hex, canonical
from printgen.mapio.pieces import (FLUID, LAND, PIECES, cells_of, footprint, glyph_letter, offset_to_axial, piece,
                                   axial_to_offset)

SHAPES = json.loads((Path(__file__).parent.parent / "fixtures" / "maps" / "virtualscape_shapes.json").read_text())
# codes VirtualScape draws that are not terrain (figures, a number marker) or a stacked water column
NOT_PIECES = {"4002", "10041", "18001", "18002", "25002"}


def _source_cells(positions, X, Y):
    """VirtualScape's rule: relative positions are for an anchor on an even row; on an odd row, a
    position on an odd relative row moves one column right."""
    return {offset_to_axial(x + X + (1 if Y % 2 == 1 and y % 2 == 1 else 0), y + Y) for x, y in positions}


@pytest.mark.parametrize("code", sorted(set(SHAPES) - NOT_PIECES, key=int))
def test_footprint_matches_virtualscape_in_every_rotation(code):
    p = piece(int(code))
    assert p is not None, f"{code} ({SHAPES[code]['class']}) has no piece"
    for rot, positions in SHAPES[code]["rotations"].items():
        for X, Y in ((0, 0), (5, 4), (6, 7), (-3, -5)):
            assert set(cells_of(p, X, Y, int(rot))) == _source_cells(positions, X, Y), (code, rot, X, Y)


def test_the_issue_pieces_are_all_there():
    names = {p.name for p in PIECES.values()}
    for n in ("grass-1", "grass-2", "grass-3", "grass-7", "grass-24", "road-5", "water-1", "lava-1", "ice-1",
              "swamp-water-1", "shadow-1", "glacier-1", "glacier-3", "glacier-4", "glacier-6", "castle-wall-straight",
              "battlement", "castle-arch", "wall-walk-9", "tree-10", "ruin-3", "road-2"):
        assert n in names
    assert piece(16301).height == 3  # a battlement: 3 levels high on the outside
    assert all(p.height == 0 for p in PIECES.values() if p.role == FLUID)
    assert all(p.height == 1 for p in PIECES.values() if p.role == LAND)


def test_land_sizes_are_their_hex_counts():
    for p in PIECES.values():
        if p.role == LAND and p.code != 8005:
            assert len(footprint(p.shape, 0)) == p.code % 1000
    assert len(footprint("line5", 3)) == 5


def test_six_rotations_are_one_shape_turned():
    for shape in ("2", "3", "7", "24", "walk9", "ruin6"):
        forms = {canonical(footprint(shape, r)) for r in range(6)}
        assert len(forms) == 1
        assert footprint(shape, 0)[0] == Hex(0, 0)  # the anchor is a hex of the piece


def test_offset_coordinates_round_trip():
    for x in range(-7, 8):
        for y in range(-7, 8):
            assert axial_to_offset(offset_to_axial(x, y)) == (x, y)


def test_glyphs_and_unknown_codes():
    assert glyph_letter(14000 + ord("A")) == "A"
    assert piece(14000 + ord("Z")).role == "glyph"
    assert piece(99999) is None and piece(0) is None and piece(18001) is None


def test_one_24_hex_shape_everywhere():
    """terrain, stl and the tiling solver make the 24-hex tile print-lacking places (issue 39)."""
    from printgen.hexgrid.coords import normalise
    from printgen.mesh.shapes import NAMED
    from printgen.tiling.shapes import SHAPES as TILING

    real = sorted(footprint("24", 0))
    assert sorted(normalise(NAMED["24"])) == real and sorted(normalise(TILING["24"])) == real and len(real) == 24
