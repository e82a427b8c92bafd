"""The rulebook's frames (rulebook/frames.py): copied as platypus copies a frame to measure a group kept
together, to the same values, and apart from the frame copied."""

from __future__ import annotations

import copy

from reportlab.platypus import Frame

from printgen.rulebook.frames import BookFrame


def test_a_book_frame_copies_as_deepcopy_copies_a_frame():
    args = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    ours, theirs = BookFrame(30.5, 40, 250, 700, id="body0", **args), Frame(30.5, 40, 250, 700, id="body0", **args)
    for f in (ours, theirs):
        f._y -= 123.25  # partly filled, as platypus leaves it
        f._atTop = 0
        f._generated_content = [["a piece"]]  # (what platypus may hang on a frame: copied deep, not shared)
    a, b = copy.deepcopy(ours), copy.deepcopy(theirs)
    assert type(a) is BookFrame and vars(a) == vars(b)
    a._y = 0.0
    a._generated_content[0].append("more")
    assert ours._y == theirs._y and ours._generated_content == [["a piece"]]
