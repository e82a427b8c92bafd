"""The checks of pairs of inks read element by element: a face's texts over its texts and across its lines
(checks.overlaps), against their grounds (colour.contrast), its icons on its badges (collide.collisions).

A face's hits of each are put together from what each of its elements, or each pair of elements that could
meet (their boxes touch), gives: an element shared by many faces (a card's frame, its stats, its actions:
the layout places the same ops again, layout/face.py) is compared with another once for the whole document.
Each gives exactly what its check gives on the face's inks read whole (tests/preflight/test_parts.py checks
that on the planted-defect corpus). ``parts`` holds the memos (``Parts``) and the faces (``Scan``).
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..draw.document import Page
from .checks import CUT_ROLES, GROUND_ROLES, Hit, Settings, _quote
from .collide import _inside
from .collide import _src as _mark_src
from .collide import free_marks, is_mark, label_hits, mark_pairs
from .colour import PAPER, large, means, rgb, worst_ratio
from .near import BULK, _near, near_all
from .scales import scale_hits
from .scene import Box, Ink, crosses_any


def _union(boxes: Iterable[Box]) -> Box | None:
    """The box holding ``boxes`` (None for none): each side the least or most of theirs, the first of equal ones
    (min and max compare as a loop taking a side only when it is beyond the one held: the same figures, +-0 and
    nan included)."""
    cols = tuple(zip(*boxes))
    if not cols:
        return None
    x0, y0, x1, y1 = cols
    return (min(x0), min(y0), max(x1), max(y1))


def _meet(a: Box | None, b: Box | None) -> bool:
    """Do two boxes share a point (touching counts)?"""
    return a is not None and b is not None and a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


class Summary:
    """One element of a face as the pairwise checks read it."""

    __slots__ = ("texts", "inner18", "inner25", "tbox", "strokes", "sbox", "grounds", "gbox", "centres", "cbox",
                 "pairs", "order", "marks", "short", "lone")

    def __init__(self, inks: list[Ink]) -> None:
        if len(inks) == 1 and inks[0].kind == "text":
            self._lone(inks[0])
            return
        texts, strokes, grounds, order = [], [], [], {}
        marks = False
        for n, i in enumerate(inks):
            if i.kind == "text":
                texts.append(i)
                order[id(i)] = n
            elif i.kind == "shape":
                if i.stroked and i.role not in GROUND_ROLES:  # (one with no segments crosses nothing)
                    strokes.append(i)
                if i.filled and rgb(i.colour) is not None:
                    grounds.append((n, i))  # (position among the element's inks, ink): a ground to read against
                marks = marks or is_mark(i)
            elif i.kind == "image":
                grounds.append((n, i))  # a picture: what lies on it is not judged (its colours are not known)
        self.texts, self.strokes, self.grounds, self.order, self.marks = texts, strokes, grounds, order, marks
        self.lone = len(inks) == 1 and bool(texts)  # a text alone (a card's name, its stamp): its face's own
        self.sbox = _union([i.box for i in strokes]) if strokes else None
        self.gbox = _union([g.box for _, g in grounds]) if grounds else None
        if not texts:  # (most elements: a shape or a run of them)
            self.inner18, self.inner25, self.centres, self.pairs, self.short = [], [], [], [], []
            self.tbox = self.cbox = None
            return
        # each text's box shrunk by 0.18 and by 0.25 of its em (checks._inner's sums), its centre, and whether it
        # is short (``is_short``), in one pass (a card's stats block: a few dozen texts)
        inner18, inner25, centres, short = [], [], [], []
        for t in texts:
            x0, y0, x1, y1 = t.box
            em = t.size * 25.4 / 72.0
            d = em * 0.18
            e = em * 0.25
            inner18.append((x0 + d, y0 + d, x1 - d, y1 - d))
            inner25.append((x0 + e, y0 + e, x1 - e, y1 - e))
            centres.append(((x0 + x1) / 2, (y0 + y1) / 2))
            if len(t.text.strip()) <= 4:
                short.append(t)
        self.inner18, self.inner25, self.centres, self.short = inner18, inner25, centres, short
        self.tbox = _union(inner18)
        self.cbox = _union([(x, y, x, y) for x, y in centres])
        self.pairs = _text_pairs(inner18, inner18, same=True) if len(texts) > 1 else []

    def _lone(self, t: Ink) -> None:
        """The summary of an element that is one text (what ``__init__`` works out, by the same sums)."""
        self.texts, self.strokes, self.grounds, self.order, self.marks, self.lone = [t], [], [], {id(t): 0}, False, True
        self.sbox = self.gbox = None
        inner, inner25, (x, y) = lone_boxes(t)
        self.tbox = inner
        self.inner18 = [inner]
        self.inner25 = [inner25]
        self.centres = [(x, y)]
        self.cbox = (x, y, x, y)
        self.pairs = []
        self.short = [t] if is_short(t) else []


def is_short(t: Ink) -> bool:
    """Is text ``t`` short enough to be a mark's label (collide.label_hits measures it against the marks)?"""
    return len(t.text.strip()) <= 4


def lone_boxes(t: Ink) -> tuple[Box, Box, tuple[float, float]]:
    """A text's box shrunk by 0.18 and by 0.25 of its em (as checks._inner shrinks it), and its centre."""
    x0, y0, x1, y1 = t.box
    em = t.size * 25.4 / 72.0
    d = em * 0.18
    e = em * 0.25
    return (x0 + d, y0 + d, x1 - d, y1 - d), (x0 + e, y0 + e, x1 - e, y1 - e), ((x0 + x1) / 2, (y0 + y1) / 2)


def _over(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.0 and min(a[3], b[3]) - max(a[1], b[1]) > 0.0  # scene.overlap


def _text_pairs(a: list[Box], b: list[Box], *, same: bool) -> list[tuple[int, int]]:
    """(i, j) of the texts of ``a`` and ``b`` whose inner boxes overlap (i < j within one element)."""
    out = []
    n = len(b)
    for i, (x0, y0, x1, y1) in enumerate(a):
        for j in range(i + 1 if same else 0, n):
            o0, o1, o2, o3 = b[j]
            # _over(a[i], b[j]) written out: min(p, q) is q when q < p, else p; max(p, q) is q when q > p, else p
            if ((o2 if o2 < x1 else x1) - (o0 if o0 > x0 else x0) > 0.0
                    and (o3 if o3 < y1 else y1) - (o1 if o1 > y0 else y0) > 0.0):
                out.append((i, j))
    return out


def _context(parts, scan) -> tuple:
    """(its elements' summaries, their numbers, and for each element with texts: the later elements whose
    texts, the elements whose strokes, and the earlier elements (nearest first) whose grounds its texts
    could meet), made once per face for the checks that read it.

    The cards of a deck place the same elements again but for a text or two of their own (a name, a stamp):
    what the other elements' boxes give is worked out once per such layout (``_fixed``), and each face reads
    only where its own lone texts fall."""
    if scan.context is None:
        sums, eids, layout, lone = [], [], ["layout"], []  # (the layout: its elements' numbers, None for a lone text)
        memo = parts.summaries
        # a page's loose runs are numbered by identity (parts.Parts.loose_runs: the same ops on the next page, the
        # same number), so what a run of one text gives with the same others is kept for the next page too
        keep = scan.shape is not None
        for eid, inks in scan.spans:
            got = memo.get(eid)
            if got is None:
                got = Summary(inks)
                if keep or not got.lone:  # (a face's own text is read for that face: not kept for others)
                    memo[eid] = got
            if got.lone:
                lone.append((len(sums), got.tbox))
                layout.append(None)
            else:
                layout.append(eid)
            sums.append(got)
            eids.append(eid)
        key = tuple(layout)
        fixed = parts.pair_memo.get(key)
        if fixed is None:
            fixed = parts.pair_memo[key] = _fixed(sums)
        texts, lined, grounded, near_fixed = fixed[:4]
        if not lone:
            near = near_fixed
        else:
            texts = sorted(texts + lone)
            near = {}
            # (a lone text of this face: against every element; a face of many texts has them all at once)
            nears = near_all(texts, [sums[a].cbox for a, _ in texts], lined, grounded) if len(texts) >= BULK \
                else None
            for k, (a, ta) in enumerate(texts):
                got = near_fixed.get(a)
                if got is None:
                    near[a] = (*(nears[k] if nears is not None else _near(a, ta, sums[a].cbox, texts[k + 1:], lined,
                                                                          grounded)), [None, None, None], False)
                    continue
                x0, y0, x1, y1 = ta
                extra = [b for b, o in lone if b > a and x0 <= o[2] and o[0] <= x1 and y0 <= o[3] and o[1] <= y1]
                near[a] = (sorted(got[0] + extra), got[1], got[2], got[3], False) if extra else got
        scan.context = (sums, eids, near, fixed, keep)
    return scan.context


def _fixed(sums: list[Summary]) -> tuple:
    """``_context``'s reading of a face's elements but its lone texts: (the elements with texts, with strokes,
    with grounds, each with its box; each of the first's ``_near`` among those elements, with a cell for what
    the checks find of it; a cell for face_collisions; and one saying whether a face of the layout was found
    clean by every check, preflight/lone.py). A cell holds what a check found of an element
    with the same others (its over-texts only while no lone text of a face is among them), for every face of
    the layout."""
    # (a lone text has neither strokes nor grounds: the lines and grounds any text could meet are all here)
    texts = [(b, sb.tbox) for b, sb in enumerate(sums) if sb.texts and not sb.lone]
    lined = [(b, sb.sbox) for b, sb in enumerate(sums) if sb.strokes]
    grounded = [(b, sb.gbox) for b, sb in enumerate(sums) if sb.grounds]
    nears = near_all(texts, [sums[a].cbox for a, _ in texts], lined, grounded)
    near = {a: (*got, [None, None, None], True) for (a, _), got in zip(texts, nears)}
    return texts, lined, grounded, near, [None, {}], [False, {}, set()]  # (the last: preflight/lone.py's record)


# Each check below asks, for each element of a face that has texts, which other elements could meet them
# (their boxes touch): the element with those others, in their order, is what decides its hits, and is
# looked at once however many faces put them together.


def face_overlaps(parts, scan, page: Page) -> list[Hit]:
    """checks.overlaps on one face: texts over texts (in its sweep's order), then texts across strokes."""
    sums, eids, near, _, keep = _context(parts, scan)
    memo = parts.pair_memo
    found = []  # (element, the elements after it, the pairs of their texts that overlap)
    crossed: list[Hit] = []
    for a, (after, lines, _, cell, kept) in near.items():
        # (what is found of a face's own texts, with it or after it, is that face's: kept in no memo)
        sa = sums[a]
        got = cell[0] if kept else None
        if got is None:
            key = ("over", eids[a], *[eids[b] for b in after]) if kept else None
            got = memo.get(key) if kept else None
            if got is None:
                got = [(i, -1, j) for i, j in sa.pairs]
                for k, b in enumerate(after):
                    got += [(i, k, j) for i, j in _text_pairs(sa.inner18, sums[b].inner18, same=False)]
                if kept:
                    memo[key] = got
            if kept:
                cell[0] = got
        if got:
            found.append((a, after, got))
        # text crossed by a stroke: the first stroke in drawing order that crosses it
        got = cell[1]
        if got is None:
            if sa.lone and not keep:
                got = _crossings(sa, [sums[b] for b in lines])
            else:
                key = ("cross", eids[a], *[eids[b] for b in lines])
                got = memo.get(key)
                if got is None:
                    got = memo[key] = _crossings(sa, [sums[b] for b in lines])
            cell[1] = got
        if got:
            crossed += got
    if not found:
        return crossed
    offsets, n = [], 0
    for sm in sums:
        offsets.append(n)
        n += len(sm.texts)
    pairs = [(offsets[a] + i, offsets[a if k < 0 else after[k]] + j) for a, after, got in found for i, k, j in got]
    hits: list[Hit] = []
    # as checks.overlaps' sweep meets them: by x, the later of each pair first
    texts = [t for sm in sums for t in sm.texts]
    rank = {k: r for r, k in enumerate(sorted(range(n), key=lambda k: texts[k].box[0]))}
    for i, j in sorted(pairs, key=lambda p: (max(rank[p[0]], rank[p[1]]), min(rank[p[0]], rank[p[1]]))):
        first, second = texts[min(i, j)], texts[max(i, j)]
        hits.append(Hit("overlap", second.src, f"prints {_quote(second.text)} over {_quote(first.text)}", 0))
    return hits + crossed


def _crossings(sa: Summary, others: list[Summary]) -> list[Hit]:
    out = []
    strokes = [st for sb in others for st in sb.strokes]
    for t, inner in zip(sa.texts, sa.inner25):
        x0, y0, x1, y1 = inner
        if x1 <= x0 or y1 <= y0:
            continue
        role = None
        for st in strokes:
            s0, s1, s2, s3 = st.box
            # _over(st.box, inner) written out (see _text_pairs), then the stroke's segments
            if ((x1 if x1 < s2 else s2) - (x0 if x0 > s0 else s0) > 0.0
                    and (y1 if y1 < s3 else s3) - (y0 if y0 > s1 else s1) > 0.0 and crosses_any(st.segments, inner)):
                role = st.role
                break
        if role is None:
            continue
        cls = "cut" if role in CUT_ROLES else "overlap"
        what = "a cut line" if role == "cut" else "a crop mark" if role == "crop" else "a line"
        out.append(Hit(cls, t.src, f"prints {_quote(t.text)} across {what}", 0))
    return out


def _last_ground(grounds, x: float, y: float, before: int | None = None):
    """The last of ``grounds`` ((position, ink), in drawing order) whose box holds (x, y), drawn before
    position ``before`` when given."""
    # (read from the last back: the first found is the last drawn, and most texts sit on a late ground). A hex
    # or a disc holds the point only inside its outline, as colour.contrast reads it: its box also covers the
    # corners beside it.
    for n, g in reversed(grounds):
        if before is not None and n >= before:
            continue
        b = g.box
        if b[0] <= x <= b[2] and b[1] <= y <= b[3] and (not g.outline or _inside((x, y), g.outline)):
            return g
    return None


def face_contrast(parts, scan, page: Page) -> list[Hit]:
    """colour.contrast on one face: each text against the last ground drawn before it under its centre."""
    sums, eids, near, _, keep = _context(parts, scan)
    memo = parts.pair_memo
    hits: list[Hit] = []
    for a, (_, _, below, cell, _) in near.items():
        got = cell[2]
        if got is None:
            sa = sums[a]
            if sa.lone and not keep:
                got = _contrasts(sa, [sums[b] for b in below], parts.settings)
            else:
                key = ("contrast", eids[a], *[eids[b] for b in below])
                got = memo.get(key)
                if got is None:
                    got = memo[key] = _contrasts(sa, [sums[b] for b in below], parts.settings)
            cell[2] = got
        if got:
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
        # with nothing of its face drawn under it, a text stands on the paper (a sheet is read by its parts
        # only where its faces and loose runs lie apart), as colour.contrast reads it
        if g is not None and g.kind == "image":
            continue
        ground = PAPER if g is None else g.colour
        meaning = g is not None and means(g.role)
        value, vision = worst_ratio(t.colour, ground, meaning)
        need = settings.contrast_large if large(t.size, "bold" in t.font) else settings.contrast
        if value < need - 1e-6:
            seen = f" as a reader with {vision} sees it" if vision else ""
            out.append(Hit("contrast", t.src, f"prints {_quote(t.text)} ({t.colour} on {ground}) at a contrast of "
                           f"{value:.2f}:1{seen}, under the {need:g}:1 least", 0, t.text))
    return out


def face_collisions(parts, scan, page: Page) -> list[Hit]:
    """collide.collisions on one face: its free marks, two by two, then its short labels on them."""
    sums, eids, near, fixed, keep = _context(parts, scan)
    memo = parts.pair_memo
    cell = fixed[4]  # (a lone text is no mark: the elements holding marks are the layout's)
    if cell[0] is None:
        holders = [b for b in range(len(sums)) if sums[b].marks]
        cell[0] = (("marks", *[eids[b] for b in holders]), holders) if holders else ()
    hits: list[Hit] = scale_hits(scan.inks, 0)  # (a scale's ticks under a shape: preflight/scales.py)
    if not cell[0]:
        return hits
    key, holders = cell[0]
    got = memo.get(key)
    if got is None:
        marks = free_marks([i for b in holders for i in scan.spans[b][1]])
        got = memo[key] = (marks, mark_pairs(marks, parts.settings.clearance))
    marks, pairs = got
    if pairs:
        faces: dict[int, object] = {}  # collide._face_sources: per top-level group, its first text's source
        for sm in sums:
            for t in sm.texts:
                if t.src is not None and t.group not in faces:
                    faces[t.group] = t.src
        hits += [Hit("ink-on-ink", _mark_src(faces.get(b.group), b), message, 0) for b, message in pairs]
    if marks:
        held = cell[1]
        for a in near:  # (the elements with texts, in order)
            sa = sums[a]
            if sa.short:
                if sa.lone and not keep:
                    labels = label_hits(sa.short, marks, 0)
                else:
                    # (the layout's cell holds what its own elements give, by place: a loose run of one text
                    # at that place may be another page's text, looked up by its number alone)
                    labels = None if sa.lone else held.get(a)
                    if labels is None:
                        lkey = ("labels", eids[a], *key[1:])
                        labels = memo.get(lkey)
                        if labels is None:
                            labels = memo[lkey] = label_hits(sa.short, marks, 0)
                        if not sa.lone:
                            held[a] = labels
                hits += labels
    return hits


BY_ELEMENT: dict[str, Callable] = {"overlap": face_overlaps, "contrast": face_contrast, "ink-on-ink": face_collisions}
