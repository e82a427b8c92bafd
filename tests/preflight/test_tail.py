"""A page read ink by ink with its footer strip looked up (preflight/tail.py) finds what reading every ink of the
page finds, the same hits in the same order: on the bundled games' and the corpus' maps, tracks and scenarios,
and on pages made to meet the strip (content over it, a ruler past the margin, a legend, a trim line, a
registration mark)."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings as hsettings, strategies as st

from printgen.draw.document import Circle, Document, Group, Page, Poly, Rect, Style, Text, pt
from printgen.draw.measure import TILE_ROLES
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight import run
from printgen.preflight.checks import Settings
from printgen.preflight.run import check_document, settings_of
from printgen.preflight.scene import flatten
from printgen.preflight.tail import TailSheet, strip_start
from printgen.project import validate_game
from printgen.render.page import furniture

from ..conftest import FIXTURES, examples
from .test_parts import ink_by_ink


def _same(doc: Document, settings: Settings, stem: str, paper: str) -> list:
    fast = check_document(doc, settings, stem=stem, paper=paper)
    assert fast == ink_by_ink(doc, settings, stem, paper), stem
    return fast


def test_the_games_pages_read_with_their_strip_looked_up_find_every_hit_in_order():
    tails = 0
    found = set()
    for folder in (FIXTURES / "preflight-corpus", FIXTURES.parent.parent / "data" / "heroes-of-hex",
                   FIXTURES.parent.parent / "data" / "hexprint"):
        game = validate_game(folder)
        settings = settings_of(game)
        for paper in ("a4", "letter"):
            spec = PageSpec.for_paper(paper, game.data.game.print.margin)
            for target in plan_build([game], papers=[paper]):
                if target.asset.kind != "paper" or "rulebook" in target.asset.name:
                    continue
                for stem, doc in target.asset.render(game, spec).items():
                    if not isinstance(doc, Document):
                        continue
                    if any(p.trim is not None for p in doc.pages):
                        continue  # (a sheet of faces: read by its parts, tests/preflight/test_parts.py)
                    tails += sum(strip_start(p.ops) is not None for p in doc.pages)
                    found |= {h.cls for h in _same(doc, settings, stem, paper)}
    assert tails >= 20
    assert {"margin", "sheets", "legend", "seam"} <= found  # (the corpus' ruler past its margin, its maps)


def _strip(spec: PageSpec, n: int, count: int) -> list:
    return furniture(spec, game="G", version="1", title="t", page_no=n, page_count=count)


def _content(rnd: random.Random, spec: PageSpec, low: float, n: int) -> list:
    """Hexes, discs, labels and lines over the page down to ``low`` mm (into the strip when past its top)."""
    ops: list = []
    for k in range(n):
        cx, cy, r = rnd.uniform(5, spec.width - 5), rnd.uniform(8, low), rnd.choice([2.0, 4.0, 7.0])
        kind = k % 4
        style = Style(fill=rnd.choice(["#c9c2a8", "#333333", None]), stroke=rnd.choice(["#222222", None]),
                      width=rnd.choice([0.0, 0.3]))
        if style.fill is None and not (style.stroke and style.width):
            style = Style(fill="#aa0000")
        if kind == 0:
            ops.append(Poly(tuple((cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
                                  for i in range(6)), style, role=rnd.choice(["hex", "", "objective"])))
        elif kind == 1:
            ops.append(Circle(cx, cy, r / 2, style, role=rnd.choice(["", "badge"])))
        elif kind == 2:
            ops.append(Text(cx, cy, rnd.choice(["A1", "3", "GW", "{name}", "Long label text"]), "sans",
                            pt(rnd.choice([4, 7, 9])), rnd.choice(["#1d1d1b", "#c9c2a8", "#ffffff"]),
                            anchor=rnd.choice(["start", "middle", "end"])))
        else:
            ops.append(Poly(((cx - r, cy), (cx + r, cy + r / 3)), Style(stroke="#000000", width=0.2), closed=False,
                            role=rnd.choice(["", "cut", TILE_ROLES[0]])))
    if rnd.random() < 0.2:  # a legend: its swatch and entries
        ops += [Rect(10, 20, 4, 4, Style(fill="#c9d6a3"), role="legend-swatch"),
                Text(16, 23, "Field", "sans", pt(7), role="legend-entry"),
                Rect(10, 30, 4, 4, Style(fill="#c9d6a3"), role="legend-swatch"),
                Text(16, 33, "Wood", "sans", pt(7), role="legend-entry")]
    if rnd.random() < 0.2:  # a registration mark keeping ground clear, over the strip too
        ops.append(Rect(5, spec.height - 20, 5, 5, Style(fill="#000000"),
                        role=f"regmark-clear:0,{spec.height - 30},60,{spec.height}"))
    if rnd.random() < 0.3:  # something in a group (a legend box, a face)
        ops.append(Group((Rect(0, 0, 20, 12, Style(fill="#ddeeff")), Circle(5, 6, 3, Style(fill="#aa0000")),
                          Circle(6, 6, 2.5, Style(fill="#0000aa")), Text(3, 8, "12", "sans", pt(7))),
                         (1.0, 0.0, 0.0, 1.0, rnd.uniform(5, 150), rnd.uniform(10, low))))
    return ops


@hsettings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from(["a4", "letter"]), st.sampled_from([5.0, 6.0, 8.0]),
       st.booleans(), st.integers(1, 3))
def test_pages_made_to_meet_their_strip_are_read_as_every_ink_says(seed, paper, margin, reach, pages):
    rnd = random.Random(seed)
    spec = PageSpec.for_paper(paper, margin)
    low = spec.height - (2.0 if reach else 30.0)  # content down into the strip, or kept above it
    doc = Document("d", [Page(spec.width, spec.height, _content(rnd, spec, low, 30) + _strip(spec, n + 1, pages))
                         for n in range(pages)])
    settings = Settings(printable=rnd.choice([5.0, 6.0, margin]))
    _same(doc, settings, "d", paper)
    for n, page in enumerate(doc.pages):
        sheet = run._loose_sheet("d", paper, n + 1, pages, page, {}, settings)
        assert isinstance(sheet, TailSheet)
        whole = flatten(page, {})  # (as a page read ink by ink is flattened: its groups through the memo)
        assert sheet.inks == whole and [i.src for i in sheet.inks] == [i.src for i in whole]


def test_a_page_apart_from_its_strip_reads_the_strip_from_the_memo():
    spec = PageSpec.for_paper("a4", 5.0)
    rnd = random.Random(3)
    pages = [Page(spec.width, spec.height, _content(rnd, spec, 200.0, 12)[:12] + _strip(spec, n + 1, 2))
             for n in range(2)]
    sheets = [run._loose_sheet("d", "a4", n + 1, 2, p, {}, Settings()) for n, p in enumerate(pages)]
    assert all(s.apart for s in sheets)
    # the rulers' runs are the same ops on both pages: read once, the second page's runs looked up
    first, second = ({eid for eid, _ in s.strip.spans} for s in sheets)
    assert len(first & second) >= len(first) - 2


def _strip_start_reference(ops):
    """strip_start as it was first written (each op's role asked before its kind)."""
    k = len(ops)
    while k:
        op = ops[k - 1]
        kind = type(op)
        if kind is Group:
            break
        role = op.role
        if role == "furniture" or role.startswith("ruler:") or (kind is Poly and not role and not op.style.fill):
            k -= 1
            continue
        break
    n = len(ops)
    while k < n and ops[k].role != "furniture":
        k += 1
    return k if k < n else None


_ROLE = st.sampled_from(["", "furniture", "ruler:2 in", "hex", "ruler"])
_OP = st.one_of(
    st.builds(Poly, st.just(((0.0, 0.0), (1.0, 1.0))), st.sampled_from([Style(stroke="#000000", width=0.2),
                                                                        Style(fill="#aa0000")]), role=_ROLE),
    st.builds(Text, st.just(1.0), st.just(2.0), st.just("x"), st.just("sans"), st.just(2.0), role=_ROLE),
    st.builds(Rect, st.just(0.0), st.just(0.0), st.just(1.0), st.just(1.0), st.just(Style(fill="#000000")),
              role=_ROLE),
    st.just(Group((Text(0.0, 0.0, "g", "sans", 2.0),))))


@hsettings(max_examples=examples(300), deadline=None)
@given(st.lists(_OP, max_size=14))
def test_where_a_strip_starts_is_where_the_first_reading_found_it(ops):
    assert strip_start(ops) == _strip_start_reference(ops)
