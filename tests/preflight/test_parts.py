"""Reading a document by its faces (preflight/parts.py) finds what reading every ink of every page finds,
at the same places; and the drawing shortcuts a deck takes (elements placed again, runs of shapes written
again) change no byte."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from printgen.draw.document import Document, Group, Page, Poly, Rect, Style, Text, pt
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight import parts as parts_module
from printgen.preflight.checks import DOCUMENT_CHECKS, Settings, Sheet
from printgen.preflight.run import ALL_PAGE_CHECKS, check_document, printable_place, report, settings_of
from printgen.project import validate_game

from ..conftest import FIXTURES, examples

S = Settings()


def ink_by_ink(doc: Document, settings: Settings, stem: str, paper: str = "a4") -> list:
    """Every hit as the preflight found them before it read pages by their faces: each page flattened whole,
    in the order the checks give them."""
    faces: dict = {}
    sheets = [Sheet.of(stem, paper, i + 1, len(doc.pages), page, faces) for i, page in enumerate(doc.pages)]
    hits = []
    for sheet in sheets:
        for check in ALL_PAGE_CHECKS.values():
            hits += check(sheet, settings)
    for check in DOCUMENT_CHECKS.values():
        hits += check(sheets, settings)
    return hits


def _alike(hits) -> Counter:
    return Counter((h.cls, h.message, h.page, h.src.place if h.src else None) for h in hits)


@pytest.fixture
def verify(monkeypatch):
    """Each face's element-by-element hits also checked against the face's inks read whole."""
    monkeypatch.setattr(parts_module, "_VERIFY", True)


def test_the_corpus_read_by_faces_finds_every_hit_of_every_ink(verify, monkeypatch):
    game = validate_game(FIXTURES / "preflight-corpus")
    settings = settings_of(game)
    seen = Counter()
    read = Counter()
    sheet = parts_module.Parts.sheet
    monkeypatch.setattr(parts_module.Parts, "sheet", lambda self, *a: read.update(["by faces"]) or sheet(self, *a))
    for target in plan_build([game], papers=["a4"]):
        if target.asset.kind != "paper":
            continue
        spec = PageSpec.for_paper("a4", game.data.game.print.margin)
        for stem, doc in target.asset.render(game, spec).items():
            if not isinstance(doc, Document):
                continue
            fast, whole = check_document(doc, settings, stem=stem, paper="a4"), ink_by_ink(doc, settings, stem)
            assert _alike(fast) == _alike(whole), stem
            place = printable_place(game, stem)
            kept = report(fast, settings, stem=stem, paper="a4", place=place, game=game)
            assert sorted(kept, key=str) == sorted(report(whole, settings, stem=stem, paper="a4", place=place,
                                                          game=game), key=str)
            seen.update(h.cls for h in fast)
    # the corpus plants what the faces' own checks find: each is found through the faces
    assert read["by faces"] >= 2 and {"overlap", "contrast", "ink-on-ink", "small-text", "cut"} <= set(seen)


def _card(name: str, over: bool) -> tuple:
    """A small card: a ground, a frame, its name, a stats badge pair (the second overlapping the first when
    ``over``), a label on the first."""
    badge = Style(fill="#aa2222")
    return (Rect(0, 0, 40, 60, Style(fill="#f4ecd8")),
            Rect(2, 2, 36, 56, Style(stroke="#333333", width=0.3), radius=1.0),
            Text(20, 10, name, "serif-bold", pt(9), "#1d1d1b", "middle"),
            Group((Poly(((5, 20), (13, 20), (13, 28), (5, 28)), badge, role="atk"),
                   Poly(((12 if over else 15, 20), (20, 20), (20, 28), (12 if over else 15, 28)),
                        Style(fill="#2222aa"), role="def"))),
            Text(9, 26, "12", "sans-bold", pt(7), "#ffffff", "middle"),
            Text(20, 45, "faint words", "sans", pt(7), "#eeeeee", "middle"))


def _sheet(cards, places) -> Page:
    """A sheet of ``cards`` (40 x 60 mm) at ``places``, its TrimBox round them (a sheet of faces), crop marks
    and a furniture line."""
    page = Page(210, 297, [Group(c, (1.0, 0.0, 0.0, 1.0, x, y)) for c, (x, y) in zip(cards, places)])
    page.trim = (min(x for x, _ in places), min(y for _, y in places), max(x for x, _ in places) + 40,
                 max(y for _, y in places) + 60)
    page.add(*[Poly(((x, 5), (x, 9)), Style(stroke="#000000", width=0.15), closed=False, role="crop")
               for x in (20, 60, 100, 140)])
    page.add(Text(10, 290, "page furniture", "sans", pt(6), role="furniture"))
    return page


def test_faces_placed_again_and_faces_that_meet_are_found_as_ink_by_ink(verify):
    shared = _card("Knight", over=True)
    plain = _card("Scout", over=False)
    apart = [(20, 20), (70, 20), (120, 20), (20, 100)]
    # the third page puts a face over its neighbour: its texts meet another face's, so it is read ink by ink
    doc = Document("d", [_sheet([shared, plain, shared, shared], apart), _sheet([plain, shared], apart[:2]),
                         _sheet([shared, shared], [(20, 20), (21, 20.5)])])
    fast, whole = check_document(doc, S, stem="d", paper="a4"), ink_by_ink(doc, S, "d")
    assert _alike(fast) == _alike(whole)
    read = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S)
    assert [read.sheet(p, 1, 1).apart for p in doc.pages] == [True, True, False]  # the third read ink by ink
    on = {(h.cls, h.page) for h in fast}
    assert {("ink-on-ink", 1), ("ink-on-ink", 2), ("contrast", 1), ("overlap", 3)} <= on
    assert not any(h.cls == "overlap" and h.page in (1, 2) for h in fast)  # apart, no face prints on another


def test_a_text_with_nothing_under_it_is_read_against_the_paper_face_by_face_as_ink_by_ink(verify):
    # a face with no ground of its own, and a loose line of the sheet: both print pale grey on the paper
    bare = (Text(20, 10, "Bare card", "sans", pt(8), "#eeeeee", "middle"),
            Rect(2, 20, 36, 30, Style(stroke="#333333", width=0.3)))
    page = _sheet([bare, _card("Scout", over=False)], [(20, 20), (70, 20)])
    page.add(Text(100, 200, "a pale loose note", "sans", pt(8), "#eeeeee"))
    doc = Document("d", [page])
    fast = check_document(doc, S, stem="d", paper="a4")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))
    pale = {h.message.split("'")[1] for h in fast if h.cls == "contrast" and "on #ffffff" in h.message}
    assert pale == {"Bare card", "a pale loose note"}


def test_a_text_on_a_picture_or_beside_a_disc_is_read_face_by_face_as_ink_by_ink(verify):
    import io

    from PIL import Image as Picture

    from printgen.draw.document import Circle, Image

    png = io.BytesIO()
    Picture.new("RGB", (4, 4), (200, 200, 200)).save(png, "PNG")
    # a dark text on a picture over a dark card: the picture's colours are not known, so it is not judged
    art = (Rect(0, 0, 40, 60, Style(fill="#1d1d1b")), Image(2, 2, 36, 30, png.getvalue()),
           Text(20, 15, "On art", "sans", pt(8), "#222222", "middle"))
    # a pale text in the corner of a dark disc's box, outside the disc: it stands on the white card
    disc = (Rect(0, 0, 40, 60, Style(fill="#ffffff")), Circle(20, 40, 10, Style(fill="#111111")),
            Text(11.5, 31.5, "cn", "sans", pt(5), "#eeeeee", "middle"))
    doc = Document("d", [_sheet([art, disc], [(20, 20), (70, 20)])])
    fast = check_document(doc, S, stem="d", paper="a4")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))
    judged = {h.message.split("'")[1]: h.message for h in fast if h.cls == "contrast"}
    assert "On art" not in judged and "(#eeeeee on #ffffff)" in judged["cn"]


def test_a_face_beyond_the_printable_area_is_measured_ink_by_ink(verify):
    card = _card("Far", over=False)
    doc = Document("d", [_sheet([card, card], [(20, 20), (190, 20)])])
    fast = check_document(doc, S, stem="d", paper="a4")
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))
    assert any(h.cls == "margin" for h in fast)


def test_a_sheet_of_faces_with_no_tile_trim_line_is_not_flattened_for_the_seam_check():
    """The seam check reads every ink of a page; a sheet of cards has no tile's trim line for it to find, so
    it is answered from the faces' roles without flattening the page (on a 1,000-card deck the seam check
    alone took three quarters of the preflight)."""
    from printgen.preflight.seam import seams

    card = _card("Knight", over=False)
    sheet = parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, S).sheet(_sheet([card, card], [(20, 20), (70, 20)]), 1, 1)
    assert sheet.apart and sheet.check("seam", seams, S) == [] and sheet._inks is None


def test_a_run_of_shapes_drawn_again_writes_the_same_bytes(monkeypatch):
    from printgen.draw import canvas
    from printgen.write.pdf import to_pdf

    marks = tuple(Poly(((x, 5.0), (x, 9.0)), Style(stroke="#000000", width=0.15), closed=False, role="crop")
                  for x in range(10, 200, 10))
    pages = []
    for n in range(3):
        page = Page(210, 297, [Rect(10, 20, 50, 30, Style(fill="#ffcc00", stroke="#ff0000", width=0.5)),
                               *marks, Text(10, 280, f"page {n}", "sans", pt(8)), *marks[:9],
                               Rect(100, 20, 50, 30, Style(fill="#00ccff"))])
        page.add(*marks)
        pages.append(page)
    doc = Document("d", pages)
    remembered = to_pdf(doc)
    monkeypatch.setattr(canvas, "SHAPE_RUN", 10 ** 9)  # every shape drawn one by one
    assert to_pdf(doc) == remembered


def test_elements_drawn_alike_are_placed_again_and_the_stamps_still_differ(tmp_path):
    import shutil

    import yaml

    from printgen.layout.digest import shown_digest
    from printgen.layout.sheets import game_sheets, SheetPrintable

    folder = tmp_path / "knights"
    shutil.copytree(FIXTURES / "mini-hoh", folder)
    (knight,) = yaml.safe_load((folder / "classes.yaml").read_text())["classes"]
    (folder / "classes.yaml").write_text(yaml.safe_dump({"classes": [dict(knight, name=f"Knight {n}")
                                                                     for n in (1, 2)]}, sort_keys=False))
    game = validate_game(folder)
    assert game.ok(), [f.format() for f in game.findings]
    sheet, index = next((s, i) for s, i in game_sheets(game) if s.name == "class-cards")
    doc = SheetPrintable(sheet, index).render(game, PageSpec.for_paper("a4", 5.0))["class-cards"]
    faces = [op for op in doc.pages[0].ops if isinstance(op, Group)]
    assert len(faces) >= 2
    a, b = faces[0].ops, faces[1].ops
    assert a[0] is b[0]  # the ground: one object for every face
    # the two knights differ in their names only: every element that does not show it is placed again
    assert [x is y for x, y in zip(a, b)].count(False) == 2 and a[2].text != b[2].text
    stamps = [ops[-1] for ops in (a, b)]
    assert all(getattr(s, "role", "") == "stamp" for s in stamps) and stamps[0].text != stamps[1].text
    memo: dict = {}
    for ops in (a, b, a):
        assert shown_digest(ops[:-1], memo) == shown_digest(ops[:-1])


def test_the_next_paper_looks_up_the_faces_read_for_the_last_and_finds_the_same():
    """A4 then Letter of one printable: the faces read for A4 are looked up for Letter (run._LAST), and what
    Letter's sheets find is what they find read afresh; another target starts afresh."""
    from printgen.preflight import run

    game = validate_game(FIXTURES / "preflight-corpus")
    settings = settings_of(game)
    (target,) = [t for t in plan_build([game], papers=["a4"]) if t.asset.name == "unit-cards"]
    docs = {paper: target.asset.render(game, PageSpec.for_paper(paper, game.data.game.print.margin))
            for paper in ("a4", "letter")}
    stem, letter = next((s, d) for s, d in docs["letter"].items() if isinstance(d, Document))
    key = (game.key, (stem,))
    run._LAST.clear()
    fresh = check_document(letter, settings, stem=stem, paper="letter", game_key=key)
    run._LAST.clear()
    check_document(docs["a4"][stem], settings, stem=stem, paper="a4", game_key=key)
    (parts,) = run._LAST.values()
    faces = len(parts.scans)
    warm = check_document(letter, settings, stem=stem, paper="letter", game_key=key)
    assert run._LAST[(key, settings)] is parts and len(parts.scans) == faces  # every face looked up
    assert _alike(warm) == _alike(fresh) and {h.cls for h in fresh} >= {"ink-on-ink", "contrast", "small-text"}
    # another document of the same target: the same memo, its faces its own (read afresh, the same hits)
    other = check_document(letter, settings, stem="other", paper="letter", game_key=key)
    assert _alike(other) == _alike(fresh) and list(run._LAST) == [(key, settings)]
    assert parts.scans is parts._scans["other"] and len(parts._scans) == 2 and len(parts.scans) == faces
    check_document(letter, settings, stem=stem, paper="letter", game_key=(game.key, ("other",)))
    # the last few targets kept, the newest last
    assert list(run._LAST) == [(key, settings), ((game.key, ("other",)), settings)]
    for k in range(run.KEPT):
        check_document(letter, settings, stem=stem, paper="letter", game_key=(game.key, (f"more-{k}",)))
    assert list(run._LAST) == [((game.key, (f"more-{k}",)), settings) for k in range(run.KEPT)]  # the oldest let go


def test_the_documents_of_one_target_share_a_memo_and_find_what_each_finds_alone():
    """Two documents of one target (two decks drawn by one layout, as a game's decks are) read with one memo
    find, each, exactly what each finds read alone, located at its own sources."""
    from printgen.preflight import run

    game = validate_game(FIXTURES / "preflight-corpus")
    settings = settings_of(game)
    found = {}
    # the cards, the discs, and the cards drawn again (faces alike by value: each document's own sources)
    for name, as_stem in (("unit-cards", "cards"), ("unit-discs", "discs"), ("unit-cards", "again")):
        (target,) = [t for t in plan_build([game], papers=["a4"]) if t.asset.name == name]
        docs = target.asset.render(game, PageSpec.for_paper("a4", game.data.game.print.margin))
        found[as_stem] = next(d for d in docs.values() if isinstance(d, Document))
    assert len(found) == 3 and {h.cls for h in check_document(found["cards"], settings, stem="cards", paper="a4")}
    alone = {}
    for stem, doc in found.items():
        run._LAST.clear()
        alone[stem] = check_document(doc, settings, stem=stem, paper="a4", game_key=None)
    run._LAST.clear()
    key = (game.key, tuple(found))
    for _ in range(2):  # (the second time round: every document's faces looked up)
        for stem, doc in found.items():
            shared = check_document(doc, settings, stem=stem, paper="a4", game_key=key)
            assert _alike(shared) == _alike(alone[stem])
            assert [h.src for h in shared] == [h.src for h in alone[stem]]
    assert len(run._LAST) == 1


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["A", "Knight", "{name}", "Scout \\'s", "a &amp; b", "{{ x }}", "12", "<b>x</b>",
                        "Move two hexes, then attack an adjacent unit"]),
       st.floats(2, 12), st.floats(-5, 45), st.floats(-5, 65), st.booleans(),
       st.sampled_from([Settings(), Settings(min_text=8, min_label=4, safe=3)]))
def test_a_quiet_text_is_one_the_checks_of_a_text_alone_find_nothing_in(words, size, x, y, faced, settings):
    """parts.quiet passes a text over exactly where placeholder, small-text, safe-area and markup all find nothing
    (it asks each check's own rule)."""
    from printgen.preflight.scene import Ink

    face = (0.0, 0.0, 40.0, 60.0) if faced else None
    ink = Ink("text", (x, y, x + 10, y + 3), "", words, size, "sans", None, (), False, 0.0, 0, 0, "#000000", face)
    sheet = Sheet("d", "a4", 1, 1, Page(210, 297, []), [ink])
    found = [h for n in parts_module.PER_INK for h in ALL_PAGE_CHECKS[n](sheet, settings)]
    assert parts_module.quiet(ink, settings) == (found == [])
    assert parts_module._SCREENED(ALL_PAGE_CHECKS) and parts_module.Parts("d", "a4", ALL_PAGE_CHECKS, settings).screened


def test_a_long_text_between_the_label_and_text_minimums_is_small_read_by_faces_too():
    """A rules line at 5.5 pt is above the 5 pt label minimum but under the 6 pt one for text: small-text finds
    it page by page, so the faces' reading (which passes quiet texts over) must find it too."""
    rules = "Move two hexes, then attack an adjacent unit"
    card = _card("Scout", over=False)[:3] + (Text(20, 40, rules, "sans", pt(5.5), "#1d1d1b", "middle"),)
    doc = Document("d", [_sheet([card, card], [(20, 20), (70, 20)])])
    for settings in (S, Settings(min_text=8, min_label=4, safe=3)):
        fast, whole = check_document(doc, settings, stem="d", paper="a4"), ink_by_ink(doc, settings, "d")
        assert _alike(fast) == _alike(whole)
        assert sum(h.cls == "small-text" and "5.5 pt" in h.message for h in fast) == 2  # on each placed card
