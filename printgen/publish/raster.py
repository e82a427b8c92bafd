"""Pixels from vector pages: PDF pages and drawing-model items to PNG, deterministically.

pdfium (pypdfium2) rasterises and Pillow encodes (printgen.write.raster). Sizes are given in pixels or
dots per inch; the drawing model is in mm, so ``px = mm / 25.4 * dpi``.
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence

from PIL import Image

from ..draw.document import Document, Group, Op, Page, Rect
from ..write.pdf import to_pdf
from ..write.raster import (MM_PER_IN, OpenPdf, Rows, page_rows, page_sheets, pdf_page_images,  # noqa: F401
                            pdf_page_pngs, png_bytes, px)  # (used by gallery, tts, pod)
from ..write.reuse import Reuse, source_digest
from .cards import shared


def opened_items(items: Sequence[Sequence[Op]], w: float, h: float, *, grounds: bool = True) -> bytes | OpenPdf:
    """The PDF of ``items`` (one page of ``w`` x ``h`` mm each, as ``_items_pdf`` makes it) to rasterise. While
    cards.shared_faces holds: made and opened by pdfium once for every use of the very same ops objects (the TTS
    sheets and the gallery's cards draw the same unbled faces: each page's content is parsed, and the
    document's fonts loaded, once for both; closed when shared_faces ends), and, with ``grounds``, each item
    whose first op is an opaque rectangle filling its page (a card's ground) made without it, its colour
    noted in the OpenPdf's ``grounds`` for page_rows and page_sheets to lay under the page: pdfium's fill of
    a page-sized rectangle was about a fifth of drawing a card at 300 dpi, done again at every size (issue
    41; the same pixels). Else its bytes, every op in them."""
    store = shared()
    if store is None:
        return _items_pdf(items, w, h)
    key = ("opened", tuple(map(id, items)), w, h, grounds)
    if key not in store:  # the items kept beside it, so that no other object takes their ids
        colours = [ground(ops, w, h) if grounds else None for ops in items]
        if any(colours):
            _alike_as_before(items, colours)
        opened = OpenPdf(_items_pdf([ops[1:] if c else ops for ops, c in zip(items, colours)], w, h))
        opened.grounds = {i: c for i, c in enumerate(colours) if c}
        store[key] = (tuple(items), opened)
        store.setdefault("close", []).append(opened.close)
    return store[key][1]


def _alike_as_before(items: Sequence[Sequence[Op]], colours: list) -> None:
    """Keep the ground (its colour in ``colours`` made None) of every item whose drawing, its ground left out,
    would equal another item's drawing while their whole drawings differ (faces alike but for their grounds: a
    token in each player's colour). The PDF writer makes pages alike one form (draw/canvas.share_repeats), and
    pdfium places a picture in a form a pixel apart from the same picture on the page at low resolutions: each
    page must be a form exactly where it was one with its ground. Repeated until no such pair is left (an item
    given its ground back may now equal another's drawing without its own)."""
    from ..draw.canvas import GroupNumbers

    numbers = GroupNumbers()  # (the writer's own numbering: equal numbers, equal drawing)
    # (the groups kept alive while numbered: the numbering looks a group up by its id)
    groups = [Group(tuple(ops)) for ops in items] + [Group(tuple(ops[1:])) if c else None
                                                    for ops, c in zip(items, colours)]
    whole = [numbers.key(g) for g in groups[:len(items)]]
    short = [numbers.key(g) if g is not None else n for g, n in zip(groups[len(items):], whole)]
    while True:
        drawn: dict[int, set] = {}  # a page's drawing -> the whole drawings of the items drawn so
        for k, c in enumerate(colours):
            drawn.setdefault(short[k] if c else whole[k], set()).add(whole[k])
        back = [k for k, c in enumerate(colours) if c and len(drawn[short[k]]) > 1]
        if not back:
            return
        for k in back:
            colours[k] = None


_HEX = frozenset("0123456789abcdefABCDEF")


def ground(ops: Sequence[Op], w: float, h: float) -> bytes | None:
    """The RGB colour (3 bytes) of ``ops``' first op when it is a plain opaque rectangle filling the whole ``w``
    x ``h`` mm page (a card's ground: drawn first, under everything, every pixel of the page its colour), else
    None. pdfium fills such a rectangle as whole pixels over the page (no anti-aliased edge), each the colour
    "#rrggbb" says (tests/publish/test_grounds.py draws all 256 levels)."""
    if not ops:
        return None
    op = ops[0]
    if type(op) is not Rect or op.radius:
        return None
    style, fill = op.style, op.style.fill
    if (style.stroke is not None and style.width > 0) or style.opacity != 1.0 or not isinstance(fill, str):
        return None
    if len(fill) != 7 or fill[0] != "#" or not _HEX.issuperset(fill[1:]):
        return None
    tol = 1e-6  # mm: a millionth of a pixel's width even at 300 dpi
    if abs(op.x) > tol or abs(op.y) > tol or abs(op.x + op.w - w) > tol or abs(op.y + op.h - h) > tol:
        return None
    return bytes.fromhex(fill[1:])


def _items_pdf(items: Sequence[Sequence[Op]], w: float, h: float) -> bytes:
    pages = [Page(w, h, [Group(tuple(ops))]) for ops in items]
    return to_pdf(Document(title="items", pages=pages), joinable=False)  # rasterised only


def items_rows(items: Sequence[Sequence[Op]], w: float, h: float, *, size_px: tuple[int, int],
               transparent: bool = False) -> Iterator[Rows]:
    """Each item (``w`` x ``h`` mm) as rows of exactly ``size_px`` pixels (printgen.write.raster.Rows: a
    PNG's scanlines), on white or, when ``transparent``, clear white, one after the other (drawn as they
    are asked for: a caller encoding each as it comes frees its buffer, often 3 MB, before the next is
    drawn, and the allocator hands the same memory back rather than fresh pages). Where faces become pixels."""
    if not items:
        return iter(())
    return page_rows(opened_items(items, w, h, grounds=not transparent), size_px=size_px, transparent=transparent)


def sheet_rows(items: Sequence[Sequence[Op]], w: float, h: float, *, cell: tuple[int, int],
               sheets: Sequence[tuple[int, int, Sequence[int | None]]]) -> list[Rows]:
    """Items (``w`` x ``h`` mm each) laid out on sheets of ``cell`` px slots: each sheet (columns, rows, the
    item in each slot in reading order, None for blank), each item drawn into its slot as ``items_rows``
    draws it at ``size_px=cell`` (printgen.write.raster.page_sheets). Where deck sheets become pixels."""
    if not items or not sheets:
        return []
    return page_sheets(opened_items(items, w, h), cell, sheets)


def items_images(items: Sequence[Sequence[Op]], w: float, h: float, *, size_px: tuple[int, int],
                 transparent: bool = False) -> list[Image.Image]:
    """Each item (``w`` x ``h`` mm) as a Pillow image of exactly ``size_px`` pixels."""
    return [rows.image() for rows in items_rows(items, w, h, size_px=size_px, transparent=transparent)]


def reused_pngs(reuse: Reuse, paths: Sequence[str], items: Sequence[Sequence[Op]], box: tuple[float, float],
                size_px: tuple[int, int], dpi: float, *, transparent: bool = False,
                finish: Callable | None = None) -> dict[str, bytes]:
    """Each of ``items`` (ops drawn in a ``box`` of w x h mm) as a PNG of ``size_px`` at ``dpi`` under its
    path: those drawn as at the last publish taken from ``reuse``, the rest rasterised together
    (``finish``: what is done to each image, as a Pillow image, before it is encoded)."""
    files: dict[str, bytes] = {}
    todo = []
    store = shared() if finish is None else None  # while cards.shared_faces holds: PNGs of the same ops, once
    for k, (path, ops) in enumerate(zip(paths, items)):
        kept = reuse.take([path], source_digest(ops, box, size_px, dpi, transparent))
        made = store.get(("png", id(ops), box, size_px, dpi, transparent)) if store is not None else None
        if kept is not None:
            files.update(kept)
        elif made is not None:
            files[path] = made[1]
        else:
            todo.append(k)
    drawn = items_rows([items[k] for k in todo], *box, size_px=size_px, transparent=transparent)
    for k, rows in zip(todo, drawn):  # each encoded as it comes (items_rows)
        files[paths[k]] = png_bytes(finish(rows.image()), dpi=dpi) if finish else rows.png(dpi)
        if store is not None:  # the ops kept beside their PNG, so that no other object takes their id
            store["png", id(items[k]), box, size_px, dpi, transparent] = (items[k], files[paths[k]])
    return files
