"""A sheet of faces read by its parts (``PartSheet``): each face placed at its slot, as preflight/parts.py has read
it, and the sheet's loose ops (crop marks, rulers, 'page x of y') as runs; whether its faces and loose runs lie
apart (else the page is read ink by ink), and each check's hits put together from the parts' hits; and what the
pairwise checks read of a page's loose runs (``loose_shape``: a page shaped like a clean one is clean).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from ..draw.document import IDENTITY, Group, Page
from .checks import Hit, Settings, Sheet, _share, margin_hits, margins, outside
from .pairs import _meet, _union
from .scene import Box, Ink, _walk, loose_inks
from .scene import _moved as _shift
from .strip import SPLIT_PAGES, _clear, _has_marks, _plan, _strip_start

# checks whose hits on a page are their hits on each face looked at alone plus those on the loose inks
# (checks.py, colour.py, collide.py). Another class joins by being added here (a check that reads the page's
# size or a face's place on it must not).
LOCAL = {"placeholder", "small-text", "overlap", "safe-area", "markup", "contrast", "ink-on-ink", "precision"}


def _moved(b: Box, dx: float, dy: float) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)  # as scene._moved moves an ink's box


def loose_shape(runs: list[list]) -> tuple:
    """What the pairwise checks (pairs.BY_ELEMENT) read of a page's loose runs, whether they find anything: each
    run's number, but a run of one text (a sheet's 'page x of y', new on every page) by what places it: its box,
    size, font, colour, role, group and face (and its words where it is a short label, which collide.label_hits
    measures). Whether a text meets another, crosses a line, stands out from its ground or overflows a badge
    hangs on these alone: a page whose loose runs have the shape of a page found clean is clean (its hits,
    when there are any, name its own texts, and are worked out afresh)."""
    out = []
    for run in runs:
        got = run[5]
        if got is None:
            inks = run[1]
            if len(inks) == 1 and inks[0].kind == "text":
                t = inks[0]
                short = len(t.text.strip()) <= 4
                got = (t.box, t.size, t.font, t.colour, t.role, t.group, t.depth, t.face, t.text if short else None)
            else:
                got = run[3]
            run[5] = got  # (kept with the run: the next sheet places it again)
        out.append(got)
    return tuple(out)


class PartSheet(Sheet):
    """A page read by its parts (its ``inks``, every one as scene.flatten gives them, only when asked for)."""

    def __init__(self, parts: "Parts", page: Page, number: int, count: int, split: bool = True) -> None:
        self._inks = None
        Sheet.__init__(self, parts.stem, parts.paper, number, count, page, None)  # type: ignore[arg-type]
        self.parts = parts
        # its footer strip (the print-at-100 % line, the rulers, 'page x of y': preflight/tail.py), read apart
        # through the memo of strips kept for the process where it meets nothing else (``_strip``)
        self.strip: "Scan | None" = None
        self.strip_at: int | None = None
        split = split and parts.furniture is not None
        chunks, start = self._read(page.ops, split)
        if start is not None:
            if not self.apart:  # (its parts meet: every check reads the page whole, its strip flattened there)
                self.strip_at = start
                return
            self._strip(start, [c for c in chunks if c[0] >= start])
            if self.strip is None:  # (the strip meets the rest of the page or holds what is read page-wide: the
                self._read(page.ops, False)  # page read as one without a strip read apart)

    def _read(self, ops, split: bool) -> tuple[list[tuple[int, list]], int | None]:
        """Read the page's faces and its loose ops (but its footer strip's, when ``split`` and it has one): its
        loose ops as chunks, and where its strip starts (tail.strip_start's index, found in the same pass: the
        first furniture text of the page's last run of loose furniture), or None."""
        parts = self.parts
        # where its faces and chunks of loose ops lie (``_plan``), looked up by the kinds of its ops in order: a
        # deck's sheets place their faces, crop marks, rulers and texts alike, page after page
        kinds = tuple(map(type, ops))
        plans = parts.__dict__.setdefault("_plans", {})
        plan = plans.get(kinds)
        if plan is None:
            if len(plans) > 256:
                plans.clear()
            plan = plans[kinds] = _plan(kinds)
        at, spans, first, last = plan
        scan = parts.scan
        self.faces: list[tuple["Scan", float, float]] = [(scan(op), op.matrix[4], op.matrix[5])
                                                          for op in map(ops.__getitem__, at)]
        # the loose ops, as (index of the first, ops): a text alone, shapes in a row
        chunks: list[tuple[int, list]] = [(i, ops[i:j]) for i, j in spans]
        start = None
        if split and chunks:
            # a document's pages that end alike (the same last op at the same place: a long deck's sheets) are
            # read with their strips apart for the first few; then the strip's runs are read once more among the
            # loose runs and looked up there, page after page (cheaper than a strip of its own on each)
            key = (chunks[-1][0], id(chunks[-1][1][0]))
            seen = parts.__dict__.setdefault("_split_pages", {})
            n = seen.get(key, 0)
            if n < SPLIT_PAGES:
                seen[key] = n + 1
                start = _strip_start(chunks, last, parts.furniture)
        all_chunks = chunks
        if start is not None:
            chunks = [c for c in chunks if c[0] < start]
            if chunks and chunks[-1][0] + len(chunks[-1][1]) > start:
                start, chunks = None, all_chunks  # (a run of shapes goes on into the strip: read as one)
        self.loose_first = first
        # the loose ops as one more face: each chunk an element (a sheet's crop marks and rulers, the same
        # ops on every page, are looked at once), each op its own top-level group as flatten has it. A page
        # whose faces meet each other is read ink by ink: its loose ops are not read as parts at all.
        self.loose_scan: "Scan | None" = None
        self._loose: list[Ink] | None = None
        self.__dict__.pop("_any", None)  # (``_inked``: worked out afresh for a page read again)
        self._runs: list[list] | None = None
        self.apart = self._faces_apart()
        if self.apart:
            self._runs = runs = parts.loose_runs(chunks)
            self.apart = self._loose_apart()
            if self.apart:  # (else every check reads the page ink by ink: no Info of the runs is asked for)
                self.loose_scan = parts.scan_of(runs)
        return all_chunks, start

    def _strip(self, start: int, chunks: list[tuple[int, list]]) -> None:
        """Read the ops from ``start`` on (the footer strip) through the furniture memo, where the strip and the
        rest of the page share no point (touching counts as meeting), and it holds no legend, registration mark,
        tile trim line, nor any mark a check of pairs or a seam reads: then no check's hits on the rest hang on
        it, and the strip's own are what it finds alone (each check with hits on the strip reads the page as
        before: ``_unsplit``)."""
        furniture = self.parts.furniture
        strip = furniture.loose_scan(chunks)
        if strip.legend or strip.zones or strip.tiled or furniture.marked(strip) or _has_marks(furniture, strip):
            return
        box = strip.box
        if box is not None:
            boxes_of = self.parts.boxes
            rest = _union([_moved(s.box, dx, dy) for s, dx, dy in self.faces if s.box]
                          + [boxes_of[run[3]] for run in self._runs if boxes_of[run[3]] is not None])
            if rest is not None and not (box[2] < rest[0] or rest[2] < box[0] or box[3] < rest[1]
                                         or rest[3] < box[1]):
                return
        self.strip, self.strip_at = strip, start

    def _unsplit(self) -> "PartSheet":
        """This page read with its strip among its loose runs, as a page whose strip is not read apart."""
        got = self.__dict__.get("_whole_sheet")
        if got is None:
            got = self.__dict__["_whole_sheet"] = PartSheet(self.parts, self.page, self.number, self.count,
                                                           split=False)
        return got

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
            if self.loose is None or (self.strip_at is not None and i >= self.strip_at):  # (flattened here)
                out += loose_inks((op,), i)
                continue
            while pending is not None and pending.group == i:
                out.append(pending)
                pending = next(loose, None)
        return out

    @inks.setter
    def inks(self, value) -> None:
        self._inks = value

    @property
    def loose(self) -> list[Ink] | None:
        """The loose ops' inks, in drawing order (None where they were not read as runs: the page meets itself)."""
        runs = self._runs
        if runs is None:
            return None
        got = self._loose
        if got is None:  # (listed when first asked for: most sheets' checks read their runs, not this list)
            got = self._loose = [ink for run in runs for ink in run[1]]
        return got

    def _inked(self) -> bool:
        """Do its loose ops ink anything (``loose`` not empty)? Worked out once."""
        got = self.__dict__.get("_any")
        if got is None:
            runs = self._runs
            got = self.__dict__["_any"] = runs is not None and any(run[1] for run in runs)
        return got

    def _faces_apart(self) -> bool:
        """Is each face's text clear of every other face? Looked up for faces placed alike before (a deck's sheets of
        backs: the one back at the same places, page after page)."""
        key = tuple(self.faces)
        memo = self.parts.__dict__.setdefault("_faces_apart", {})
        got = memo.get(key)
        if got is None:
            if len(memo) > 4096:
                memo.clear()
            got = memo[key] = self._apart_faces()
        return got

    def _apart_faces(self) -> bool:
        boxes = [(_moved(s.box, dx, dy) if s.box else None, _moved(s.texts, dx, dy) if s.texts else None)
                 for s, dx, dy in self.faces]
        for k, (_, texts) in enumerate(boxes):
            if texts is None:
                continue
            x0, y0, x1, y1 = texts
            for j, (box, _) in enumerate(boxes):
                # (``_meet`` written out: touching counts)
                if j != k and box is not None and x0 <= box[2] and box[0] <= x1 and y0 <= box[3] and box[1] <= y1:
                    return False
        return True

    def _loose_apart(self) -> bool:
        """Are the faces (apart from each other) clear of the loose inks too?"""
        # a loose ink reaching into a face's box (a crop mark, the furniture) could meet its inks: those
        # near the faces at all are compared with each. What a run of several inks gives is kept for the faces'
        # boxes (the next sheet of the deck places its faces alike, and its crop marks and rulers again)
        faces = tuple([_moved(s.box, dx, dy) for s, dx, dy in self.faces if s.box])
        grid = _union(faces)
        boxes_of = self.parts.boxes
        memo = self.parts.clear_of
        for _, inks, _, eid, _, _ in self._runs:
            if not _meet(grid, boxes_of[eid]):
                continue
            if len(inks) > 1:
                key = (eid, faces)
                got = memo.get(key)
                if got is None:
                    got = memo[key] = _clear(inks, grid, faces)
            else:
                got = _clear(inks, grid, faces)
            if not got:
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

    def used_share(self, cell: float) -> float | None:
        """checks.used's share of this page, looked up by what places its boxes (the loose runs that count as use,
        each face's cover and place): a deck's sheets use the same boxes page after page. None: not at hand."""
        if self._inks is not None or self._runs is None or not self.apart:
            return None
        if self.loose_scan is None:
            self.loose_scan = self.parts.scan_of(self._runs)
        page = self.page
        strip = self.strip
        key = (page.width, page.height, cell, tuple([run[3] for run in self._runs if run[2].use]),
               tuple([(tuple(s.cover), dx, dy) for s, dx, dy in self.faces]),
               None if strip is None else tuple(strip.cover))
        memo = self.parts.used
        got = memo.get(key)
        if got is None:
            got = memo[key] = _share(page.width, page.height, tuple(self.used_boxes()), cell)
        return got

    def used_boxes(self) -> Iterable[Box]:
        if self._inks is not None or self._runs is None or not self.apart:
            yield from Sheet.used_boxes(self)
            return
        if self.loose_scan is None:
            self.loose_scan = self.parts.scan_of(self._runs)
        yield from self.loose_scan.cover
        if self.strip is not None:  # (a strip's boxes are its boxes wherever it stands)
            yield from self.strip.cover
        for s, dx, dy in self.faces:
            for b in s.cover:
                yield _moved(b, dx, dy)

    def check(self, name: str, check: Callable, settings: Settings) -> list[Hit]:
        """The hits of one check on this page."""
        if not self.apart:
            return list(check(self, settings))
        strip = self.strip
        if strip is not None:
            if name in LOCAL and self.parts.furniture.face_hits(strip, name, self.page):
                return self._unsplit().check(name, check, settings)  # (the strip's hits among the loose runs')
            if (name == "margin" and self._strip_outside(settings)) or (name == "legend" and self.loose_scan.legend):
                return self._unsplit().check(name, check, settings)  # (read with the strip's inks, as before)
        if name in LOCAL:
            if self._faces_quiet():  # (only the loose runs' hits, if any)
                return self._loose_hits(check, settings, name) if self._inked() else []
            out: list[Hit] = []
            loose = None
            face_hits, first, page, number = self.parts.face_hits, self.loose_first, self.page, self.number
            for k, (scan, _, _) in enumerate(self.faces):
                if k == first:
                    loose = self._loose_hits(check, settings, name)
                    out += loose
                hits = scan.hits.get(name)  # (a face met before: its hits at hand, without the call)
                if hits is None:
                    hits = face_hits(scan, name, page)
                if hits:
                    out += [replace(h, page=number) for h in hits]
            if loose is None and self._inked():
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

    def _faces_quiet(self) -> bool:
        """Has every check of LOCAL found nothing on any of its faces (each face read by all of them before: the
        next paper's sheets of the faces read for the last)? Known once per face."""
        if self.__dict__.get("_quiet"):
            return True
        names = self.parts.__dict__.get("_local")
        if names is None:
            names = self.parts.__dict__["_local"] = [n for n in self.parts.checks if n in LOCAL]
        for s, _, _ in self.faces:
            quiet = s.quiet
            if quiet is None:
                hits = s.hits
                if not all(n in hits for n in names):
                    return False  # (not read by all of them yet: asked again at the next check)
                quiet = s.quiet = not any(hits[n] for n in names)
            if not quiet:
                return False
        self.__dict__["_quiet"] = True
        return True

    def _strip_outside(self, settings: Settings) -> bool:
        """Does any ink of the strip reach past the printable area (checks.outside)? Each run asked once."""
        m = settings.printable
        area = (m, m, self.page.width - m, self.page.height - m)
        memo = self.parts.furniture.outside
        for eid, inks in self.strip.spans:
            got = memo.get((eid, area))
            if got is None:
                got = memo[(eid, area)] = outside(inks, area)
            if got:
                return True
        return False

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
        if not self._inked():
            return []
        if name is not None:  # a check of LOCAL: the loose ops read as a face (page 0 there)
            hits = self.parts.face_hits(self.loose_scan, name, self.page)
            return [replace(h, page=self.number) for h in hits] if hits else []
        return list(check(Sheet(self.stem, self.paper, self.number, self.count, self.page, self.loose), settings))
