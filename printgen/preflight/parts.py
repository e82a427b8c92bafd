"""A document's pages read by their parts, so a deck of a thousand cards is looked at face by face, not ink by ink.

A sheet of cards is a few top-level groups (the faces, each moved to its slot) and loose ops (crop marks,
the furniture). ``scene.flatten`` gives every ink of every page; here instead

- each face is flattened once however often it is placed (by value: two cards drawn alike are one face,
  as ``flatten``'s memo has it), each of its elements once however many faces share it (the layout places
  an element drawn alike on many cards as the very same ops, layout/face.py), at the face's own origin;
- a check that looks at a face on its own (``LOCAL``: a text's size, a text over a text of its face, an
  icon on a badge...) runs once per distinct face, and its hits are those of every place the face is put;
- what depends on where a face sits (the margins, a legend, a registration mark's clear ground, how much
  of the page is used) is read from the face's boxes, moved to its slot;
- the loose ops are read as one more face whose elements are runs of shapes and single texts (a sheet's
  crop marks and rulers are the same ops on every page: looked at once).

Checks of pairs (a text over a text, on its ground, an icon on a badge) are put together element by
element (preflight/pairs.py).

That is exact while no ink of one part can meet another part's: each face's texts are clear of every other
part's inks (boxes apart, touching counts as meeting), and no face reaches beyond the printable area. A page
where that does not hold, and any check not known to be local, is looked at ink by ink as before, from the
same inks ``flatten`` gives. Hits come part by part (a face's in its own order), so among hits alike the
first one named may be another face's than a page-wide order would name; where each is located is the same.
"""

from __future__ import annotations

import itertools
import operator
import os
from dataclasses import replace
from typing import Callable, Iterable

from ..draw.document import IDENTITY, Group, Page, Text
from .checks import Hit, Settings, Sheet, margin_hits, margins, outside
from .info import Info
from .pairs import BY_ELEMENT, _meet, _union, loose_shape
from .scene import Box, Ink, _bbox, _clip, _mul, _pt, _walk, clip_points, loose_inks
from .scene import _moved as _shift

# checks whose hits on a page are their hits on each face looked at alone plus those on the loose inks
# (checks.py, colour.py, collide.py). Another class joins by being added here (a check that reads the page's
# size or a face's place on it must not).
LOCAL = {"placeholder", "small-text", "overlap", "safe-area", "markup", "contrast", "ink-on-ink"}
_VERIFY = bool(os.environ.get("PRINTGEN_PARTS_VERIFY"))  # a test's switch: each face also checked as a whole


def _moved(b: Box, dx: float, dy: float) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)  # as scene._moved moves an ink's box


class Scan:
    """One face flattened at its turn with its origin at (0, 0): its inks (top-level group 0), in the
    order of its elements, and what the page-level reading needs of it (``Info``)."""

    __slots__ = ("_inks", "spans", "box", "texts", "legend", "zones", "cover", "hits", "context", "_tiled", "op",
                 "shape")

    def __init__(self, spans: list[tuple[int, list[Ink]]], info: Info, op: Group | None = None) -> None:
        self.spans = spans  # (element number, its inks) in drawing order
        self.op = op  # the group it was read from (its texts' sources are that group's)
        self._inks: list[Ink] | None = None
        self.box, self.texts, self.legend, self.zones, self.cover = (info.box, info.texts, info.legend, info.zones,
                                                                     info.cover)
        self.hits: dict[str, list[Hit]] = {}
        self.context = None  # the pairwise checks' view of it (``_context``), made when first asked for
        self._tiled = info.tiled
        self.shape: tuple | None = None  # a page's loose runs: what their pairwise checks read (pairs.loose_shape)

    @property
    def tiled(self) -> bool:
        """Does it draw a tile's trim line (draw.measure.TILE_ROLES)? Its elements' Info say."""
        return self._tiled

    @property
    def inks(self) -> list[Ink]:
        if self._inks is None:
            self._inks = [ink for _, inks in self.spans for ink in inks]
        return self._inks


# checks that judge each text alone: a face's hits are its elements' hits, each element looked at once
PER_INK = {"placeholder", "small-text", "safe-area", "markup"}


class Parts:
    """The memo of one document's pages (faces, elements and loose ops by identity or value)."""

    PLACED = True  # a run of loose ops is looked up by where on the page it starts too (its inks' groups are)

    def __init__(self, stem: str, paper: str | None, checks: dict[str, Callable], settings: Settings) -> None:
        self.stem, self.paper, self.checks, self.settings = stem, paper, checks, settings
        self.ids: dict[int, tuple[object, int]] = {}  # id(op) -> (op, its number by value)
        self.values: dict[object, int] = {}
        self.elements: dict[tuple, tuple] = {}
        self.turns: dict[tuple, int] = {}  # a face's turn and clip, numbered: what its elements are read at
        self.count = itertools.count()
        self.element_hits: dict[int, list[tuple[str, Hit]]] = {}
        self.loose: dict[tuple, tuple] = {}
        self.boxes: dict[int, Box | None] = {}  # a loose chunk's box, by its number
        self.scans: dict[tuple, Scan] = {}
        self.summaries: dict[int, object] = {}  # pairs.Summary of each element, by its number
        self.pair_memo: dict[tuple, list] = {}
        self.flat: dict = {}  # scene.flatten's own memo, for pages read ink by ink
        self.outside: dict[tuple, list] = {}  # a loose chunk's inks past the printable area, by (number, area)
        self.clean: set[tuple] = set()  # (check, loose runs' shape) of the pairwise checks that found nothing

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
            turn = self.turns.setdefault((inner, clip), len(self.turns))
            for child in op.ops:
                # an element by identity (the layout places one drawn alike again as the same ops): its texts'
                # sources are its own, as flatten gives them
                ekey = (id(child), turn)
                hit = self.elements.get(ekey)
                if hit is None or hit[0] is not child:
                    inks = _walk([(child, inner, clip, 1, 0)])
                    # (the op, its inks, their Info, a number of its own: what the element memos are keyed by)
                    hit = self.elements[ekey] = (child, inks, Info.of(inks), next(self.count))
                spans.append((hit[3], hit[1]))
                infos.append(hit[2])
            got = self.scans[key] = Scan(spans, Info.joined(infos), op)
        return got

    def loose_scan(self, chunks: list[tuple[int, list]]) -> Scan:
        """A page's loose ops (``chunks``: (index of the first, ops)) read as a face whose elements are the chunks."""
        return self.scan_of(self.loose_runs(chunks))

    def loose_runs(self, chunks: list[tuple[int, list]]) -> list[list]:
        """Each chunk of loose ops as [its ops, its inks, its Info (None until asked for), its number]: a page
        whose loose ops meet its faces reads them ink by ink and asks no Info of them."""
        runs = []
        placed = self.PLACED
        for start, ops in chunks:
            key = (start, len(ops), id(ops[0])) if placed else (len(ops), id(ops[0]))
            got = self.loose.get(key)
            if got is None or not all(map(operator.is_, ops, got[0])):
                inks = loose_inks(ops, start)  # (each op its own top-level group, as flatten has it)
                got = self.loose[key] = [tuple(ops), inks, None, next(self.count)]
                # (its box: the union of its inks', as Info.of gives it)
                self.boxes[got[3]] = _union([i.box for i in inks]) if inks else None
            runs.append(got)
        return runs

    def scan_of(self, runs: list[list]) -> Scan:
        """The loose runs read as a face whose elements are the runs."""
        spans, infos = [], []
        for run in runs:
            if run[2] is None:
                run[2] = Info.of(run[1])
            spans.append((run[3], run[1]))
            infos.append(run[2])
        scan = Scan(spans, Info.joined(infos, reduce=False))  # (loose marks lie apart: nothing to reduce)
        scan.shape = loose_shape(runs)
        return scan

    def face_hits(self, scan: Scan, name: str, page: Page) -> list[Hit]:
        """The hits of check ``name`` on a face looked at alone (page 0)."""
        got = scan.hits.get(name)
        if got is None:
            check = self.checks[name]
            if name in BY_ELEMENT:
                shape = scan.shape
                if shape is not None and (name, shape) in self.clean:
                    got = []  # (loose runs read alike before, with no hit: see pairs.loose_shape)
                else:
                    got = BY_ELEMENT[name](self, scan, page)
                    if shape is not None and not got:
                        self.clean.add((name, shape))
                if _VERIFY:
                    whole = list(check(self._sheet(page, scan.inks), self.settings))
                    assert got == whole, (name, got, whole)
            elif name in PER_INK:
                # every check of an ink alone at once, element by element
                names = [n for n in self.checks if n in PER_INK]
                found: dict[str, list[Hit]] = {n: [] for n in names}
                for eid, inks in scan.spans:
                    hits = self.element_hits.get(eid)
                    if hits is None:
                        # (each of PER_INK reads texts alone: an element without one has no hit)
                        sheet = self._sheet(page, inks) if any(i.kind == "text" for i in inks) else None
                        hits = self.element_hits[eid] = [] if sheet is None else [
                            (n, h) for n in names for h in self.checks[n](sheet, self.settings)]
                    for n, h in hits:
                        found[n].append(h)
                scan.hits.update(found)
                got = found[name]
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
        chunks: list[tuple[int, list]] = []  # the loose ops, as (index of the first, ops): a text alone, shapes in a row
        self.loose_first = None  # where the loose inks' hits go among the faces'
        alone = True
        for i, op in enumerate(page.ops):
            if isinstance(op, Group):
                self.faces.append((parts.scan(op), op.matrix[4], op.matrix[5]))
                alone = True
                continue
            if self.loose_first is None:
                self.loose_first = len(self.faces)
            if alone or isinstance(op, Text):
                chunks.append((i, [op]))
            else:
                chunks[-1][1].append(op)
            alone = isinstance(op, Text)
        # the loose ops as one more face: each chunk an element (a sheet's crop marks and rulers, the same
        # ops on every page, are looked at once), each op its own top-level group as flatten has it. A page
        # whose faces meet each other is read ink by ink: its loose ops are not read as parts at all.
        self.loose_scan: Scan | None = None
        self.loose: list[Ink] | None = None
        self._runs: list[list] | None = None
        self.apart = self._faces_apart()
        if self.apart:
            self._runs = runs = parts.loose_runs(chunks)
            self.loose = [ink for run in runs for ink in run[1]]
            self.apart = self._loose_apart()
            if self.apart:  # (else every check reads the page ink by ink: no Info of the runs is asked for)
                self.loose_scan = parts.scan_of(runs)

    @property
    def inks(self) -> list[Ink]:  # type: ignore[override]
        if self._inks is None:
            self._inks = self._whole()
        return self._inks

    def _whole(self) -> list[Ink]:
        """``flatten(self.page, self.parts.flat)``, from what the parts have read already: a face read from this
        very group is the group flattened (each element walked as flatten's walk reaches it), and the loose
        ops' inks are theirs (each its own top-level group). A face read from another group drawn alike is
        not (its texts' sources are the other's): that group is walked, as flatten walks it."""
        faces = self.parts.flat
        out: list[Ink] = []
        loose = iter(self.loose or ())  # (in drawing order, each ink's group the index of its op)
        pending = next(loose, None)
        placed = iter(self.faces)
        for i, op in enumerate(self.page.ops):
            if isinstance(op, Group):
                scan = next(placed)[0]
                a, b, c, d, e, f = op.matrix
                key = (op.ops, op.clip, a, b, c, d)
                local = faces.get(key)
                if local is None:
                    local = faces[key] = scan.inks if scan.op is op else _walk(
                        [(Group(op.ops, (a, b, c, d, 0.0, 0.0), op.clip), IDENTITY, None, 0, 0)])
                out += [_shift(ink, e, f, i) for ink in local]
                continue
            if self.loose is None:  # (not read as parts: flattened here)
                out += loose_inks((op,), i)
                continue
            while pending is not None and pending.group == i:
                out.append(pending)
                pending = next(loose, None)
        return out

    @inks.setter
    def inks(self, value) -> None:
        self._inks = value

    def _faces_apart(self) -> bool:
        """Is each face's text clear of every other face?"""
        boxes = [(_moved(s.box, dx, dy) if s.box else None, _moved(s.texts, dx, dy) if s.texts else None)
                 for s, dx, dy in self.faces]
        for k, (_, texts) in enumerate(boxes):
            if texts is None:
                continue
            if any(j != k and _meet(texts, box) for j, (box, _) in enumerate(boxes)):
                return False
        return True

    def _loose_apart(self) -> bool:
        """Are the faces (apart from each other) clear of the loose inks too?"""
        # a loose ink reaching into a face's box (a crop mark, the furniture) could meet its inks: those
        # near the faces at all are compared with each
        faces = [_moved(s.box, dx, dy) for s, dx, dy in self.faces if s.box]
        grid = _union(faces)
        boxes_of = self.parts.boxes
        for _, inks, _, eid in self._runs:
            if not _meet(grid, boxes_of[eid]):
                continue
            for ink in inks:
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
        if self._inks is not None or self._runs is None:
            yield from Sheet.used_boxes(self)
            return
        if self.loose_scan is None:
            self.loose_scan = self.parts.scan_of(self._runs)
        yield from self.loose_scan.cover
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
            face_hits = self.parts.face_hits
            for k, (scan, _, _) in enumerate(self.faces):
                if k == self.loose_first:
                    loose = self._loose_hits(check, settings, name)
                    out += loose
                hits = scan.hits.get(name)  # (a face met before: its hits at hand, without the call)
                if hits is None:
                    hits = face_hits(scan, name, self.page)
                if hits:
                    out += [replace(h, page=self.number) for h in hits]
            if loose is None and self.loose:
                out += self._loose_hits(check, settings, name)
            return out
        if name == "margin" and self.inside(settings.printable):
            return self._loose_margins(settings) if check is margins else self._loose_hits(check, settings)
        if name == "legend" and not any(s.legend for s, _, _ in self.faces):
            # (no legend's role among the loose inks either: a legend check finds nothing to read)
            return self._loose_hits(check, settings) if self.loose_scan.legend else []
        if name == "registration" and not any(s.zones for s, _, _ in self.faces):
            if not self.loose_scan.zones:
                return []
        if name == "seam" and not self._tiled():
            return []  # no tile trim line on the page: nothing a seam could cut (and no whole page to flatten)
        return list(check(self, settings))

    def _tiled(self) -> bool:
        """Does a tile's trim line (a tiled map's, draw.measure.TILE_ROLES) lie on this page?"""
        return self.loose_scan.tiled or any(s.tiled for s, _, _ in self.faces)

    def _loose_margins(self, settings: Settings) -> list[Hit]:
        """checks.margins on the loose inks, each chunk's inks past the area found once for the document (a
        sheet's crop marks and rulers are the same ops on every page)."""
        m = settings.printable
        area = (m, m, self.page.width - m, self.page.height - m)
        memo = self.parts.outside
        found = []
        for eid, inks in self.loose_scan.spans:
            got = memo.get((eid, area))
            if got is None:
                got = memo[(eid, area)] = outside(inks, area)
            found += got
        return margin_hits(found, m, self.number)

    def _loose_hits(self, check: Callable, settings: Settings, name: str | None = None) -> list[Hit]:
        if not self.loose:
            return []
        if name is not None:  # a check of LOCAL: the loose ops read as a face (page 0 there)
            hits = self.parts.face_hits(self.loose_scan, name, self.page)
            return [replace(h, page=self.number) for h in hits] if hits else []
        return list(check(Sheet(self.stem, self.paper, self.number, self.count, self.page, self.loose), settings))
