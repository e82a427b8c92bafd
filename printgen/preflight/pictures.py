"""A picture set in a book so far down that its labels no longer fit it: a label printed over one of the
picture's lines (a level digit on a start zone's ring, a code on its objective's disc), or under the least
size a player reads.

A battlefield a page wide shrunk into a column keeps its words readable only by printing them at the least
size (rulebook/sizing.py ``floored``): larger than the picture's own proportions, so they reach its lines.
The book's ``overlap`` check forgives a stroke that grazes a glyph's outer edge (a frame drawn snug round a
word by design); in a shrunk picture that is the defect. So a label's ink (its box less the glyphs' side
bearings) closer to a line than the game's clearance (``preflight: {clearance: ...}``, mm on the paper; scaled
with the picture for a label left at its proportions: ``clearances``), its stroke's width counted, is one here,
unless it is as close at the picture's own print size (the drawing's design, which its own sheets are checked
for). The fix is the book's:
set the picture larger (across both columns, turned on its own page) or drop the labels its key explains.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..draw.document import Group, Page, Text
from ..findings import Location
from .checks import Hit, Settings, Sheet, _quote
from .scene import Grid, Ink, crosses_any

BEARING = 0.08  # of a text's em: the room round its glyphs inside its box
SKIP = ("pattern", "terrain-texture", "background", "legend-swatch")


def _texts_of(inks: list[Ink]) -> list[Ink]:
    return [t for t in inks if t.kind == "text" and t.text.strip()]


def clearances(texts: list[Ink], clearance: float, scale: float, design: list[Ink] | None) -> list[float]:
    """The room (mm on the paper) each of a picture's labels (``texts``, as printed at ``scale``) keeps from its
    lines: the game's ``clearance`` for a label the book set larger than the picture's proportions to keep it
    readable (its size over its ``design`` one's times the scale: the book's doing, which a reader sees on the
    paper); that clearance scaled with the picture for one at its proportions (as close as the drawing put it,
    which its own sheets are checked for at print size). Without a design (or a different one), the first."""
    if design is None or len(design) != len(texts):
        return [clearance] * len(texts)
    k = min(1.0, scale)
    return [clearance if t.size > d.size * scale + 0.05 else clearance * k for t, d in zip(texts, design)]


def near_lines(inks: list[Ink], clearance: float, *, scale: float = 1.0, design: list[Ink] | None = None,
               among: Iterable[int] | None = None) -> list[int]:
    """The indices (among its texts, in order) of the labels of a drawn picture (its flattened ``inks``, at
    ``scale`` of its print size) closer to one of its lines than its clearance (``clearances``; ``design``: the
    texts of the picture at print size, in the same order); ``among``: only these labels are looked at."""
    texts = _texts_of(inks)
    return _near(_lines_of(inks), texts, clearances(texts, clearance, scale, design), among)


def _lines_of(inks: list[Ink]) -> Grid:
    return Grid([i for i in inks if i.kind == "shape" and i.segments and i.role.split(":")[0] not in SKIP], cell=6.0)


def _near(strokes: Grid, texts: list[Ink], rooms: list[float], among: Iterable[int] | None = None) -> list[int]:
    """``near_lines`` of the labels ``texts``, each kept ``rooms`` from the lines ``strokes``."""
    found = []
    only = set(among) if among is not None else None
    for n, (t, room) in enumerate(zip(texts, rooms)):
        if only is not None and n not in only:
            continue
        d = t.size * 25.4 / 72.0 * BEARING
        b = t.box
        for s in strokes.near((b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1)):
            w = s.stroke_width / 2 + room
            box = (b[0] + d - w, b[1] + d - w, b[2] - d + w, b[3] - d + w)
            sb = s.box  # (holds every point of its segments: a stroke wholly beside the box cannot cross it)
            if (box[2] > box[0] and box[3] > box[1] and sb[0] < box[2] and sb[2] > box[0] and sb[1] < box[3]
                    and sb[3] > box[1] and crosses_any(s.segments, box)):
                found.append(n)
                break
    return found


def crowded(sheet: Sheet, design: Sheet | Page, settings: Settings, *, scale: float) -> Iterable[Hit]:
    """The labels of a picture as printed (``sheet``, at ``scale``) under their least size, or crowded onto its
    lines where at its print size (``design``: its sheet, or its page, flattened only when a label comes near a
    line) they stand clear."""
    texts = _texts_of(sheet.inks)
    for t in texts:
        least = settings.min_label if len(t.text.strip()) <= 24 else settings.min_text
        if t.size < least - 0.05:
            yield Hit("picture", t.src, f"prints {_quote(t.text)} at {t.size:.1f} pt in a picture set at "
                      f"{scale:.0%} of its size, below the {least:g} pt least", sheet.number, t.text)
    if as_designed(sheet.page, design if isinstance(design, Page) else design.page):
        return
    # a label clear of its lines by the whole clearance is clear by its own room (never more: ``clearances``):
    # most pictures' labels are, and their design need not be read
    strokes = _lines_of(sheet.inks)
    near = _near(strokes, texts, [settings.clearance] * len(texts))
    if not near:
        return
    page = design if isinstance(design, Page) else None
    # the design's labels (what their room depends on): its texts alone flattened, when it is not read yet
    drawn = _texts_of((design if page is None else _sheet(sheet, Page(page.width, page.height,
                                                                      list(_texts_only(page.ops))))).inks)
    rooms = clearances(texts, settings.clearance, scale, drawn)
    hit = _near(strokes, texts, rooms, among=near)
    if not hit:
        return
    designed: set[int] = set()
    if len(drawn) == len(texts):  # the same labels: one as close at print size is the drawing's, not the book's
        inks = (design if page is None else _sheet(sheet, page)).inks
        designed = set(_near(_lines_of(inks), drawn, [settings.clearance] * len(drawn), among=hit))
    for n in hit:
        if n not in designed:
            t = texts[n]
            yield Hit("picture", t.src, f"prints {_quote(t.text)} on one of its lines (closer than "
                      f"{rooms[n]:.2f} mm) in a picture set at {scale:.0%} of its size", sheet.number, t.text)


def as_designed(printed: Page, design: Page) -> bool:
    """Is a picture printed as drawn, only scaled (``printed``: its design's very ops in one group of a uniform
    scale; no label set larger by the book)? Then none of its labels is the book's crowding: each keeps, for its
    room (``clearances``: the clearance scaled with the picture, never grown), what it keeps at print size, where
    its own sheets are checked; so the design need not be read at all (a battlefield's hundreds of labels)."""
    if len(printed.ops) != 1 or type(printed.ops[0]) is not Group:
        return False
    group = printed.ops[0]
    a, b, c, d, e, f = group.matrix
    if b or c or e or f or a != d or a <= 0 or group.clip is not None:
        return False
    inner, outer = group.ops, design.ops
    return len(inner) == len(outer) and all(x is y for x, y in zip(inner, outer))


def _sheet(like: Sheet, page: Page) -> Sheet:
    return Sheet.of(like.stem, like.paper, like.number, like.count, page)


def _texts_only(ops) -> Iterable:
    """``ops`` with their groups (matrices and clips kept) holding only their texts: what flattens to the same
    texts, in the same order, without measuring every line of a map."""
    for op in ops:
        if type(op) is Group:
            inner = tuple(_texts_only(op.ops))
            if inner:
                yield Group(inner, op.matrix, op.clip)
        elif type(op) is Text:
            yield op


def locate_picture(game, kind: str, name: str) -> Location | None:
    """The place (file, line, column of its ``![``) in the rulebook's chapters or macros (``*.md``, ``*.j2``)
    of the image markup that sets the picture ``printgen:KIND/NAME``: the line naming it, else the first
    one whose address is written by the template (``printgen:map/{{ ms.map }}``, in a loop)."""
    from urllib.parse import quote

    from .tables import template_lines

    named = [f"printgen:{kind}/{n}" for n in dict.fromkeys((name, quote(name)))]
    templated = f"printgen:{kind}/{{{{"
    found = None
    for path, i, line in template_lines(game):
        hit = next((line.find(a) for a in named if line.find(a) >= 0 and not line[line.find(a) + len(a):][:1].
                    isalnum()), -1)
        if hit < 0 and found is None and templated in line:
            found = (path, i, line, line.find(templated))
        if hit >= 0:
            return _markup_at(path, i, line, hit)
    return _markup_at(*found) if found is not None else None


def _markup_at(path: Path, i: int, line: str, at: int) -> Location:
    from ..load.game_folder import display_path

    start = line.rfind("![", 0, at)
    return Location(display_path(path), i + 1, (start if start >= 0 else at) + 1)
