"""The page checks on pages made by hand: what each finds, and what it must not."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st
from reportlab.pdfgen.canvas import Canvas

from printgen.draw.document import Document, Group, Page, Poly, Rect, Style, Text, pt
from printgen.draw.fonts import text_width
from printgen.preflight.book import check_pdf
from printgen.preflight.checks import Settings, Sheet, legends, spread, empty_pages
from printgen.preflight.scene import crosses
from printgen.preflight.run import check_document
from printgen.preflight.scene import flatten
from tests.conftest import examples

S = Settings()


def _classes(hits):
    return sorted({h.cls for h in hits})


def test_a_text_turned_and_scaled_prints_at_its_scaled_size_in_its_turned_box():
    t = Text(0, 0, "ATK", "sans", pt(10))
    (ink,) = flatten(Page(100, 100, [Group((t,), (0.0, 0.5, -0.5, 0.0, 50.0, 50.0))]))  # half size, turned 90
    assert abs(ink.size - 5.0) < 1e-6
    w = text_width("ATK", "sans", pt(10)) * 0.5
    x0, y0, x1, y1 = ink.box
    assert abs((y1 - y0) - w) < 1e-6  # the advance now runs down the page
    assert x1 - x0 < w


@settings(max_examples=examples(200), deadline=None)
@given(st.tuples(*[st.floats(-20, 20)] * 4), st.tuples(*[st.floats(-20, 20)] * 2), st.floats(0.5, 10), st.floats(0.5, 10))
def test_crosses_agrees_with_sampling(seg, origin, w, h):
    (ax, ay, bx, by), (x0, y0) = seg, origin
    box = (x0, y0, x0 + w, y0 + h)
    e = 1e-6
    inside = any(box[0] + e < ax + (bx - ax) * k / 400 < box[2] - e and box[1] + e < ay + (by - ay) * k / 400 < box[3] - e
                 for k in range(401))
    if inside:  # a sampled point well inside: the segment crosses
        assert crosses(((ax, ay), (bx, by)), box)


def test_a_legend_with_one_code_for_two_things():
    page = Page(100, 100, [Rect(0, 0, 4, 3, Style(fill="#ff0000"), role="legend-swatch"),
                           Text(5, 3, "GO: Glyph of Valor", "sans", pt(7), role="legend-entry"),
                           Rect(40, 0, 4, 3, Style(fill="#00ff00"), role="legend-swatch"),
                           Text(45, 3, "GO: Glyph of Warding", "sans", pt(7), role="legend-entry")])
    (hit,) = legends(Sheet.of("map-x", "a4", 1, 1, page), S)
    assert "'GO' for both 'Glyph of Valor' and 'Glyph of Warding'" in hit.message
    fine = Page(100, 100, [Text(5, 3, "GV: Glyph of Valor", "sans", pt(7), role="legend-entry"),
                           Text(45, 3, "GW: Glyph of Warding", "sans", pt(7), role="legend-entry")])
    assert list(legends(Sheet.of("map-x", "a4", 1, 1, fine), S)) == []


def _full():
    return Rect(10, 10, 190, 250, Style(fill="#dddddd"))


def test_a_mostly_empty_page_in_the_middle_and_the_last_alike():
    doc = Document("d", [Page(210, 297, [_full()]), Page(210, 297, [Rect(10, 10, 20, 20, Style(fill="#000000"))]),
                         Page(210, 297, [Rect(10, 10, 20, 20, Style(fill="#000000"))])])
    sheets = [Sheet.of("d", "a4", i + 1, 3, p) for i, p in enumerate(doc.pages)]
    hits = list(empty_pages(sheets, S))
    assert [h.page for h in hits] == [2, 3]


def test_a_book_ending_a_few_lines_down_its_last_page_is_found(tmp_path):
    body = [(9.6, f"Body line {i} of the chapter, set as the rulebook sets it.") for i in range(44)]
    pages = [[(20, "Cover")], [(9.6, "Contents")], body, body, body[:3]]
    game = SimpleNamespace(templates=tmp_path / "templates", folder=tmp_path, key="book-end")
    hits = [h for h in check_pdf(_book(pages), S, stem="rulebook", paper="a4", game=game) if h.cls == "empty-page"]
    assert [h.page for h in hits] == [5]


def test_sheets_that_could_be_fewer_and_backs_that_cost_nothing():
    small = [Page(210, 297, [Rect(10, 10, 40, 40, Style(fill="#000000"))]) for _ in range(4)]
    sheets = [Sheet.of("m", "a4", i + 1, 4, p) for i, p in enumerate(small)]
    (hit,) = spread(sheets, S)
    assert "takes 4 sheets" in hit.message
    duplex = [Page(210, 297, [_full()], label="fronts"),
              Page(210, 297, [Rect(10, 10, 40, 40, Style(fill="#000000"))], label="backs (print double-sided)")]
    assert list(spread([Sheet.of("c", "a4", i + 1, 2, p) for i, p in enumerate(duplex)], S)) == []


def test_text_across_a_crop_mark_is_a_cut_finding_and_a_graze_is_nothing():
    t = Text(10, 20, "Knight of the Watch", "sans", pt(8))
    across = Poly(((20, 10), (20, 30)), Style(stroke="#000000", width=0.2), closed=False, role="crop")
    graze = Poly(((8, 20.6), (60, 20.6)), Style(stroke="#000000", width=0.2), closed=False)  # under the baseline
    hits = check_document(Document("d", [Page(100, 100, [t, across, graze])]), S, stem="d", paper="a4")
    assert _classes(hits) == ["cut"]


def _book(lines_per_page: list[list[tuple[float, str]]]) -> bytes:
    """A PDF whose pages hold (size pt, text) lines top-down from 25 mm, as a rulebook sets them."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(595.3, 841.9), invariant=1)
    for lines in lines_per_page:
        y = 841.9 - 25 * 72 / 25.4
        for size, text in lines:
            y -= size * 1.4
            for i, cell in enumerate(text.split("|")):  # "|" parts: a table row's cells, in bold
                c.setFont("Helvetica-Bold" if size > 10 or "|" in text else "Helvetica", size)
                c.drawString(57 + 120 * i, y, cell)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_book_with_a_heading_stranded_at_a_page_foot_and_a_lone_line_carried_over(tmp_path):
    body = [(9.6, f"Body line {i} of the chapter, set as the rulebook sets it.") for i in range(40)]
    pages = [[(20, "Cover")], [(9.6, "Contents")], body + [(15, "Combat")],
             [(9.6, "the last line of a paragraph"), (15, "Winning")] + body[:30] + [(9.6, "Unit|Cost|Move")],
             body[:30]]
    chapters = tmp_path / "templates" / "rulebook"
    chapters.mkdir(parents=True)
    (chapters / "03-combat.md").write_text("# Fighting\n\nSome words.\n\n## Combat\n\nRoll the dice.\n\n"
                                           "| **Unit** | Cost | *Move* |\n|---|---|---|\n| Rat | 1 | 3 |\n")
    game = SimpleNamespace(templates=tmp_path / "templates", folder=tmp_path, key="book-test")
    hits = check_pdf(_book(pages), S, stem="rulebook", paper="a4", game=game)
    stranded = [h for h in hits if h.cls == "stranded"]
    assert {h.page for h in stranded} == {3, 4}
    (combat,) = [h for h in stranded if "'Combat'" in h.message]
    assert combat.src.data.file.endswith("03-combat.md") and combat.src.data.line == 5  # the heading's line
    assert any("lone line" in h.message for h in stranded)
    (header,) = [h for h in stranded if "header row 'Unit Cost Move'" in h.message and h.page == 4]
    assert header.src.data.file.endswith("03-combat.md") and header.src.data.line == 9  # the table's header line
    assert header.src.data.col == 1


def test_a_line_set_past_its_text_area_is_found_at_its_chapter_line_and_a_hung_list_number_is_not(tmp_path):
    """A caption centred wider than the picture it hangs under, the picture at the column's right edge: its
    line runs into the right margin (Hex Dice's die diagrams did, 8.7 mm). Found at the line of the chapter
    that writes it; a list's number hung 0.7 mm into the left margin is the book's design."""
    chapters = tmp_path / "templates" / "rulebook"
    chapters.mkdir(parents=True)
    (chapters / "02-units.md").write_text("# Units\n\nSome words.\n\n"
                                          "![Dice 1: where the Pawn can go and what it reaches](<printgen:pattern/1>)\n")
    game = SimpleNamespace(templates=tmp_path / "templates", folder=tmp_path, key="text-area")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(595.3, 841.9), invariant=1)
    for page in range(3):
        c.setFont("Helvetica", 9.6)
        for i in range(40):
            c.drawString(57, 760 - 14 * i, f"Body line {i} of the chapter, set as the rulebook sets it.")
        c.drawString(55, 180, "1.")  # a list's number, hung out of the measure
        if page == 2:
            c.setFont("Helvetica-Oblique", 8)
            c.drawCentredString(473.4, 150, "Dice 1: where the Pawn can go and what it reaches")  # to 563 pt
        c.setFont("Helvetica", 8)
        c.drawRightString(538.6, 803, "Rulebook, version 1.0")  # the running head, at the area's right edge
        c.showPage()
    c.save()
    area = (20.0, 22.0, 20.0, 20.0)
    hits = [h for h in check_pdf(buf.getvalue(), S, stem="rulebook", paper="a4", game=game, area=area)
            if h.cls == "text-area"]
    (hit,) = hits
    assert hit.page == 3 and "into the right margin (20 mm)" in hit.message
    # how far: the line's end less the area's right edge (595.3 pt less 20 mm)
    import pymupdf

    (line,) = [b for b in pymupdf.open(stream=buf.getvalue())[2].get_text("words") if b[4] == "reaches"]
    assert f"{(line[2] - 538.6) * 25.4 / 72:.1f} mm past" in hit.message
    assert hit.src.data.file.endswith("02-units.md") and hit.src.data.line == 5
    # a PDF whose typesetter said nothing of its text area (the balance report) keeps its sides unchecked
    assert not [h for h in check_pdf(buf.getvalue(), S, stem="rulebook", paper="a4", game=game)
                if h.cls == "text-area"]


def test_a_body_crowding_the_running_foot_is_found_at_the_theme_margin_that_lets_it(tmp_path):
    """A theme's narrow bottom margin (15 mm) sets the body's last line 0.8 mm over the running foot's rule
    (High Ground's did, its head and foot placed for the default's margins): found at the theme's line."""
    rulebook = tmp_path / "templates" / "rulebook"
    rulebook.mkdir(parents=True)
    (rulebook / "theme.yaml").write_text("extends: default\npage:\n  margin_top: 22mm\n  margin_bottom: 15mm\n")
    game = SimpleNamespace(templates=tmp_path / "templates", folder=tmp_path, key="crowded-foot")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(595.3, 841.9), invariant=1)
    mm = 72 / 25.4
    for page in range(3):
        c.setLineWidth(0.5)
        c.line(56.7, 841.9 - 15 * mm, 538.6, 841.9 - 15 * mm)  # the running head's rule, 7 mm over the body
        c.line(56.7, 14.2 * mm, 538.6, 14.2 * mm)  # the foot's rule, where the default theme has it
        c.setFont("Helvetica", 9.6)
        last = 15 * mm + 2 if page == 2 else 25 * mm  # the last line's foot: 0.7 mm over the rule, or 10.8
        for i in range(40):
            c.drawString(57, last + 14 * (39 - i), f"Body line {i} of the chapter, set as the rulebook sets it.")
        c.showPage()
    c.save()
    hits = [h for h in check_pdf(buf.getvalue(), S, stem="rulebook", paper="a4", game=game, area=(20, 22, 20, 15))
            if h.cls == "text-area"]
    (hit,) = hits
    assert hit.page == 3 and "over the running foot's rule (its bottom margin, 15 mm" in hit.message
    assert hit.src.data.file.endswith("theme.yaml") and (hit.src.data.line, hit.src.data.col) == (4, 3)


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_TEXT, st.floats(-50, 300), st.floats(-50, 300), st.floats(0.01, 40),
                          st.sampled_from(["start", "middle", "end"])), max_size=12),
       st.tuples(*[st.floats(-3, 3)] * 4))
def test_no_page_content_makes_the_preflight_fail(texts, turn):
    # any text (control characters, emoji, right-to-left, 300 letters), anywhere, any size, in any turned or
    # squashed group: findings or none, never an exception
    ops = [Text(x, y, t, "sans", size, anchor=a) for t, x, y, size, a in texts]
    a, b, c, d = turn
    page = Page(210, 297, [Group(tuple(ops), (a, b, c, d, 10.0, 10.0)), *ops,
                           Poly(((0, 0), (210, 297)), Style(stroke="#000000", width=0.3), closed=False, role="cut")])
    hits = check_document(Document("d", [page, page]), S, stem="d", paper="a4")
    assert all(h.cls in __import__("printgen.preflight.classes", fromlist=["CLASSES"]).CLASSES for h in hits)


def _split_line(c, x: float, y: float, parts: list[str], size: float = 9.0) -> None:
    """``parts`` drawn as text objects of their own, each starting where the last ends (one printed line)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for part in parts:
        c.setFont("Helvetica", size)
        c.drawString(x, y, part)
        x += stringWidth(part, "Helvetica", size)


def test_markup_split_between_text_objects_of_one_line_is_found(tmp_path):
    """A contents line printed "Webs &amp; Wonders" as two text objects, "Webs &" and "amp; Wonders": no one run
    holds the entity, the line does. Runs apart on the line (table cells) are not read as one."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(595.3, 841.9), invariant=1)
    for page in (["Cover"], ["Contents"]):
        c.setFont("Helvetica", 20)
        c.drawString(57, 700, page[0])
        c.showPage()
    _split_line(c, 57, 700, ["Webs &", "amp; Wonders of the Lair"])
    c.setFont("Helvetica", 9)
    c.drawString(57, 650, "Salt &")  # a cell ending in "&", the next cell 40 mm on: two texts, no entity
    c.drawString(170, 650, "amp; more")
    c.showPage()
    c.save()
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: Webs & Wonders of the Lair\n")
    game = SimpleNamespace(templates=tmp_path / "templates", folder=tmp_path, key="split-markup")
    hits = [h for h in check_pdf(buf.getvalue(), S, stem="rulebook", paper="a4", game=game) if h.cls == "markup"]
    assert [(h.page, h.message) for h in hits] == [(3, "prints the markup &amp; left in 'Webs &amp; Wonders of the Lair'")]
    loc = hits[0].src.data  # located where the words were written, as a reader reads them
    assert (Path(loc.file).name, loc.line, loc.col) == ("scenarios.yaml", 2, 3)
