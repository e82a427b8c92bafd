"""A face found clean from what its lone texts meet (preflight/lone.py) is one the checks of pairs find nothing on:
the hits with that shortcut are the very hits without it (the same list, in order, at the same sources), on decks
of one layout whose names and stamps differ, on random layouts (hypothesis), on the planted-defect corpus and on
the bundled card decks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from printgen.draw.document import Document, Group, Poly, Rect, Style, Text, pt
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight import parts as parts_module
from printgen.preflight.run import check_document, settings_of
from printgen.project import validate_game

from ..conftest import FIXTURES, NIGHTLY, REPO
from .test_parts import S, _alike, _sheet, ink_by_ink
from .test_parts_agree import COLOURS, X, Y
from .test_parts_layout import _element


def _both(doc: Document, settings=S, stem: str = "d", monkeypatch=None) -> tuple[list, list, int]:
    """(the hits with the shortcut, the hits without it, how many faces it found clean)."""
    real = parts_module.face_clean
    taken = []

    def counted(parts, scan):
        got = real(parts, scan)
        taken.append(got)
        return got

    monkeypatch.setattr(parts_module, "face_clean", counted)
    fast = check_document(doc, settings, stem=stem, paper="a4")
    monkeypatch.setattr(parts_module, "face_clean", lambda parts, scan: False)
    slow = check_document(doc, settings, stem=stem, paper="a4")
    monkeypatch.setattr(parts_module, "face_clean", real)
    return fast, slow, sum(taken)


def _deck_card(name: str, colour: str = "#1d1d1b", stamp: str = "v1 · 0a1b2c") -> tuple:
    """A card of one layout: its ground, frame, a stats block and an icon (the very same ops on every card), its
    name and its stamp (its own)."""
    return (GROUND, FRAME, Text(20, 10, name, "serif-bold", pt(9), colour, "middle"), STATS,
            Text(3, 57, stamp, "sans", pt(5), "#555555", "start", role="stamp"))


GROUND = Rect(0, 0, 40, 60, Style(fill="#f4ecd8"))
FRAME = Rect(2, 2, 36, 56, Style(stroke="#333333", width=0.3))
STATS = Group((Rect(4, 20, 32, 12, Style(fill="#dddddd")), Text(6, 28, "Move 3", "sans", pt(7), "#1d1d1b"),
               Poly(((4, 34), (36, 34)), Style(stroke="#333333", width=0.2), closed=False),
               Text(6, 40, "Attack 2", "sans", pt(7), "#1d1d1b")))


def test_a_deck_of_one_layout_finds_with_the_shortcut_what_it_finds_without(monkeypatch):
    """Cards whose names and stamps differ: the clean ones are found so (most of the deck), and a faint name, a
    short label, a text over the stats and one across their rule are read by the checks, found as without."""
    names = [f"Knight {i}" for i in range(1, 40)] + ["Scout", "Sentinel"]
    cards = [_deck_card(n, stamp=f"v1 · {i:06x}") for i, n in enumerate(names)]
    cards += [_deck_card("Faint", colour="#eeeeee"),  # too faint on its ground
              _deck_card("12"),  # a short label
              (GROUND, FRAME, Text(20, 28, "Over the stats", "sans", pt(9), "#1d1d1b", "middle"), STATS),
              (GROUND, FRAME, Text(20, 35, "Across the rule", "sans", pt(7), "#1d1d1b", "middle"), STATS)]
    places = [(20, 20), (70, 20), (120, 20), (20, 100), (70, 100), (120, 100)]
    doc = Document("d", [_sheet(cards[k:k + 6], places[:len(cards[k:k + 6])]) for k in range(0, len(cards), 6)])
    parts_module._VERIFY = True  # (each face found clean also read whole, and found clean there)
    try:
        fast, slow, taken = _both(doc, monkeypatch=monkeypatch)
    finally:
        parts_module._VERIFY = False
    assert fast == slow
    assert _alike(fast) == _alike(ink_by_ink(doc, S, "d"))
    # (the first sheet's faces are read by the checks: the layout is found clean on its first face only once all three
    # checks have read it, after the first check has read every face of the sheet)
    assert taken >= len(names) - 6 - 2
    found = {(h.cls, h.message.split("'")[1]) for h in fast if "'" in h.message}
    assert {("contrast", "Faint"), ("overlap", "Move 3"), ("overlap", "Across the rule")} <= found


@st.composite
def _lone(draw):
    """A face's own text: most often a dark short name (found clean where nothing is under it), at times not."""
    return Text(draw(st.floats(12, 28)), draw(st.floats(8, 54)),
                draw(st.sampled_from(["A", "12", "Scout", "Knight", "Knight 12", "Some words here"])),
                draw(st.sampled_from(["sans", "sans-bold"])), pt(draw(st.sampled_from([5, 6, 7, 9]))),
                draw(st.sampled_from(["#1d1d1b", "#111111", "#1d1d1b", "#aa2222", "#eeeeee"])),
                draw(st.sampled_from(["start", "middle", "end"])))


@settings(max_examples=1000 if NIGHTLY else 60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(_element(), max_size=3), st.lists(st.tuples(_lone(), _lone()), min_size=7, max_size=14),
       st.booleans())
def test_random_layouts_find_with_the_shortcut_what_they_find_without(monkeypatch, layout, texts, second):
    """A random layout (a ground, a frame and elements placed again) round one or two lone texts of each face's
    own, on two sheets or more (the first sheet's faces are read by the checks: the layout is found clean there,
    if at all)."""
    layout = [GROUND, FRAME, *layout]
    at = 1 + len(layout) // 2
    cards = [tuple(layout[:at]) + (a,) + tuple(layout[at:]) + ((b,) if second else ()) for a, b in texts]
    places = [(20, 20), (70, 20), (120, 20), (20, 100), (70, 100), (120, 100)]
    doc = Document("d", [_sheet(cards[k:k + 6], places[:len(cards[k:k + 6])]) for k in range(0, len(cards), 6)])
    fast, slow, _ = _both(doc, monkeypatch=monkeypatch)
    assert fast == slow


@settings(max_examples=1000 if NIGHTLY else 60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from([(20, 10), (20, 35), (20, 35.6), (20, 28), (8, 45)]),
                          st.sampled_from(["Ax", "Knight", "Knight 1", "Knight 12", "Knight 128", "Wide Knight"]),
                          st.sampled_from([6, 7, 9]), st.sampled_from(["#1d1d1b", "#bbbbbb"])),
                min_size=7, max_size=18))
def test_names_at_a_few_places_find_with_the_kept_boxes_what_they_find_without(monkeypatch, names):
    """Names of a deck at a few places (centred: a narrower one inside a wider one's boxes), some across the
    stats' rule or over their texts, some too faint: what is kept of one found clear serves the next only where it
    is as clear."""
    cards = [(GROUND, FRAME, Text(x, y, words, "sans", pt(size), colour, "middle"), STATS)
             for (x, y), words, size, colour in names]
    places = [(20, 20), (70, 20), (120, 20), (20, 100), (70, 100), (120, 100)]
    doc = Document("d", [_sheet(cards[k:k + 6], places[:len(cards[k:k + 6])]) for k in range(0, len(cards), 6)])
    fast, slow, _ = _both(doc, monkeypatch=monkeypatch)
    assert fast == slow


def test_the_corpus_finds_with_the_shortcut_what_it_finds_without(monkeypatch):
    game = validate_game(FIXTURES / "preflight-corpus")
    settings = settings_of(game)
    for target in plan_build([game], papers=["a4"]):
        if target.asset.kind != "paper":
            continue
        for stem, doc in target.asset.render(game, PageSpec.for_paper("a4", game.data.game.print.margin)).items():
            if isinstance(doc, Document):
                fast, slow, _ = _both(doc, settings, stem, monkeypatch)
                assert fast == slow, stem


@pytest.mark.parametrize("game, printable", [("heroes-of-hex", "class-cards"), ("hexatech", "decks"),
                                             ("hex-dice", "unit-cards")])
def test_bundled_decks_find_with_the_shortcut_what_they_find_without(monkeypatch, game, printable):
    """A bundled deck: the same hits (none). (Its cards are each of a layout of their own, their stats and actions
    their own ops: the shortcut finds none of them clean, and must find nothing else either.)"""
    game = validate_game(REPO / "data" / game)
    settings = settings_of(game)
    (target,) = [t for t in plan_build([game], papers=["a4"]) if t.asset.name == printable]
    docs = [d for d in target.asset.render(game, PageSpec.for_paper("a4", game.data.game.print.margin)).values()
            if isinstance(d, Document)]
    assert docs
    for doc in docs:
        fast, slow, _ = _both(doc, settings, printable, monkeypatch)
        assert fast == slow
