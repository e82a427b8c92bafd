"""Keyword uses found in one pass over a text, exactly as one pass per keyword finds them."""

from __future__ import annotations

import re
from types import SimpleNamespace

from hypothesis import given, strategies as st

from printgen.check.terms import _keyword_uses
from printgen.model.notation import param_regex


def _with_param(names):
    return [(SimpleNamespace(name=n, param="X"), re.compile(rf"(?<![\w-]){re.escape(n)}(?![\w-])"), param_regex("X"))
            for n in names]


def _each(with_param, text):
    return sorted((kw.name, m.start(), m.end()) for kw, name_re, _ in with_param for m in name_re.finditer(text))


def _found(with_param, text):
    return sorted((kw.name, m.start(), m.end()) for kw, _, m in _keyword_uses(with_param)(text))


WORDS = ["Knockback", "Engage", "Engage Ranged", "Push", "Pushback", "Jump", "Heal", "Poison", "3", "2", ",", "the"]


@given(st.lists(st.sampled_from(WORDS), max_size=12), st.sets(st.sampled_from(WORDS[:8]), min_size=1))
def test_one_pass_finds_what_a_pass_per_keyword_finds(words, names):
    text = " ".join(words)
    with_param = _with_param(sorted(names))
    assert _found(with_param, text) == _each(with_param, text)


def test_a_name_that_begins_another_is_still_seen_on_its_own():
    with_param = _with_param(["Engage", "Engage Ranged"])
    assert [n for n, _, _ in _found(with_param, "Engage Ranged 3")] == ["Engage", "Engage Ranged"]
