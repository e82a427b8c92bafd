"""What a paper asset rendered, as files: one function per kind of output, picked by its type.

A Document becomes a PDF plus, with previews, an SVG and a PNG (of the PDF page) per page; a
PdfFile (typeset straight to PDF, the rulebook) is written as it is; a RawFile
(a deck summary's JSON) goes where it says. Beside each PDF go its print facts as JSON
(printgen.draw.facts: sides, cut lines, copies), which the print kit reads.

A page's SVG and PNG are made from the page alone, so a page drawn exactly as at the last build
(the same ops, the same printgen) has them taken from the output folder (``reuse``, see
printgen.write.reuse) instead of written and rasterised again: one class's VIT changes one
page of its deck, not every page's previews.
"""

from __future__ import annotations

from functools import singledispatch

from ..draw.document import Document, PdfFile, RawFile
from ..draw.facts import PrintFacts, facts_bytes, facts_path, player_title
from ..draw.measure import measure
from .reuse import Reuse, source_digest
from .pdf import to_pdf
from .raster import pdf_page_pngs
from .svg import page_to_svg

PREVIEW_DPI = 60.0


def _untitled(stem: str) -> PrintFacts:
    """The stated facts of a document whose renderer stated none: its file name as its title."""
    return PrintFacts(title=player_title(stem.replace("-", " ")))


@singledispatch
def output_files(doc, *, stem: str, paper: str, previews: bool, reuse: Reuse | None = None) -> dict[str, bytes]:
    """Relative path -> bytes for one rendered output of a paper asset (``reuse``: the files of the last
    build that may be taken again, and where the sources of this build's previews are noted)."""
    raise TypeError(f"a paper asset rendered {type(doc).__name__}, which printgen cannot write")


@output_files.register
def _document(doc: Document, *, stem: str, paper: str, previews: bool, reuse: Reuse | None = None
              ) -> dict[str, bytes]:
    pdf = to_pdf(doc)
    facts = doc.facts if doc.facts is not None else measure(doc.pages, _untitled(stem))
    files = {f"{paper}/{stem}.pdf": pdf, facts_path(paper, stem): facts_bytes(facts)}
    if not previews:
        return files
    reuse = reuse if reuse is not None else Reuse()
    pages: list[dict[str, bytes] | None] = []
    for n, page in enumerate(doc.pages, start=1):
        paths = [f"svg/{stem}-{paper}-{n}.svg", f"png/{stem}-{paper}-{n}.png"]
        pages.append(reuse.take(paths, source_digest("page-previews", page, PREVIEW_DPI)))
    # The preview is the finished PDF page rasterised (pdfium, ~20 ms a page), not the SVG re-parsed:
    # it shows exactly what prints.
    todo = [i for i, kept in enumerate(pages) if kept is None]
    images = iter(pdf_page_pngs(pdf, dpi=PREVIEW_DPI, pages=todo) if todo else [])
    for i, (page, kept) in enumerate(zip(doc.pages, pages)):
        if kept is None:
            kept = {f"svg/{stem}-{paper}-{i + 1}.svg": page_to_svg(page),
                    f"png/{stem}-{paper}-{i + 1}.png": next(images)}
        files.update(kept)
    return files


@output_files.register
def _pdf_file(doc: PdfFile, *, stem: str, paper: str, previews: bool, reuse: Reuse | None = None
              ) -> dict[str, bytes]:
    facts = doc.facts if doc.facts is not None else _untitled(stem)
    return {f"{paper}/{stem}.pdf": doc.data, facts_path(paper, stem): facts_bytes(facts)}  # no SVG pages to preview


@output_files.register
def _raw_file(doc: RawFile, *, stem: str, paper: str, previews: bool, reuse: Reuse | None = None
              ) -> dict[str, bytes]:
    return {doc.path: doc.data}
