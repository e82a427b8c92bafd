"""The map painter's save, without a browser: the painted characters go into the designer's YAML and
nothing else changes (comments, order, other maps, CRLF line ends); a map that would not validate, a file
changed on disk meanwhile and a layout that is not a literal block are refused with nothing written."""

from __future__ import annotations

import shutil

import pytest

from printgen.studio.catalogue import MapInfo, map_infos
from printgen.studio.mapedit import MapEditError, editor_data, map_blocks, save_map, splice
from tests.conftest import FIXTURES, REPO
from tests.studio.conftest import CRYPT


def game_and_map(tmp_path, name="mini-hoh", index=0):
    from printgen.project import validate_game

    folder = tmp_path / name
    if not folder.exists():
        shutil.copytree(FIXTURES / name if (FIXTURES / name).is_dir() else REPO / "data" / name, folder)
    game = validate_game(folder)
    assert game.ok(), [f.format() for f in game.findings]
    return folder, map_infos(game)[index]


def paint(data: dict, layer: int, hexes: list[tuple[int, int]], ch: str) -> list[list[str]]:
    """The layers' lines with each (line, col) of ``hexes`` in ``layer`` set to ``ch``."""
    layers = [list(lay["lines"]) for lay in data["layers"]]
    for li, ci in hexes:
        row = layers[layer][li]
        layers[layer][li] = row[:ci] + ch + row[ci + 1:]
    return layers


def test_three_painted_hexes_change_three_characters(tmp_path):
    folder, info = game_and_map(tmp_path)
    path = folder / "maps.yaml"
    before = path.read_bytes()
    data = editor_data(info)
    assert data["layers"][0]["lines"][1] == "  .   #   ." and data["orientation"] == "flat"
    new = save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 0, [(1, 2), (2, 4), (3, 6)], "#"),
                   known=set())
    after = path.read_bytes()
    assert len(after) == len(before) and new != data["digest"]
    diff = [(i, bytes([a]), bytes([b])) for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert [(a, b) for _, a, b in diff] == [(b".", b"#")] * 3, diff


def test_a_painted_map_that_does_not_validate_is_refused_with_its_finding(tmp_path):
    folder, info = game_and_map(tmp_path)
    before = (folder / "maps.yaml").read_bytes()
    data = editor_data(info)
    with pytest.raises(MapEditError) as err:
        save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 0, [(0, 4)], "Z"), known=set())
    assert err.value.status == 422
    f = err.value.findings[0]
    assert f["code"] == "map-legend" and "'Z'" in f["message"] and f["where"].endswith("maps.yaml:8:11"), f
    assert "printgen-map-" not in f["where"]  # the scratch copy is not named
    assert (folder / "maps.yaml").read_bytes() == before


def test_a_file_changed_on_disk_is_not_overwritten(tmp_path):
    folder, info = game_and_map(tmp_path)
    data = editor_data(info)
    path = folder / "maps.yaml"
    path.write_text(path.read_text() + "# a comment saved in the editor meanwhile\n")
    mine = path.read_bytes()
    with pytest.raises(MapEditError) as err:
        save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 0, [(0, 4)], "#"), known=set())
    assert err.value.status == 409 and "changed on disk" in str(err.value)
    assert path.read_bytes() == mine


def test_rows_added_and_crlf_comments_and_other_maps_kept(tmp_path):
    text = ("# my maps\r\nmaps:\r\n  - name: One  # first\r\n    layout: |\r\n      . .\r\n       . .\r\n"
            "    legend: {'.': {terrain: Floor}}\r\n  - name: Two\r\n    layout: |\r\n      . .\r\n")
    one = map_blocks(text, 3)[0]
    assert one.start == 4 and one.indent == 6 and one.lines == [". .", " . ."]
    crlf = splice(text, [one], [[". #", " . ."]])
    assert crlf == text.replace("      . .\r\n", "      . #\r\n", 1)  # one character, the CRLF ends kept
    lf = text.replace("\r\n", "\n")
    layout, _ = map_blocks(lf, 3)
    out = splice(lf, [layout], [[". #", " . .", ". .", " . ."]])
    assert out == lf.replace("      . .\n       . .\n", "      . #\n       . .\n      . .\n       . .\n", 1)
    assert out.endswith("  - name: Two\n    layout: |\n      . .\n") and out.startswith("# my maps\n")


def test_a_layout_that_is_not_a_literal_block_is_refused():
    text = 'maps:\n  - name: One\n    layout: ". .\\n . ."\n'
    with pytest.raises(MapEditError, match="literal block"):
        map_blocks(text, 2)


def test_a_high_ground_map_paints_its_levels(tmp_path):
    folder, info = game_and_map(tmp_path, "mini-heroscape")
    data = editor_data(info)
    assert len(data["layers"]) == 3 and data["empty"] == "-"
    assert data["layers"][1]["lines"][0] == "- - r r - -" and data["layers"][2]["lines"][0] == "- - g - - -"
    path = folder / "world.yaml"
    before = path.read_bytes()
    # the grass on level 3 taken off (the empty mark painted over it)
    save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 2, [(0, 4)], "-"), known=set())
    after = path.read_bytes()
    diff = [(bytes([a]), bytes([b])) for a, b in zip(before, after) if a != b]
    assert diff == [(b"g", b"-")] and len(after) == len(before)
    assert b"      - |\n        - - - - - -\n         - - - - - -" in after
    # and a tile in the air (level 3 over no level 2) is refused, located
    data = editor_data(info)
    with pytest.raises(MapEditError) as err:
        save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 2, [(2, 0)], "g"), known=set())
    assert err.value.status == 422 and "world.yaml:" in err.value.findings[0]["where"], err.value.findings
    assert path.read_bytes() == after


def test_the_page_cannot_name_a_file():
    info = MapInfo(0, "X", "map-x", "/etc/passwd", 1, 2, "flat", "-", [])
    with pytest.raises(MapEditError) as err:
        save_map(folder=FIXTURES / "mini-hoh", info=info, held="", layers=[["."]], known=set())
    assert err.value.status == 403




def test_a_rows_notation_map_paints_where_its_hexes_read(tmp_path):
    """Rows notation (a line a row, a line set in by half a step read as not set in) is painted as it
    reads: the page is told the rows grid, and a painted character lands on the hex the notation puts there."""
    from printgen.hexgrid.textmap import parse_textmap

    folder = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", folder)
    (folder / "maps.yaml").write_text((folder / "maps.yaml").read_text() + CRYPT)
    folder, info = game_and_map(tmp_path, index=1)
    data = editor_data(info)
    layer = data["layers"][0]
    assert info.notation == "rows" and layer["rows"] is True and (layer["step"], layer["pos0"]) == (2, 0)
    before = parse_textmap("\n".join(layer["lines"]), "flat", notation="rows")
    # the second line's first hex (set in by one character) becomes a wall
    save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 0, [(1, 1)], "#"), known=set())
    game_text = (folder / "maps.yaml").read_text()
    assert "       # # . .\n" in game_text
    after = parse_textmap("\n".join(editor_data(info)["layers"][0]["lines"]), "flat", notation="rows")
    changed = [h for h in before.cells if before.cells[h].char != after.cells[h].char]
    assert len(changed) == 1 and changed[0] == next(h for h, c in before.cells.items() if (c.line, c.col) == (1, 1))


def test_an_exact_notation_map_of_islands_paints_on_its_fixed_grid(tmp_path):
    """An imported map of scattered hexes (``notation: exact``: a picture whose spacing is one character per
    half hex, never inferred) opens in the painter with that step, and a painted hex lands where it reads."""
    from printgen.hexgrid.textmap import parse_textmap

    folder = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", folder)
    islands = CRYPT.replace("Crypt", "Islands").replace("    fit: a4\n", "")
    islands = islands.replace("notation: rows", "notation: exact").replace(
        "      . . . .\n       . # . .\n      . . . .\n", "      .       .\n       .\n      .       #\n")
    (folder / "maps.yaml").write_text((folder / "maps.yaml").read_text() + islands)
    folder, info = game_and_map(tmp_path, index=1)
    data = editor_data(info)
    layer = data["layers"][0]
    assert info.notation == "exact" and layer["step"] == 1 and "rows" not in layer
    before = parse_textmap("\n".join(layer["lines"]), "flat", notation="exact")
    save_map(folder=folder, info=info, held=data["digest"], layers=paint(data, 0, [(0, 8)], "#"), known=set())
    after = parse_textmap("\n".join(editor_data(info)["layers"][0]["lines"]), "flat", notation="exact")
    assert set(after.cells) == set(before.cells)
    changed = [h for h in before.cells if before.cells[h].char != after.cells[h].char]
    assert [(before.cells[h].line, before.cells[h].col) for h in changed] == [(0, 8)]
