"""What a paper asset rendered, as files: one function per kind of output, picked by its type.

A Document becomes a PDF plus, with previews, an SVG and a PNG per page; a
PdfFile (typeset straight to PDF, the rulebook) is written as it is; a RawFile
(a deck summary's JSON) goes where it says.
"""

from __future__ import annotations

from functools import singledispatch

from ..draw.document import Document, PdfFile, RawFile
from .pdf import to_pdf
from .svg import page_to_svg, svg_to_png

PREVIEW_DPI = 60.0


@singledispatch
def output_files(doc, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    """Relative path -> bytes for one rendered output of a paper asset."""
    raise TypeError(f"a paper asset rendered {type(doc).__name__}, which printgen cannot write")


@output_files.register
def _document(doc: Document, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    files = {f"{paper}/{stem}.pdf": to_pdf(doc)}
    if previews:
        for n, page in enumerate(doc.pages, start=1):
            svg = page_to_svg(page)
            files[f"svg/{stem}-{paper}-{n}.svg"] = svg
            files[f"png/{stem}-{paper}-{n}.png"] = svg_to_png(svg, dpi=PREVIEW_DPI)
    return files


@output_files.register
def _pdf_file(doc: PdfFile, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    return {f"{paper}/{stem}.pdf": doc.data}  # no SVG pages to preview


@output_files.register
def _raw_file(doc: RawFile, *, stem: str, paper: str, previews: bool) -> dict[str, bytes]:
    return {doc.path: doc.data}
