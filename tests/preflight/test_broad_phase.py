"""The preflight's shortcuts find what the plain, all-against-all reading finds: a segment's cheap miss
test, the grid's cells (a large ink kept aside), marks paired only within a group, strokes and grounds read
against the texts near them, and the rulebook read through pdfium's C calls."""

from __future__ import annotations

import io
import math
import random

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Circle, Group, Page, Poly, Rect, Style, Text, pt
from printgen.draw.geometry import box_span
from printgen.preflight.checks import GROUND_ROLES, Settings, Sheet, _inner, overlaps
from printgen.preflight.collide import _holds, _inside, _tiled, free_marks, gap, is_mark, mark_pairs
from printgen.preflight.colour import contrast, rgb
from printgen.preflight.scene import Grid, crosses, crosses_any, flatten
from tests.conftest import examples

S = Settings()
coord = st.floats(-50, 50, allow_nan=False).map(lambda v: round(v, 1))  # rounded: ends often exactly on a side


@settings(max_examples=examples(300), deadline=None)
@given(coord, coord, coord, coord, coord, coord, st.floats(0, 30), st.floats(0, 30))
def test_a_segment_crosses_a_box_as_clipping_it_says(x0, y0, x1, y1, bx, by, w, h):
    box = (bx, by, bx + round(w, 1), by + round(h, 1))
    seg = ((x0, y0), (x1, y1))
    assert crosses(seg, box) == (box_span(seg, box) is not None)
    assert crosses_any([((999.0, 0.0), (999.0, 5.0)), seg], box) == (box_span(seg, box) is not None)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coord, coord, st.floats(0, 200), st.floats(0, 200)), max_size=30),
       st.tuples(coord, coord, st.floats(0, 60), st.floats(0, 60)))
def test_the_grid_gives_every_box_that_shares_a_cell_in_order(boxes, query):
    boxes = [(x, y, x + w, y + h) for x, y, w, h in boxes]  # some span more cells than a grid keeps in cells
    q = (query[0], query[1], query[0] + query[2], query[1] + query[3])
    grid = Grid(list(range(len(boxes))), cell=12.0, boxes=boxes)

    def cells(b):
        return {(gx, gy) for gx in range(int(b[0] // 12), int(b[2] // 12) + 1)
                for gy in range(int(b[1] // 12), int(b[3] // 12) + 1)}

    assert grid.near_index(q) == [i for i, b in enumerate(boxes) if cells(b) & cells(q)]


def _marks_page(seed: int) -> Page:
    """Discs and squares, some loose on the page (each its own group), some in groups of their own, many overlapping."""
    rnd = random.Random(seed)
    ops = []
    for _ in range(40):
        x, y = rnd.uniform(10, 60), rnd.uniform(10, 60)
        ops.append(Circle(x, y, rnd.uniform(1, 4), Style(fill=rnd.choice(["#aa0000", "#0000aa"]))))
    for _ in range(6):
        x, y = rnd.uniform(10, 60), rnd.uniform(10, 60)
        ops.append(Group(tuple(Poly(((x + dx, y), (x + dx + 5, y), (x + dx + 5, y + 5), (x + dx, y + 5)),
                                    Style(fill=rnd.choice(["#aa0000", "#00aa00", "#0000aa"])), role=f"b{k}")
                               for k, dx in enumerate((0, 4, 9, 1))) +
                         (Circle(x + 2, y + 2, 1.0, Style(fill="#ffffff")), Text(x + 2, y + 3, "12", "sans", pt(7)))))
    return Page(80, 80, ops)


def test_marks_are_paired_and_held_only_within_their_group_as_all_against_all_finds():
    for seed in range(5):
        inks = flatten(_marks_page(seed))
        marks = [i for i in inks if is_mark(i)]
        # the plain reading: every mark against every other
        free = [m for i, m in enumerate(marks) if not any(
            j != i and o.group == m.group and _holds(o.box, m.box) and not _holds(m.box, o.box)
            for j, o in enumerate(marks))]
        assert free_marks(inks) == free and len(free) < len(marks)  # (a disc on a badge is held by it)
        d = 0.3
        plain = [(id(b), gap(a.outline, b.outline)) for i, a in enumerate(free) for b in free[i + 1:]
                 if a.group == b.group and not _holds(a.box, b.box) and not _holds(b.box, a.box)
                 and not (b.box[0] > a.box[2] + d or b.box[2] < a.box[0] - d or b.box[1] > a.box[3] + d
                          or b.box[3] < a.box[1] - d)
                 and a.colour != b.colour and not _tiled(a.outline, b.outline)]
        pairs = mark_pairs(free, d)
        assert [id(b) for b, _ in pairs] == [k for k, g in plain if g < d - 1e-9] and pairs
        # loose discs (each its own top-level group) are never paired, however they overlap
        assert not any(not b.role for b, _ in pairs)


def _map_page(seed: int) -> Page:
    """Filled, stroked hexes and labels over them, some labels on no hex, some on two."""
    rnd = random.Random(seed)
    ops = [Rect(0, 0, 200, 280, Style(fill="#f0ead6"), role="background")]
    for k in range(120):
        cx, cy, r = rnd.uniform(0, 200), rnd.uniform(0, 280), rnd.uniform(4, 9)
        pts = tuple((cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i)) for i in range(6))
        ops.append(Poly(pts, Style(fill=rnd.choice(["#c9c2a8", "#9a927a", "#333333", "#ffffff"]),
                                   stroke="#222222", width=0.3), role=rnd.choice(["hex", "terrain", "", "pattern"])))
        if k % 3 == 0:
            ops.append(Text(rnd.uniform(0, 200), rnd.uniform(0, 280), rnd.choice(["A1", "Ford", "3", "GW"]),
                            "sans", pt(rnd.choice([6, 9, 20])), rnd.choice(["#1d1d1b", "#9a927a", "#ffffff"])))
    return Page(200, 280, ops)


def test_texts_crossed_and_read_on_their_grounds_as_a_plain_reading_finds():
    for seed in range(4):
        sheet = Sheet("map", "a4", 1, 1, (page := _map_page(seed)), flatten(page))
        texts = [t for t in sheet.inks if t.kind == "text"]
        # the plain reading: each text against every stroke in drawing order, then every ground before it
        crossed = []
        for t in texts:
            inner = _inner(t, 0.25)
            if inner[2] <= inner[0] or inner[3] <= inner[1]:
                continue
            for s in sheet.inks:
                if s.kind == "shape" and s.segments and s.role not in GROUND_ROLES and min(
                        s.box[2], inner[2]) - max(s.box[0], inner[0]) > 0 and min(s.box[3], inner[3]) - max(
                        s.box[1], inner[1]) > 0 and any(box_span(seg, inner) for seg in s.segments):
                    crossed.append(t.text)
                    break
        found = [h for h in overlaps(sheet, S) if "across" in h.message]
        assert [h.message.split("'")[1] for h in found] == crossed and crossed
        grounds = []
        for pos, t in enumerate(sheet.inks):
            if t.kind != "text":
                continue
            cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
            under = [g for g in sheet.inks[:pos] if g.kind == "shape" and g.filled and rgb(g.colour) is not None
                     and g.box[0] <= cx <= g.box[2] and g.box[1] <= cy <= g.box[3]
                     and (not g.outline or _inside((cx, cy), list(g.outline)))]  # a hex holds it inside its edges
            grounds.append(under[-1].colour if under else "#ffffff")
        seen = [h.message.split(" on ")[1].split(")")[0] for h in contrast(sheet, Settings(contrast=30.0,
                                                                                            contrast_large=30.0))]
        assert seen == grounds  # (a ratio of 30:1 is asked of every text: each reports the ground it was read on)


def _helpers_reading(data: bytes) -> list:
    """The rulebook's pages as pypdfium2's Python helpers read them (how book.read_pages read them before)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from printgen.draw.document import compose
    from printgen.preflight.book import _apply_box, _box

    pdf = pdfium.PdfDocument(data)
    pages = []
    for n in range(len(pdf)):
        page = pdf[n]
        _, h = page.get_size()
        textpage = page.get_textpage()
        runs, boxes, forms = [], [], []
        for obj in page.get_objects(max_depth=4):
            while forms and forms[-1][0] >= obj.level:
                forms.pop()
            outer = forms[-1][1] if forms else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            box = _box(_apply_box(outer, obj.get_bounds()), h)
            if obj.type == raw.FPDF_PAGEOBJ_FORM:
                forms.append((obj.level, compose(outer, obj.get_matrix().get())))
                continue
            boxes.append(box)
            if obj.type == raw.FPDF_PAGEOBJ_TEXT:
                obj.textpage = textpage
                text = obj.extract()
                if text.strip():
                    m = compose(outer, obj.get_matrix().get())
                    font = obj.get_font()
                    runs.append((text, obj.get_font_size() * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])), box,
                                 font.get_weight() >= 600 or "bold" in font.get_base_name().lower()))
        pages.append((runs, boxes))
    pdf.close()
    return pages


def test_the_rulebook_is_read_as_pypdfium2s_helpers_read_it():
    from reportlab.pdfgen.canvas import Canvas

    from printgen.preflight.book import read_pages

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(595.3, 841.9), invariant=1)
    for page in range(2):
        c.setFont("Helvetica-Bold", 14)
        c.drawString(60, 780, f"Chapter {page + 1}")
        c.setFont("Helvetica", 9)
        c.drawString(60, 760, "Body text, with a caf\u00e9 in it.")
        c.rect(60, 600, 200, 100)
        form = f"pic{page}"
        c.beginForm(form)
        c.setFont("Helvetica", 5)
        c.drawString(10, 10, "a label in a picture")
        c.endForm()
        c.saveState()
        c.transform(0.5, 0, 0, 0.5, 100, 300)
        c.doForm(form)
        c.restoreState()
        c.showPage()
    c.save()
    data = buf.getvalue()
    read = [([(r.text, r.size, r.box, r.bold) for r in p.runs], p.boxes) for p in read_pages(data)]
    assert read == _helpers_reading(data)
    assert any(r[0] == "a label in a picture" and abs(r[1] - 2.5) < 1e-6 for r in read[0][0])  # inside its form
    assert [r[3] for r in read[1][0][:2]] == [True, False]
