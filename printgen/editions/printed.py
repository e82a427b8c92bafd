"""What a game prints, as units an errata can compare: each card face of a sheet (front and back, by item
name), each page of the other printables (maps, scenarios, tokens, tracks), each page of the rulebook.

A unit's digest is of what it prints (layout/stamp.py's measure over the drawing ops), leaving out what
says which printing it is (the face's stamp, a page's footer strip of version and page numbers): a
version bump alone changes nothing printed. A rulebook page is compared by its words (footer lines
aside) and its picture above the footer, rasterised.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from ..draw.document import Document, Group, Page, PdfFile
from ..draw.page import PageSpec
from ..layout.sheets import FaceMaker, _singular, game_sheets, ordered, uses_item
from ..layout.digest import shown_digest

_FOOTER = re.compile(r"(page \d+ of \d+|,? version \S+)", re.IGNORECASE)
RASTER_DPI = 24  # enough to see a changed picture, number or line on a rulebook page; cheap on 30 pages


@dataclass
class SheetFace:
    """One item's card of a layout sheet: its front and back ops (bleed-box mm) and their digest."""

    sheet: Any  # model.game.SheetDef
    title: str
    name: str
    front: list
    back: list | None
    digest: str


@dataclass
class DocPages:
    """A document printable's pages (furniture kept: they print as they are) and each page's digest."""

    stem: str
    title: str
    pages: list[Page]
    digests: list[str]


@dataclass
class BookPages:
    """The rulebook: its PDF, each page's digest and the sections each page shows."""

    data: bytes
    digests: list[str]
    sections: list[list[str]] = field(default_factory=list)


def _printed(ops) -> list:
    """``ops`` less what names the printing (a stamp): only what the face shows."""
    return [op for op in ops if getattr(op, "role", "") not in ("stamp", "furniture")]


def sheet_faces(game) -> list[SheetFace]:
    """Every item's face of every layout sheet of the game, once each (not its copies)."""
    out: list[SheetFace] = []
    for sheet, index in game_sheets(game):
        maker = FaceMaker(game)
        front = maker.layouts.get(sheet.front)
        back = maker.layouts.get(sheet.back) if sheet.back else None
        if front is None:
            continue
        title = sheet.title or sheet.name.replace("-", " ")
        items = ordered(maker, sheet, index)
        shared = None
        if back is not None and not uses_item(back) and items:
            shared = maker.draw(back, items[0][1], sheet.kind, items[0][0], f"{_singular(title)} back")
        for i, item in items:
            name = str(getattr(item, "name", i + 1))
            f = maker.draw(front, item, sheet.kind, i, f"{_singular(title)} '{name}'")
            b = shared if shared is not None else (
                maker.draw(back, item, sheet.kind, i, f"{_singular(title)} '{name}' (back)") if back else None)
            digest = shown_digest(_printed(f) + [Group(tuple(_printed(b or [])))])
            out.append(SheetFace(sheet, title, name, f, b, digest))
    return out


def document_pages(game, assets: dict, spec: PageSpec) -> list[DocPages]:
    """The pages of each drawn printable that is not a layout sheet or the rulebook."""
    sheets = {s.name for s, _ in game_sheets(game)}
    out: list[DocPages] = []
    for name, asset in sorted(assets.items()):
        if asset.kind != "paper" or name in sheets or name == "rulebook" or not asset.wanted(game.data):
            continue
        for stem, doc in sorted(asset.render(game, spec).items()):
            if isinstance(doc, Document):
                out.append(DocPages(stem, doc.title.split(": ", 1)[-1], doc.pages,
                                    [shown_digest(_printed(p.ops)) for p in doc.pages]))
    return out


def book_pages(doc: PdfFile, margins: tuple[float, float] = (0.0, 0.0)) -> BookPages:
    """The rulebook's pages as digests of their words and picture, and the sections each shows. ``margins``:
    (top, bottom) mm, where the running head and foot print (the version, page x of y): left out."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(doc.data)
    try:
        digests = []
        for i in range(len(pdf)):
            page = pdf[i]
            words = "\n".join(_FOOTER.sub("", line) for line in page.get_textpage().get_text_range().splitlines())
            image = page.render(scale=RASTER_DPI / 72).to_pil().convert("L")
            w, h = image.size
            px = RASTER_DPI / 25.4
            body = image.crop((0, int(margins[0] * px), w, h - int(margins[1] * px)))
            digests.append(hashlib.sha256(words.encode() + body.tobytes()).hexdigest())
        sections = _sections(pdf, len(digests))
    finally:
        pdf.close()
    return BookPages(doc.data, digests, sections)


def _sections(pdf, n: int) -> list[list[str]]:
    """Per page, the headings of the contents that start on it, or the one it continues."""
    toc = []
    for item in pdf.get_toc():
        dest = item.get_dest()
        index = dest.get_index() if dest is not None else None
        if index is not None:
            toc.append((index, getattr(item, "level", 0), item.get_title()))
    out: list[list[str]] = []
    for i in range(n):
        here = [t for p, _, t in toc if p == i]
        before = [t for p, _, t in toc if p < i]
        out.append(here or before[-1:])
    return out

