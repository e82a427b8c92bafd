"""Page previews are the finished PDF page rasterised: the page's size at 60 dpi, the same picture the
PDF prints (compared pixel by pixel with another rasteriser), and the same bytes every time."""

from __future__ import annotations

import io

import numpy as np
import pymupdf
from PIL import Image

from printgen.build import build
from printgen.write.outputs import PREVIEW_DPI
from tests.conftest import FIXTURES


def _pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.int16)


def _blocks(a: np.ndarray, k: int = 4) -> np.ndarray:
    h, w = a.shape[0] // k * k, a.shape[1] // k * k
    return a[:h, :w].reshape(h // k, k, w // k, k).mean(axis=(1, 3))


def test_previews_show_the_pdf_page_and_are_byte_deterministic(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    build(folders=[FIXTURES / "mini-hoh"], out=a, papers=["a4"], jobs=1)
    build(folders=[FIXTURES / "mini-hoh"], out=b, papers=["a4"], jobs=2)
    pngs = sorted((a / "mini-hoh" / "png").glob("*-a4-*.png"))
    assert len(pngs) >= 5
    for png in pngs:
        data = png.read_bytes()
        assert data == (b / "mini-hoh" / "png" / png.name).read_bytes(), png.name
        stem, _, n = png.stem.rpartition("-a4-")
        page = pymupdf.open(a / "mini-hoh" / "a4" / f"{stem}.pdf")[int(n) - 1]
        ours = _pixels(data)
        # A4 at 60 dpi: 210 mm x 297 mm -> 496 x 702 pixels (give or take the rasteriser's rounding)
        want = (page.rect.height / 72 * PREVIEW_DPI, page.rect.width / 72 * PREVIEW_DPI)
        assert all(abs(got - w) <= 1 for got, w in zip(ours.shape, want)), (ours.shape, want)
        theirs = _pixels(page.get_pixmap(dpi=int(PREVIEW_DPI), colorspace="gray").tobytes("png"))
        h, w = min(ours.shape[0], theirs.shape[0]), min(ours.shape[1], theirs.shape[1])
        ours, theirs = ours[:h, :w], theirs[:h, :w]
        # Same drawing: the two rasterisers differ only in anti-aliasing and glyph hinting at edges, which
        # averaging 4 x 4 blocks all but removes.
        diff = np.abs(ours - theirs)
        assert diff.mean() < 6.0, (png.name, diff.mean())
        assert np.abs(_blocks(ours) - _blocks(theirs)).mean() < 2.5, png.name
        assert (diff > 96).mean() < 0.01, (png.name, (diff > 96).mean())
        assert (ours < 250).mean() > 0.01  # not blank


def test_a_page_drawn_as_before_keeps_its_previews(tmp_path, monkeypatch):
    """One class's VIT changes one page of its deck: that page's SVG and PNG are made again, the others
    are taken from the last build (their source recorded), and the result is what a fresh build makes."""
    import hashlib
    import shutil

    import printgen.write.outputs as outputs

    game, out = tmp_path / "mini-hoh", tmp_path / "out"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    build(folders=[game], out=out, papers=["a4"], jobs=1)
    made = []
    real = outputs.page_to_svg
    monkeypatch.setattr(outputs, "page_to_svg", lambda page: made.append(page) or real(page))
    classes = game / "classes.yaml"
    classes.write_text(classes.read_text().replace("stats: {vit: 2, atk: 2,", "stats: {vit: 1, atk: 2,", 1))
    result = build(folders=[game], out=out, papers=["a4"], jobs=1)
    assert result.built == ["mini-hoh/class-cards@a4"]
    pages = len(pymupdf.open(out / "mini-hoh" / "a4" / "class-cards.pdf"))
    assert pages >= 2 and len(made) == 1  # the fronts' page; the backs' page is as it was
    monkeypatch.undo()
    fresh = tmp_path / "fresh"
    build(folders=[game], out=fresh, papers=["a4"], jobs=2)

    def digests(root):
        return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(root.rglob("*")) if p.suffix in (".svg", ".png", ".pdf")}
    assert digests(out) == digests(fresh)
