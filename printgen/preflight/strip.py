"""How placed.PartSheet finds the parts of a sheet of faces: where its faces and chunks of loose ops lie (``_plan``),
whether its loose inks are clear of its faces (``_clear``), and its footer strip (the print-at-100 % line, the
rulers, 'page x of y'): where it starts (tail.strip_start's index, found chunk by chunk), and whether it draws a
mark the checks of pairs read (then it is not read apart from the page).
"""

from __future__ import annotations

import operator

from ..draw.document import Group, Poly, Text
from .collide import is_mark
from .pairs import _meet
from .scene import Box, Ink


def _has_marks(furniture, scan) -> bool:
    """Does any run of a strip's ``scan`` draw a mark the checks of pairs read (collide.is_mark)?"""
    return furniture.any_run(scan, is_mark)


SPLIT_PAGES = 16  # pages ending alike read with their strips apart, per document (see PartSheet._read)


def _strip_like(op) -> bool:
    """Is ``op`` one tail.strip_start reads as a footer strip's (furniture, a ruler, an unfilled tick)?"""
    role = op.role
    return role == "furniture" or role.startswith("ruler:") or (type(op) is Poly and not role and not op.style.fill)


def _strip_start(chunks: list[tuple[int, list]], last: int, furniture) -> int | None:
    """tail.strip_start of a page whose loose ops after its last face (at ``last``) are ``chunks``: the first
    furniture op of the last run of strip-like ops, or None. What each chunk of ops gives is kept for the process
    by its ops (``furniture``'s memo: the same crop marks and rulers on every page), so a page is read chunk by
    chunk, not op by op."""
    memo = furniture.__dict__.setdefault("_strip_like", {})
    tail = None  # (the first chunk of the tail, where in it the tail begins)
    read = []  # (what each chunk of the tail gives, the last first)
    k = len(chunks)
    while k and chunks[k - 1][0] > last:
        i, ops = chunks[k - 1]
        key = (len(ops), id(ops[0]))
        got = memo.get(key)
        if got is None or not all(map(operator.is_, ops, got[0])):
            if len(memo) > 4096:
                memo.clear()
            like = [_strip_like(op) for op in ops]
            # (how many of its last ops are strip-like; the first furniture op among them)
            n = next((j for j, x in enumerate(reversed(like)) if not x), len(like))
            got = memo[key] = (tuple(ops), len(ops) - n, next((j for j, op in enumerate(ops) if j >= len(ops) - n
                                                              and op.role == "furniture"), None))
        begin = got[1]
        if begin == len(ops):  # (its last op is not strip-like: the tail, if any, starts after it)
            break
        tail = (k - 1, begin)
        read.append(got)
        k -= 1
        if begin:  # (only its last ops: the tail starts inside it)
            break
    if tail is None:
        return None
    for (i, _), got in zip(chunks[tail[0]:], reversed(read)):  # (the tail's first furniture op: each chunk's,
        if got[2] is not None:                                  # among its last ops)
            return i + got[2]
    return None


def _plan(kinds: tuple) -> tuple[list[int], list[tuple[int, int]], int | None, int]:
    """Where a page whose ops are of ``kinds`` (their types, in order) has its faces (the index of each group),
    its chunks of loose ops ((first, past the last): a text alone, shapes in a row), how many faces come before
    its first loose op (None: none), and the index of its last face (-1: none)."""
    at: list[int] = []
    spans: list[list[int]] = []
    first = None
    run = False  # (is a run of shapes open: the next shape joins it)
    last = -1
    for i, kind in enumerate(kinds):  # (no class derives from Group or Text)
        if kind is Group:
            at.append(i)
            run = False
            last = i
        elif not run or kind is Text:
            if first is None:
                first = len(at)
            spans.append([i, i + 1])
            run = kind is not Text
        else:
            spans[-1][1] = i + 1
    return at, [(i, j) for i, j in spans], first, last


def _clear(inks: list[Ink], grid: Box, faces: tuple[Box, ...]) -> bool:
    """Is each of ``inks`` clear of the boxes ``faces`` (``grid``: their union)?"""
    for ink in inks:
        if _meet(grid, ink.box) and any(_meet(box, ink.box) for box in faces):
            return False
    return True
