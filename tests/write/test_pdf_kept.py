"""The PDF writer keeps the streams it compressed and the font subsets it made (printgen.write.pdf): what it
takes again must be byte for byte what it would have made afresh, and what it keeps stays bounded."""

from __future__ import annotations

import io
import os
import zlib

import pikepdf
from reportlab.pdfbase import pdfdoc

from printgen.draw.document import Document, Page, Rect, Style, Text
from printgen.write import pdf as writer


def _doc(words: str) -> Document:
    pages = [Page(63.0, 88.0, [Rect(1.0, 1.0, 61.0, 86.0, Style(fill="#224466")),
                               Text(5.0, 10.0 + n, f"{words} {n}", "sans", 4.0, "#ffffff")]) for n in range(3)]
    return Document(title=words, pages=pages)


def test_the_filter_reportlab_uses_is_the_kept_one_and_gives_zlibs_bytes(monkeypatch):
    kept = writer._KeptFlate()
    monkeypatch.setattr(kept, "MAX_KEPT", 3 * 5000)
    assert pdfdoc.PDFZCompress.__class__ is writer._KeptFlate
    blobs = [os.urandom(10) * 300 for _ in range(6)] + ["text, compressed as utf-8: é" * 100, b"short"]
    for blob in blobs + blobs[::-1]:
        raw = blob.encode("utf8") if isinstance(blob, str) else blob
        assert kept.encode(blob) == zlib.compress(raw)
        assert kept.size == sum(len(k) + len(v) for k, v in kept.kept.items()) <= kept.MAX_KEPT
    assert b"short" not in kept.kept  # below MIN_BYTES: compressed afresh, not kept


def test_a_document_comes_out_the_same_with_its_subsets_and_streams_kept_or_made_afresh():
    first = writer.to_pdf(_doc("Kept"))
    assert writer._SUBSETS and pdfdoc.PDFZCompress.kept
    again = writer.to_pdf(_doc("Kept"))
    writer._SUBSETS.clear()
    pdfdoc.PDFZCompress.kept.clear()
    pdfdoc.PDFZCompress.size = 0
    afresh = writer.to_pdf(_doc("Kept"))
    assert first == again == afresh
    with pikepdf.open(io.BytesIO(afresh)) as pdf:  # a readable PDF with its font embedded
        fonts = [f for p in pdf.pages for f in p.Resources.Font.values()]
        assert fonts and all(f.FontDescriptor.FontFile2.read_bytes() for f in fonts)
        assert b"Kept 2" not in afresh  # streams compressed


def test_subsets_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(writer, "_SUBSETS_MAX", 2)
    for words in ("abc", "xyz", "QRS", "0123"):
        writer.to_pdf(_doc(words))
        assert len(writer._SUBSETS) <= 2


def test_a_pdf_only_rasterised_keeps_reportlabs_subset_tags_and_draws_the_same_pixels():
    import numpy as np

    from printgen.draw.subsets import subset_fonts
    from printgen.write.raster import page_rows

    doc = _doc("Tagged once")
    joinable, plain = writer.to_pdf(doc), writer.to_pdf(doc, joinable=False)
    with pikepdf.open(io.BytesIO(plain)) as pdf:
        tags = {name.split("+")[0] for name in subset_fonts(pdf)}
    with pikepdf.open(io.BytesIO(joinable)) as pdf:
        renamed = {name.split("+")[0] for name in subset_fonts(pdf)}
    assert tags == {"AAAAAA"} and renamed and "AAAAAA" not in renamed  # reportlab's own tag, not renamed
    assert len(plain) == len(joinable)  # the tags are renamed in place: nothing else differs
    for a, b in zip(page_rows(plain, dpi=150), page_rows(joinable, dpi=150), strict=True):
        assert np.array_equal(np.asarray(a.image()), np.asarray(b.image()))
