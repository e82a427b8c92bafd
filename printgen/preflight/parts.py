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
Here: the memo of a document's faces, elements and loose runs (``Parts``); a page read by them: placed.py.
"""

from __future__ import annotations

import itertools
import operator
import os
from typing import Callable

from ..draw.document import IDENTITY, Group, Page, Text
from .checks import PLACEHOLDER, Hit, Settings, Sheet, past_safe, placeholders, safe_area, small_text, too_small
from .colour import markup, markup_residue
from .info import Info
from .lone import face_clean, layout_clean
from .pairs import BY_ELEMENT, _union
from .precision import overprecise, precision
from .placed import LOCAL, PartSheet, loose_shape  # noqa: F401  (LOCAL is named here too)
from .scene import Box, Ink, _bbox, _clip, _ink, _mul, _pt, _walk, clip_points, loose_inks

_VERIFY = bool(os.environ.get("PRINTGEN_PARTS_VERIFY"))  # a test's switch: each face also checked as a whole


class Scan:
    """One face flattened at its turn with its origin at (0, 0): its inks (top-level group 0), in the
    order of its elements, and what the page-level reading needs of it (``Info``)."""

    __slots__ = ("_inks", "spans", "box", "texts", "legend", "zones", "cover", "hits", "context", "_tiled", "op",
                 "shape", "quiet")

    def __init__(self, spans: list[tuple[int, list[Ink]]], info: Info, op: Group | None = None) -> None:
        self.spans = spans  # (element number, its inks) in drawing order
        self.op = op  # the group it was read from (its texts' sources are that group's)
        self._inks: list[Ink] | None = None
        self.box, self.texts, self.legend, self.zones, self.cover = (info.box, info.texts, info.legend, info.zones,
                                                                     info.cover)
        self.hits: dict[str, list[Hit]] = {}
        self.context = None  # the pairwise checks' view of it (``_context``), made when first asked for
        self._tiled = info.tiled
        self.shape: int | None = None  # a page's loose runs: their shape's number (placed.loose_shape)
        self.quiet: bool | None = None  # did every check of LOCAL find nothing on it? (None: not all read yet)

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
PER_INK = {"placeholder", "small-text", "safe-area", "markup", "precision"}
KEPT_ALIKE = 8  # faces of one outline compared with each other by value; from this many on, looked up by hash
NONE: tuple = ()  # no hit: one empty sequence kept for every face and element that has none (fewer objects held)


def quiet(t: Ink, settings: Settings) -> bool:
    """Can none of PER_INK's checks find anything in text ink ``t``? Each check's own rule, asked: no placeholder,
    no markup, no measure to too many decimals, not too small, not past its face's safe area."""
    return (too_small(t, settings) is None and past_safe(t, settings.safe) is None
            and PLACEHOLDER.search(t.text) is None and markup_residue(t.text) is None
            and overprecise(t.text) is None)


def _SCREENED(checks: dict[str, Callable]) -> bool:
    """Are PER_INK's checks among ``checks`` the very ones ``quiet`` stands for?"""
    return all(checks.get(n, f) is f for n, f in (("placeholder", placeholders), ("small-text", small_text),
                                                   ("safe-area", safe_area), ("markup", markup),
                                                   ("precision", precision)))


class Parts:
    """The memo of one document's pages (faces, elements and loose ops by identity or value)."""

    PLACED = True  # a run of loose ops is looked up by where on the page it starts too (its inks' groups are)

    def __init__(self, stem: str, paper: str | None, checks: dict[str, Callable], settings: Settings) -> None:
        self.stem, self.paper, self.checks, self.settings = stem, paper, checks, settings
        self.per_ink = [n for n in checks if n in PER_INK]  # (in the checks' order)
        # a text none of them can find anything in is passed over without them (``quiet``), while they are
        # the checks it stands for
        self.screened = _SCREENED(checks)
        self.elements: dict[tuple, tuple] = {}
        self.turns: dict[tuple, int] = {}  # a face's turn and clip, numbered: what its elements are read at
        self.turned: dict[tuple, tuple] = {}  # a group's clip and turn (a, b, c, d) -> (its matrix, clip, turn number)
        self.count = itertools.count()
        self.element_hits: dict[int, list[tuple[str, Hit]]] = {}
        self.loose: dict[tuple, tuple] = {}
        self.boxes: dict[int, Box | None] = {}  # a loose chunk's box, by its number
        self._scans: dict[str, dict] = {}  # each document's faces (scans), by its stem
        self._flats: dict[str, dict] = {}  # each document's flatten memo, by its stem
        # a document's faces by their outline (``scan``): [(their ops, Scan)], or {ops: Scan} for many
        self.scans: dict[tuple, list | dict] = self._scans.setdefault(stem, {})
        self._by_ids: dict[str, dict] = {}  # each document's faces by their ops' identities (``scan``), by its stem
        self.by_ids: dict[tuple, tuple] = self._by_ids.setdefault(stem, {})  # -> (the ops, their Scan)
        self.summaries: dict[int, object] = {}  # pairs.Summary of each element, by its number
        self.pair_memo: dict[tuple, list] = {}
        self.flat: dict = self._flats.setdefault(stem, {})  # scene.flatten's own memo, for pages read ink by ink
        self.outside: dict[tuple, list] = {}  # a loose chunk's inks past the printable area, by (number, area)
        self.used: dict[tuple, float] = {}  # checks.used's share of a sheet, by what places its boxes
        self.clear_of: dict[tuple, bool] = {}  # is a loose run (number) clear of faces at these boxes?
        self.shapes: dict[tuple, int] = {}  # placed.loose_shape of a page's loose runs -> its number
        self.clean: set[tuple] = set()  # (check, loose runs' shape) of the pairwise checks that found nothing
        self.furniture: "Parts | None" = None  # the process's memo of footer strips (tail.Furniture), when given

    def document(self, stem: str, paper: str | None) -> None:
        """Read the pages of another document of the target (or of its next paper) with this memo: elements, loose
        runs and pairs by identity (the same ops, the same sources), each face looked up among the document's own
        faces only (faces alike by value would name another document's sources)."""
        self.stem, self.paper = stem, paper  # (what its sheets are named by; no check reads them)
        self.scans = self._scans.setdefault(stem, {})
        self.by_ids = self._by_ids.setdefault(stem, {})
        self.flat = self._flats.setdefault(stem, {})

    def scan(self, op: Group) -> Scan:
        a, b, c, d, _, _ = op.matrix
        # a face of the very ops met before (the next paper places the faces drawn for the last): looked up by their
        # identities (the entry holds the ops: no other can take their ids while this memo lives)
        ops = op.ops
        alike = (op.clip, a, b, c, d, *map(id, ops))
        got = self.by_ids.get(alike)
        if got is not None:
            return got[1]
        # else a face drawn alike by value (a deck's backs, each drawn afresh): looked up among the faces of the same
        # outline (its turn and clip, and each op's kind, a text's words: the same for faces alike) and compared by
        # value with those alone, so that a face met for the first time is not hashed op by op (a text's source is
        # never compared: the backs of two cards are one face)
        outline = (op.clip, a, b, c, d, *[x.text if type(x) is Text else type(x) for x in ops])
        bucket = self.scans.get(outline)
        got = None
        if bucket is None:
            bucket = self.scans[outline] = []
        elif type(bucket) is dict:
            got = bucket.get(ops)
        else:
            for their, scan in bucket:  # (the first alike, as a dict of the ops by value finds it)
                if their == ops:
                    got = scan
                    break
        if got is None:
            turned = self.turned.get(outline[:5])
            if turned is None:
                # as scene._walk reads Group(op.ops, (a, b, c, d, 0, 0), op.clip) from the page's origin (one matrix
                # object per turn: inking reads a face's trim through it once, by identity)
                inner = _mul(IDENTITY, (a, b, c, d, 0.0, 0.0))
                clip = None
                if op.clip:
                    clip = _clip(_bbox([_pt(inner, x, y) for x, y in clip_points(op.clip)]), None) or (0, 0, 0, 0)
                turn = self.turns.setdefault((inner, clip), len(self.turns))
                turned = self.turned[outline[:5]] = (inner, clip, turn)
            inner, clip, turn = turned
            spans, infos = [], []
            elements = self.elements
            for child in op.ops:
                if type(child) is Text:
                    # a text alone: most often the face's own (a card's name, its stamp), read for it and kept in
                    # no memo (the fewer objects kept, the less the collector walks)
                    if clip is None:  # (scene._into's reading of it, without its loop: an ink unless blank)
                        ink = _ink(child, inner, 1, 0)
                        box = ink.box if ink is not None else None
                        inks = [ink] if box is not None and (box[2] - box[0] > 0 or box[3] - box[1] > 0) else []
                    else:
                        inks = _walk([(child, inner, clip, 1, 0)])
                    spans.append((next(self.count), inks))
                    infos.append(Info.of(inks))
                    continue
                # an element by identity (the layout places one drawn alike again as the same ops): its texts'
                # sources are its own, as flatten gives them
                ekey = (id(child), turn)
                hit = elements.get(ekey)
                if hit is None or hit[0] is not child:
                    inks = _walk([(child, inner, clip, 1, 0)])
                    # (the op, its Info, its span: a number of its own, what the element memos are keyed by, and
                    # its inks)
                    hit = elements[ekey] = (child, Info.of(inks), (next(self.count), inks))
                spans.append(hit[2])
                infos.append(hit[1])
            got = Scan(spans, Info.joined(infos), op)
            if type(bucket) is dict:
                bucket[ops] = got
            else:
                bucket.append((ops, got))
                if len(bucket) >= KEPT_ALIKE:  # (many faces of one outline: looked up by value from now on)
                    self.scans[outline] = dict(bucket)
        self.by_ids[alike] = (ops, got)
        return got

    def loose_scan(self, chunks: list[tuple[int, list]]) -> Scan:
        """A page's loose ops (``chunks``: (index of the first, ops)) read as a face whose elements are the chunks."""
        return self.scan_of(self.loose_runs(chunks))

    def loose_runs(self, chunks: list[tuple[int, list]]) -> list[list]:
        """Each chunk of loose ops as [its ops, its inks, its Info (None until asked for), its number, its span
        and its shape (pairs.run_shape; both None until asked for)]: a page whose loose ops meet its faces reads
        them ink by ink and asks no Info of them."""
        runs = []
        placed = self.PLACED
        for start, ops in chunks:
            key = (start, len(ops), id(ops[0])) if placed else (len(ops), id(ops[0]))
            got = self.loose.get(key)
            if got is None or not all(map(operator.is_, ops, got[0])):
                inks = loose_inks(ops, start)  # (each op its own top-level group, as flatten has it)
                got = self.loose[key] = [tuple(ops), inks, None, next(self.count), None, None]
                # (its box: the union of its inks', as Info.of gives it)
                self.boxes[got[3]] = _union([i.box for i in inks]) if inks else None
            runs.append(got)
        return runs

    def scan_of(self, runs: list[list]) -> Scan:
        """The loose runs read as a face whose elements are the runs."""
        spans, infos = [], []
        for run in runs:
            if run[2] is None:  # (what a run gives is kept with it: the next sheet places the same runs again)
                run[2] = Info.of(run[1])
                run[4] = (run[3], run[1])
            spans.append(run[4])
            infos.append(run[2])
        scan = Scan(spans, Info.joined(infos, reduce=False))  # (loose marks lie apart: nothing to reduce)
        scan.shape = self.shapes.setdefault(loose_shape(runs), len(self.shapes))  # (its number: hashed once)
        return scan

    def face_hits(self, scan: Scan, name: str, page: Page) -> list[Hit]:
        """The hits of check ``name`` on a face looked at alone (page 0)."""
        got = scan.hits.get(name)
        if got is None:
            check = self.checks[name]
            if name in BY_ELEMENT:
                shape = scan.shape
                hits = scan.hits
                if shape is not None and (name, shape) in self.clean:
                    got = NONE  # (loose runs read alike before, with no hit: see placed.loose_shape)
                elif shape is None and scan.context is None and all(n not in hits for n in BY_ELEMENT) and \
                        face_clean(self, scan):
                    # (a face of a layout found clean, whose lone texts meet nothing: preflight/lone.py)
                    for n in BY_ELEMENT:
                        if _VERIFY and n in self.checks:
                            assert not list(self.checks[n](self._sheet(page, scan.inks), self.settings)), n
                        hits[n] = NONE
                    return NONE
                else:
                    got = BY_ELEMENT[name](self, scan, page)
                    if shape is not None and not got:
                        self.clean.add((name, shape))
                if _VERIFY:
                    whole = list(check(self._sheet(page, scan.inks), self.settings))
                    assert list(got) == whole, (name, got, whole)
                if scan.context is not None and sum(n in hits for n in BY_ELEMENT) == len(BY_ELEMENT) - 1:
                    # every pairwise check read: what they read of the face (its own texts' summaries above
                    # all) is let go, not kept for the collector to walk again and again
                    if not got and not any(hits[n] for n in BY_ELEMENT if n in hits):
                        layout_clean(scan.context)  # (none found anything: its layout's elements are clean)
                    scan.context = None
            elif name in PER_INK:
                # every check of an ink alone at once, element by element
                names = self.per_ink
                found: dict[str, list[Hit]] = {}
                element_hits = self.element_hits
                screened, settings = self.screened, self.settings
                for eid, inks in scan.spans:
                    hits = element_hits.get(eid)
                    if hits is None:
                        # (each of PER_INK reads texts alone: an element without one, or whose every text is
                        # quiet, has no hit)
                        texts = [i for i in inks if i.kind == "text"]
                        if screened:
                            texts = [t for t in texts if not quiet(t, settings)]
                        if texts:
                            sheet = self._sheet(page, inks)  # (one for the four: its texts listed once)
                            hits = [(n, h) for n in names for h in self.checks[n](sheet, settings)]
                        else:
                            hits = []
                        hits = element_hits[eid] = hits or NONE
                    for n, h in hits:
                        found.setdefault(n, []).append(h)
                held = scan.hits
                for n in names:
                    held[n] = found.get(n, NONE)
                got = held[name]
            else:
                got = list(check(self._sheet(page, scan.inks), self.settings))
            scan.hits[name] = got or NONE
        return got

    def _sheet(self, page: Page, inks: list[Ink]) -> Sheet:
        return Sheet(self.stem, self.paper, 0, 0, page, inks)

    def sheet(self, page: Page, number: int, count: int) -> PartSheet:
        return PartSheet(self, page, number, count)
