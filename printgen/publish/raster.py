"""Pixels from vector pages: PDF pages and drawing-model items to PNG, deterministically.

pdfium (pypdfium2) rasterises and Pillow encodes (printgen.write.raster). Sizes are given in pixels or
dots per inch; the drawing model is in mm, so ``px = mm / 25.4 * dpi``.
"""

from __future__ import annotations

from typing import Callable, Sequence

from PIL import Image

from ..draw.document import Document, Group, Op, Page
from ..write.pdf import to_pdf
from ..write.raster import MM_PER_IN, pdf_page_images, pdf_page_pngs, png_bytes, px  # noqa: F401 (used by gallery, tts, pod)
from ..write.reuse import Reuse, source_digest


def items_pdf(items: Sequence[Sequence[Op]], w: float, h: float) -> bytes:
    """One PDF page of ``w`` x ``h`` mm per item, each item drawn from its own (0, 0) top-left."""
    pages = [Page(w, h, [Group(tuple(ops))]) for ops in items]
    return to_pdf(Document(title="items", pages=pages))


def items_images(items: Sequence[Sequence[Op]], w: float, h: float, *, size_px: tuple[int, int],
                 transparent: bool = False) -> list[Image.Image]:
    """Each item (``w`` x ``h`` mm) as an image of exactly ``size_px`` pixels."""
    if not items:
        return []
    images = pdf_page_images(items_pdf(items, w, h), width_px=size_px[0], transparent=transparent)
    return [_fit(img, size_px, transparent) for img in images]


def _fit(img: Image.Image, size_px: tuple[int, int], transparent: bool) -> Image.Image:
    """``img`` at exactly ``size_px``: rasterised at the width, the height can be a pixel out (rounding);
    that pixel row is cut or added (white or clear) at the bottom edge, in the bleed, rather than
    resampling the whole face (slower, and softer)."""
    if img.size == size_px:
        return img
    if abs(img.width - size_px[0]) > 2 or abs(img.height - size_px[1]) > 2:
        return img.resize(size_px, Image.LANCZOS)
    out = Image.new(img.mode, size_px, (255, 255, 255, 0) if transparent else "white")
    out.paste(img.crop((0, 0, min(img.width, size_px[0]), min(img.height, size_px[1]))), (0, 0))
    return out


def reused_pngs(reuse: Reuse, paths: Sequence[str], items: Sequence[Sequence[Op]], box: tuple[float, float],
                size_px: tuple[int, int], dpi: float, *, transparent: bool = False,
                finish: Callable | None = None) -> dict[str, bytes]:
    """Each of ``items`` (ops drawn in a ``box`` of w x h mm) as a PNG of ``size_px`` at ``dpi`` under its
    path: those drawn as at the last publish taken from ``reuse``, the rest rasterised together
    (``finish``: what is done to each image before it is encoded)."""
    files: dict[str, bytes] = {}
    todo = []
    for k, (path, ops) in enumerate(zip(paths, items)):
        kept = reuse.take([path], source_digest(ops, box, size_px, dpi, transparent))
        if kept is None:
            todo.append(k)
        else:
            files.update(kept)
    images = items_images([items[k] for k in todo], *box, size_px=size_px, transparent=transparent)
    for k, img in zip(todo, images):
        files[paths[k]] = png_bytes(finish(img) if finish else img, dpi=dpi)
    return files
