"""Card elements drawn alike on several cards (a stats row, a frame) are one PDF form each, drawn once and
placed by reference; what a reader sees is the same as drawing every card in full, and the file is smaller.
Content streams are compressed without an ASCII85 layer."""

from __future__ import annotations

import shutil

import pymupdf
import pypdfium2 as pdfium
import yaml
from PIL import ImageChops

from printgen.draw.page import PageSpec
from printgen.project import validate_game
from printgen.registry import assets_for
from printgen.write.pdf import to_pdf
from tests.conftest import FIXTURES


def _deck(tmp_path, copies: int):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    data = yaml.safe_load((game / "classes.yaml").read_text())
    base = data["classes"][0]
    data["classes"] = [{**base, "name": f"{base['name']} {i + 1}"} for i in range(copies)]
    (game / "classes.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    g = validate_game(game)
    assert g.ok(), [f.format() for f in g.findings]
    return assets_for(g)["class-cards"].render(g, PageSpec.for_paper("a4", 5.0))["class-cards"]


def _forms(pdf) -> list[int]:
    return [x for x in range(1, pdf.xref_length()) if pdf.xref_get_key(x, "Subtype")[1] == "/Form"]


def _drawing_bytes(data: bytes) -> int:
    """Compressed bytes of every page's content and every form: what the drawing costs."""
    pdf = pymupdf.open(stream=data)
    return (sum(len(pdf.xref_stream_raw(x)) for page in pdf for x in page.get_contents())
            + sum(len(pdf.xref_stream_raw(x)) for x in _forms(pdf)))


def _pixels(data: bytes) -> list:
    doc = pdfium.PdfDocument(data)
    return [doc[i].render(scale=100 / 72).to_pil().convert("RGB") for i in range(len(doc))]


def test_elements_alike_on_several_cards_are_forms_and_look_the_same(tmp_path, monkeypatch):
    doc = _deck(tmp_path, 12)  # twelve cards alike but for the name: two sheets of fronts
    shared = to_pdf(doc)
    pdf = pymupdf.open(stream=shared)
    forms = _forms(pdf)
    assert len(forms) >= 3  # at least the stats row, the actions and the back
    fronts = [p for p in pdf if "VIT" in p.get_text()]
    assert len(fronts) == 2
    for page in fronts:
        content = b"".join(pdf.xref_stream(x) for x in page.get_contents())
        names = page.get_text().count(" 1") + page.get_text().count(" 2")  # "Knight 1".."Knight 12"
        assert content.count(b" Do") >= 2 * 6 and names  # every card places its shared elements
        assert page.get_text().count("VIT") == 6  # the texts inside forms are still text
    monkeypatch.setattr("printgen.write.pdf.share_repeats", lambda c, pages: None)
    full = to_pdf(doc)
    assert not _forms(pymupdf.open(stream=full))
    drawing = _drawing_bytes(shared), _drawing_bytes(full)  # the fonts (most of a small file) are alike
    assert drawing[0] < 0.75 * drawing[1], drawing  # (zlib already shares much within a page)
    for a, b in zip(_pixels(shared), _pixels(full), strict=True):
        assert ImageChops.difference(a, b).getbbox() is None  # not one pixel differs


def test_content_streams_are_flate_only(tmp_path):
    pdf = pymupdf.open(stream=to_pdf(_deck(tmp_path, 2)))
    for page in pdf:
        for x in page.get_contents():
            assert pdf.xref_get_key(x, "Filter")[1] in ("/FlateDecode", "[/FlateDecode]")


def test_groups_alike_by_value_are_one_form_and_a_nested_difference_is_another():
    """Forms are found by what groups draw, not by which objects they are: equal backs made afresh share one
    form; a back whose nested badge moves is a form of its own (both drawn twice, so both shared), and the
    badge, alike in both but for where it sits, is a third that each places."""
    from printgen.draw.document import Document, Group, Page, Rect, Style, Text

    def back(dx: float) -> Group:  # a fresh object every time, equal in value for equal dx
        style = Style(fill="#203040", stroke="#000000", width=0.3)
        inner = Group((Rect(0.0, 0.0, 5.0, 5.0, style, radius=1.0), Text(1.0, 3.0, "x", "sans", 2.0)),
                      matrix=(1.0, 0.0, 0.0, 1.0, dx, 0.0))
        return Group((Rect(0.0, 0.0, 60.0, 90.0, style, radius=3.0), inner, Text(5.0, 80.0, "Back", "sans", 4.0)),
                     matrix=(1.0, 0.0, 0.0, 1.0, 10.0, 10.0))

    page = Page(210.0, 297.0, [back(1.0), back(1.0), back(2.0), back(2.0)])
    pdf = pymupdf.open(stream=to_pdf(Document("forms", [page])))
    forms = _forms(pdf)
    assert len(forms) == 3
    content = b"".join(pdf.xref_stream(x) for x in pdf[0].get_contents())
    assert content.count(b" Do") == 4  # each back placed by reference
    placing = sorted(pdf.xref_stream(x).count(b" Do") for x in forms)
    assert placing == [0, 1, 1]  # the badge drawn once, each back placing it


def test_a_see_through_shape_in_a_form_keeps_its_alpha():
    """A group drawn twice becomes a form; a see-through shape in it sets its alpha by a named graphics state,
    which the form's own resources must hold (reportlab's form leaves it out: pdfium then paints it opaque). The
    same group drawn once, on the page, is the reference (the exports' card faces met this: two faces alike once
    their grounds are laid under them, publish/raster.py)."""
    from printgen.draw.document import Document, Group, Page, Rect, Style

    see_through = Group((Rect(2.0, 2.0, 16.0, 16.0, Style(fill="#0000ff", opacity=0.2)),
                         Rect(1.0, 1.0, 3.0, 3.0, Style(fill="#ff0000")), Rect(5.0, 1.0, 3.0, 3.0, Style(fill="#00ff00"))))

    def centre(pages: int):
        data = to_pdf(Document(title="t", pages=[Page(20.0, 20.0, [see_through]) for _ in range(pages)]),
                      joinable=False)
        doc = pdfium.PdfDocument(data)
        try:
            return [doc[i].render(scale=1).to_pil().convert("RGB").getpixel((28, 28)) for i in range(pages)]
        finally:
            doc.close()

    once = centre(1)[0]
    assert once == (204, 204, 255)  # white under a fifth of blue
    assert _forms(pymupdf.open(stream=to_pdf(Document(title="t", pages=[Page(20.0, 20.0, [see_through])] * 2),
                                             joinable=False)))  # (drawn twice: a form)
    assert centre(2) == [once, once]
