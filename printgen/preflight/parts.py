"""A document's pages read by their parts, so a deck of a thousand cards is looked at face by face, not ink by ink.

A sheet of cards is a few top-level groups (the faces, each moved to its slot) and loose ops (crop marks,
the furniture). ``scene.flatten`` gives every ink of every page; here instead

- each face is flattened once however often it is placed (by value: two cards drawn alike are one face,
  as ``flatten``'s memo has it), each of its elements once however many faces share it (the layout places
  an element drawn alike on many cards as the very same ops, layout/face.py), at the face's own origin;
- a check that looks at a face on its own (``LOCAL``: a text's size, a text over a text of its face, an
  icon on a badge...) runs once per distinct face, and its hits are those of every place the face is put;
- what depends on where a face sits (the margins, a legend, a registration mark's clear ground, how much
  of the page is used) is read from the face's boxes, moved to its slot.

That is exact while no ink of one part can meet another part's: each face's texts are clear of every other
part's inks (boxes apart, touching counts as meeting), and no face reaches beyond the printable area. A page
where that does not hold, and any check not known to be local, is looked at ink by ink as before, from the
same inks ``flatten`` gives. Hits come part by part (a face's in its own order), so among hits alike the
first one named may be another face's than a page-wide order would name; where each is located is the same.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import replace
from typing import Callable, Iterable

from ..draw.document import IDENTITY, Group, Page
from .checks import CUT_ROLES, GROUND_ROLES, Hit, Settings, Sheet, _inner, _quote
from .collide import _src as _mark_src
from .collide import free_marks, is_mark, label_hits, mark_pairs
from .colour import MEANING_ROLES, large, rgb, worst_ratio
from .registration import clear_boxes
from .scene import Box, Ink, _bbox, _clip, _mul, _pt, _walk, clip_points, crosses, flatten

# checks whose hits on a page are their hits on each face looked at alone plus those on the loose inks
# (checks.py, colour.py, collide.py). Another class joins by being added here (a check that reads the page's
# size or a face's place on it must not).
LOCAL = {"placeholder", "small-text", "overlap", "safe-area", "markup", "contrast", "ink-on-ink"}
LEGEND_ROLES = ("legend-swatch", "legend-entry")
_VERIFY = bool(os.environ.get("PRINTGEN_PARTS_VERIFY"))  # a test's switch: each face also checked as a whole


def _union(boxes: Iterable[Box]) -> Box | None:
    boxes = list(boxes)
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _meet(a: Box | None, b: Box | None) -> bool:
    """Do two boxes share a point (touching counts)?"""
    return a is not None and b is not None and a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _moved(b: Box, dx: float, dy: float) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)  # as scene._moved moves an ink's box


def _cover(boxes: Iterable[Box]) -> list[Box]:
    """``boxes`` less those inside another: the cells they touch are the cells all of them touch."""
    kept: list[Box] = []
    for b in sorted(set(boxes), key=lambda b: -(b[2] - b[0]) * (b[3] - b[1])):
        if not any(k[0] <= b[0] and k[1] <= b[1] and b[2] <= k[2] and b[3] <= k[3] for k in kept):
            kept.append(b)
    return kept


class Info:
    """What the page-level reading needs of a face or of one of its elements: the box of all its inks and of
    its texts, whether it draws a legend or a registration mark, and the boxes that count as use of the page
    (not the furniture, none inside another)."""

    __slots__ = ("box", "texts", "legend", "zones", "cover")

    def __init__(self, box, texts, legend: bool, zones: bool, cover: list[Box]) -> None:
        self.box, self.texts, self.legend, self.zones, self.cover = box, texts, legend, zones, cover

    @classmethod
    def of(cls, inks: list[Ink]) -> "Info":
        return cls(_union(i.box for i in inks), _union(i.box for i in inks if i.kind == "text"),
                   any(i.role in LEGEND_ROLES for i in inks), any(clear_boxes(i.role or "") for i in inks),
                   _cover(i.box for i in inks if i.role != "furniture" and not i.role.startswith("ruler")))

    @classmethod
    def joined(cls, infos: list["Info"]) -> "Info":
        return cls(_union(i.box for i in infos if i.box is not None),
                   _union(i.texts for i in infos if i.texts is not None), any(i.legend for i in infos),
                   any(i.zones for i in infos), _cover(b for i in infos for b in i.cover))


class Scan:
    """One face flattened at its turn with its origin at (0, 0): its inks (top-level group 0), in the
    order of its elements, and what the page-level reading needs of it (``Info``)."""

    __slots__ = ("inks", "spans", "box", "texts", "legend", "zones", "cover", "hits")

    def __init__(self, spans: list[tuple[object, list[Ink]]], info: Info) -> None:
        self.spans = spans  # (element key, its inks) in drawing order
        self.inks = [ink for _, inks in spans for ink in inks]
        self.box, self.texts, self.legend, self.zones, self.cover = (info.box, info.texts, info.legend, info.zones,
                                                                     info.cover)
        self.hits: dict[str, list[Hit]] = {}


# checks that judge each ink alone: a face's hits are its elements' hits, each element looked at once
PER_INK = {"placeholder", "small-text", "safe-area", "markup"}


class Parts:
    """The memo of one document's pages (faces, elements and loose ops by identity or value)."""

    def __init__(self, stem: str, paper: str | None, checks: dict[str, Callable], settings: Settings) -> None:
        self.stem, self.paper, self.checks, self.settings = stem, paper, checks, settings
        self.ids: dict[int, tuple[object, int]] = {}  # id(op) -> (op, its number by value)
        self.values: dict[object, int] = {}
        self.elements: dict[tuple, tuple] = {}
        self.count = itertools.count()
        self.element_hits: dict[tuple, list[Hit]] = {}
        self.loose: dict[tuple, tuple[object, list[Ink]]] = {}
        self.scans: dict[tuple, Scan] = {}
        self.summaries: dict[tuple, object] = {}
        self.pair_memo: dict[tuple, list] = {}
        self.flat: dict = {}  # scene.flatten's own memo, for pages read ink by ink

    def number(self, op) -> int:
        """``op``'s number by value (ops compare by what they draw, never by a text's source)."""
        got = self.ids.get(id(op))
        if got is None or got[0] is not op:
            got = self.ids[id(op)] = (op, self.values.setdefault(op, len(self.values)))
        return got[1]

    def scan(self, op: Group) -> Scan:
        a, b, c, d, _, _ = op.matrix
        key = (tuple([self.number(x) for x in op.ops]), op.clip, a, b, c, d)
        got = self.scans.get(key)
        if got is None:
            # as scene._walk reads Group(op.ops, (a, b, c, d, 0, 0), op.clip) from the page's origin
            inner = _mul(IDENTITY, (a, b, c, d, 0.0, 0.0))
            clip = None
            if op.clip:
                clip = _clip(_bbox([_pt(inner, x, y) for x, y in clip_points(op.clip)]), None) or (0, 0, 0, 0)
            spans, infos = [], []
            for child in op.ops:
                # an element by identity (the layout places one drawn alike again as the same ops): its texts'
                # sources are its own, as flatten gives them
                ekey = (id(child), inner, clip)
                hit = self.elements.get(ekey)
                if hit is None or hit[0] is not child:
                    inks = _walk([(child, inner, clip, 1, 0)])
                    # (the op, its inks, their Info, a number of its own: what the element memos are keyed by)
                    hit = self.elements[ekey] = (child, inks, Info.of(inks), next(self.count))
                spans.append((hit[3], hit[1]))
                infos.append(hit[2])
            got = self.scans[key] = Scan(spans, Info.joined(infos))
        return got

    def loose_inks(self, op, i: int) -> list[Ink]:
        key = (id(op), i)
        got = self.loose.get(key)
        if got is None or got[0] is not op:
            got = self.loose[key] = (op, _walk([(op, IDENTITY, None, 0, i)]))
        return got[1]

    def face_hits(self, scan: Scan, name: str, page: Page) -> list[Hit]:
        """The hits of check ``name`` on a face looked at alone (page 0)."""
        got = scan.hits.get(name)
        if got is None:
            check = self.checks[name]
            if name in BY_ELEMENT:
                got = BY_ELEMENT[name](self, scan, page)
                if _VERIFY:
                    whole = list(check(self._sheet(page, scan.inks), self.settings))
                    assert got == whole, (name, got, whole)
            elif name in PER_INK:
                got = []
                for ekey, inks in scan.spans:
                    hits = self.element_hits.get((name, ekey))
                    if hits is None:
                        hits = self.element_hits[(name, ekey)] = list(check(self._sheet(page, inks), self.settings))
                    got += hits
            else:
                got = list(check(self._sheet(page, scan.inks), self.settings))
            scan.hits[name] = got
        return got

    def _sheet(self, page: Page, inks: list[Ink]) -> Sheet:
        return Sheet(self.stem, self.paper, 0, 0, page, inks)

    def sheet(self, page: Page, number: int, count: int) -> "PartSheet":
        return PartSheet(self, page, number, count)


class PartSheet(Sheet):
    """A page read by its parts (its ``inks``, every one as scene.flatten gives them, only when asked for)."""

    def __init__(self, parts: Parts, page: Page, number: int, count: int) -> None:
        self._inks = None
        Sheet.__init__(self, parts.stem, parts.paper, number, count, page, None)  # type: ignore[arg-type]
        self.parts = parts
        self.faces: list[tuple[Scan, float, float]] = []
        loose: list[Ink] = []
        self.loose_first = None  # where the loose inks' hits go among the faces'
        for i, op in enumerate(page.ops):
            if isinstance(op, Group):
                self.faces.append((parts.scan(op), op.matrix[4], op.matrix[5]))
            else:
                if self.loose_first is None:
                    self.loose_first = len(self.faces)
                loose += parts.loose_inks(op, i)
        self.loose = loose
        self.apart = self._apart()

    @property
    def inks(self) -> list[Ink]:  # type: ignore[override]
        if self._inks is None:
            self._inks = flatten(self.page, self.parts.flat)
        return self._inks

    @inks.setter
    def inks(self, value) -> None:
        self._inks = value

    def _apart(self) -> bool:
        """Is each face's text clear of every other part (another face, a loose ink)?"""
        boxes = [(_moved(s.box, dx, dy) if s.box else None, _moved(s.texts, dx, dy) if s.texts else None)
                 for s, dx, dy in self.faces]
        for k, (_, texts) in enumerate(boxes):
            if texts is None:
                continue
            if any(j != k and _meet(texts, box) for j, (box, _) in enumerate(boxes)):
                return False
        # a loose ink reaching into a face's box (a crop mark, the furniture) could meet its inks: those
        # near the faces at all are compared with each
        faces = [box for box, _ in boxes if box is not None]
        grid = _union(faces)
        for ink in self.loose:
            if _meet(grid, ink.box) and any(_meet(box, ink.box) for box in faces):
                return False
        return True

    def inside(self, margin: float) -> bool:
        """Does every face keep within the printable area (as checks.margins measures)?"""
        x1, y1 = self.page.width - margin, self.page.height - margin
        for s, dx, dy in self.faces:
            if s.box is None:
                continue
            b = _moved(s.box, dx, dy)
            if max(margin - b[0], margin - b[1], b[2] - x1, b[3] - y1) > 0.05:
                return False
        return True

    def used_boxes(self) -> Iterable[Box]:
        if self._inks is not None:
            yield from Sheet.used_boxes(self)
            return
        for ink in self.loose:
            if ink.role != "furniture" and not ink.role.startswith("ruler"):
                yield ink.box
        for s, dx, dy in self.faces:
            for b in s.cover:
                yield _moved(b, dx, dy)

    def check(self, name: str, check: Callable, settings: Settings) -> list[Hit]:
        """The hits of one check on this page."""
        if not self.apart:
            return list(check(self, settings))
        if name in LOCAL:
            out: list[Hit] = []
            loose = None
            for k, (scan, _, _) in enumerate(self.faces):
                if k == self.loose_first:
                    loose = self._loose_hits(check, settings)
                    out += loose
                hits = self.parts.face_hits(scan, name, self.page)
                if hits:
                    out += [replace(h, page=self.number) for h in hits]
            if loose is None and self.loose:
                out += self._loose_hits(check, settings)
            return out
        if name == "margin" and self.inside(settings.printable):
            return self._loose_hits(check, settings)
        if name == "legend" and not any(s.legend for s, _, _ in self.faces):
            return self._loose_hits(check, settings)
        if name == "registration" and not any(s.zones for s, _, _ in self.faces):
            if not any(clear_boxes(i.role or "") for i in self.loose):
                return []
        return list(check(self, settings))

    def _loose_hits(self, check: Callable, settings: Settings) -> list[Hit]:
        if not self.loose:
            return []
        return list(check(Sheet(self.stem, self.paper, self.number, self.count, self.page, self.loose), settings))


# -- checks read element by element ------------------------------------------------------------------------
# A face's hits of these checks are put together from what each element, or each pair of elements, gives:
# an element shared by many faces (a card's frame, its stats, its actions) is compared with another once.
# Each gives exactly what its check in checks.py, colour.py gives on the face's inks.


class Summary:
    """One element of a face as the pairwise checks read it."""

    __slots__ = ("texts", "inner18", "inner25", "tbox", "strokes", "sbox", "grounds", "gbox", "centres", "cbox",
                 "pairs", "order", "marks", "short", "src")

    def __init__(self, inks: list[Ink]) -> None:
        self.texts = [i for i in inks if i.kind == "text"]
        self.inner18 = [_inner(t, 0.18) for t in self.texts]
        self.inner25 = [_inner(t, 0.25) for t in self.texts]
        self.tbox = _union(self.inner18)
        self.strokes = [i for i in inks if i.kind == "shape" and i.segments and i.role not in GROUND_ROLES]
        self.sbox = _union(i.box for i in self.strokes)
        # (position among the element's inks, ink) of each ground a text can be read against
        self.order = {id(t): n for n, t in enumerate(inks)}
        self.grounds = [(n, i) for n, i in enumerate(inks) if i.kind == "shape" and i.filled and rgb(i.colour) is not None]
        self.gbox = _union(g.box for _, g in self.grounds)
        self.centres = [((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for t in self.texts]
        self.cbox = _union((x, y, x, y) for x, y in self.centres)
        self.pairs = _text_pairs(self.inner18, self.inner18, same=True)
        self.marks = any(is_mark(i) for i in inks)
        self.short = [t for t in self.texts if len(t.text.strip()) <= 4]
        self.src = next((t.src for t in self.texts if t.src is not None), None)  # collide._face_sources


def _over(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.0 and min(a[3], b[3]) - max(a[1], b[1]) > 0.0  # scene.overlap


def _text_pairs(a: list[Box], b: list[Box], *, same: bool) -> list[tuple[int, int]]:
    """(i, j) of the texts of ``a`` and ``b`` whose inner boxes overlap (i < j within one element)."""
    out = []
    for i, x in enumerate(a):
        for j in range(i + 1 if same else 0, len(b)):
            if _over(x, b[j]):
                out.append((i, j))
    return out


def _summaries(parts: "Parts", scan: Scan) -> tuple[list[Summary], list[int]]:
    sums, eids = [], []
    for eid, inks in scan.spans:
        got = parts.summaries.get(eid)
        if got is None:
            got = parts.summaries[eid] = Summary(inks)
        sums.append(got)
        eids.append(eid)
    return sums, eids


# Each check below asks, for each element of a face that has texts, which other elements could meet them
# (their boxes touch): the element with those others, in their order, is what decides its hits, and is
# looked at once however many faces put them together.


def face_overlaps(parts: "Parts", scan: Scan, page: Page) -> list[Hit]:
    """checks.overlaps on one face: texts over texts (in its sweep's order), then texts across strokes."""
    sums, eids = _summaries(parts, scan)
    memo = parts.pair_memo
    offsets, n = [], 0
    for sm in sums:
        offsets.append(n)
        n += len(sm.texts)
    pairs: list[tuple[int, int]] = []
    crossed: list[Hit] = []
    for a, sa in enumerate(sums):
        if not sa.texts:
            continue
        after = [b for b in range(a + 1, len(sums)) if sums[b].texts and _meet(sa.tbox, sums[b].tbox)]
        key = ("over", eids[a], *[eids[b] for b in after])
        got = memo.get(key)
        if got is None:
            got = [(i, -1, j) for i, j in sa.pairs]
            for k, b in enumerate(after):
                got += [(i, k, j) for i, j in _text_pairs(sa.inner18, sums[b].inner18, same=False)]
            memo[key] = got
        for i, k, j in got:
            pairs.append((offsets[a] + i, offsets[a if k < 0 else after[k]] + j))
        # text crossed by a stroke: the first stroke in drawing order that crosses it
        lines = [b for b in range(len(sums)) if sums[b].strokes and _meet(sa.tbox, sums[b].sbox)]
        key = ("cross", eids[a], *[eids[b] for b in lines])
        got = memo.get(key)
        if got is None:
            got = memo[key] = _crossings(sa, [sums[b] for b in lines])
        crossed += got
    hits: list[Hit] = []
    if pairs:
        # as checks.overlaps' sweep meets them: by x, the later of each pair first
        texts = [t for sm in sums for t in sm.texts]
        rank = {k: r for r, k in enumerate(sorted(range(n), key=lambda k: texts[k].box[0]))}
        for i, j in sorted(pairs, key=lambda p: (max(rank[p[0]], rank[p[1]]), min(rank[p[0]], rank[p[1]]))):
            first, second = texts[min(i, j)], texts[max(i, j)]
            hits.append(Hit("overlap", second.src, f"prints {_quote(second.text)} over {_quote(first.text)}", 0))
    return hits + crossed


def _crossings(sa: Summary, others: list[Summary]) -> list[Hit]:
    out = []
    for t, inner in zip(sa.texts, sa.inner25):
        if inner[2] <= inner[0] or inner[3] <= inner[1]:
            continue
        role = next((st.role for sb in others for st in sb.strokes
                     if _over(st.box, inner) and any(crosses(seg, inner) for seg in st.segments)), None)
        if role is None:
            continue
        cls = "cut" if role in CUT_ROLES else "overlap"
        what = "a cut line" if role == "cut" else "a crop mark" if role == "crop" else "a line"
        out.append(Hit(cls, t.src, f"prints {_quote(t.text)} across {what}", 0))
    return out


def _last_ground(grounds, x: float, y: float, before: int | None = None):
    """The last of ``grounds`` ((position, ink), in drawing order) whose box holds (x, y), drawn before
    position ``before`` when given."""
    under = None
    for n, g in grounds:
        if before is not None and n >= before:
            break
        if g.box[0] <= x <= g.box[2] and g.box[1] <= y <= g.box[3]:
            under = g
    return under


def face_contrast(parts: "Parts", scan: Scan, page: Page) -> list[Hit]:
    """colour.contrast on one face: each text against the last ground drawn before it under its centre."""
    sums, eids = _summaries(parts, scan)
    memo = parts.pair_memo
    hits: list[Hit] = []
    for a, sa in enumerate(sums):
        if not sa.texts:
            continue
        below = [b for b in range(a - 1, -1, -1) if sums[b].grounds and _meet(sa.cbox, sums[b].gbox)]
        key = ("contrast", eids[a], *[eids[b] for b in below])
        got = memo.get(key)
        if got is None:
            got = memo[key] = _contrasts(sa, [sums[b] for b in below], parts.settings)
        hits += got
    return hits


def _contrasts(sa: Summary, below: list[Summary], settings: Settings) -> list[Hit]:
    out = []
    for t, (x, y) in zip(sa.texts, sa.centres):
        if rgb(t.colour) is None:
            continue
        g = _last_ground(sa.grounds, x, y, sa.order[id(t)])
        for sb in below:  # the nearest element drawn before first
            if g is not None:
                break
            g = _last_ground(sb.grounds, x, y)
        if g is None:
            continue
        meaning = any(w in g.role for w in MEANING_ROLES)
        value, vision = worst_ratio(t.colour, g.colour, meaning)
        need = settings.contrast_large if large(t.size, "bold" in t.font) else settings.contrast
        if value < need - 1e-6:
            seen = f" as a reader with {vision} sees it" if vision else ""
            out.append(Hit("contrast", t.src, f"prints {_quote(t.text)} ({t.colour} on {g.colour}) at a contrast of "
                           f"{value:.2f}:1{seen}, under the {need:g}:1 least", 0, t.text))
    return out


def face_collisions(parts: "Parts", scan: Scan, page: Page) -> list[Hit]:
    """collide.collisions on one face: its free marks, two by two, then its short labels on them."""
    sums, eids = _summaries(parts, scan)
    memo = parts.pair_memo
    holders = [b for b in range(len(sums)) if sums[b].marks]
    if not holders:
        return []
    key = ("marks", *[eids[b] for b in holders])
    got = memo.get(key)
    if got is None:
        marks = free_marks([i for b in holders for i in scan.spans[b][1]])
        got = memo[key] = (marks, mark_pairs(marks, parts.settings.clearance))
    marks, pairs = got
    hits: list[Hit] = []
    if pairs:
        face = next((sm.src for sm in sums if sm.src is not None), None)
        hits += [Hit("ink-on-ink", _mark_src(face, b), message, 0) for b, message in pairs]
    if marks:
        for a, sa in enumerate(sums):
            if sa.short:
                lkey = ("labels", eids[a], *key[1:])
                labels = memo.get(lkey)
                if labels is None:
                    labels = memo[lkey] = label_hits(sa.short, marks, 0)
                hits += labels
    return hits


BY_ELEMENT: dict[str, Callable] = {"overlap": face_overlaps, "contrast": face_contrast, "ink-on-ink": face_collisions}
