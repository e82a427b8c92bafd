"""A face found clean by the checks of pairs (pairs.BY_ELEMENT) from what its lone texts meet, without reading it
whole (preflight/parts.py asks this before the checks read a face).

A deck's faces place the same elements (a card's frame, its stats, its actions: the same ops) round a text or two
of their own (a name, a stamp): a lone text. What the checks of pairs find on a face is what they find of its
layout's own elements, of each other and of their marks, and what they find of each lone text: a lone text has no
stroke, no ground and is no mark, so nothing the layout's elements give hangs on it but their texts over it. Once
a face of a layout is found clean by all three checks (``LayoutClean``), the layout's own elements are clean on
every face of it; a face of it is then clean when none of its lone texts meets anything: its texts over the
others' and theirs over its, a stroke across it, too faint a ground under it. That is worked out here by the very
functions, on the very boxes and in the order, pairs._context and the checks use; a face where anything is found,
or a short lone text (a label, which collide.label_hits measures against the marks), is left to the checks.
"""

from __future__ import annotations

from .near import BULK, _near
from .pairs import Summary, _contrasts, _crossings, _text_pairs


def face_clean(parts, scan) -> bool:
    """Is it sure that none of pairs.BY_ELEMENT's checks finds anything on face ``scan`` (parts.Scan, not a page's
    loose runs) of document memo ``parts``? False: not known (the checks read it)."""
    memo = parts.summaries
    sums: list[Summary] = []
    layout: list = ["layout"]  # (as pairs._context keys a layout: its elements' numbers, None for a lone text)
    lone: list[tuple[int, tuple]] = []
    for eid, inks in scan.spans:
        got = memo.get(eid)
        if got is None:
            got = Summary(inks)
            if not got.lone:  # (as _context keeps them: a face's own text is read for that face)
                memo[eid] = got
        if got.lone:
            if got.short:  # (a label: measured against the marks, left to the checks)
                return False
            lone.append((len(sums), got.tbox))
            layout.append(None)
        else:
            layout.append(eid)
        sums.append(got)
    fixed = parts.pair_memo.get(tuple(layout))
    if fixed is None or not fixed[5][0]:  # (no face of this layout found clean yet)
        return False
    if not lone:
        return True
    texts, lined, grounded = fixed[:3]
    merged = sorted(texts + lone)  # (the elements with texts, in order, as _context has them)
    if len(merged) >= BULK:  # (read in bulk there: left to the checks)
        return False
    settings = parts.settings
    for k, (a, ta) in enumerate(merged):
        sa = sums[a]
        if not sa.lone:
            # the lone texts after it that its texts' box meets (_context's ``extra``): their texts under its
            x0, y0, x1, y1 = ta
            for b, o in lone:
                if b > a and x0 <= o[2] and o[0] <= x1 and y0 <= o[3] and o[1] <= y1 and _text_pairs(
                        sa.inner18, sums[b].inner18, same=False):
                    return False
            continue
        # a lone text: what _context's ``_near`` gives it, and what each check reads of that
        after, lines, below = _near(a, ta, sa.cbox, merged[k + 1:], lined, grounded)
        for b in after:
            if _text_pairs(sa.inner18, sums[b].inner18, same=False):
                return False
        if _crossings(sa, [sums[b] for b in lines]) or _contrasts(sa, [sums[b] for b in below], settings):
            return False
    return True


def layout_clean(context) -> None:
    """Note that a face (pairs._context's ``context`` of it, not a page's loose runs) was found clean by every check
    of pairs: its layout's own elements are clean on every face of it (``face_clean``)."""
    if context is not None and not context[4]:
        context[3][5][0] = True
