"""reportlab's PDF objects written by printgen's short ways (printgen/draw/pdf_format.py): the same bytes as
reportlab's own, object by object and for whole documents (a rulebook with its links, outline, forms and fonts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfdoc

from printgen.draw import pdf_format
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.project import validate_game
from tests.conftest import examples

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def reportlabs_own(monkeypatch):
    """reportlab's own formatting, for as long as the test asks (the short ways restored after)."""

    def use():
        for name in ("format", "pdfdocEnc", "PDFName"):
            monkeypatch.setattr(pdfdoc, name, pdf_format.originals[name])
        monkeypatch.setattr(pdfdoc.PDFDictionary, "format", pdf_format.originals["PDFDictionary.format"])

    return use


_LEAF = st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False, width=32),
                  st.booleans(), st.binary(max_size=8),
                  st.text(st.characters(min_codepoint=0x18, max_codepoint=0x7F), max_size=8),
                  st.sampled_from(["/Link", "/Annot", "(a)", "caf\u00e9", "\u2022", "x\x1ay"]))
_VALUE = st.recursive(_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=8).map(pdfdoc.PDFArray),
    st.dictionaries(st.text("ABCDEFGHIJ#() ", min_size=1, max_size=4), inner, max_size=8).map(pdfdoc.PDFDictionary)),
    max_leaves=20)


def _written(value, document):
    try:
        return pdfdoc.format(value, document)
    except Exception as exc:  # noqa: BLE001 (what reportlab refuses is refused alike)
        return type(exc)


@settings(max_examples=examples(200), deadline=None)
@given(_VALUE)
def test_any_object_is_written_as_reportlab_writes_it(value):
    document = pdfdoc.PDFDocument(invariant=1)
    ours = _written(value, document)
    saved = {name: getattr(pdfdoc, name) for name in ("format", "pdfdocEnc", "PDFName")}
    method = pdfdoc.PDFDictionary.format
    try:
        for name in saved:
            setattr(pdfdoc, name, pdf_format.originals[name])
        pdfdoc.PDFDictionary.format = pdf_format.originals["PDFDictionary.format"]
        theirs = _written(value, document)
    finally:
        for name, fn in saved.items():
            setattr(pdfdoc, name, fn)
        pdfdoc.PDFDictionary.format = method
    assert ours == theirs


def test_names_are_written_as_reportlab_writes_them():
    for name in ("Type", "Rect", "a b", "#x", "caf\u00e9", "(x)", ""):
        assert pdf_format.pdf_name(name) == pdf_format.originals["PDFName"](name)
        assert pdf_format.pdf_name(name) == pdf_format.pdf_name(name)  # and again, from what was kept


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_rulebook_is_written_byte_for_byte_as_reportlab_writes_it(paper, reportlabs_own):
    game = validate_game(FIXTURES / "preflight-corpus")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    ours = target.asset.render(game, spec)["rulebook"].data
    reportlabs_own()
    theirs = target.asset.render(game, spec)["rulebook"].data
    assert ours == theirs
    assert ours.count(b"/Subtype /Link") >= 2 and ours.count(b"/Subtype /Form") >= 3  # links, footers' forms
