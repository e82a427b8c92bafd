"""How big a rulebook picture is set: never so small that its text drops below the game's minimum sizes.

A picture is drawn at its print size (mm) and scaled into the column. Scaling a card or a
battlefield down to fit shrinks its print with it, so the book sets a picture at the scale its
smallest text needs (``needed_scale``) when that is at most ``GROW`` times its print size and
fits the column (a card whose labels are a little small), and otherwise keeps its size (a
battlefield a page wide, a dial whose hub says "pin") and prints the few texts still too
small at the least size (``floored``). The least
sizes are the game's ``preflight: min_text`` and ``min_label`` (pt), told apart as the
preflight tells them: a run of at most 24 letters is a label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterator, Sequence

from ..draw.document import Group, Op, Text

PT_PER_MM = 72.0 / 25.4
GROW = 1.35  # a picture is set at most this much over its print size for its text's sake
LABEL_LETTERS = 24  # preflight/book.py: a run this short is held to the label minimum


@dataclass(frozen=True)
class Least:
    """The least printed sizes (pt): running text, and a short label; and the room (mm) a label keeps from a
    picture's lines (the game's ``preflight: clearance``)."""

    text: float = 6.0
    label: float = 5.0
    clearance: float = 0.3

    def of(self, words: str) -> float:
        return self.label if len(words.strip()) <= LABEL_LETTERS else self.text


def least_of(game) -> Least:
    """The game's minimum sizes (game.yaml ``preflight:``)."""
    spec = game.data.game.preflight
    return Least(text=spec.min_text, label=spec.min_label, clearance=spec.clearance)


def _det_scale(matrix) -> float:
    a, b, c, d = matrix[:4]
    return math.sqrt(abs(a * d - b * c))


def texts(ops: Sequence[Op], k: float = 1.0) -> Iterator[tuple[Text, float]]:
    """Every text of a drawing with its printed size in pt at picture scale ``k`` (groups' matrices applied)."""
    for op in ops:
        if isinstance(op, Text):
            if op.text.strip():
                yield op, op.size * k * PT_PER_MM
        elif isinstance(op, Group):
            yield from texts(op.ops, k * _det_scale(op.matrix))


def needed_scale(ops: Sequence[Op], least: Least) -> float:
    """The picture scale at which every text of ``ops`` is printed at least at its minimum (0: no text)."""
    ops = tuple(ops)
    key = (len(ops), id(ops[0]) if ops else 0, id(ops[-1]) if ops else 0, least)
    got = _NEEDED.get(key)
    if got is None or any(a is not b for a, b in zip(got[0], ops)):
        if len(_NEEDED) >= 256:
            _NEEDED.clear()
        got = _NEEDED[key] = (ops, max((least.of(t.text) / size for t, size in texts(ops) if size > 0), default=0.0))
    return got[1]


# A picture's needed scale, asked of the same drawing each time the book sizes it (for a column, a table cell,
# across both columns, on each paper): by the ids of its ops (each entry holds them, so the ids stay theirs)
_NEEDED: dict[tuple, tuple] = {}


def floored(ops: Sequence[Op], k: float, least: Least) -> tuple[Op, ...]:
    """``ops`` with every text that would print below its minimum at picture scale ``k`` set at that
    minimum (same place and anchor): the last resort for a picture that cannot grow enough."""
    return _floored(tuple(ops), k, least)[0]


def _floored(ops: tuple[Op, ...], k: float, least: Least) -> tuple[tuple[Op, ...], bool]:
    out: list[Op] = []
    changed = False
    for op in ops:
        if isinstance(op, Text) and op.text.strip():
            size = op.size * k * PT_PER_MM
            want = least.of(op.text)
            if 0 < size < want - 0.01:
                op = replace(op, size=op.size * want / size)
                changed = True
        elif isinstance(op, Group):
            inner, moved = _floored(tuple(op.ops), k * _det_scale(op.matrix), least)
            if moved:
                op = replace(op, ops=inner)
                changed = True
        out.append(op)
    return (tuple(out), True) if changed else (ops, False)


def picture_scale(ops: Sequence[Op], w: float, h: float, *, max_w: float, max_h: float, least: Least) -> float:
    """The scale of a ``w`` x ``h`` mm picture in a column ``max_w`` x ``max_h`` mm: its print size, or
    smaller to fit, or grown as far as its smallest text needs when that is within GROW and the column (else
    it keeps its size, and ``floored`` sets the few words still too small at their minimum)."""
    fit = min(max_w / w, max_h / h)
    scale = min(1.0, fit)
    need = needed_scale(ops, least)
    if scale < need <= min(fit, GROW):  # growing is enough: every word reaches its minimum
        scale = need
    return scale


TAG = "printgen-label#"  # a text's role while its place is measured (uncrowded): which text it is


def _tagged(ops: Sequence[Op], counter: list[int], drop: set[int] | None = None) -> tuple[Op, ...]:
    """``ops`` with every text's role set to its number in drawing order (``drop`` None), or with the texts
    numbered in ``drop`` left out (their roles kept)."""
    out: list[Op] = []
    for op in ops:
        if isinstance(op, Text) and op.text.strip():
            n = counter[0]
            counter[0] += 1
            if drop is None:
                op = replace(op, role=f"{TAG}{n}")
            elif n in drop:
                continue
        elif isinstance(op, Group):
            op = replace(op, ops=_tagged(op.ops, counter, drop))
        out.append(op)
    return tuple(out)


def crowded_labels(ops: Sequence[Op], design: Sequence[Op], k: float, size: tuple[float, float], least: Least
                   ) -> set[int]:
    """The numbers (in drawing order) of a picture's labels that, set at their least size (``floored``: ``ops``)
    at scale ``k``, come closer to its lines than the clearance (preflight/pictures.py ``clearances``) where at
    print size (``design``) they stand clear; ``size``: its (w, h) mm at print size."""
    from ..draw.document import Page
    from ..preflight.pictures import near_lines
    from ..preflight.scene import flatten

    w, h = size
    printed = _tagged(ops, [0])
    at_size = _design(design, size, least.clearance)
    inks = flatten(Page(w * k, h * k, [Group(printed, (k, 0.0, 0.0, k, 0.0, 0.0))]))
    crowded = _numbers(inks, near_lines(inks, least.clearance, scale=k, design=at_size.texts))
    if crowded:
        crowded -= at_size.crowded()
    return crowded


def _numbers(inks, found) -> set[int]:
    texts = [t for t in inks if t.kind == "text" and t.text.strip()]
    return {int(texts[i].role[len(TAG):]) for i in found if texts[i].role.startswith(TAG)}


class _AtSize:
    """A picture's drawing at print size as ``crowded_labels`` reads it: flattened with its texts numbered, those
    texts, and (when asked) the numbers of those already closer to its lines than the clearance."""

    def __init__(self, design: tuple, size: tuple[float, float], clearance: float) -> None:
        from ..draw.document import Page
        from ..preflight.scene import flatten

        self.design, self.clearance = design, clearance  # (the ops held: their ids are the key)
        self.inks = flatten(Page(size[0], size[1], list(_tagged(design, [0]))))
        self.texts = [t for t in self.inks if t.kind == "text" and t.text.strip()]
        self._crowded: set[int] | None = None

    def crowded(self) -> set[int]:
        if self._crowded is None:
            from ..preflight.pictures import near_lines

            self._crowded = _numbers(self.inks, near_lines(self.inks, self.clearance))
        return self._crowded


# A picture at print size is the same on both papers of a book (and each time a column, both columns or a
# page is tried for it): read once. By the ids of its ops (each entry holds them, so the ids stay theirs).
_AT_SIZE: dict[tuple, _AtSize] = {}


def _design(design: Sequence[Op], size: tuple[float, float], clearance: float) -> _AtSize:
    ops = tuple(design)
    key = (len(ops), id(ops[0]) if ops else 0, id(ops[-1]) if ops else 0, size, clearance)
    got = _AT_SIZE.get(key)
    if got is None or any(a is not b for a, b in zip(got.design, ops)):
        if len(_AT_SIZE) >= 32:
            _AT_SIZE.clear()
        got = _AT_SIZE[key] = _AtSize(ops, size, clearance)
    return got


def uncrowded(ops: Sequence[Op], design: Sequence[Op], k: float, size: tuple[float, float], least: Least
              ) -> tuple[tuple[Op, ...], tuple[Op, ...]]:
    """A picture's crowded labels (``crowded_labels``) left out: of ``ops`` (as floored) and of ``design`` (its
    print-size drawing) alike. For a picture with a key (a map's legend) that says what its shades, rings and
    codes mean; ``size``: its (w, h) mm at print size."""
    crowded = crowded_labels(ops, design, k, size, least)
    if not crowded:
        return tuple(ops), tuple(design)
    return _tagged(ops, [0], crowded), _tagged(design, [0], crowded)
