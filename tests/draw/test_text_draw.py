"""Fitted text drawn as ops: pieces of one style on one baseline joined into one text op as they come
(printgen.draw.text.draw), against the plain way (every piece a text op, joined after)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from printgen.draw.document import Circle, Style, Text
from printgen.draw.fonts import text_width
from printgen.draw.text import ICON, ICON_EM, Run, draw, fit
from tests.conftest import examples


def _plain_draw(fitted: Fitted, x: float, y: float, *, width: float | None = None, align: str = "left",
         icon=None) -> list:
    """draw as it was before pieces were joined as they came: every piece a text op, then joined."""
    ops: list = []
    baseline = y + fitted.size * 0.92
    para_starts = set(fitted.paragraphs)
    for i, line in enumerate(fitted.lines):
        if i and i in para_starts:
            baseline += fitted.leading * 0.35
        dx = 0.0
        if width is not None and align == "center":
            dx = (width - line.width * fitted.size) / 2
        elif width is not None and align == "right":
            dx = width - line.width * fitted.size
        for off, run in line.pieces:
            if run.font.startswith(ICON):
                if icon is not None:
                    em = fitted.size
                    ops += icon(run.font[len(ICON):], x + dx + (off + ICON_EM / 2) * em, baseline - 0.36 * em, em,
                                run.colour)
                continue
            ops.append(Text(x + dx + off * fitted.size, baseline, run.text, run.font, fitted.size, run.colour))
        baseline += fitted.leading
    return _plain_merge(ops)


def _plain_merge(ops: list[Text]) -> list[Text]:
    """Join adjacent pieces of the same style on one baseline (fewer, more readable text ops)."""
    out: list = []
    end = 0.0  # where the last text op's text ends, mm
    for op in ops:
        if out and isinstance(op, Text) and isinstance(out[-1], Text) and out[-1].y == op.y and out[-1].font == op.font and out[-1].colour == op.colour \
                and out[-1].size == op.size:
            prev = out[-1]
            gap = op.x - end
            space = text_width(" ", prev.font, prev.size)
            spaces = round(gap / max(space, 1e-9))
            if spaces >= 0 and abs(gap - spaces * space) < 1e-6:
                out[-1] = Text(prev.x, prev.y, prev.text + " " * spaces + op.text, prev.font, prev.size, prev.colour)
                end = op.x + text_width(op.text, op.font, op.size)
                continue
        out.append(op)
        if isinstance(op, Text):
            end = op.x + text_width(op.text, op.font, op.size)
    return out




runs = st.lists(st.builds(Run, st.sampled_from(["a", "bb", "Word", "x y", " ", "", "longer words here", "7"]),
                          st.sampled_from(["sans", "sans-bold", "serif-italic", ICON + "star", ICON + "tri"]),
                          st.sampled_from(["#1d1d1b", "#c0392b"])), min_size=1, max_size=10)


def _icon(kind):
    def icon(name, cx, cy, size, colour):
        if kind == "none" or (kind == "some" and name == "tri"):
            return []
        if kind == "text":  # an icon drawn as a glyph: a text op that may join its neighbours
            return [Text(cx - size / 2, cy + 0.36 * size, "*", "sans", size, colour, role="icon")]
        return [Circle(cx, cy, size / 2, Style(fill=colour))]
    return icon


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(runs, min_size=1, max_size=3), st.sampled_from([20.0, 35.5, 60.0]), st.sampled_from([2.0, 3.1]),
       st.sampled_from(["left", "center", "right"]), st.sampled_from(["shape", "text", "none", "some", None]))
def test_text_joined_as_it_comes_is_the_text_joined_after(paragraphs, width, size, align, icons):
    f = fit(paragraphs, width, 10_000, max_size=size, min_size=size, break_words=True)
    icon = _icon(icons) if icons else None
    ours = draw(f, 3.0, 7.5, width=width, align=align, icon=icon)
    plain = _plain_draw(f, 3.0, 7.5, width=width, align=align, icon=icon)
    assert ours == plain
    assert [getattr(o, "role", None) for o in ours] == [getattr(o, "role", None) for o in plain]


def test_words_of_one_style_on_a_line_are_one_text():
    f = fit([[Run("one two"), Run(" three", "sans"), Run(" bold", "sans-bold")]], 100, 100, max_size=3, min_size=3)
    ops = draw(f, 0.0, 0.0)
    assert [o.text for o in ops] == ["one two three", "bold"]  # the bold word its own text, after its space
