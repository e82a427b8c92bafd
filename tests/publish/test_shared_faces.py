"""The exports that draw every card face (print on demand, TTS, the gallery's cards) made in one job
(publish/exports.py _exports_job, publish/cards.py shared_faces): each face drawn once per bleed and
each PDF of faces made once, the files byte for byte those of the exports made one by one, and the
publish record of each export as before (a rebuild with nothing changed makes nothing)."""

from __future__ import annotations

from collections import Counter

import pytest

import printgen.publish.raster as raster
from printgen.build import build
from printgen.project import validate_game
from printgen.publish import cards
from printgen.publish.exports import SHARED_FACES, _export_job, _exports_job
from printgen.publish.publisher import Publisher
from tests.conftest import FIXTURES


@pytest.fixture
def counted(monkeypatch):
    """Faces drawn, by bleed, and PDFs of faces made, by page size."""
    drawn = Counter()
    real_decks, real_pdf = cards._decks, raster._items_pdf

    def decks(game):
        out = []
        for d in real_decks(game):
            def count(face, what):
                def drawn_face(bleed):
                    drawn[what, round(bleed, 3)] += 1
                    return face(bleed)
                return drawn_face
            out.append(cards.replace(d, cards=tuple(cards.replace(c, face=count(c.face, "face")) for c in d.cards),
                                     back=count(d.back, "back")))
        return out

    def pdfs(items, w, h):
        drawn["pdf", round(w, 2), round(h, 2)] += 1
        return real_pdf(items, w, h)

    real_rows, real_sheets, real_open = raster.page_rows, raster.page_sheets, raster.OpenPdf.__init__

    def rows(pdf, **kw):
        drawn["rasterised"] += 1
        return real_rows(pdf, **kw)

    def sheets(pdf, *a):
        drawn["rasterised"] += 1
        return real_sheets(pdf, *a)

    def opened(self, pdf, keep=raster.OpenPdf.KEEP):
        drawn["opened"] += keep > 0  # not those page_rows opens for itself (keeping no page)
        real_open(self, pdf, keep)

    monkeypatch.setattr(cards, "_decks", decks)
    monkeypatch.setattr(raster, "_items_pdf", pdfs)
    monkeypatch.setattr(raster, "page_rows", rows)
    monkeypatch.setattr(raster, "page_sheets", sheets)
    monkeypatch.setattr(raster.OpenPdf, "__init__", opened)
    return drawn



@pytest.mark.parametrize("gid", ["mini-hoh", "mini-tech"])
def test_made_together_each_face_is_drawn_once_per_bleed_and_the_files_are_the_same(tmp_path, counted, gid):
    game = validate_game(FIXTURES / gid)
    names = "+".join(SHARED_FACES)
    together = _exports_job(game, names, tmp_path, {n: {} for n in SHARED_FACES})
    once = dict(counted)
    counted.clear()
    alone = {n: _export_job(game, n, tmp_path, {}) for n in SHARED_FACES}
    twice = dict(counted)
    decks = cards._decks(game)
    n_cards = sum(len(d.cards) for d in decks)
    rect_cards = sum(len(d.cards) for d in decks if d.shape == "rect")
    assert set(together) == {f"exports/{n}" for n in SHARED_FACES}
    for n in SHARED_FACES:
        files, where, info, reads, sources = together[f"exports/{n}"]
        assert files == alone[n][0], n  # the very bytes
        assert files or (n in ("pod", "gamecrafter") and not rect_cards), n  # something made (POD: rectangles only)
        assert where == ("exports", n) and info == alone[n][2] and sources == alone[n][4]
        assert set(alone[n][3]) <= set(reads)  # what each read, at least: its record still notices a change
    faces = sum(v for (what, *_), v in once.items() if what == "face")
    unbled = sum(v for (what, bleed), v in ((k[:2], v) for k, v in once.items() if k[0] == "face") if bleed == 0)
    # together: every card without bleed once (TTS and the gallery), the rectangular ones with bleed once (POD)
    assert unbled == n_cards and faces == n_cards + rect_cards
    # one by one: the unbled faces twice (a job each), the POD ones once
    assert sum(v for k, v in twice.items() if k[0] == "face" and k[1] == 0) == 2 * n_cards
    # one by one, the Game Crafter profile draws the POD faces twice again (its PNGs, its safe-zone check)
    assert sum(v for k, v in twice.items() if k[0] == "face" and k[1] > 0) == 3 * rect_cards
    # together, each PDF of faces opened by pdfium once for every export drawing it (the TTS sheets and the
    # gallery's cards both draw the unbled faces); one by one, each drawing opens its PDF's bytes afresh
    made = sum(v for k, v in once.items() if k[0] == "pdf")
    assert once.get("opened") == made and once["rasterised"] > made and not twice.get("opened")
    pdfs_once = sum(v for k, v in once.items() if k[0] == "pdf")
    pdfs_twice = sum(v for k, v in twice.items() if k[0] == "pdf")
    # each deck's unbled faces made into a PDF once, not twice; each rectangular deck's bled ones too
    assert pdfs_twice - pdfs_once == len(decks) + sum(1 for d in decks if d.shape == "rect" and d.cards)
    if rect_cards:  # the Game Crafter faces are the print-on-demand faces, byte for byte
        pod, crafter = together["exports/pod"][0], together["exports/gamecrafter"][0]
        assert {p.split("/", 1)[1]: b for p, b in crafter.items()} == {
            p.split("/", 1)[1]: b for p, b in pod.items() if p.endswith(".png")}


def test_a_build_makes_them_in_one_job_and_records_each_export(tmp_path):
    out = tmp_path / "out"
    r = build(folders=[FIXTURES / "mini-hoh"], out=out, papers=["a4"], previews=False, jobs=1)
    assert r.ok
    again = Publisher(games=[validate_game(FIXTURES / "mini-hoh")], out=out, papers=["a4"])
    assert again.early() == []  # every export's record holds: nothing to make
    forced = Publisher(games=[validate_game(FIXTURES / "mini-hoh")], out=out, papers=["a4"], force=True)
    jobs = forced.early()
    keys = [key for _, key, _ in jobs]
    grouped = [k for k in keys if "+" in k]
    assert len(grouped) == 1 and set(grouped[0].removeprefix("exports/").split("+")) == {"pod", "tts", "cards"}
    assert not any(key == f"exports/{n}" for n in SHARED_FACES for key in keys)
    # a build for the Game Crafter profile too: its faces join the job
    crafter = Publisher(games=[validate_game(FIXTURES / "mini-hoh")], out=out, papers=["a4"], force=True,
                        profiles=["gamecrafter"]).early()
    assert [k for _, k, _ in crafter if "+" in k] == ["exports/tts+pod+cards+gamecrafter"]
    gout = out / "mini-hoh"
    # a deleted POD face: that export alone is made again, on its own
    face = next((gout / "pod").rglob("*-front.png"))
    face.unlink()
    jobs = Publisher(games=[validate_game(FIXTURES / "mini-hoh")], out=out, papers=["a4"]).early()
    assert [key for _, key, _ in jobs] == ["exports/pod"]
