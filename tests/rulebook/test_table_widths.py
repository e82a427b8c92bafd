"""The table widths' shortcuts (printgen/rulebook/tables.py) give what the plain way gives: each cell
measured once, each row's tallest cells kept from step to step, a cell's words measured once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle

from printgen.rulebook import tables
from printgen.rulebook.tables import CHEAP, COMFORT, PAD, PROSE, STEPS, Measure, _lines
from printgen.safety import markup as mk
from tests.conftest import examples


def plain_widths(cols, room, cells=None, pad=PAD, *, comfort=True):
    """tables.widths as first written: every row's height worked out afresh at every step."""
    least = sum(c.least for c in cols)
    if not cols or least > room + 1e-6:
        return None
    natural = sum(c.natural for c in cols)
    if natural <= room:
        return [c.natural * room / natural for c in cols]
    whole = [c.natural - c.least <= CHEAP * room for c in cols]
    w = [c.natural if x else c.least for c, x in zip(cols, whole)]
    if sum(w) > room or all(whole):
        whole, w = [False] * len(cols), [c.least for c in cols]
    spare = room - sum(w)
    if cells:
        step = spare / STEPS
        lines = [[_lines(x, w[c], pad) for c, x in enumerate(row)] for row in cells]
        for _ in range(STEPS):
            best, gain = -1, 1e-6
            for c in range(len(cols)):
                if whole[c]:
                    continue
                g = 0.0
                for r, row in enumerate(cells):
                    if c >= len(row):
                        continue
                    now = max(lines[r])
                    after = max([v for k, v in enumerate(lines[r]) if k != c] + [_lines(row[c], w[c] + step, pad)])
                    g += now - after
                if g > gain:
                    best, gain = c, g
            if best < 0:
                break
            w[best] += step
            spare -= step
            for r, row in enumerate(cells):
                if best < len(row):
                    lines[r][best] = _lines(row[best], w[best], pad)
    want = [0.0 if x else max(0.0, min(c.natural, PROSE * room) - wc) for c, x, wc in zip(cols, whole, w)]
    total = sum(want)
    if total <= 0:
        want, total = [0.0 if x else 1.0 for x in whole], float(sum(not x for x in whole)) or 1.0
    out = [wc + spare * k / total for wc, k in zip(w, want)]
    prose = max(range(len(cols)), key=lambda c: cols[c].natural)
    if comfort and out[prose] < min(cols[prose].natural, COMFORT * room) - 1e-6:
        return None
    return out


width = st.floats(min_value=8.0, max_value=400.0)


@st.composite
def table(draw):
    n = draw(st.integers(1, 6))
    rows = draw(st.lists(st.lists(width, min_size=1, max_size=n), min_size=1, max_size=12))
    # repeated values: ties for a row's tallest cell
    rows = [[round(x / 20) * 20.0 + 8 if draw(st.booleans()) else x for x in row] for row in rows]
    cols = []
    for c in range(n):
        natural = max([row[c] for row in rows if c < len(row)] + [2 * PAD])
        cols.append(Measure(min(natural, draw(st.floats(2 * PAD, 80.0))), natural))
    return cols, rows


@settings(max_examples=examples(300), deadline=None)
@given(table(), st.floats(40.0, 700.0), st.booleans())
def test_widths_are_as_the_plain_way_works_them_out(t, room, comfort):
    cols, cells = t
    assert tables.widths(cols, room, cells, comfort=comfort) == plain_widths(cols, room, cells, comfort=comfort)


@given(st.lists(st.sampled_from([1.0, 2.0, 2.0, 3.5, 3.5, 7.25]), max_size=8))
def test_a_rows_tallest_two(values):
    top, first, second = tables._tallest_two(values)
    if not values:
        assert (top, first, second) == (float("-inf"), -1, float("-inf"))
        return
    assert top == max(values) and first == values.index(top)
    assert second == max([v for k, v in enumerate(values) if k != first], default=float("-inf"))


STYLE = ParagraphStyle("td", fontName="Helvetica", fontSize=8, leading=10)


def test_a_cells_words_are_measured_once_and_afresh_when_its_pieces_change():
    cell = mk.paragraph(mk.tag("<b>Gravehound</b> Land + Water, 4+"), STYLE)
    first = tables._words(cell)
    assert tables._words(cell) is first  # kept
    fresh = mk.paragraph(mk.tag("<b>Gravehound</b> Land + Water, 4+"), STYLE)
    assert tables._words_of(fresh.frags) == first and [t for t, _ in first] == ["Gravehound", "Land", "+",
                                                                              "Water,", "4+"]
    cell.frags = mk.paragraph(mk.text("Other words"), STYLE).frags  # its pieces replaced: measured again
    assert [t for t, _ in tables._words(cell)] == ["Other", "words"]
    rows = [[cell, fresh], [fresh, cell]]
    cols, each = tables.measured(rows)
    assert cols == tables.columns(rows) and each == tables.cell_widths(rows)
