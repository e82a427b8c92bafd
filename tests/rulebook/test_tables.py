"""Rulebook tables: columns as wide as their words (rulebook/tables.py), a table too wide for a column set
across a two-column book, and the preflight's ``table`` class, which reads how each cell wrapped."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.build import render_target
from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight.tables import breaks, cell_hits
from printgen.rulebook.tables import Measure, widths
from tests.conftest import examples

ROOT = Path(__file__).resolve().parents[2]
HEXPRINT = ROOT / "data" / "hexprint"


@functools.lru_cache(maxsize=None)
def _book(paper: str):
    game = validate_game(HEXPRINT)
    target = next(t for t in plan_build([game], papers=[paper]) if t.asset.name == "rulebook")
    spec = PageSpec.for_paper(paper, game.data.game.print.margin)
    return game, target, target.asset.render(game, spec)["rulebook"]


def _vocabulary() -> set[str]:
    """Every word the HexPrint data and rulebook templates write: what a table cell may print whole."""
    words: set[str] = set()
    for path in [*HEXPRINT.glob("*.yaml"), *(ROOT / "templates" / "hexprint" / "rulebook").glob("*")]:
        words |= set(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8")))
    return words


def _lines(page) -> list[tuple[tuple[float, float, float, float], list[str]]]:
    """The page's printed lines (PyMuPDF's blocks and lines): each line's box and its words in order."""
    lines: dict[tuple[int, int], list] = {}
    for x0, y0, x1, y1, word, block, line, _ in page.get_text("words"):
        lines.setdefault((block, line), []).append((x0, y0, x1, y1, word))
    out = []
    for words in lines.values():
        box = (min(w[0] for w in words), min(w[1] for w in words), max(w[2] for w in words), max(w[3] for w in words))
        out.append((box, [w[4] for w in words]))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hexprint_tables_print_every_word_whole(paper):
    """The review's measure, on the PDF's words: no line ends inside a word that the next line below it
    finishes ("Gravehou" over "nd", "Mod" over "els"), and no lone letter or sign stands on a line of its
    own ("4" over "+", "A" over "C" over "T")."""
    _, _, pdf = _book(paper)
    vocab = _vocabulary()
    doc = pymupdf.open(stream=pdf.data)
    checked = 0
    for page in doc:
        lines = _lines(page)
        for box, words in lines:
            tail = re.sub(r"\W", "", words[-1])
            for below, more in lines:  # the line under this one, overlapping it: where a broken word goes on
                step, h = below[3] - box[3], box[3] - box[1]  # from baseline to baseline, about a line
                if not (0.4 * h < step < 1.6 * h and below[0] < box[2] and box[0] < below[2]):
                    continue
                where = (page.number + 1, words, more)
                assert not (words[-1][-1:].isdigit() and more == ["+"]), where  # "4" over "+"
                assert not (len(words) == len(more) == 1 and len(words[0]) == len(more[0]) == 1
                            and words[0].isalpha() and more[0].isalpha()), where  # "A" over "C"
                if tail and tail not in vocab:
                    checked += 1
                    assert tail + re.sub(r"\W", "", more[0]) not in vocab, where  # "Gravehou" over "nd"
    assert checked > 20  # fragments looked for (words the data never writes: numbers, codes, names with marks)


def test_hexprint_unit_list_reads_whole_across_the_page():
    """The unit list, too wide for a column of the two-column book, is set across both: its headers and
    TAR values print whole and its width is the page's, not a column's."""
    game, _, pdf = _book("a4")
    doc = pymupdf.open(stream=pdf.data)
    page = next(p for p in doc if "Grants the opponent" in p.get_text())
    words = {w[4] for w in page.get_text("words")}
    assert {"ACT", "MOV", "TAR", "Models", "Gravehound", "Watchtower"} <= words
    assert {f"{u.tar.value}+" for u in game.data.units} <= words
    tab = next(t for t in page.find_tables().tables if "Grants" in " ".join(str(c) for c in t.header.names))
    assert tab.bbox[2] - tab.bbox[0] > 0.8 * (page.rect.width - 2 * 16 / 25.4 * 72)  # across both columns


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hexprint_rulebook_has_no_table_finding(paper):
    game, target, _ = _book(paper)
    found = render_target(target, previews=False, draw_only=True).findings
    assert not [f for f in found if f.code == "preflight-table"]


def test_every_cell_recorded_says_what_it_prints():
    """Each table cell as the book records it for the preflight's table class holds the words its lines print,
    styled cells included ("**Bulwark** *(static)*": once wrapped, reportlab keeps its pieces as its own words
    and lines, which hold no text to read again; they were recorded empty, and so never checked)."""
    _, _, pdf = _book("a4")
    cells = [c for t in pdf.tables for c in t["cells"]]
    assert len(cells) > 300
    for _, _, _, text, lines, _ in cells:
        if any(lines):
            assert " ".join(" ".join(lines).split()) == " ".join(text.split()), (text, lines)
    assert any(len(lines) == 2 and text == " ".join(lines) and "(" in text for *_, text, lines, _ in cells)


def test_breaks_finds_a_word_split_over_two_lines():
    assert breaks("Gravehound (GH)", ("Gravehou", "nd (GH)")) == ["Gravehound"]
    assert breaks("Sapper Team (ST)", ("Sapper", "Team (ST)")) == []
    assert breaks("4+", ("4", "+")) == ["4+"]


def test_cell_hits_name_each_kind_of_squeeze():
    table = {"page": 6, "header": ("ACT", "Unit"), "cells": (
        (0, 0, True, "ACT", ("A", "C", "T"), 4.1),
        (1, 1, False, "Gravehound (GH)", ("Gravehou", "nd (GH)"), 12.0),
        (1, 0, False, "1 m", ("1", "m"), 4.1),
        (2, 1, False, "Sapper Team", ("Sapper", "Team"), 12.0),
    )}
    found = [m for m, _ in cell_hits(table)]
    assert found == ["stacks the header 'ACT' letter by letter (column 1, 4.1 mm wide)",
                     "breaks 'Gravehound' inside the word (column 2, 12.0 mm wide)",
                     "wraps the short value '1 m' over 2 lines (column 1, 4.1 mm wide)"]


columns = st.lists(st.tuples(st.floats(5, 120), st.floats(0, 400)), min_size=1, max_size=12)


@settings(max_examples=examples(200), deadline=None)
@given(columns, st.floats(50, 600), st.data())
def test_widths_fill_the_room_and_keep_every_word(cols, room, data):
    measures = [Measure(a, a + b) for a, b in cols]
    cells = [[data.draw(st.floats(m.least, m.natural)) for m in measures] for _ in range(3)]
    got = widths(measures, room, cells, comfort=False)
    if sum(m.least for m in measures) > room:
        assert got is None
        return
    assert got is not None and abs(sum(got) - room) < 1e-6 * max(1.0, room)
    assert all(w >= m.least - 1e-6 for w, m in zip(got, measures))
    # with comfort, a table whose widest column is left under a quarter of the room wants more room
    comfy = widths(measures, room, cells)
    prose = max(range(len(measures)), key=lambda c: measures[c].natural)
    wanted = min(measures[prose].natural, 0.25 * room)
    assert (comfy is None) == (got[prose] < wanted - 1e-6)


@pytest.mark.parametrize("rows", [3, 120])
def test_a_wide_table_in_a_two_column_book_is_set_whole_wherever_it_falls(rows):
    """Two unit lists too wide for a column, one mid-chapter and one the story's last: each printed, every
    row once; a list taller than a page goes on in the column, page after page."""
    from printgen.rulebook.book import BookInfo, set_book, styles
    from printgen.rulebook.markdown import Converter
    from printgen.rulebook.theme import game_theme
    from printgen.units import mm_to_pt

    theme = game_theme(validate_game(HEXPRINT))[0]
    head = "| Unit | Tags | Models | ACT | MOV | TAR | Grants the opponent |\n|---|---|:---:|:---:|:---:|:---:|---|\n"
    body = "".join(f"| **Gravehound {i}** (GH) | Character, Mystic, Amphibious | 1 | 3 | 3 | 4+ | 1 Watchtower |\n"
                   for i in range(rows))
    md = "# One\n\n" + "Some words. " * 80 + "\n\n## The list\n\nLead.\n\n" + head + body + "\n\n" + \
        "More words. " * 200 + "\n\n" + head + body

    def story(fw):
        span = 2 * fw + mm_to_pt(theme.page.column_gap)
        return Converter(styles(theme, frame_width=fw), lambda *a: None, frame_width=fw, theme=theme,
                         span_width=span, least_text=6.0).convert(md)

    tables: list = []
    data, _ = set_book(story, PageSpec.for_paper("a4", 5), BookInfo("X", "1", ""), theme, None, [], tables)
    words = [w[4] for page in pymupdf.open(stream=data) for w in page.get_text("words")]
    assert words.count("Gravehound") == 2 * rows and words.count("Grants") >= 2
    assert not [c for t in tables for c in t["cells"] if len(c[4]) > 1 and breaks(c[3], c[4])]


def test_a_table_measured_again_in_the_same_room_keeps_reportlabs_sizes(monkeypatch):
    """BreakingTable works its rows out once per room and widths: asked again in the same room it gives what it
    gave; in another room, what reportlab's own Table gives there."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Table

    from printgen.rulebook.table_flow import BreakingTable

    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=9, leading=11)

    def rows():
        return [[Paragraph(f"word {i} " * (i + 1), style), Paragraph("x", style)] for i in range(6)]

    calls = []
    real = Table._calc_height
    monkeypatch.setattr(Table, "_calc_height", lambda self, *a, **k: calls.append(self) or real(self, *a, **k))
    table, plain = BreakingTable(rows(), colWidths=[60, 30]), Table(rows(), colWidths=[60, 30])
    first = table.wrap(90, 500)
    assert table.wrap(90, 500) == first and calls == [table]
    assert first == plain.wrap(90, 500) and table._rowHeights == plain._rowHeights
    for room in (40, 500):  # another room (a page's foot), then the first again
        got = table.wrap(90, room)
        assert got == plain.wrap(90, room) and table._rowHeights == plain._rowHeights
    # a room that holds every row, after one where every row was worked out: the same rows, not worked out again
    done = calls.count(table)
    height = table.wrap(90, 0xFFFFFFF)[1]
    assert table.wrap(90, height + 1) == (first[0], height) and calls.count(table) == done
    assert plain.wrap(90, height + 1) == (first[0], height) and table._rowHeights == plain._rowHeights


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["4+", "Land + Water", "Move 3", "x", "Gravehound Alpha", "1 x 2", "-"]),
                          st.booleans(), st.sampled_from(["td-left", "td-center", "th-left"]),
                          st.sampled_from([1.0, 0.9])), min_size=1, max_size=12))
def test_a_cell_made_from_a_parse_measured_before_measures_as_measured_afresh(cells):
    """tables.measure takes a cell's words and widths from another cell made from the same parse: they are what
    measuring the cell itself gives (and what the table's record later reads as its words)."""
    from reportlab.lib.styles import ParagraphStyle

    from printgen.rulebook import tables
    from printgen.rulebook.styles import styles
    from printgen.safety.markup import paragraph, tag, text

    sts = styles()
    for pad in (tables.PAD, tables.TIGHT_PAD):
        for words, bold, name, k in cells:
            style = sts[name] if k == 1.0 else ParagraphStyle(f"{name}-{k}", parent=sts[name],
                                                              fontSize=sts[name].fontSize * k)
            markup = tag("<b>") + text(words) + tag("</b>") if bold else text(words)
            memo, fresh = paragraph(markup, style), paragraph(markup, style)
            fresh.__dict__.pop("_printgen_parsed", None)  # measured the long way
            assert tables.measure(memo, pad) == tables.measure(fresh, pad)
            assert memo.__dict__["_printgen_words"][1] == fresh.__dict__["_printgen_words"][1]
            assert memo.__dict__["_printgen_words"][0] is memo.frags


def test_two_books_of_other_fonts_in_one_process_measure_their_cells_afresh():
    """The same cell text under a style of the same name in another font, size or padding (a second game's
    theme, the other paper's book) is measured in its own font: each measure equals measuring it afresh."""
    from reportlab.lib.styles import ParagraphStyle

    from printgen.rulebook import tables
    from printgen.rulebook.styles import styles
    from printgen.safety.markup import paragraph, text

    base = styles()["td-left"]
    looks = [base, ParagraphStyle("td-left", parent=base, fontName="printgen-serif"),
             ParagraphStyle("td-left", parent=base, fontName="printgen-sans-bold", fontSize=base.fontSize * 1.2)]
    seen = set()
    for _ in range(2):  # the second round from the kept measures
        for style in looks:
            for pad in (tables.PAD, tables.TIGHT_PAD):
                memo, fresh = paragraph(text("Gravehound Alpha, Land + Water"), style), \
                    paragraph(text("Gravehound Alpha, Land + Water"), style)
                fresh.__dict__.pop("_printgen_parsed", None)
                tables._WORDS.clear()
                want = tables.measure(fresh, pad)
                assert tables.measure(memo, pad) == want
                seen.add(want)
    assert len(seen) == 6  # every font and padding measures apart
