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
from tests.pdfmeasure import centre, colour, hexagons, vertices

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


def test_a_terrain_texture_fills_its_hexes_and_stops_at_their_edges(tmp_path):
    """``image_fit: cover``: the picture covers each Floor hex's bounding box, centred on the hex, and is
    cut to the hexagon: rasterised, the hex's centre shows the picture, the corners of its box (outside
    the hexagon) do not."""
    from printgen.write.raster import pdf_page_images

    game = _game(tmp_path)
    maps = game / "maps.yaml"
    maps.write_text(maps.read_text().replace("image: art/rock.png}", "image: art/rock.png, image_fit: cover}"))
    result = build(folders=[game], out=tmp_path / "out", papers=["a4"], previews=False)
    assert result.ok, [f.format() for g in result.games for f in g.findings]
    pdf = (tmp_path / "out" / "mini-hoh" / "a4" / "map-cellar.pdf").read_bytes()
    page = pymupdf.open(stream=pdf)[0]
    floors = [d for d in hexagons(page) if colour(d) == FLOOR]
    boxes = [info["bbox"] for info in page.get_image_info()]
    assert len(boxes) == len(floors) == 11
    picture = (200, 40, 40)
    img = pdf_page_images(pdf, dpi=100.0)[0].convert("RGB")
    clips = [[(p.x * PT, p.y * PT) for item in c["items"] for p in item[1:2]]
             for c in page.get_drawings(extended=True) if c.get("type") == "clip"]
    px = 100 / 25.4  # pixels per mm
    for d in floors:
        x0, y0, x1, y1 = d["mm"]
        box = next(b for b in boxes if abs((b[0] + b[2]) / 2 * PT - (x0 + x1) / 2) < 0.05
                   and abs((b[1] + b[3]) / 2 * PT - (y0 + y1) / 2) < 0.05)
        assert (box[2] - box[0]) * PT >= (x1 - x0) - 0.05 and (box[3] - box[1]) * PT >= (y1 - y0) - 0.05
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        # left of the centre (where objectives and zone initials are not)
        assert img.getpixel((round((cx - (x1 - x0) * 0.22) * px), round(cy * px))) == picture
        # cut to the hexagon: a clip path on exactly the hex's six corners
        corners = vertices(d)
        assert any(len(c) == 6 and all(min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in corners) < 0.01 for a in c)
                   for c in clips)
    # the wall between the Floor hexes is no picture: the texture never spills over a neighbour
    wall = next(d for d in hexagons(page) if colour(d) != FLOOR)
    wx, wy = (wall["mm"][0] + wall["mm"][2]) / 2, (wall["mm"][1] + wall["mm"][3]) / 2
    assert img.getpixel((round(wx * px), round(wy * px))) != picture
