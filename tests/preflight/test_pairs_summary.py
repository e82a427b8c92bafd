"""pairs.Summary reads an element's texts in one pass: each text's box shrunk by 0.18 and by 0.25 of its em as
checks._inner shrinks it, its centre, whether it is short (a mark's label), the same figures to the last bit as
reading each apart; on texts of any size, box and words, with shapes among them."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from printgen.preflight.checks import _inner
from printgen.preflight.pairs import Summary, _text_pairs, _union, is_short
from printgen.preflight.scene import Ink
from tests.conftest import examples

_coord = st.floats(-300, 300, allow_nan=False)


@st.composite
def _text(draw):
    x, y = draw(_coord), draw(_coord)
    box = (x, y, x + draw(st.floats(0, 80)), y + draw(st.floats(0, 20)))
    return Ink("text", box, text=draw(st.sampled_from(["12", " 3 ", "ATK", "Knight", "a longer line", "    x"])),
               size=draw(st.floats(0.5, 40)), font="sans", colour="#1d1d1b")


_shape = st.builds(lambda x, y: Ink("shape", (x, y, x + 4, y + 4), filled=True, colour="#aa0000",
                                    outline=((x, y), (x + 4, y), (x + 4, y + 4))), _coord, _coord)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(_text(), _shape), min_size=2, max_size=12))
def test_a_summarys_text_figures_are_each_texts_own(inks):
    s = Summary(inks)
    texts = [i for i in inks if i.kind == "text"]
    assert s.texts == texts
    if not texts:
        return
    assert s.inner18 == [_inner(t, 0.18) for t in texts]
    assert s.inner25 == [_inner(t, 0.25) for t in texts]
    assert s.centres == [((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for t in texts]
    assert s.short == [t for t in texts if is_short(t)]
    assert s.tbox == _union(s.inner18) and s.cbox == _union([(x, y, x, y) for x, y in s.centres])
    assert s.pairs == (_text_pairs(s.inner18, s.inner18, same=True) if len(texts) > 1 else [])
