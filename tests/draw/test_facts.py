"""Print facts: measured from the drawing model (sides, crop marks, cut shapes at their drawn size), stated by
renderers, and read back from JSON that may have been edited by anyone."""

from __future__ import annotations

import json
import math

from printgen.draw.document import Circle, Group, Page, Poly, Rect, Style
from printgen.draw.facts import Cut, PrintFacts, facts_bytes, from_json, read_facts
from printgen.draw.measure import measure
from printgen.render.sheets import BACKS_LABEL

LINE = Style(stroke="#000000", width=0.2)


def _hexagon(cx: float, cy: float, r: float) -> tuple:
    return tuple((cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i)) for i in range(6))


def test_cut_shapes_are_measured_at_their_size_on_the_page():
    page = Page(210, 297)
    # a 10 mm circle drawn at twice its size inside a group: 20 mm on paper
    page.add(Group((Circle(5, 5, 5, LINE, role="cut"),), (2.0, 0.0, 0.0, 2.0, 50.0, 50.0)))
    page.add(Poly(_hexagon(100, 100, 20), LINE, role="cut"))  # corner radius 20: 34.6 mm flat to flat
    page.add(Rect(10, 200, 16, 16, LINE, role="cut"), Rect(40, 200, 30, 12, LINE, role="cut"))
    # six corners, not regular: a dial's hand is an outline, not a hexagon
    page.add(Poly(((0, 0), (5, -5), (40, -3), (50, 0), (40, 3), (5, 5)), LINE, role="cut"))
    page.add(Circle(100, 200, 60, LINE, role="dial-cut"), Circle(5, 5, 2, LINE, role="hub"))
    facts = measure([page])
    assert facts.cuts == (Cut("circle", 20.0, 1), Cut("hexagon", 34.6, 1), Cut("square", 16.0, 1),
                          Cut("rectangle", 30.0, 1), Cut("outline", 0.0, 1), Cut("dial", 120.0, 1))
    assert not facts.crop_marks and not facts.duplex


def test_backs_and_the_flip_edge_come_from_the_pages():
    fronts, backs = Page(210, 297, label="fronts"), Page(210, 297, label=BACKS_LABEL)
    for p in (fronts, backs):
        p.add(Poly(((10, 10), (10, 13)), LINE, closed=False, role="crop"), Circle(50, 50, 8, LINE, role="cut"))
    facts = measure([fronts, backs, Page(210, 297, label="fronts"), Page(210, 297, label="backs")],
                    PrintFacts(title="Cards", part="cards"))
    assert facts.backs == (2, 4) and facts.flip == "long" and facts.duplex and facts.crop_marks
    assert facts.title == "Cards" and facts.rank == 20
    assert facts.cuts == (Cut("circle", 16.0, 1),)  # counted on the fronts: a back's line is the same piece
    landscape = measure([Page(297, 210), Page(297, 210, label="backs")])
    assert landscape.flip == "short"  # a left-right mirror of a landscape sheet turns on its short edge
    assert measure([Page(210, 297, label="backs")]).backs == ()  # a first page backs nothing


def test_facts_go_to_json_and_back():
    facts = PrintFacts(title="Deck: Deepwood", part="deck", backs=(2, 4), flip="long", crop_marks=True,
                       cuts=(Cut("hexagon", 57.1, 9),), copies="1 per player", notes=("a note",),
                       tools=("scissors",), paper="sticker paper")
    assert read_facts(facts_bytes(facts)) == facts
    assert facts_bytes(facts) == facts_bytes(read_facts(facts_bytes(facts)))  # the same bytes again


def test_facts_read_from_an_edited_file_keep_only_what_makes_sense():
    assert read_facts(b"not json") is None and read_facts(b"[]") is None and read_facts(None) is None
    odd = {"title": 3, "part": "nonsense", "backs": [1, 2, "3", True], "flip": "diagonal", "book": "yes",
           "crop_marks": 1, "cuts": [{"shape": "star", "size": 3}, {"shape": "circle", "size": -4, "count": 2.5},
                                     "x"], "copies": None, "notes": ["ok", 5], "tools": "scissors"}
    facts = from_json(json.loads(json.dumps(odd)))
    assert facts == PrintFacts(title="", part="other", backs=(2,), flip=None, book=False, crop_marks=False,
                               cuts=(Cut("circle", 0.0, 0),), copies="1", notes=("ok",), tools=())
