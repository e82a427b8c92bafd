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


def test_a_pdf_only_rasterised_keeps_reportlabs_subset_tags_and_plain_streams_and_draws_the_same_pixels():
    import numpy as np

    from printgen.draw.subsets import subset_fonts
    from printgen.write.raster import page_rows

    doc = _doc("Tagged once")
    joinable, plain = writer.to_pdf(doc), writer.to_pdf(doc, joinable=False)

    def filters(pdf) -> list:
        return [obj.get("/Filter") for obj in pdf.objects if isinstance(obj, pikepdf.Stream)]

    with pikepdf.open(io.BytesIO(plain)) as pdf:
        tags = {name.split("+")[0] for name in subset_fonts(pdf)}
        plain_streams = [(obj.get("/Filter"), obj.read_bytes()) for obj in pdf.objects if isinstance(obj, pikepdf.Stream)]
    with pikepdf.open(io.BytesIO(joinable)) as pdf:
        renamed = {name.split("+")[0] for name in subset_fonts(pdf)}
        streams = [obj.read_bytes() for obj in pdf.objects if isinstance(obj, pikepdf.Stream)]
        assert all(list(f) == [pikepdf.Name.FlateDecode] for f in filters(pdf))
    assert tags == {"AAAAAA"} and renamed and "AAAAAA" not in renamed  # reportlab's own tag, not renamed
    # its page, font and map streams written as they are (pdfium would only inflate them), the same once decoded
    assert plain_streams and all(f is None for f, _ in plain_streams)
    assert sorted(data for _, data in plain_streams) == sorted(streams)
    for a, b in zip(page_rows(plain, dpi=150), page_rows(joinable, dpi=150), strict=True):
        assert np.array_equal(np.asarray(a.image()), np.asarray(b.image()))


def test_subset_tags_made_from_the_noted_programs_are_the_ones_read_back_from_the_file(monkeypatch):
    from printgen.draw import subsets

    made = {}
    real = subsets.unique_subset_names

    def both(data, noted=None):
        made["noted"], made["read"] = real(data, noted), real(data)
        made["fonts"] = subsets._noted(noted)
        return made["noted"]

    monkeypatch.setattr(writer, "unique_subset_names", both)
    # two fonts, one with characters past its first subset (a subset holds 256 codes at most)
    doc = _doc("Noted ()" + "".join(map(chr, range(0x100, 0x17f))) + "".join(map(chr, range(0x391, 0x3c9))))
    doc.pages[1].ops.append(Text(5.0, 40.0, "Bold (and) Ä", "sans-bold", 4.0))
    writer.to_pdf(doc)
    assert made["noted"] == made["read"] and b"+NotoSans-Bold" in made["noted"]
    assert made["fonts"] is not None and len(made["fonts"]) >= 3  # the regular face split in two subsets
    with pikepdf.open(io.BytesIO(made["read"])) as pdf:
        assert sorted(subsets.subset_fonts(pdf)) == sorted(
            (subsets.subset_tag(n[7:], p) + n[6:]) for n, p in made["fonts"].items())


def test_a_name_that_is_written_escaped_or_shared_is_read_back_from_the_file():
    from printgen.draw import subsets

    assert subsets._noted([("AAAAAA+Plain-Name", b"x")]) == {"AAAAAA+Plain-Name": b"x"}
    for noted in ([("AAAAAA+Has Space", b"x")], [("AAAAAA+Odd#Name", b"x")], [("AAAAAA+Paren(", b"x")],
                  [("AAAAAA+Same", b"x"), ("AAAAAA+Same", b"y")]):
        assert subsets._noted(noted) is None


def test_a_long_array_of_numbers_is_written_as_reportlab_writes_it_kept_or_afresh(monkeypatch):
    from hypothesis import given, settings, strategies as st

    numbers = st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False))
    doc = pdfdoc.PDFDocument()

    @settings(max_examples=60, deadline=None)
    @given(st.lists(numbers, max_size=40), st.sampled_from([pdfdoc.PDFArray, pdfdoc.PDFArrayCompact]))
    def check(seq, kind):
        for _ in range(2):  # made, then taken again
            assert kind(seq).format(doc) == writer._array_format(kind(seq), doc)

    check()
    # an array holding anything but plain numbers is written afresh each time
    mixed = pdfdoc.PDFArray([1, 2.5, pdfdoc.PDFName("Name")] * 8)
    assert mixed.format(doc) == writer._array_format(mixed, doc)
    monkeypatch.setattr(writer, "_ARRAYS_MAX", 3)
    for n in range(10):
        pdfdoc.PDFArray(list(range(n, n + 20))).format(doc)
        assert len(writer._ARRAYS) <= 3
