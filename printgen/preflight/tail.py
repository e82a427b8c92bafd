"""A page read ink by ink (a map's, a track's, a scenario's) whose footer strip is read once per layout.

Every page ends with its furniture (render/page.py): the print-at-100 % line, two calibration rulers (some
seventy ticks, the very same ops on every page of a size), the game's name and "page x of y". A page read ink
by ink would flatten and check those again on every page. Here the page is read as its content (the ops
before the strip, flattened and checked as any page) and its strip, whose runs of ops are looked up by
identity in a memo kept for the process (``Furniture``, a ``parts.Parts`` whose loose runs are keyed by their
ops alone): the rulers are read once, and a check of pairs pairs each run with the others once
(preflight/pairs.py).

That is exact while the two cannot meet: the strip's box and the content's box share no point (touching
counts as meeting), so no text of one lies over, across, or on a ground of the other; and the strip holds no
legend, no registration mark, no tile trim line and no marker a trim line could cut. A check whose hits on
the strip are not empty (the corpus prints its ruler past the margin), and every check of a page where the
two meet, reads the whole page's inks, as ``scene.flatten`` gives them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from ..draw.document import Group, Page, Poly, Text
from ..draw.measure import TILE_ROLES
from .bulk import box_array, np
from .checks import Hit, Settings, Sheet, outside, used_rows_of
from .parts import LOCAL, PER_INK, Parts, Scan
from .registration import clear_boxes
from .scene import Box, Ink, flatten_ops, loose_inks


class Furniture(Parts):
    """The memo of the pages' footer strips: a run of loose ops is looked up by its ops alone, wherever on a
    page it stands (its inks' groups are the first page's: no check of a strip alone reads them)."""

    PLACED = False

    def marked(self, scan: Scan) -> bool:
        """Does any run of ``scan`` draw a marker a trim line could cut (seam._is_mark)? Each run asked once."""
        from .seam import _is_mark

        return self.any_run(scan, _is_mark)

    def any_run(self, scan: Scan, test: Callable) -> bool:
        """Does any run of ``scan`` draw an ink ``test`` holds for? Each run asked once per test for the process
        (the same strips on every page)."""
        memo = self.__dict__.setdefault("_runs", {}).setdefault(test, {})
        for eid, inks in scan.spans:
            got = memo.get(eid)
            if got is None:
                got = memo[eid] = any(test(i) for i in inks)
            if got:
                return True
        return False


_MEMO: dict[Settings, Furniture] = {}
MOST = 4096  # runs of ops kept (each page adds its own "page x of y"): past this the memo starts afresh


def furniture(settings: Settings, checks: dict[str, Callable]) -> Furniture:
    got = _MEMO.get(settings)
    if got is None or len(got.loose) > MOST:
        got = _MEMO[settings] = Furniture("", None, checks, settings)
    return got


def strip_start(ops) -> int | None:
    """Where a page's footer strip begins: the first furniture text of the page's last run of loose furniture
    (texts in the ``furniture`` role, ruler bars and their unfilled ticks); None when it ends with none."""
    k = len(ops)
    while k:
        op = ops[k - 1]
        kind = type(op)
        if kind is Poly:  # (most of a strip: a ruler's ticks, unfilled and in no role, asked that first)
            role = op.role
            if (not role and not op.style.fill) or role == "furniture" or role.startswith("ruler:"):
                k -= 1
                continue
            break
        if kind is Group:
            break
        role = op.role
        if role == "furniture" or role.startswith("ruler:"):
            k -= 1
            continue
        break
    n = len(ops)
    while k < n and ops[k].role != "furniture":
        k += 1
    return k if k < n else None


def _chunks(ops, start: int) -> list[tuple[int, list]]:
    """Loose ops as parts.PartSheet runs them: a text alone, shapes in a row (index of the first, ops)."""
    chunks: list[tuple[int, list]] = []
    alone = True
    for i, op in enumerate(ops, start):
        text = type(op) is Text
        if alone or text:
            chunks.append((i, [op]))
        else:
            chunks[-1][1].append(op)
        alone = text
    return chunks


def _union(boxes) -> Box | None:
    """The box holding every box of an n x 4 array (None for none)."""
    if not len(boxes):
        return None
    lo, hi = boxes.min(axis=0), boxes.max(axis=0)
    return (float(lo[0]), float(lo[1]), float(hi[2]), float(hi[3]))


class TailSheet(Sheet):
    """A page read as its content (``content``: a Sheet of the inks of its ops before the strip) and its footer
    strip (``strip``: a Scan of the furniture memo). ``inks``: every ink of the page, as flatten gives them,
    made only when a check must read the page whole."""

    def __init__(self, stem: str, paper: str | None, number: int, count: int, page: Page, start: int,
                 parts: Furniture, flat: dict | None = None) -> None:
        ops = page.ops
        self.start = start
        self.content = Sheet(stem, paper, number, count, page, flatten_ops(ops[:start], flat))
        self.parts = parts
        self.strip: Scan = parts.loose_scan(_chunks(ops[start:], start))
        self._inks = None
        Sheet.__init__(self, stem, paper, number, count, page, None)  # type: ignore[arg-type]
        content = self.content
        box = self.strip.box
        # apart: the content's inks and the strip's share no point (and the strip holds nothing read page-wide)
        info = self.strip
        self.apart = not (info.legend or info.zones or info.tiled) and not parts.marked(info)
        if self.apart and content.inks and box is not None:
            c = _union(content.boxes())
            self.apart = c[2] < box[0] or box[2] < c[0] or c[3] < box[1] or box[3] < c[1]

    @property
    def inks(self) -> list[Ink]:  # type: ignore[override]
        if self._inks is None:
            self._inks = self.content.inks + loose_inks(self.page.ops[self.start:], self.start)
        return self._inks

    @inks.setter
    def inks(self, value) -> None:
        self._inks = value

    def whole(self) -> Sheet:
        """The page as one Sheet of every ink (what a check reads where the parts cannot stand for it)."""
        got = self.__dict__.get("_whole")
        if got is None:
            got = self.__dict__["_whole"] = Sheet(self.stem, self.paper, self.number, self.count, self.page,
                                                  self.inks)
        return got

    def used_boxes(self) -> Iterable[Box]:
        if self._inks is not None:
            yield from Sheet.used_boxes(self)
            return
        yield from self.content.used_boxes()
        for ink in self.strip.inks:  # (a strip's ink's box is its box wherever the strip stands)
            if ink.role != "furniture" and not ink.role.startswith("ruler"):
                yield ink.box

    def used_rows(self):
        """The boxes ``used_boxes`` gives, as an n x 4 array (in bulk, unless the whole page was read)."""
        if self._inks is not None:
            return box_array(list(Sheet.used_boxes(self)))
        strip = [i.box for i in self.strip.inks if i.role != "furniture" and not i.role.startswith("ruler")]
        return np.concatenate([used_rows_of(self.content), box_array(strip)])

    def check(self, name: str, check: Callable, settings: Settings) -> list[Hit]:
        """The hits of one check on this page: the content's, then the strip's (none but a text's own)."""
        if not self.apart:
            return list(check(self.whole(), settings))
        content = self.content
        if name in LOCAL:
            extra = self.parts.face_hits(self.strip, name, self.page)
            if extra and name not in PER_INK:
                return list(check(self.whole(), settings))  # (its hits would fall among the content's)
            hits = list(check(content, settings))
            return hits + [replace(h, page=self.number) for h in extra] if extra else hits
        if name == "margin":
            m = settings.printable
            area = (m, m, self.page.width - m, self.page.height - m)
            memo = self.parts.outside
            for eid, inks in self.strip.spans:
                got = memo.get((eid, area))
                if got is None:
                    got = memo[(eid, area)] = outside(inks, area)
                if got:
                    return list(check(self.whole(), settings))
            return list(check(content, settings))
        if name == "legend":
            return list(check(content, settings))  # (the strip draws no legend: nothing of it is read)
        if name == "registration":
            if not any(clear_boxes(r or "") for r in content.roles()):
                return []  # (no mark on the page: nothing to keep clear)
            return list(check(self.whole(), settings))
        if name == "seam":
            if not any(r in TILE_ROLES for r in content.roles()):
                return []  # (no trim line on the page)
            # the content's marks and lines; the labels and the map's name read among every text, in order
            sheet = Sheet(self.stem, self.paper, self.number, self.count, self.page, content.inks)
            sheet.__dict__["_texts"] = (content.inks, content.texts() + [i for i in self.strip.inks
                                                                         if i.kind == "text"])
            return list(check(sheet, settings))
        return list(check(self.whole(), settings))

