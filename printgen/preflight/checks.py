"""The checks on drawn pages: each reads a page's inks (scene.flatten) and says what is wrong where.

A check is ``check(sheet, settings) -> Iterable[Hit]``; CHECKS maps its class
name (printgen.preflight.classes) to the checks of that class. A Hit names the
source it concerns; ``report`` turns hits into findings, one per place and
kind of mistake however many faces repeat it. A sheet of faces is read by its
faces (preflight/parts.py): a check reading ``sheet.inks`` gets every ink of the
page as before; one whose hits on a face depend on that face alone (not on the
page's size or the face's place) says so in ``parts.LOCAL`` and runs once per
distinct face.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable

from ..draw.provenance import Source
from .bulk import first_crossings, np, over_bulk, share_bulk
from .keys import unshown_keys
from .registration import clear_boxes, intruders  # cutting-machine sheets: nothing inked where a mark keeps clear
from .scene import Box, Ink, overlap  # noqa: F401  (overlap: read from here by others)
from .scene import crossed as _crossed
from .scene import over_sweep as _over_sweep
# the page as the checks read it, and what they share (moved to sheet.py; read from here as before)
from .sheet import GROUND_ROLES, Hit, Settings, Sheet, rgb  # noqa: F401

# {name} as str.format leaves it, and Jinja's {{ }} / {% %} delimiters
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_.]*\}|\{\{|\}\}|\{%|%\}|\{#|#\}")
LABEL_CHARS = 24  # a text this short (one line, a few words) is a label, held to the label minimum
CUT_ROLES = ("cut", "crop", "dial-cut")


def _quote(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def placeholders(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    for ink in sheet.texts():
        if PLACEHOLDER.search(ink.text):
            yield Hit("placeholder", ink.src, f"prints the unfilled placeholder {_quote(ink.text)}", sheet.number,
                      ink.text)


def too_small(ink: Ink, settings: Settings) -> tuple[float, bool] | None:
    """(its least size, pt; a label's?) where text ``ink`` prints below it, else None (parts.quiet asks it too)."""
    label = len(ink.text.strip()) <= LABEL_CHARS
    least = settings.min_label if label else settings.min_text
    return (least, label) if ink.size < least - 0.05 else None


def small_text(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    for ink in sheet.texts():
        small = too_small(ink, settings)
        if small is not None:
            least, label = small
            what = "a label" if label else "text"
            yield Hit("small-text", ink.src, f"prints {_quote(ink.text)} at {ink.size:.1f} pt, below the {least:g} pt "
                      f"least for {what}", sheet.number)


def _texts(sheet: Sheet) -> list[Ink]:
    return sheet.texts()


def _inner(ink: Ink, share: float) -> Box:
    """A text's box shrunk by ``share`` of its em on every side (an em along either axis, so a text turned
    a quarter is shrunk alike): a stroke that grazes a glyph's outer edge (an underline, a frame drawn
    snug) is not one that crosses it."""
    d = ink.size * 25.4 / 72.0 * share
    box = ink.box
    return (box[0] + d, box[1] + d, box[2] - d, box[3] - d)


def overlaps(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    texts = _texts(sheet)
    # text over text: sweep by x so a page of a thousand labels stays fast
    order = sorted(range(len(texts)), key=lambda i: texts[i].box[0])
    # each text's box shrunk two ways in one pass (_inner's sums: its em in mm, then times the share): by 0.18 em
    # for text over text, by 0.25 em for a stroke across it
    inner, tight = [], []
    for t in texts:
        em = t.size * 25.4 / 72.0
        x0, y0, x1, y1 = t.box
        d = em * 0.18
        inner.append((x0 + d, y0 + d, x1 - d, y1 - d))
        d = em * 0.25
        tight.append((x0 + d, y0 + d, x1 - d, y1 - d))
    for i, j in (over_bulk(order, inner) if len(texts) > 48 else _over_sweep(order, inner, texts)):
        a, b = texts[i], texts[j]
        first, second = (b, a) if j < i else (a, b)
        yield Hit("overlap", second.src, f"prints {_quote(second.text)} over {_quote(first.text)}", sheet.number)
    # text crossed by a stroke: grid lines, frames, rules. Each text's hit names the first stroke in drawing order
    # that crosses it (a map page has thousands of strokes and a few hundred texts: their boxes are compared in
    # bulk, or through a grid of the texts when there are few)
    live = [(k, b) for k, b in enumerate(tight) if b[2] > b[0] and b[3] > b[1]]
    if not live:
        return
    # (``stroked``: a stroke whose segments are not yet worked out is read as one; with none, it crosses nothing)
    inks = sheet.inks
    at = sheet.classes()[0]
    strokes = [inks[k] for k in at]
    # (the hex grid each live text was drawn clear inside, if any: no hex of that grid is tested against it)
    cells = [texts[k].cell for k, _ in live]
    cells = cells if any(c is not None for c in cells) else None
    first = first_crossings(strokes, live, sheet.boxes()[at], cells) if len(strokes) * len(live) > BULK \
        else _crossed(strokes, live, cells)
    for k, t in enumerate(texts):
        role = first.get(k)
        if role is not None:
            cls = "cut" if role in CUT_ROLES else "overlap"
            what = "a cut line" if role == "cut" else "a crop mark" if role == "crop" else "a line"
            yield Hit(cls, t.src, f"prints {_quote(t.text)} across {what}", sheet.number)


BULK = 256  # stroke-text pairs: above this, the boxes are compared in bulk (numpy), not pair by pair (scene.crossed)
MARGIN_BULK = 32  # inks: from this many on, a page's boxes are held to its printable area at once (numpy)


_ROLE_WORDS = {"ruler": "the calibration ruler", "crop": "a crop mark", "cut": "a cut line", "image": "a picture",
               "background": "a background", "hex": "a hex"}


def past_safe(ink: Ink, d: float) -> float | None:
    """How far (mm) text ``ink`` prints past its face's safe area (``d`` mm in from its trim), else None (as above)."""
    f, b = ink.face, ink.box
    if f is None:
        return None
    out = max(f[0] + d - b[0], f[1] + d - b[1], b[2] - (f[2] - d), b[3] - (f[3] - d))
    return out if out > 0.05 else None


def safe_area(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    # A card is cut by hand or by a shop's blade, neither exactly on the line: text must keep inside.
    d = settings.safe
    for ink in sheet.texts():
        out = past_safe(ink, d)
        if out is not None:
            yield Hit("cut", ink.src, f"prints {_quote(ink.text)} {out:.1f} mm outside its safe area ({d:g} mm inside "
                      "the cut)", sheet.number)


def margins(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    m = settings.printable
    area = (m, m, sheet.page.width - m, sheet.page.height - m)
    inks = sheet.inks
    if len(inks) > MARGIN_BULK:  # only the inks whose boxes reach past the area, found in bulk, are read
        x0, y0, x1, y1 = area
        bs = sheet.boxes()
        past = np.maximum(np.maximum(x0 - bs[:, 0], y0 - bs[:, 1]), np.maximum(bs[:, 2] - x1, bs[:, 3] - y1)) > 0.05
        inks = [inks[k] for k in np.flatnonzero(past).tolist()]
    return margin_hits(outside(inks, area), m, sheet.number)


def outside(inks: list[Ink], area: Box) -> list[tuple[float, Ink]]:
    """(how far, ink) of each of ``inks`` reaching more than 0.05 mm past ``area`` (page mm), in order."""
    x0, y0, x1, y1 = area
    out = []
    for ink in inks:
        b = ink.box
        past = max(x0 - b[0], y0 - b[1], b[2] - x1, b[3] - y1)
        if past > 0.05:
            out.append((past, ink))
    return out


def margin_hits(found: Iterable[tuple[float, Ink]], m: float, number: int) -> list[Hit]:
    """The ``margin`` hits of the inks ``found`` past the printable area (``outside``): the worst of each source
    (else role, else kind), in the order each was first found."""
    worst: dict[object, tuple[float, Ink]] = {}
    for out, ink in found:
        key = ink.src if ink.src is not None else ink.role or ink.kind
        if key not in worst or out > worst[key][0]:
            worst[key] = (out, ink)
    hits = []
    for out, ink in worst.values():
        what = _quote(ink.text) if ink.kind == "text" else _ROLE_WORDS.get(ink.role.split(":")[0], "a shape")
        hits.append(Hit("margin", ink.src, f"inks {what} {out:.1f} mm beyond the printable area ({m:g} mm from each "
                        "edge)", number))
    return hits


def legends(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    # A legend draws each entry as a swatch (role "legend-swatch") and then its text ("legend-entry"):
    # "A: Base A" keys the code A, a swatch's colour keys the text beside it. One code or one colour for
    # two different meanings on one page is a legend a player cannot read.
    if "legend-entry" not in sheet.roles():
        return  # (no entry on the page: nothing a legend check reads; a page's roles are read by other checks too)
    yield from unshown_keys(sheet, settings)  # a face's key for a colour its picture never draws (keys.py)
    codes: dict[str, str] = {}
    colours: dict[str, str] = {}
    swatch: Ink | None = None
    for ink in sheet.inks:
        if ink.role == "legend-swatch":
            swatch = ink
            continue
        if ink.kind != "text" or ink.role != "legend-entry":
            continue
        entry = " ".join(ink.text.split())
        code, sep, meaning = entry.partition(": ")
        if sep and len(code) <= 4:
            if code in codes and codes[code] != meaning:
                yield Hit("legend", ink.src, f"uses the code {_quote(code)} for both {_quote(codes[code])} and "
                          f"{_quote(meaning)}", sheet.number)
            codes.setdefault(code, meaning)
        elif swatch is not None and swatch.colour:
            c = swatch.colour
            if c in colours and colours[c] != entry:
                yield Hit("legend", ink.src, f"shows {_quote(colours[c])} and {_quote(entry)} in the same colour "
                          f"{c}", sheet.number)
            colours.setdefault(c, entry)
        swatch = None


def used(sheet: Sheet, cell: float = 2.0) -> float:
    """The share (0-1) of the page inside its margins that carries ink other than the page furniture,
    counted on a ``cell`` mm grid."""
    if sheet.share is None:
        sheet.share = _used(sheet, cell)
    return sheet.share


def _used(sheet: Sheet, cell: float) -> float:
    if type(sheet) is Sheet and len(sheet.inks) > 64:  # a page read ink by ink (a map's): its boxes in bulk
        got = _share_of(sheet.page.width, sheet.page.height, used_rows_of(sheet), cell)
        if got is not None:
            return got
    own = getattr(sheet, "used_share", None)  # (a page read by its parts: preflight/parts.py)
    got = own(cell) if own is not None else None
    if got is not None:
        return got
    rows = getattr(sheet, "used_rows", None)  # (a page read in parts with its boxes at hand: preflight/tail.py)
    if rows is not None:
        got = _share_of(sheet.page.width, sheet.page.height, rows(), cell)
        if got is not None:
            return got
    return _share(sheet.page.width, sheet.page.height, tuple(sheet.used_boxes()), cell)


def used_rows_of(sheet: Sheet):
    """The boxes of ``sheet``'s inks that count as use (``used_boxes``), as an n x 4 array: its boxes whole
    when none of its roles is furniture (a map page's content: no loop over its thousands of inks)."""
    if not any(r == "furniture" or r.startswith("ruler") for r in sheet.roles()):
        return sheet.boxes()
    inks = sheet.inks
    return sheet.boxes()[[k for k, i in enumerate(inks) if i.role != "furniture" and not i.role.startswith("ruler")]]


def _grid_size(width: float, height: float, cell: float) -> tuple[int, int]:
    m = 5.0
    return max(1, int((width - 2 * m) // cell)), max(1, int((height - 2 * m - 12.0) // cell))


def _share_of(width: float, height: float, boxes, cell: float) -> float | None:
    """``_share`` of many boxes given as an array, counted in bulk (None for 64 boxes or fewer: the loop's)."""
    if len(boxes) <= 64:
        return None
    cols, rows = _grid_size(width, height, cell)
    return share_bulk(cols, rows, boxes, cell, 5.0)


@lru_cache(maxsize=32)
def _share(width: float, height: float, boxes: tuple[Box, ...], cell: float) -> float:
    """used()'s share for a page of ``width`` x ``height`` mm inked in ``boxes``: the sheets of a deck ink
    the same boxes page after page (their faces' grounds), so each is counted once."""
    m = 5.0
    cols, rows = _grid_size(width, height, cell)
    if len(boxes) > 64:
        return share_bulk(cols, rows, boxes, cell, m)
    marks = bytearray(cols * rows)
    for b in boxes:
        c0, c1 = max(0, int((b[0] - m) // cell)), min(cols - 1, int((b[2] - m) // cell))
        r0, r1 = max(0, int((b[1] - m) // cell)), min(rows - 1, int((b[3] - m) // cell))
        if c0 > c1:
            continue  # wholly left or right of the counted area (its row slice would count from the end)
        for r in range(r0, r1 + 1):
            marks[r * cols + c0: r * cols + c1 + 1] = b"\x01" * (c1 - c0 + 1)
    return sum(marks) / len(marks)


def _source(sheets: list[Sheet]) -> Source | None:
    """What a whole document was drawn from (a map, a scenario), as its texts say: the page as a whole
    is about the item, not any one of its elements."""
    from dataclasses import replace

    for sheet in sheets:
        for ink in sheet.inks:
            if ink.src is not None and ink.src.path and ink.role != "furniture":
                return replace(ink.src, element=None, element_name="")
    return None


def paper_sheets(sheets: list[Sheet]) -> list[list[Sheet]]:
    """The pages grouped by the sheet of paper they print on: a page of backs (printed on the other side
    of the fronts before it, duplex) shares its fronts' sheet. Two sides of one sheet are not two
    sheets: neither can be saved by another arrangement."""
    out: list[list[Sheet]] = []
    for sheet in sheets:
        if out and (sheet.page.label or "").startswith("backs") and len(out[-1]) == 1:
            out[-1].append(sheet)
        else:
            out.append([sheet])
    return out


def empty_pages(sheets: list[Sheet], settings: Settings) -> Iterable[Hit]:
    papers = paper_sheets(sheets)
    if len(papers) < 2:
        return
    for paper in papers:  # the last sheet too: a list ending on a tenth of a page wastes that sheet
        share = max(used(s) for s in paper)
        if share < settings.empty_page:
            yield Hit("empty-page", _source(sheets), f"is {share:.0%} used (a page of a longer document should carry at least "
                      f"{settings.empty_page:.0%}: the arrangement wastes paper)", paper[0].number)


def spread(sheets: list[Sheet], settings: Settings) -> Iterable[Hit]:
    papers = paper_sheets(sheets)
    if len(papers) < 2:
        return
    shares = [max(used(s) for s in paper) for paper in papers]
    if sum(shares) <= (len(papers) - 1) * 0.6:
        yield Hit("sheets", _source(sheets), f"takes {len(papers)} sheets, {sum(shares) / len(papers):.0%} used on average: its "
                  "content fits on fewer sheets", sheets[0].number)


PAGE_CHECKS: dict[str, Callable[[Sheet, Settings], Iterable[Hit]]] = {
    "placeholder": placeholders,
    "small-text": small_text,
    "overlap": overlaps,  # also finds "cut": text across a cut line or crop mark
    "margin": margins,
    "legend": legends,
    "safe-area": safe_area,  # a "cut" finding
    "registration": lambda sheet, _: (Hit("registration", i.src, m, sheet.number) for i, m in intruders(sheet.inks))
    if any(clear_boxes(r or "") for r in sheet.roles()) else (),  # (no mark on the page: nothing to keep clear)
}
DOCUMENT_CHECKS: dict[str, Callable[[list[Sheet], Settings], Iterable[Hit]]] = {
    "empty-page": empty_pages,
    "sheets": spread,
}
