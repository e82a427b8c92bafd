"""Rich text layout: runs of styled words, wrapping, and shrink-to-fit, all in mm.

Rules text is plain words; ``style_terms`` recognises the keywords and tokens
a game defines and marks them, so cards show "Knockback 2" and "1 Poison" in
their own style without any markup in the YAML.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple, Sequence

from .document import Text
from .fonts import text_width


class Run(NamedTuple):
    """A piece of text in one font and colour. A named tuple: fitting keys its cache on runs, and tuples
    hash and compare in C."""

    text: str
    font: str = "sans"
    colour: str = "#1d1d1b"


@dataclass(frozen=True)
class Line:
    pieces: tuple[tuple[float, Run], ...]  # (x offset in em-scaled mm at size 1, run)
    width: float  # mm at size 1


@lru_cache(maxsize=64)
def _terms_pattern(names: tuple[str, ...]) -> re.Pattern:
    """One pattern for a game's terms, longest first (compiled once per game, not per text)."""
    names = tuple(sorted(names, key=len, reverse=True))
    return re.compile(
        r"(?<![\w-])(\d+\s+)?(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])((?:\s+\d+(?:\s*\(\d+\s*[-–]\s*\d+\))?)?)")


def style_terms(text: str, terms: dict[str, tuple[str, str]], base: Run = Run("")) -> list[Run]:
    """Split ``text`` into runs, styling each defined term (and a number right after it).

    ``terms`` maps a term ("Knockback") to (font, colour). Longest terms win.
    """
    if not terms:
        return [Run(text, base.font, base.colour)]
    pattern = _terms_pattern(tuple(terms))
    runs: list[Run] = []
    pos = 0
    for m in pattern.finditer(text):
        if m.start() > pos:
            runs.append(Run(text[pos:m.start()], base.font, base.colour))
        font, colour = terms[m.group(2)]
        runs.append(Run(m.group(0), font, colour))
        pos = m.end()
    if pos < len(text):
        runs.append(Run(text[pos:], base.font, base.colour))
    return runs


ICON = "icon:"  # a Run whose font is "icon:<name>" is an inline icon one em wide (text holds the name)
ICON_EM = 1.15  # an inline icon's advance, in em (the icon and a little air)


def run_width(run: Run) -> float:
    """Advance of a run at size 1 (mm per mm of text size)."""
    return ICON_EM if run.font.startswith(ICON) else text_width(run.text, run.font, 1.0)


def _words(runs: Sequence[Run]) -> list[list[Run]]:
    """Break runs into words; a word may span runs ("Knockback 2." is one styled + one plain)."""
    words: list[list[Run]] = [[]]
    for run in runs:
        parts = re.split(r"(\s+)", run.text)
        for part in parts:
            if not part:
                continue
            if part.isspace():
                if words[-1]:
                    words.append([])
                continue
            words[-1].append(Run(part, run.font, run.colour))
    return [w for w in words if w]


def _split_word(word: list[Run], width: float) -> list[list[Run]]:
    """A word wider than ``width`` (in units of the font size) cut into pieces that fit, letter by letter."""
    pieces: list[list[Run]] = [[]]
    x = 0.0
    for run in word:
        if run.font.startswith(ICON):  # an inline icon is one piece
            if x + ICON_EM > width and pieces[-1]:
                pieces.append([])
                x = 0.0
            pieces[-1].append(run)
            x += ICON_EM
            continue
        chunk = ""
        for ch in run.text:
            w = text_width(ch, run.font, 1.0)
            if x + w > width and (chunk or pieces[-1]):
                if chunk:
                    pieces[-1].append(Run(chunk, run.font, run.colour))
                pieces.append([])
                chunk, x = "", 0.0
            chunk += ch
            x += w
        if chunk:
            pieces[-1].append(Run(chunk, run.font, run.colour))
    return [p for p in pieces if p]


def wrap(runs: Sequence[Run], width: float, size: float, *, break_words: bool = False) -> list[Line]:
    """Greedy line breaking of ``runs`` into lines no wider than ``width`` mm at ``size`` mm.

    A single word wider than the line is put on a line of its own (callers
    detect the overflow through ``Line.width``), or with ``break_words`` cut
    where the line ends (a narrow table column must still show all its text).
    """
    words = _words(runs)
    if break_words:
        words = [piece for word in words for piece in
                 (_split_word(word, width / size) if sum(run_width(r) for r in word) * size > width else [word])]
    return _wrap_measured(_measured(words), width, size)


def _measured(words: list[list[Run]]) -> tuple:
    """Each word with what wrapping needs of it at size 1, none of which depends on the size: its runs,
    their advances, the word's advance and the space before it."""
    out = []
    for word in words:
        widths = tuple(run_width(r) for r in word)
        out.append((tuple(word), widths, sum(widths),
                    text_width(" ", "sans" if word[0].font.startswith(ICON) else word[0].font, 1.0)))
    return tuple(out)


def _wrap_measured(measured: tuple, width: float, size: float) -> list[Line]:
    """``wrap`` of words already measured (``_measured``): fitting tries a paragraph at many sizes."""
    lines: list[Line] = []
    cur: list[tuple[float, Run]] = []
    x = 0.0
    for word, widths, ww, space in measured:
        if cur and (x + space + ww) * size > width:
            lines.append(Line(tuple(cur), x))
            cur, x = [], 0.0
        elif cur:
            x += space
        for r, w in zip(word, widths):
            cur.append((x, r))
            x += w
    if cur:
        lines.append(Line(tuple(cur), x))
    return lines


@dataclass(frozen=True)
class Fitted:
    size: float  # mm
    leading: float  # mm between baselines
    lines: tuple[Line, ...]
    paragraphs: tuple[int, ...]  # index of the first line of each paragraph

    @property
    def height(self) -> float:
        gaps = max(0, len(self.paragraphs) - 1) * self.leading * 0.35
        return len(self.lines) * self.leading + gaps


def fit(paragraphs: Sequence[Sequence[Run]], width: float, height: float, *, max_size: float, min_size: float,
        leading: float = 1.2, step: float = 0.05, break_words: bool = False) -> Fitted | None:
    """The largest size from ``max_size`` down to ``min_size`` (mm) at which the text fits the box.

    Returns None when even ``min_size`` overflows the width or the height (with ``break_words`` a
    word wider than the box is cut to fit, so only the height can overflow).
    """
    key = (tuple(tuple(p) for p in paragraphs), width, height, max_size, min_size, leading, step, break_words)
    f = _fit(*key)
    if f is None:
        lost = _LOST.get()
        if lost is not None:  # a renderer will leave this text out: the check running it wants to know
            lost.append(" ".join(r.text for para in paragraphs for r in para))
    return f


@lru_cache(maxsize=4096)
def _fit(paragraphs: tuple[tuple[Run, ...], ...], width: float, height: float, max_size: float, min_size: float,
         leading: float, step: float, break_words: bool) -> Fitted | None:
    # A pure function of its arguments, cached: a deck repeats the same texts in the same boxes
    # (an action shared by classes, a card back), and fitting steps down through many sizes.
    size = max_size
    # without breaking words, a paragraph's words and their advances are the same at every size tried
    measured = None if break_words else [_measured(_words(para)) for para in paragraphs]
    while size >= min_size - 1e-9:
        lines: list[Line] = []
        starts: list[int] = []
        for i, para in enumerate(paragraphs):
            starts.append(len(lines))
            lines += (wrap(para, width, size, break_words=True) if measured is None
                      else _wrap_measured(measured[i], width, size))
        f = Fitted(size, size * leading, tuple(lines), tuple(starts))
        if f.height <= height + 1e-9 and all(ln.width * size <= width + 1e-9 for ln in lines):
            return f
        size = round(size - step, 4)
    return None


_LOST: ContextVar[list[str] | None] = ContextVar("printgen_lost_text", default=None)


def texts_lost(draw: Callable[[], object]) -> list[str]:
    """The texts ``fit`` could not place (too long for their box even at the smallest size) while
    ``draw()`` ran: what a renderer that skips such a text would silently leave out."""
    token = _LOST.set([])
    try:
        draw()
        return list(_LOST.get() or [])
    finally:
        _LOST.reset(token)


def draw(fitted: Fitted, x: float, y: float, *, width: float | None = None, align: str = "left",
         icon=None) -> list:
    """Text ops for fitted lines whose box top-left is (x, y) mm (``align``: left, center, right).

    Inline icon runs are drawn by ``icon(name, cx, cy, size, colour) -> ops`` (mm). Adjacent pieces of
    the same style on one baseline are joined into one text op (fewer, more readable text ops), as they
    are met: a piece is made a text op once, not once per piece and again per join
    (tests/draw/test_text_draw.py holds the join done on finished ops, and compares)."""
    joined = _Joined()
    baseline = y + fitted.size * 0.92
    para_starts = set(fitted.paragraphs)
    size = fitted.size
    for i, line in enumerate(fitted.lines):
        if i and i in para_starts:
            baseline += fitted.leading * 0.35
        dx = 0.0
        if width is not None and align == "center":
            dx = (width - line.width * size) / 2
        elif width is not None and align == "right":
            dx = width - line.width * size
        for off, run in line.pieces:
            if run.font.startswith(ICON):
                if icon is not None:
                    em = size
                    for op in icon(run.font[len(ICON):], x + dx + (off + ICON_EM / 2) * em, baseline - 0.36 * em, em,
                                   run.colour):
                        joined.op(op)
                continue
            joined.text(x + dx + off * size, baseline, run.text, run.font, size, run.colour, None)
        baseline += fitted.leading
    return joined.done()


class _Joined:
    """Ops as ``_merge`` leaves them, joined as they come: the last text is kept open (its parts and
    where it ends) until one that does not join it, or another op, closes it."""

    __slots__ = ("ops", "open", "parts", "end")

    def __init__(self) -> None:
        self.ops: list = []
        self.open: tuple | None = None  # (x, y, font, size, colour, the Text op given as it is, or None)
        self.parts: list[str] = []
        self.end = 0.0  # where the last text ends, mm (kept across other ops, as _merge keeps it)

    def text(self, x: float, y: float, text: str, font: str, size: float, colour: str, given) -> None:
        o = self.open
        if o is not None and o[1] == y and o[2] == font and o[4] == colour and o[3] == size:
            gap = x - self.end
            space = text_width(" ", font, size)
            spaces = round(gap / max(space, 1e-9))
            if spaces >= 0 and abs(gap - spaces * space) < 1e-6:
                self.parts += (" " * spaces, text)
                self.open = o[:5] + (None,)  # joined: made afresh when closed
                self.end = x + text_width(text, font, size)
                return
        self._close()
        self.open = (x, y, font, size, colour, given)
        self.parts = [text]
        self.end = x + text_width(text, font, size)

    def op(self, op) -> None:
        if isinstance(op, Text):
            self.text(op.x, op.y, op.text, op.font, op.size, op.colour, op)
            return
        self._close()
        self.ops.append(op)

    def _close(self) -> None:
        o = self.open
        if o is not None:
            x, y, font, size, colour, given = o
            self.ops.append(given if given is not None else Text(x, y, "".join(self.parts), font, size, colour))
            self.open = None

    def done(self) -> list:
        self._close()
        return self.ops


def single_line(text: str, font: str, max_size: float, width: float, min_size: float = 0.0) -> float:
    """The largest size <= max_size (mm) at which ``text`` fits ``width`` mm on one line."""
    w1 = text_width(text, font, 1.0)
    if w1 <= 0:
        return max_size
    return max(min_size, min(max_size, width / w1))


def plain(paragraphs: Iterable[str], font: str = "sans", colour: str = "#1d1d1b") -> list[list[Run]]:
    return [[Run(p, font, colour)] for p in paragraphs]
