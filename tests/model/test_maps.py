"""A map's geometry: made once per map and process, made afresh when the map's text or the hex settings differ."""

from __future__ import annotations

from printgen.hexgrid import Hex
from printgen.model.content import MapDef
from printgen.model.game import GameConfig
from printgen.model.maps import map_geometry

LEGEND = {".": {"terrain": "Grass"}, "^": {"terrain": "Rock", "level": 2}}


def _game(size: str = "1in", orientation: str = "flat") -> GameConfig:
    return GameConfig.model_validate({"id": "t", "name": "T", "system": "heroes-of-hex", "version": "1",
                                      "hex": {"size": size, "orientation": orientation}})


def _map(layout: str = ". . .\n . ^ .", **more) -> MapDef:
    return MapDef.model_validate({"name": "M", "layout": layout, "legend": LEGEND, **more})


def test_a_map_is_read_once_and_its_geometry_shared():
    m, game = _map(), _game()
    geom = map_geometry(m, game)
    assert map_geometry(m, game) is geom and geom.mapdef is m
    assert len(geom.cells) == 6 and geom.top_level == 2
    assert {geom.cells[h][0] for h in geom.cells} == {".", "^"}


def test_another_map_with_the_same_text_has_its_own_geometry():
    a, b, game = _map(), _map(), _game()
    ga, gb = map_geometry(a, game), map_geometry(b, game)
    assert ga is not gb and gb.mapdef is b
    assert all(entry is b.legend[char] for char, entry in gb.cells.values())
    assert ga.cells.keys() == gb.cells.keys() and ga.width == gb.width


def test_a_changed_map_or_hex_setting_is_read_again():
    m, game = _map(), _game()
    before = map_geometry(m, game)
    bigger = map_geometry(m, _game(size="2in"))
    assert bigger is not before and abs(bigger.width - 2 * before.width) < 1e-9
    pointy = map_geometry(m, _game(orientation="pointy"))
    assert pointy.layout.orientation == "pointy" and before.layout.orientation == "flat"
    after = map_geometry(m.model_copy(update={"layout": ". . . .\n . ^ ."}), game)
    assert len(after.cells) == 7 and len(before.cells) == 6 and Hex(0, 0) in after.cells
    m.legend["^"] = m.legend["."]  # a MapDef is frozen, its legend a dict: an entry replaced is read again
    assert map_geometry(m, game).top_level == 1 and before.top_level == 2
