"""A face found clean by the checks of pairs (pairs.BY_ELEMENT) from what its lone texts meet, without reading it
whole (preflight/parts.py asks this before the checks read a face).

A deck's faces place the same elements (a card's frame, its stats, its actions: the same ops) round a text or two
of their own (a name, a stamp): a lone text. What the checks of pairs find on a face is what they find of its
layout's own elements, of each other and of their marks, and what they find of each lone text: a lone text has no
stroke, no ground and is no mark, so nothing the layout's elements give hangs on it but their texts over it. Once
a face of a layout is found clean by all three checks, the layout's own elements are clean on every face of it
(``layout_clean``); a face of it is then clean when none of its lone texts meets anything: its texts over the
others' and theirs over its, a stroke across it, too faint a ground under it. That is worked out by the very
functions, on the very boxes and in the order, pairs._context and the checks use; a face where anything is found,
or with a short lone text (a label, which collide.label_hits measures against the marks), is left to the checks.

What a lone text meets of its layout's elements is kept by where it stands (``Record``): a text over another
(their boxes shrunk by 0.18 em overlap) or crossed by a stroke (through its box shrunk by 0.25 em) is so inside
any larger box too (each comparison is of one of its box's sides with another's, and a larger box's sides pass
every one a smaller one's pass: rounding keeps that order), so a text whose two boxes lie inside those of one
found clear of the layout at that place is clear of it; and the ground under a text and how it reads there hang
on its centre, colour, size and font alone, looked up as they are.
"""

from __future__ import annotations

from .near import BULK, _near
from .pairs import Summary, _contrasts, _crossings, _text_pairs, is_short, lone_boxes

KEPT_BOXES = 16  # clear boxes kept per place of a layout (a deck's names, each a little wider or narrower)
KEPT_SHADES = 4096  # texts found readable per layout (by place, centre, colour, size and font)


def face_clean(parts, scan) -> bool:
    """Is it sure that none of pairs.BY_ELEMENT's checks finds anything on face ``scan`` (parts.Scan, not a page's
    loose runs) of document memo ``parts``? False: not known (the checks read it)."""
    memo = parts.summaries
    sums: list = []  # (each element's Summary, None for a lone text)
    layout: list = ["layout"]  # (as pairs._context keys a layout: its elements' numbers, None for a lone text)
    lone = []  # (place, ink) of each lone text
    for eid, inks in scan.spans:
        if len(inks) == 1 and inks[0].kind == "text":  # (what Summary reads as a lone text)
            t = inks[0]
            if is_short(t):  # (a label: measured against the marks, left to the checks)
                return False
            lone.append((len(sums), t))
            layout.append(None)
            sums.append(None)
            continue
        got = memo.get(eid)
        if got is None:
            got = memo[eid] = Summary(inks)  # (as _context keeps them)
        layout.append(eid)
        sums.append(got)
    fixed = parts.pair_memo.get(tuple(layout))
    if fixed is None or not fixed[5][0]:  # (no face of this layout found clean yet)
        return False
    if not lone:
        return True
    texts = fixed[0]
    if len(texts) + len(lone) >= BULK:  # (read in bulk by _context: left to the checks)
        return False
    boxes = [(a, t, *lone_boxes(t)) for a, t in lone]
    # lone texts over each other: the earlier one's box against the later's, as _near and _text_pairs read them
    for k, (a, _, p18, _, _) in enumerate(boxes):
        x0, y0, x1, y1 = p18
        for _, _, o, _, _ in boxes[k + 1:]:
            if x0 <= o[2] and o[0] <= x1 and y0 <= o[3] and o[1] <= y1 and _text_pairs([p18], [o], same=False):
                return False
    _, clear, shades = fixed[5]
    settings = parts.settings
    for a, t, in18, in25, centre in boxes:
        kept = clear.setdefault(a, [])
        for r18, r25 in kept:
            if (r18[0] <= in18[0] and r18[1] <= in18[1] and in18[2] <= r18[2] and in18[3] <= r18[3]
                    and r25[0] <= in25[0] and r25[1] <= in25[1] and in25[2] <= r25[2] and in25[3] <= r25[3]):
                break
        else:
            if not _clear(a, Summary([t]), texts, fixed[1], sums):
                return False
            kept.append((in18, in25))
            del kept[:-KEPT_BOXES]
        shade = (a, centre, t.colour, t.size, t.font)
        if shade not in shades:
            cbox = (*centre, *centre)
            _, _, below = _near(a, in18, cbox, [], [], fixed[2])
            if _contrasts(Summary([t]), [sums[b] for b in below], settings):
                return False
            if len(shades) >= KEPT_SHADES:
                shades.clear()
            shades.add(shade)
    return True


def _clear(a: int, sa: Summary, texts: list, lined: list, sums: list) -> bool:
    """Is lone text ``sa`` (at place ``a``) clear of its layout's elements (``texts``, ``lined``: pairs._fixed's,
    ``sums``: their summaries by place): no text of theirs over it nor of it over theirs, no stroke across it?"""
    ta = sa.tbox
    after, lines, _ = _near(a, ta, sa.cbox, [(b, o) for b, o in texts if b > a], lined, [])
    for b in after:
        if _text_pairs(sa.inner18, sums[b].inner18, same=False):
            return False
    # the elements before it whose texts' box meets its (_context's ``extra``): their texts under it
    for b, o in texts:
        if b < a and o[0] <= ta[2] and ta[0] <= o[2] and o[1] <= ta[3] and ta[1] <= o[3] and _text_pairs(
                sums[b].inner18, sa.inner18, same=False):
            return False
    return not _crossings(sa, [sums[b] for b in lines])


def layout_clean(context) -> None:
    """Note that a face (pairs._context's ``context`` of it, not a page's loose runs) was found clean by every check
    of pairs: its layout's own elements are clean on every face of it (``face_clean``)."""
    if context is not None and not context[4]:
        context[3][5][0] = True
