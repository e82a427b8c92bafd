"""Keywords and tokens named in rules text.

Rules text names keywords and tokens in plain words ("Knockback 2",
"1 Poison"). A keyword that takes a parameter must be written with one in its
declared form; a capitalised word followed by a number that is no keyword,
and a number followed by a near-miss of a token name, are flagged with a
suggestion: they are almost always typos ("Knockbak 2"). A keyword defined without a parameter
but written with one, and a token or status handed out that nothing defines, are flagged too.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..findings import Finding, did_you_mean, warning
from ..model.notation import param_regex
from ..packs.base import CheckContext

_WORD_NUM = re.compile(r"(?<![\w-])([A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)*)\s+(\d+)(?![\w])")
# "gains 1 Bleeding token", "a Shield marker", "the Burned status": a token or status the text hands out
_GRANTED = re.compile(r"(?<![\w-])(?:a|an|one|the|\d+)\s+([A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?)\s+(?:tokens?|markers?|status)\b")
_NUM_WORD = re.compile(r"(?<![\w-])(\d+)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)")


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _offset_loc(ctx: CheckContext, path: tuple, text: str, offset: int):
    # Rules text is folded to single spaces by the model: exact for one-line values,
    # the value's start otherwise.
    return ctx.source.offset_loc(path, offset) if text == " ".join(text.split()) else ctx.loc(path)


def _keyword_uses(with_param):
    """text -> (keyword, its parameter's regex, match of its name) for every keyword with a parameter
    named in the text. One pass over the text for all of them (a thousand cards' texts, each once)
    unless a name is another's first words ("Engage" and "Engage Ranged" both match there): then one
    pass per keyword, so each is seen as before."""
    names = [kw.name for kw, _, _ in with_param]
    overlap = any(a != b and re.match(rf"{re.escape(a)}(?![\w-])", b) for a in names for b in names)
    if overlap or not names:
        return lambda text: [(kw, p_re, m) for kw, name_re, p_re in with_param for m in name_re.finditer(text)]
    by_name = {kw.name: (kw, p_re) for kw, _, p_re in with_param}
    every = re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
                       + r")(?![\w-])")
    return lambda text: [(*by_name[m.group(1)], m) for m in every.finditer(text)]


def check_terms(ctx: CheckContext) -> Iterable[Finding]:
    """Scan the pack's rules texts for misused keywords and misspelt tokens."""
    texts = ctx.pack.rules_texts(ctx.data)
    vocabulary = list(ctx.pack.vocabulary(ctx.data, ctx.rules)) + list(ctx.rules.terms)
    keywords = ctx.data.keywords
    tokens = ctx.data.tokens
    kw_names = {k.name for k in keywords}
    vocab = {v.casefold() for v in vocabulary} | {n.casefold() for n in kw_names}
    vocab |= {t.name.casefold() for t in tokens}
    token_names = [t.name for t in tokens]
    with_param = [(k, re.compile(rf"(?<![\w-]){re.escape(k.name)}(?![\w-])"), param_regex(k.param))
                  for k in keywords if k.param]
    uses = _keyword_uses(with_param)
    bare = {k.name for k in keywords if not k.param}
    known_tokens = {t.name.casefold() for t in tokens} | {k.name.casefold() for k in keywords}
    for path, text in texts:
        for m in _GRANTED.finditer(text):
            name = m.group(1)
            if name.casefold() not in known_tokens and _singular(name).casefold() not in known_tokens:
                yield warning(
                    "undefined-token",
                    f"'{m.group(0)}': no token or status '{name}' is defined, so no rule says what it does",
                    _offset_loc(ctx, path, text, m.start(1)),
                    hint="define it under tokens: (or keywords:), or reword the text",
                )
        for kw, p_re, m in uses(text):
            rest = text[m.end():]
            if re.match(r"\s*keyword", rest):
                continue  # talking about the keyword, not using it
            pm = re.match(r"\s+" + p_re.pattern, rest)
            if pm and (pm.end() == len(rest) or not rest[pm.end()].isalnum()):
                continue
            tail = re.match(r"[^,.;)]*\)?", rest[:40]).group(0)
            got = (m.group(0) + tail).strip()
            yield warning(
                "keyword-parameter",
                f"'{kw.name}' takes a parameter written '{kw.name} {kw.param}', but the text has '{got}'",
                _offset_loc(ctx, path, text, m.start()),
                hint=f"write it as '{kw.name} {kw.param}' with numbers, or reword the text",
            )
        for m in _WORD_NUM.finditer(text):
            word = m.group(1)
            if word in bare:
                yield warning(
                    "keyword-no-parameter",
                    f"'{m.group(0)}': the keyword '{word}' is defined without a parameter, but the text gives it one",
                    _offset_loc(ctx, path, text, m.start()),
                    hint=f"give '{word}' a param: under keywords:, or drop the number",
                )
                continue
            if word in kw_names or word.casefold() in vocab or _singular(word).casefold() in vocab:
                continue
            guess = did_you_mean(word, kw_names, cutoff=0.75)
            sentence_start = not text[:m.start()].strip() or text[:m.start()].rstrip()[-1] in ".:;!?("
            if sentence_start and not guess:
                continue  # "Remove 1 Wound": an imperative verb, not a keyword
            yield warning(
                "unknown-keyword",
                f"'{word} {m.group(2)}' reads like a keyword, but no keyword '{word}' is defined"
                + (f"; did you mean '{guess} {m.group(2)}'?" if guess else ""),
                _offset_loc(ctx, path, text, m.start()),
                hint=None if guess else "define it under keywords:, or list the word in game.yaml rules.terms",
            )
        for m in _NUM_WORD.finditer(text):
            words = m.group(2)
            candidates = [words, words.split()[0]]
            if any(c.casefold() in vocab or _singular(c).casefold() in vocab for c in candidates):
                continue
            guess = did_you_mean(words.split()[0], token_names, cutoff=0.75)
            if guess:
                yield warning(
                    "unknown-token",
                    f"'{m.group(1)} {words.split()[0]}' names no token; did you mean '{m.group(1)} {guess}'?",
                    _offset_loc(ctx, path, text, m.start()),
                )
