"""What a paper asset rendered, as files: one function per kind of output, picked by its type.

A Document becomes a PDF plus, with previews, an SVG and a PNG (of the PDF page) per page; a
PdfFile (typeset straight to PDF, the rulebook) is written as it is; a RawFile
(a deck summary's JSON) goes where it says.
"""

from __future__ import annotations

from functools import singledispatch

from ..draw.document import Document, PdfFile, RawFile
from .pdf import to_pdf
from .raster import pdf_pngs
from .svg import page_to_svg

PREVIEW_DPI = 60.0


@singledispatch
def output_files(doc, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    """Relative path -> bytes for one rendered output of a paper asset."""
    raise TypeError(f"a paper asset rendered {type(doc).__name__}, which printgen cannot write")


@output_files.register
def _document(doc: Document, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    pdf = to_pdf(doc)
    files = {f"{paper}/{stem}.pdf": pdf}
    if previews:
        # The preview is the finished PDF page rasterised (pdfium, ~20 ms a page), not the SVG re-parsed:
        # it shows exactly what prints.
        for n, (page, png) in enumerate(zip(doc.pages, pdf_pngs(pdf, dpi=PREVIEW_DPI)), start=1):
            files[f"svg/{stem}-{paper}-{n}.svg"] = page_to_svg(page)
            files[f"png/{stem}-{paper}-{n}.png"] = png
    return files


@output_files.register
def _pdf_file(doc: PdfFile, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    return {f"{paper}/{stem}.pdf": doc.data}  # no SVG pages to preview


@output_files.register
def _raw_file(doc: RawFile, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    return {doc.path: doc.data}
