"""The stamp's digest (layout/digest.py) is taken the fast way, by exact type: it must print what the
plain definition prints, for every op a real deck draws and for values of odd types (a numpy float, bytes,
-0.0, nested groups), or every stamp and every errata comparison would change."""

from __future__ import annotations

import dataclasses
import hashlib

import numpy as np

from printgen.draw.document import Circle, Group, Image, Path, Poly, Rect, Style, Text
from printgen.draw.page import PageSpec
from printgen.layout.digest import shown_digest
from printgen.project import validate_game
from printgen.registry import assets_for

_SKIP = ("src", "role")


def _reference(v):
    """The definition, as it was first written: one isinstance test after another."""
    if isinstance(v, float):
        return round(v, 3) + 0.0
    if isinstance(v, bytes):
        return hashlib.sha256(v).hexdigest()
    if isinstance(v, (list, tuple)):
        return tuple(_reference(x) for x in v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__,) + tuple(_reference(getattr(v, f.name)) for f in dataclasses.fields(v)
                                           if f.name not in _SKIP)
    return v


def _digest(ops) -> str:
    return hashlib.sha256(repr(_reference(list(ops))).encode()).hexdigest()


def test_a_decks_faces_digest_as_the_definition_says(mini_game):
    game = validate_game(mini_game)
    assert game.ok()
    doc = assets_for(game)["class-cards"].render(game, PageSpec.for_paper("a4", 5.0))["class-cards"]
    ops = [op for page in doc.pages for op in page.ops]
    assert len(ops) > 20 and any(isinstance(op, Group) for op in ops)
    assert shown_digest(ops) == _digest(ops)
    for op in ops:
        assert shown_digest([op]) == _digest([op])


def test_odd_values_digest_as_the_definition_says():
    style = Style(fill="#ff0000", stroke="#000000", width=0.25, dash=(1.0, 0.5))
    odd = [
        Text(np.float64(1.23456), -0.0, "a", "sans", 2, role="x"),  # a numpy float, an int size, -0.0
        Rect(0.0004, -0.0004, 1, 2.5, style, radius=np.float32(0.5)),
        Circle(1.0, 2.0, 3.0, Style()),
        Poly(((0.0, 0.0), (1.0005, 2.0), (3, 4)), style, closed=False),
        Path((((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)),), style),
        Image(0.0, 0.0, 10.0, 10.0, b"\x89PNG not really"),
        Group((Text(1.0, 2.0, "b", "sans", 2.0), Group((Rect(0.0, 0.0, 1.0, 1.0, style),), clip=(0, 0, 1, 1))),
              matrix=(1.0, 0.0, 0.0, 1.0, 2.5, -0.0)),
        [1, (2.0, None), True, "s"],
    ]
    assert shown_digest(odd) == _digest(odd)
    for v in odd:
        assert shown_digest([v]) == _digest([v])
    # where a text came from and what it is for print nothing
    assert shown_digest([Text(1.0, 2.0, "b", "sans", 2.0, role="a")]) == shown_digest([Text(1.0, 2.0, "b", "sans", 2.0)])

