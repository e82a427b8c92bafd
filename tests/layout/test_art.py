"""The designer's pictures: only files inside the game folder, of the accepted kinds, that decode; placed
at their printed size in the rulebook."""

from __future__ import annotations

import os
import shutil

import pytest

from printgen.build import build
from printgen.layout.art import ArtError, load_art
from tests.conftest import FIXTURES
from tests.pdfmeasure import mm, open_pdf

GAME = FIXTURES / "custom-game"


def test_png_and_svg_load_with_their_sizes():
    png = load_art(GAME, "art/warden.png")
    assert (png.mime, png.pixels, png.vector) == ("image/png", (600, 400), False)
    assert png.dpi(20.0) == pytest.approx(762, abs=1)
    svg = load_art(GAME, "art/lantern.svg", width_mm=25.4)
    assert svg.vector and svg.mime == "image/png" and svg.aspect == pytest.approx(1.0)


@pytest.mark.parametrize("src,words", [
    ("/etc/passwd", "plain path"), ("../custom-game/art/warden.png", "plain path"), ("art/../game.yaml", "plain path"),
    ("C:/x.png", "plain path"), ("game.yaml", "not a picture"), ("art/none.png", "no file"), ("", "name a picture"),
])
def test_pictures_outside_or_unreadable_are_refused(src, words):
    with pytest.raises(ArtError, match=words):
        load_art(GAME, src)


def test_a_symlink_out_of_the_folder_and_a_disguised_file_are_refused(tmp_path):
    game = tmp_path / "g"
    (game / "art").mkdir(parents=True)
    outside = tmp_path / "secret.png"
    shutil.copy(GAME / "art" / "warden.png", outside)
    os.symlink(outside, game / "art" / "link.png")
    with pytest.raises(ArtError, match="symlink"):
        load_art(game, "art/link.png")
    (game / "art" / "fake.png").write_bytes(b"not a picture at all")
    with pytest.raises(ArtError, match="cannot be read"):
        load_art(game, "art/fake.png")
    shutil.copy(GAME / "art" / "warden.png", game / "art" / "photo.jpg")
    with pytest.raises(ArtError, match="holds a PNG"):
        load_art(game, "art/photo.jpg")


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/null"])
def test_a_link_out_to_a_device_is_called_a_link(tmp_path, target):
    """Called 'no file art/x.png in the game folder; put the picture at ...' (it is there: a link out)."""
    game = tmp_path / "g"
    (game / "art").mkdir(parents=True)
    os.symlink(target, game / "art" / "x.png")
    with pytest.raises(ArtError, match=r"'x.png' is a symlink leading out of the game folder"):
        load_art(game, "art/x.png")


def test_a_folder_or_pipe_named_as_a_picture_is_no_plain_file(tmp_path):
    game = tmp_path / "g"
    (game / "art" / "dir.png").mkdir(parents=True)
    os.mkfifo(game / "art" / "pipe.png")
    for name in ("dir.png", "pipe.png"):
        with pytest.raises(ArtError, match="is no plain file"):
            load_art(game, f"art/{name}")


def test_rulebook_pictures_print_at_their_size(tmp_path):
    build(folders=[GAME], out=tmp_path, papers=("a4",), previews=False)
    doc = open_pdf(tmp_path / "ember-watch" / "a4" / "rulebook.pdf")
    boxes = [i["bbox"] for page in doc for i in page.get_image_info()]
    widths = sorted(round(mm(b[2] - b[0]), 1) for b in boxes)
    # the SVG at its own 64 px (96 dpi): 16.9 mm; the 600 px PNG at 300 dpi: 50.8 mm
    assert widths == [16.9, 50.8]
