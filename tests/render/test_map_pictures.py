"""A terrain's picture (game folder art/) drawn centred in every hex of that terrain, measured in the PDF."""

from __future__ import annotations

import io
import shutil

import pymupdf
import pytest
from PIL import Image

from printgen.build import build
from printgen.draw.page import MAP_PICTURE
from printgen.project import validate_game
from tests.conftest import FIXTURES
from tests.pdfmeasure import centre, colour, hexagons

PT = 25.4 / 72
FLOOR = "#8a7d6b"


def _game(tmp_path, image: str = "art/rock.png"):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    (game / "art").mkdir()
    buf = io.BytesIO()
    Image.new("RGB", (400, 200), (200, 40, 40)).save(buf, format="PNG")  # twice as wide as high
    (game / "art" / "rock.png").write_bytes(buf.getvalue())
    maps = game / "maps.yaml"
    maps.write_text(maps.read_text().replace('{name: Floor, colour: "#8a7d6b"}',
                                             f'{{name: Floor, colour: "#8a7d6b", image: {image}}}'))
    return game


def test_a_terrain_picture_sits_centred_in_each_of_its_hexes(tmp_path):
    game = _game(tmp_path)
    result = build(folders=[game], out=tmp_path / "out", papers=["a4"], previews=False)
    assert result.ok, [f.format() for g in result.games for f in g.findings]
    page = pymupdf.open(tmp_path / "out" / "mini-hoh" / "a4" / "map-cellar.pdf")[0]
    floors = [centre(d) for d in hexagons(page) if colour(d) == FLOOR]
    size = validate_game(game).data.game.hex.size
    boxes = [info["bbox"] for info in page.get_image_info()]
    assert len(boxes) == len(floors) == 11  # every Floor hex of the Cellar, and nothing else
    for x0, y0, x1, y1 in boxes:
        w, h = (x1 - x0) * PT, (y1 - y0) * PT
        assert w == pytest.approx(size * MAP_PICTURE, abs=0.05) and h == pytest.approx(w / 2, abs=0.05)
        cx, cy = (x0 + x1) / 2 * PT, (y0 + y1) / 2 * PT
        assert min((cx - fx) ** 2 + (cy - fy) ** 2 for fx, fy in floors) ** 0.5 < 0.05


@pytest.mark.parametrize("image, words", [
    ("art/none.png", "no file 'art/none.png'"),
    ("../outside.png", "must be a plain path inside the game folder"),
    ("art/rock.txt", "is not a picture"),
])
def test_a_bad_terrain_picture_is_a_located_finding(tmp_path, image, words):
    game = _game(tmp_path, image)
    found = [f for f in validate_game(game).findings if f.code == "terrain-image"]
    assert len(found) == 1 and words in found[0].message, [f.format() for f in found]
    assert found[0].loc.file.endswith("maps.yaml") and found[0].loc.line == 2
    assert found[0].is_error
