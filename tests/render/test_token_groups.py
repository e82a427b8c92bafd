"""A token sheet places each token's face (and back) as a group moved to its spot, as a card sheet places a card:
the very same ops for every copy, so the preflight reads a face once and the PDF draws it once as a form. What
prints is what the flat drawing (every shape of every copy moved on its own, as the sheets were drawn before)
prints, and the preflight finds the same things at the same places."""

from __future__ import annotations

import shutil

import numpy as np
import pymupdf
import pytest

from printgen.draw.document import Document, Group, shifted
from printgen.draw.page import PageSpec
from printgen.preflight.run import preflight_documents
from printgen.project import validate_game
from printgen.render.tokens import TOKEN_GAP, TokenFaces, render_tokens
from printgen.write.pdf import to_pdf
from tests.conftest import FIXTURES

COUNTS = {"Wound": 12, "Objective": 5}  # the objective is two-sided


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """preflight-base with two kinds of token, and a token face with two planted defects: its label set at
    3 pt (small-text, line 3 of the layout) and a tag printed over it (overlap, line 5)."""
    dest = tmp_path_factory.mktemp("tokens") / "token-game"
    shutil.copytree(FIXTURES / "preflight-base", dest)
    (dest / "tokens.yaml").write_text(
        "tokens:\n"
        "  - {name: Wound, colour: \"#8f2320\", icon: skull, text: A wound., count: 12}\n"
        "  - {name: Objective, colour: \"#c9a227\", icon: star, text: Two-sided marker., count: 5, back: true,"
        " label: Goal}\n")
    (dest / "templates" / "layouts" / "token.yaml").write_text(
        "extends: token\n"
        "elements:\n"
        "  - {id: label, type: text, text: \"{{ (item.label or item.name) | upper }}\", x: 14%, w: 72%,\n"
        "     baseline: 73%, align: center, font: sans-bold, size: 3pt, min: 3pt}\n"
        "  - {id: tag, type: text, text: \"TAG\", x: 14%, w: 72%, baseline: 73%, align: center, size: 5pt}\n")
    return validate_game(dest)


def _docs(game, paper: str) -> tuple[PageSpec, Document]:
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    return spec, render_tokens(game, spec)["tokens"]


def _flat(doc: Document) -> Document:
    """``doc`` with every placed face's group undone: its shapes each moved on their own (the old drawing)."""
    from dataclasses import replace

    pages = []
    for page in doc.pages:
        ops = []
        for op in page.ops:
            if type(op) is Group and op.matrix[:4] == (1.0, 0.0, 0.0, 1.0):
                ops += shifted(op.ops, op.matrix[4], op.matrix[5])
            else:
                ops.append(op)
        pages.append(replace(page, ops=ops))
    return replace(doc, pages=pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_placed_token_is_one_group_moved_to_its_spot(game, paper):
    spec, doc = _docs(game, paper)
    faces = TokenFaces(game)
    assert len(doc.pages) == 2  # one sheet and its backs
    front, back = ([op for op in p.ops if type(op) is Group] for p in doc.pages)
    assert len(front) == sum(COUNTS.values()) and len(back) == COUNTS["Objective"]
    wound, goal = front[:12], front[12:]
    for groups, index, is_back in ((wound, 0, False), (goal, 1, False), (back, 1, True)):
        drawn = faces.face(index, back=is_back)
        for g in groups:
            assert g.matrix[:4] == (1.0, 0.0, 0.0, 1.0) and g.clip is None
            assert list(g.ops) == drawn and g.ops is groups[0].ops  # every copy the very same ops
    pitch = faces.box + TOKEN_GAP
    for row in (wound[:10], goal):  # neighbours a pitch apart along a row
        assert all(abs(b.matrix[4] - a.matrix[4] - pitch) < 1e-9 and b.matrix[5] == a.matrix[5]
                   for a, b in zip(row, row[1:]))
    for g in back:  # each back right behind its front after a long-edge flip
        assert any(abs(spec.width - f.matrix[4] - faces.box - g.matrix[4]) < 1e-9 and f.matrix[5] == g.matrix[5]
                   for f in goal)
    for page, groups in zip(doc.pages, (front, back)):  # the TrimBox and BleedBox hold the placed tokens
        xs, ys = [g.matrix[4] for g in groups], [g.matrix[5] for g in groups]
        bleed = (min(xs), min(ys), max(xs) + faces.box, max(ys) + faces.box)
        assert page.bleed == pytest.approx(bleed)
        assert page.trim == pytest.approx((bleed[0] + faces.bleed, bleed[1] + faces.bleed,
                                           bleed[2] - faces.bleed, bleed[3] - faces.bleed))


def _pixels(pdf: bytes) -> list[np.ndarray]:
    return [np.frombuffer(p.get_pixmap(dpi=150).samples, np.uint8).astype(int) for p in pymupdf.open(stream=pdf)]


def test_the_grouped_sheet_prints_the_flat_drawing_and_draws_each_face_once_as_a_form(game):
    _, doc = _docs(game, "a4")
    grouped, flat = to_pdf(doc), to_pdf(_flat(doc))
    for a, b in zip(_pixels(grouped), _pixels(flat), strict=True):
        d = np.abs(a - b)
        # the same picture: at most a few edge pixels antialiased a little differently (measured with MuPDF at
        # 150 dpi: 94 of 6.5 million samples on the fronts, by at most 5 levels; none on the backs)
        assert (d > 0).sum() <= a.size * 1e-4 and d.max() <= 32, ((d > 0).sum(), d.max())
    pg, pf = pymupdf.open(stream=grouped), pymupdf.open(stream=flat)
    for page, copies, faces in ((pg[0], 17, 2), (pg[1], 5, 1)):
        assert len(page.get_xobjects()) == faces  # a form per token face
        assert page.read_contents().count(b" Do") == copies  # each copy placed by reference (flat: 12 and 0)
    assert len(grouped) < len(flat)
    assert sum(len(p.get_xobjects()) for p in pf) < sum(len(p.get_xobjects()) for p in pg)


def test_the_preflight_finds_the_same_on_the_grouped_and_the_flat_sheet(game):
    found = {}
    for way in ("grouped", "flat"):
        for paper in ("a4", "letter"):  # Letter after A4, as a build reads them (it may look up what A4 found)
            _, doc = _docs(game, paper)
            docs = {"tokens": doc if way == "grouped" else _flat(doc)}
            found[way, paper] = [f.format() for f in preflight_documents(game, docs, paper=paper)]
    for paper in ("a4", "letter"):
        assert found["grouped", paper] == found["flat", paper]
        hits = found["grouped", paper]
        assert any("token.yaml:3:" in h and "preflight-small-text" in h and "token 'Wound'" in h
                   and "3.0 pt" in h for h in hits), hits
        assert any("token.yaml:5:" in h and "preflight-overlap" in h and "'TAG' over 'WOUND'" in h for h in hits), hits
