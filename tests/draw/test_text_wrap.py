"""Line breaking and fitting: words measured once per paragraph give the lines measuring them at every
size gives (the reference below is the breaking written out word by word)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from printgen.draw.fonts import text_width
from printgen.draw.text import ICON, Fitted, Line, Run, _fit, _words, fit, run_width, wrap

words = st.sampled_from(["Attack", "2", "Knockback", "the", "hex", "Move", "3.", "—", "supercalifragilistic", ""])
fonts = st.sampled_from(["sans", "sans-bold", "serif", ICON + "sword"])


def _run(words_, font, sep):
    if font.startswith(ICON):
        return Run("sword", font, "#000000")  # an inline icon: one em-wide piece
    return Run(sep.join(words_) + sep, font, "#000000")


runs = st.lists(st.builds(_run, st.lists(words, max_size=6), fonts, st.sampled_from([" ", "  ", "\n"])),
                min_size=1, max_size=5)


def _reference_wrap(runs, width, size):
    lines, cur, x = [], [], 0.0
    for word in _words(runs):
        ww = sum(run_width(r) for r in word)
        space = text_width(" ", "sans" if word[0].font.startswith(ICON) else word[0].font, 1.0)
        if cur and (x + space + ww) * size > width:
            lines.append(Line(tuple(cur), x))
            cur, x = [], 0.0
        elif cur:
            x += space
        for r in word:
            cur.append((x, r))
            x += run_width(r)
    if cur:
        lines.append(Line(tuple(cur), x))
    return lines


@settings(max_examples=60)
@given(runs, st.floats(5.0, 80.0), st.floats(1.0, 6.0))
def test_wrap_equals_the_word_by_word_reference(rs, width, size):
    assert wrap(rs, width, size) == _reference_wrap(rs, width, size)


@settings(max_examples=40)
@given(st.lists(runs, min_size=1, max_size=3), st.floats(10.0, 80.0), st.floats(5.0, 60.0), st.booleans())
def test_fit_equals_wrapping_afresh_at_each_size(paras, width, height, break_words):
    got = fit(paras, width, height, max_size=5.0, min_size=1.5, break_words=break_words)
    size = 5.0
    want = None
    while size >= 1.5 - 1e-9:
        lines, starts = [], []
        for para in paras:
            starts.append(len(lines))
            lines += wrap(para, width, size, break_words=break_words) if break_words else \
                _reference_wrap(para, width, size)
        tried = Fitted(size, size * 1.2, tuple(lines), tuple(starts))
        if tried.height <= height + 1e-9 and all(ln.width * size <= width + 1e-9 for ln in lines):
            want = (size, tuple(lines), tuple(starts))
            break
        size = round(size - 0.05, 4)
    assert (None if got is None else (got.size, got.lines, got.paragraphs)) == want
    _fit.cache_clear()
