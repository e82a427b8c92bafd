"""High Ground build guide: its tiles cover every level of every map exactly once, each resting on
the level below, from the owned tile sets; random maps too; the guide pages show every tile."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from printgen.build import build
from printgen.hexgrid import Hex, hexagon
from printgen.hexgrid.textmap import format_textmap
from printgen.packs.heroscape_style.checks_maps import inventory
from printgen.packs.heroscape_style.guide import FAINT_NUMBER, map_tiling
from printgen.packs.heroscape_style.levels import cells, stack_of
from printgen.packs.heroscape_style.models import HSMap
from printgen.project import validate_game
from printgen.tiling import SHAPES
from tests.conftest import FIXTURES, REPO
from tests.pdfmeasure import open_pdf, text_spans

GAME = REPO / "data" / "heroscape-style"
FAINT_RGB = int(FAINT_NUMBER[1:], 16)  # the faded level's numbers, as pymupdf reports a span's colour


def assert_builds(m, data):
    """The guide's tiles cover each level's cells exactly once, one terrain and level per tile, every tile
    a shape of the set turned on the lattice, every tile above level 1 lying on tiles of the level below,
    and no more tiles of a kind than the tile sets hold."""
    want = cells(m, stack_of(m, data))
    tiling = map_tiling(m, data)
    covered = Counter()
    for t in tiling.tiles:
        assert len(t.hexes) == int(t.shape) and t.shape in SHAPES
        for h in t.hexes:
            covered[(h, t.level)] += 1
            assert want[(h, t.level)] == t.terrain
            if t.level > 1:
                assert (h, t.level - 1) in want  # rests on a tile of the level below
    assert set(covered) == set(want) and set(covered.values()) == {1}
    if data.tile_sets:
        owned = inventory(data)
        assert not tiling.missing
        assert all(n <= owned.get(k, 0) for k, n in tiling.counts().items())
    return tiling


@pytest.fixture(scope="module")
def game():
    return validate_game(GAME)


def test_every_bundled_map_is_laid_from_the_tile_sets(game):
    assert game.ok()
    for m in game.data.maps:
        tiling = assert_builds(m, game.data)
        assert tiling.optimal  # proven fewest tiles (the bundled maps are small enough)


def test_the_mini_map_takes_the_fewest_tiles():
    g = validate_game(FIXTURES / "mini-heroscape")
    tiling = assert_builds(g.data.maps[0], g.data)
    # level 2: the Rock under the level-3 hex stands in a taller column than its two neighbours, so no
    # tile spans them (no tile runs under the foot of a rise): a 2-hex Rock, a 1-hex Rock, the Water
    assert tiling.optimal
    assert sorted((t.shape, t.terrain) for t in tiling.on_level(2)) == [("1", "Rock"), ("1", "Water"), ("2", "Rock")]
    assert [(t.shape, t.terrain) for t in tiling.on_level(3)] == [("1", "Grass")]


TERRAIN = ("Grass", "Rock")


@st.composite
def random_maps(draw):
    """A radius-2 or -3 battlefield with a random height (1-4) and a random terrain per tile."""
    radius = draw(st.integers(2, 3))
    hexes = list(hexagon(radius))
    heights = {h: draw(st.integers(1, 4)) for h in hexes}
    terrain = {(h, lv): draw(st.sampled_from(TERRAIN)) for h in hexes for lv in range(1, heights[h] + 1)}
    top = max(heights.values())
    chars = {"Grass": "g", "Rock": "r"}
    texts = [format_textmap({h: (chars[terrain[(h, lv)]] if heights[h] >= lv else "-") for h in hexes}, "flat",
                            spacing=2) for lv in range(1, top + 1)]
    return HSMap(name="Random", layout=texts[0], layers=texts[1:], legend={"g": {"terrain": "Grass"},
                 "r": {"terrain": "Rock"}}), terrain


@settings(max_examples=25, deadline=None)
@given(random_maps())
def test_random_maps_are_covered_exactly_and_rest_on_the_level_below(case):
    m, terrain = case
    data = validate_game(FIXTURES / "mini-heroscape").data.model_copy(update={"maps": [m], "tile_sets": []})
    got = cells(m, stack_of(m, data))
    # the text map is read back up to a translation: line the two up on their first hex
    a = min((h for h, _ in got), key=lambda h: (h.r, h.q))
    b = min((h for h, _ in terrain), key=lambda h: (h.r, h.q))
    assert {(Hex(h.q - a.q + b.q, h.r - a.r + b.r), lv): t for (h, lv), t in got.items()} == terrain
    assert_builds(m, data)


def test_the_guide_draws_every_tile_of_every_level(game, tmp_path):
    result = build(folders=[GAME], out=tmp_path, papers=["a4"], previews=False)
    assert result.ok
    m = next(m for m in game.data.maps if m.name == "Cinder Ridge")
    tiling = map_tiling(m, game.data)
    doc = open_pdf(tmp_path / "heroscape-style" / "a4" / "build-guide-cinder-ridge.pdf")
    # levels share pages (a level of one tile takes no page of its own): fewer pages than levels
    assert len(doc) < len(tiling.levels)
    assert f"{len(tiling.tiles)} tiles on {len(tiling.levels)} levels" in doc[0].get_text().replace("\n", " ")
    # each level's panel: from its heading down to the next heading on the page
    panels = {}
    for page in doc:
        spans = text_spans(page)
        heads = sorted((s["bbox"][1], int(s["text"].rsplit(" ", 1)[1])) for s in spans
                       if s["text"].startswith("Cinder Ridge: level "))
        for i, (top, lv) in enumerate(heads):
            bottom = heads[i + 1][0] if i + 1 < len(heads) else page.rect.height
            panels[lv] = [s for s in spans if top <= s["bbox"][1] < bottom]
    assert sorted(panels) == list(tiling.levels)
    for lv in tiling.levels:
        spans = panels[lv]
        numbers = Counter(s["text"] for s in spans if s["text"] in SHAPES and s["color"] != FAINT_RGB
                          and "Bold" in s["font"])
        on_level = Counter(t.shape for t in tiling.on_level(lv))
        assert numbers == on_level, lv
        faint = Counter(s["text"] for s in spans if s["text"] in SHAPES and s["color"] == FAINT_RGB)
        covered = {h for t in tiling.on_level(lv) for h in t.hexes}
        below = tiling.on_level(lv - 1)
        assert len(below) >= sum(faint.values()) >= sum(1 for t in below if not set(t.hexes) <= covered)


def test_a_fixed_hex_is_covered_once(game):
    m = game.data.maps[0]
    tiling = map_tiling(m, game.data)
    h = next(iter(stack_of(m, game.data).tiles[0]))
    assert sum(1 for t in tiling.on_level(1) if h in t.hexes) == 1
    assert isinstance(h, Hex)
